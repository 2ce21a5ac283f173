#!/usr/bin/env bash
# cli_resume_drill.sh: resume-check falls back to the checkpoint a drill
# records for the run, and `pilot show` (text, JSON) gives each pilot
# run's resume verdicts. $1 = dualtrack binary.
#
# The demo pilot run logs steps 1..1400, restarts from checkpoint step
# 1200 and resumes at 1201 (200 replayed steps); the demo's node-loss
# drill #1 records checkpoint step 1200 for that run. So: 1 restart at
# step 1201, checkpoint 1200 (from drill #1), pass.
set -u
BIN=${1:?usage: cli_resume_drill.sh path/to/dualtrack}
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { local what=$1; shift; "$@" || { echo "FAIL: $what"; fail=1; }; }
db="$tmp/d.db"
"$BIN" --db "$db" demo --no-tui >/dev/null 2>&1 || { echo "FAIL: demo"; exit 1; }
R=llama3-8b-lora-trn2-pilot

"$BIN" --db "$db" resume-check "$R" >"$tmp/rc.txt"; rc=$?
check "resume-check exit 0 (pass), got $rc" test "$rc" -eq 0
check "checkpoint from the drill" grep -qx "checkpoint 1200 (from drill #1)" "$tmp/rc.txt"
# the step check judges against checkpoint 1200: resumed at 1201 lies in
# (1200, 1200 + interval 1]
check "restart 1 at step 1201 passes" grep -qx "restart 1 at step 1201: PASS" "$tmp/rc.txt"
"$BIN" --db "$db" resume-check "$R" --json >"$tmp/rc.json"
# checkpoint_step is the log's (none stated here: null); the drill's is
# the confirmed one.
check "JSON confirmed_checkpoint_step 1200" python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))['restarts']
assert len(r)==1 and r[0]['confirmed_checkpoint_step']==1200 and r[0]['checkpoint_step'] is None and r[0]['at_step']==1201, r" "$tmp/rc.json"
# --checkpoint still wins over the drill
"$BIN" --db "$db" resume-check "$R" --checkpoint 1100 >"$tmp/rc2.txt"
check "--checkpoint given wins" grep -qx "checkpoint 1100" "$tmp/rc2.txt"

"$BIN" --db "$db" pilot show llama3-8b-lora-trn2 >"$tmp/show.txt"
check "pilot show resume line" grep -qx "  resume $R: 1 restart, PASS; checkpoint 1200 (from drill #1)" "$tmp/show.txt"
"$BIN" --db "$db" pilot show llama3-8b-lora-trn2 --json >"$tmp/show.json"
check "pilot show --json resume" python3 -c "
import json,sys; runs=json.load(open(sys.argv[1]))['runs']
b=[r for r in runs if r['role']=='baseline'][0]; p=[r for r in runs if r['role']=='pilot'][0]
assert 'resume' not in b, b
assert p['resume']=={'restarts':1,'failed':0,'checkpoints':[1200],'checkpoint_drill':1,
  'checkpoint_drills':[1], 'checkpoint_drill_steps':[1200],
  'verdicts':[{'at_step':1201,'verdict':'pass','failed_checks':[]}]}, p" "$tmp/show.json"
exit $fail

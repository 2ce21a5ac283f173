#!/usr/bin/env bash
# cli_step6_resume.sh: step 6 counts a drill as verifying the resume only
# when it checked the effective step and the control loss on a real
# restart of a pilot run (ACCEPTANCE.md, "Resume and fault drills"); a
# drill that checked something else, or on no run, or on a run without a
# restart leaves step 6 pending and `pilot show` says what is missing.
# $1 = dualtrack binary.
#
# Baseline g: loss 3.0 - 0.1 s at steps s = 1..20 (2.9 .. 1.0).
# Pilot trn: the same values, logged 1..12, then a new launch (the CSV
#   header again) logging 11..20: one restart at step 11, steps 11 and 12
#   replayed with equal losses.
# Pilot flat: the same values in one launch: no restart.
# Both match g exactly: parity pass (2 runs).
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="step6-test"
loss() { for s in $(seq "$1" "$2"); do awk -v s="$s" 'BEGIN { printf "%d,%.1f\n", s, 3.0 - 0.1 * s }'; done; }
{ echo step,loss; loss 1 20; } >"$tmp/g.csv"
{ echo step,loss; loss 1 20; } | sed 's/$/\r/' >"$tmp/flat.csv" # another file
{ echo step,loss; loss 1 12; echo step,loss; loss 11 20; } >"$tmp/trn.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run trn "$tmp/trn.csv" >/dev/null &&
dt import --platform trn2 --run flat "$tmp/flat.csv" >/dev/null &&
dt pilot new p >/dev/null &&
dt attach p g --role baseline >/dev/null &&
dt attach p trn --role pilot >/dev/null &&
dt attach p flat --role pilot >/dev/null || { echo "FAIL setup"; exit 1; }

step6() { # the step6 lines of `pilot show p`
  dt pilot show p | grep -A1 "^  step6 "
}
json_step6() { # status and computed detail of step6 in `pilot show --json`
  dt pilot show p --json | python3 -c "
import json, sys
c = [i for i in json.load(sys.stdin)['checklist'] if i['id'] == 'step6'][0]
print(c['status']); print(c['computed_detail'])"
}
has() { grep -qxF -- "$2" <<<"$1"; }

s=$(step6)
check "no drill: pending" has "$s" "           computed pending: parity pass (2 runs); no drill has verified a resume yet"

# the new-user trial's drill: no run, checkpoint or times; data cursor
# looked at by hand
dt drill add p --kind kill-during-save --no-prefill >/dev/null &&
dt drill check 1 data_cursor pass --note "looked at it" >/dev/null ||
  { echo "FAIL drill #1"; exit 1; }
s=$(step6)
want="parity pass (2 runs); no drill has verified a resume yet: drill #1 (kill-during-save): names no run; checked data_cursor only; effective_step and control_loss not checked"
check "drill with no run, data_cursor only: step6 pending" \
  has "$s" "  step6  pending * loss, output quality and effective step compared before/after resume"
check "  says what is missing" has "$s" "           computed pending: $want"
j=$(json_step6)
check "  --json: pending with the same detail" test "$j" = "pending
$want"
dt gate p >"$tmp/gate1.out"
check "  gate: no checklist item failed (step6 pending, trial1 pass)" \
  grep -q "^  ok   checklist 12 items: no item failed (1 pass, 11 pending" "$tmp/gate1.out"

# a drill on a pilot run without a restart, only rng_state checked
dt drill add p --kind node-loss --run flat --check rng_state=pass >"$tmp/d2.out" 2>&1
check "drill #2 on flat (no restart) recorded" grep -q "^drill #2 node-loss" "$tmp/d2.out"
s=$(step6)
check "drill on a run without a restart: still pending" \
  has "$s" "           computed pending: $want (and the other drills fall short too)"
dt export p --out "$tmp/pack" --no-logs >/dev/null 2>&1
check "  evidence pack: flat has no restarts, step6 not verified" python3 -c "
import json
e = json.load(open('$tmp/pack/evidence.json'))
s6 = [i for i in e['checklist'] if i['id'] == 'step6'][0]
assert s6['status'] == 'pending', s6
assert 'resume verified by' not in s6['computed_detail'], s6
assert 'resume verified by' not in open('$tmp/pack/report.md').read()
"

# the restart of trn from checkpoint 10, pre-filled from the logs:
# resumed at 11 in (10, 10 + 1]: effective_step pass; replayed 11, 12
# equal: control_loss pass. Step 6 passes.
dt drill add p --kind node-loss --run trn --checkpoint-step 10 >"$tmp/d3.out" 2>&1
check "drill #3 pre-filled: effective_step pass" grep -q "^  effective_step  pass" "$tmp/d3.out"
check "  control_loss pass" grep -q "^  control_loss    pass" "$tmp/d3.out"
s=$(step6)
check "drill on the restart with both items: step6 pass" \
  has "$s" "           computed pass: parity pass (2 runs); resume verified by 1 drill, none failed"
finish

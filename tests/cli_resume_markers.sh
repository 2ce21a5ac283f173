#!/usr/bin/env bash
# cli_resume_markers.sh: a restart the log itself shows (issue 9) gets a
# verdict with its evidence and the checkpoint step the log states.
# $1 = dualtrack binary.
#
# fixtures/resume/megatron_resume.log: iterations 10..50 (loss 5.0 .. 3.0,
# lr = step x 1e-5, consumed samples = 16 x step), the arguments banner
# again (line 10), `loading checkpoint ... at iteration 40` (12) and
# `successfully loaded ... at iteration 40` (13), then 50 again with the
# same values and 60. No step goes back. By hand: 2 segments, 1 restart
# at step 50, checkpoint 40 from the log; step passes (40 < 50 <= 40 +
# interval 10), 10 steps replayed (50 - 50 + 10), one replayed point
# equal on both sides (lr, replay, loss pass), cursor 800 >= 640: pass.
set -u
BIN=${1:?usage: cli_resume_markers.sh path/to/dualtrack}
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
FIX=${DT_FIXTURES:-$(dirname "$0")/fixtures}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { local what=$1; shift; "$@" || { echo "FAIL: $what"; fail=1; }; }
db="$tmp/d.db"
"$BIN" --db "$db" import --platform trn2 --run mr "$FIX/resume/megatron_resume.log" >"$tmp/imp.txt" ||
	{ echo "FAIL: import"; exit 1; }
check "import report: 2 segments" grep -q "2 segment(s) in the file" "$tmp/imp.txt"
# one restart, one launch: its three lines of evidence on one report
# line, one warning (it listed launch 2 three times and warned twice,
# for the loading and the loaded line of the same restart)
check "import report: launch 2 once, with its evidence" grep -qx "  launch 2 at line 10: banner megatron_arguments; line 12: marker megatron_loading (checkpoint 40); line 13: marker megatron_loaded (checkpoint 40)" "$tmp/imp.txt"
check "import report: two launch lines" test "$(grep -c '^  launch ' "$tmp/imp.txt")" -eq 2
check "import report: one warning for the restart" test "$(grep -c '^  warning: .*: new launch (megatron_load' "$tmp/imp.txt")" -eq 1
check "import report: the warning names the first marker line" grep -q "^  warning: .*megatron_resume.log:12: new launch (megatron_loading, checkpoint step 40): 'loading checkpoint from /ckpt at iteration 40'$" "$tmp/imp.txt"
"$BIN" --db "$db" runs --json >"$tmp/runs.json"
check "runs: 2 segments" python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))['runs'][0]
assert r['segments']==2 and r['metrics']['loss']['segments']==2, r" "$tmp/runs.json"
"$BIN" --db "$db" resume-check mr --json >"$tmp/rc.json"; rc=$?
check "resume-check exit 0, got $rc" test "$rc" -eq 0
check "JSON: checkpoint 40 from the log, evidence with lines" python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))['restarts']
assert len(r)==1, r
r=r[0]
assert (r['at_step'], r['checkpoint_step'], r['confirmed_checkpoint_step'], r['verdict']) == (50, 40, None, 'pass'), r
assert [(e['kind'], e['marker'], e['line'], e['checkpoint_step']) for e in r['evidence']] == [
  ('banner', 'megatron_arguments', 10, None), ('marker', 'megatron_loading', 12, 40),
  ('marker', 'megatron_loaded', 13, 40)], r['evidence']
assert (r['replayed_steps'], r['replayed_points'], r['lost_steps']) == (10, 1, 0), r
assert r['checks'] == {'step': 'pass', 'lr': 'pass', 'loss': 'pass', 'replay': 'pass', 'data_cursor': 'pass'}, r
" "$tmp/rc.json"
"$BIN" --db "$db" resume-check mr >"$tmp/rc.txt"
check "text: checkpoint stated in the log" grep -qx "checkpoint(s) stated in the log 40" "$tmp/rc.txt"
check "text: evidence line" grep -q "evidence     banner megatron_arguments line 10, marker megatron_loading line 12 (checkpoint 40)" "$tmp/rc.txt"
# fixtures/resume/megatron_batch_change.log: the second launch (banner
# line 9) sets global_batch_size 32 and train_iters 200 where the first
# had 16 and 100; it resumes from checkpoint 30 and logs 40, 50. By hand:
# one restart at step 40 with two findings, global_batch_change 16 -> 32
# and total_steps_change 100 -> 200, in resume-check (text and JSON) and
# in compare (run "pilot") against mr as the baseline.
"$BIN" --db "$db" import --platform trn2 --run bc "$FIX/resume/megatron_batch_change.log" >/dev/null ||
	{ echo "FAIL: import bc"; exit 1; }
"$BIN" --db "$db" resume-check bc >"$tmp/bc.txt"
check "text: global batch finding" grep -qx "finding global_batch_change at step 40: global batch 16 before the restart at step 40, 32 after (x 2): samples per optimizer step changed, so steps before and after are not the same training work (compare by samples seen)" "$tmp/bc.txt"
check "text: total steps finding" grep -q "^finding total_steps_change at step 40: total steps 100 before the restart at step 40, 200 after" "$tmp/bc.txt"
"$BIN" --db "$db" resume-check bc --json >"$tmp/bc.json"
check "JSON: findings with before/after" python3 -c "
import json,sys; d=json.load(open(sys.argv[1]))
f=[(x['kind'], x['run'], x['step'], x['before'], x['after']) for x in d['findings']]
assert f == [('global_batch_change', 'run', 40, 16, 32), ('total_steps_change', 'run', 40, 100, 200)], f
assert d['segments'] == 2 and len(d['restarts']) == 1, d" "$tmp/bc.json"
"$BIN" --db "$db" resume-check mr --json >"$tmp/rc2.json"
check "JSON: no finding where the settings hold" python3 -c "
import json,sys; assert json.load(open(sys.argv[1]))['findings'] == []" "$tmp/rc2.json"
"$BIN" --db "$db" compare mr bc --json >"$tmp/cmp.json"
check "compare: the pilot's restart findings" python3 -c "
import json,sys; d=json.load(open(sys.argv[1]))['summary']['findings']
f=[(x['kind'], x['run'], x['step'], x['before'], x['after']) for x in d if 'before' in x]
assert f == [('global_batch_change', 'pilot', 40, 16, 32), ('total_steps_change', 'pilot', 40, 100, 200)], d" "$tmp/cmp.json"
# fixtures/resume/fingerprint_reset.jsonl: batch_hash a010..a040 at steps
# 10..40, a resume record (checkpoint 30), then step 40 logs 0xA010, the
# batch of step 10 (the dataloader started over). By hand: data_cursor
# fails at step 40, cause sampler / dataloader state; exit 1.
"$BIN" --db "$db" import --platform trn2 --run fp "$FIX/resume/fingerprint_reset.jsonl" >/dev/null ||
	{ echo "FAIL: import fp"; exit 1; }
"$BIN" --db "$db" resume-check fp --json >"$tmp/fp.json"; rc=$?
check "fingerprint: resume-check exit 1, got $rc" test "$rc" -eq 1
check "fingerprint: data_cursor fails at step 40 with its cause" python3 -c "
import json,sys; r=json.load(open(sys.argv[1]))['restarts'][0]
assert r['checks']['data_cursor'] == 'fail' and r['cursor_fault_step'] == 40, r
f=[x for x in r['failed_checks'] if x['check'] == 'data_cursor'][0]
assert 'repeats the one logged at step 10' in f['detail'] and f['cause'].startswith('sampler / dataloader state'), f" "$tmp/fp.json"
[ $fail -eq 0 ] && echo "cli_resume_markers: all passed"
exit $fail

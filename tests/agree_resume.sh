#!/usr/bin/env bash
# agree_resume.sh: one resume verdict everywhere. A restart is judged by
# the service (dt_resume_run); `resume-check` with and without
# --baseline, `pilot show` (text and --json), `gate` on the store and
# `gate --baseline FILE --pilot FILE`, the TUI pilot overview and the TUI
# resume view (opened from the run list with the baseline picked) must
# give each restart the same verdict, equal to the one worked out by hand
# below. $1 = dualtrack binary. Exit 77 (skipped) without tmux or python3.
#
# Baseline g: loss 1.0 at steps 10, 20, ..., 90 (logged every 10 steps,
#   like a trainer_state.json; no step in common with the pilots).
# Pilot t-jump: loss 2.0 at steps 1..5, the CSV header repeated (a new
#   launch), loss 1.0 at steps 6..9. Resumed at 6 after 5: step passes.
#   The baseline has no point at steps 1..9, so no pilot/baseline ratio:
#   the loss check takes the rule without a baseline: no replayed steps;
#   the line through the 5 points before is flat at 2.0, band [2.0, 2.0];
#   after: step 6 set aside, mean of 7..9 = 1.0; shift (1 - 2) / 2 =
#   -50 % beyond 5 %: FAIL, "step 6: loss". (It used to be "n/a: no
#   finite pilot/baseline ratio", a silent PASS, with the baseline only.)
# Pilot t-flat: the same with 2.0 after the restart: shift 0: PASS.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtagrs "${1:-}"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }

dt() { "$BIN" --db "$tmp/r.db" "$@"; }
restart_runs &&
dt pilot new p >/dev/null &&
dt attach p g --role baseline >/dev/null &&
dt attach p t-jump --role pilot >/dev/null &&
dt attach p t-flat --role pilot >/dev/null || exit 1

for run in t-jump t-flat; do
	case $run in t-jump) want=fail rc=1 ;; *) want=pass rc=0 ;; esac
	for opt in "" "--baseline g"; do
		# shellcheck disable=SC2086
		dt resume-check "$run" $opt --json >"$tmp/rc.json"; got=$?
		same "resume-check $run $opt exit" "$got" "$rc"
		same "resume-check $run $opt" "$(python3 -c "
import json; r = json.load(open('$tmp/rc.json'))['restarts']
print(' '.join('%d:%s:%s' % (x['at_step'], x['verdict'], x['checks']['loss']) for x in r))")" "6:$want:$want"
	done
done
dt resume-check t-jump --baseline g >"$tmp/rc.txt"
grep -qF 'loss         fail  no pilot/baseline ratio on both sides of the restart (no finite baseline point at these steps), so as without a baseline: loss mean 1 over 3 point(s)' "$tmp/rc.txt" &&
grep -qF '(2 over 5 point(s)) to its least-squares trend at the same steps (2): -50.00% (limit 5.00%)' "$tmp/rc.txt" ||
	{ echo "FAIL resume-check --baseline: the loss reason"; cat "$tmp/rc.txt"; fail=1; }

dt pilot show p --json >"$tmp/show.json"
same "pilot show --json" "$(python3 -c "
import json; d = json.load(open('$tmp/show.json'))
print(' '.join('%s:%s:%s' % (r['name'], v['verdict'], '+'.join(v['failed_checks']))
               for r in d['runs'] if 'resume' in r for v in r['resume']['verdicts']))")" \
	"t-jump:fail:loss t-flat:pass:"
dt pilot show p >"$tmp/show.txt"
same "pilot show" "$(grep -E '^  resume ' "$tmp/show.txt" | sed -E 's/; checkpoint unknown$//' | tr '\n' '|')" \
	"  resume t-jump: 1 restart, 1 FAIL (step 6: loss)|  resume t-flat: 1 restart, PASS|"

gate_resume() { # $1 gate --json output: "subject:pass" of the resume reasons
	python3 -c "
import json; d = json.load(open('$1'))
print(' '.join('%s:%s' % (r['subject'], r['pass']) for r in d['reasons'] if r['check'] == 'resume'))"
}
dt gate p --json >"$tmp/gate.json"
same "gate" "$(gate_resume "$tmp/gate.json")" "t-jump step 6:False t-flat step 6:True"
for run in t-jump t-flat; do
	"$BIN" gate --baseline "$tmp/g.csv" --pilot "$tmp/$run.csv" --json >"$tmp/gf.json"
	case $run in t-jump) want=False ;; *) want=True ;; esac
	same "gate --baseline FILE --pilot FILE ($run)" "$(gate_resume "$tmp/gf.json")" "$run step 6:$want"
done

$T new-session -d -x 160 -y 40 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$tmp/r.db\"; echo EXIT=\$?" Enter
if wait_for "pilots (1)"; then
	$T send-keys -t t Enter
	wait_for "t-jump: 1 restart, 1 FAIL (step 6: loss); checkpoint unknown" &&
		echo "ok   TUI overview: t-jump fail (step 6: loss)"
	wait_for "t-flat: 1 restart, PASS; checkpoint unknown" &&
		echo "ok   TUI overview: t-flat pass"
	# the run list: g, t-jump, t-flat; g picked as the baseline
	$T send-keys -t t q Tab
	wait_for "runs (3)"
	$T send-keys -t t b j r
	wait_for "resume check: t-jump" &&
		wait_for "restart 1 at step 6: FAIL" &&
		wait_re "^  loss +fail +no pilot/baseline ratio" &&
		echo "ok   TUI resume view: t-jump FAIL"
	$T send-keys -t t q j r
	wait_for "resume check: t-flat" &&
		wait_for "restart 1 at step 6: PASS" &&
		echo "ok   TUI resume view: t-flat PASS"
	$T send-keys -t t Q
	wait_for "EXIT=0"
fi
[ $fail -eq 0 ] && echo "agree_resume: all passed"
exit $fail

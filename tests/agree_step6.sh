#!/usr/bin/env bash
# agree_step6.sh: one step 6 everywhere. A restart of a pilot run that
# fails its resume check fails step 6 (it used to leave it pending, 'parity
# insufficient', while `gate` failed the same restart). Step 6 and the
# gate's resume reasons come from one service list
# (dt_assessment_restarts), so `pilot show` (text, --json), `gate` (text,
# --json), the evidence pack (evidence.json, report.md) and the TUI
# overview and checklist must give step 6 the same state and detail,
# equal to the one worked out by hand below; gate gives step 6 the same
# state but names the failing restart once: by its resume reason, step
# 6's reason pointing to it ("the failing restart listed under resume",
# --json same_as: that reason's index). $1 = dualtrack binary.
# Exit 77 (skipped) without tmux or python3.
#
# Baseline g: loss 1.0 at steps 10, 20, ..., 90 (no step in common with
#   the pilots: parity insufficient, "no common steps").
# Pilot t-jump (pilot p): loss 2.0 at steps 1..5, the CSV header again (a
#   new launch), 1.0 at steps 6..9. No baseline point at 1..9, so the loss
#   check goes without one: level before flat at 2.0, after (step 6 set
#   aside) mean of 7..9 = 1.0: shift -50 % beyond 5 %: the restart at
#   step 6 fails on "loss", and step 6 fails naming it.
# Pilot t-flat (pilot q): the same with 2.0 after: the restart passes;
#   step 6 stays pending on the parity.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtags6 "${1:-}"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }

dt() { "$BIN" --db "$tmp/r.db" "$@"; }
restart_runs &&
dt pilot new p >/dev/null && dt pilot new q >/dev/null &&
dt attach p g --role baseline >/dev/null && dt attach p t-jump --role pilot >/dev/null &&
dt attach q g --role baseline >/dev/null && dt attach q t-flat --role pilot >/dev/null || exit 1

reason="loss: no pilot/baseline ratio on both sides of the restart (no finite baseline point at these steps), so as without a baseline: loss mean 1 over 3 point(s) vs the band from the level before (2 over 5 point(s)) to its least-squares trend at the same steps (2): -50.00% (limit 5.00%)"
for pl in p q; do
	case $pl in
	p) run=t-jump state=fail detail="resume fail: t-jump step 6: $reason"
	   gate_resume="t-jump step 6:False:FAIL: $reason" ;;
	q) run=t-flat state=pending detail="parity insufficient: t-flat vs g: no common steps: baseline 10..90, pilot 1..9"
	   gate_resume="t-flat step 6:True:PASS" ;;
	esac
	dt pilot show $pl --json >"$tmp/show.json"
	same "$pl: pilot show --json step6" "$(python3 -c "
import json; c = [i for i in json.load(open('$tmp/show.json'))['checklist'] if i['id'] == 'step6'][0]
print('%s|%s|%s' % (c['status'], c['computed_status'], c['computed_detail']))")" "$state|$state|$detail"
	dt pilot show $pl >"$tmp/show.txt"
	same "$pl: pilot show step6" "$(grep -A1 '^  step6 ' "$tmp/show.txt" | sed -E 's/ +/ /g' | tr '\n' '|')" \
		" step6 $state * loss, output quality and effective step compared before/after resume| computed $state: $detail|"
	dt gate $pl --json >"$tmp/gate.json"
	same "$pl: gate --json: resume reason and step6" "$(python3 -c "
import json; d = json.load(open('$tmp/gate.json'))
res = [r for r in d['reasons'] if r['check'] == 'resume']
ck = [r['detail'] for r in d['reasons'] if r['check'] == 'checklist' and r['subject'] == 'step6']
print(' '.join('%s:%s:%s' % (r['subject'], r['pass'], r['detail'][:4] if r['pass'] else r['detail']) for r in res))
print(ck[0] if ck else 'step6 not failed')")" "$gate_resume
$( [ $state = fail ] && echo "fail: resume fail: the failing restart listed under resume" || echo "step6 not failed")"
	# the failing restart is named once: by the resume reason; step 6's
	# reason points to it (same_as, its index in reasons)
	same "$pl: gate --json: same_as" "$(python3 -c "
import json; d = json.load(open('$tmp/gate.json'))
print(' '.join('%s:%s' % (r['check'], r['same_as']) for r in d['reasons']))")" \
		"$( [ $state = fail ] && echo "parity:None resume:None checklist:1" || echo "parity:None resume:None checklist:None")"
	dt gate $pl >"$tmp/gate.txt"
	if [ $state = fail ]; then
		same "$pl: gate text: FAIL checklist step6" "$(grep -F '  FAIL checklist step6: ' "$tmp/gate.txt")" \
			"  FAIL checklist step6: fail: resume fail: the failing restart listed under resume"
		same "$pl: gate text: the restart named once" "$(grep -c -F 't-jump step 6' "$tmp/gate.txt")" 1
		same "$pl: gate text: its reason once" "$(grep -c -F -- '-50.00% (limit 5.00%)' "$tmp/gate.txt")" 1
	fi
	rm -rf "$tmp/pack"
	dt export $pl --out "$tmp/pack" --no-logs >/dev/null 2>&1
	same "$pl: evidence.json step6" "$(python3 -c "
import json; c = [i for i in json.load(open('$tmp/pack/evidence.json'))['checklist'] if i['id'] == 'step6'][0]
print('%s|%s|%s' % (c['status'], c['computed_status'], c['computed_detail']))")" "$state|$state|$detail"
	same "$pl: report.md step6 row" "$(grep -c -F "| $state | $state: $detail |" "$tmp/pack/report.md")" 1
done

# the TUI: pilot p's overview lists step6 (fail) among what blocks a go
# and its checklist gives the same computed detail
$T new-session -d -x 160 -y 40 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$tmp/r.db\"; echo EXIT=\$?" Enter
if wait_for "pilots (2)"; then
	$T send-keys -t t Enter
	wait_for "— p — overview" &&
		wait_for "0 pass  1 fail  11 pending  0 waived  (of 12)" &&
		wait_for "step6 (fail)" &&
		echo "ok   TUI overview: step6 (fail)"
	$T send-keys -t t 2
	wait_for "— p — checklist" && $T send-keys -t t j j j j j
	wait_re "^ step6 +\* fail" &&
		wait_for " computed fail: resume fail: t-jump step 6: loss: no pilot/baseline ratio" &&
		wait_for "least-squares trend at the same steps (2): -50.00%" &&
		echo "ok   TUI checklist: step6 computed fail, the gate's restart"
	$T send-keys -t t Q
	wait_for "EXIT=0"
fi
[ $fail -eq 0 ] && echo "agree_step6: all passed"
exit $fail

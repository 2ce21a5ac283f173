#!/usr/bin/env bash
# agree_step6_drills.sh: a failure is named once, and every failing drill
# is named. A pilot with a failed parity verdict and two failing drills:
# step 6's computed detail (the assessment's, dt_rule_step6) names the
# parity verdict, then both drills, the same in `pilot show` (text,
# --json), the evidence pack (evidence.json, report.md) and the TUI
# checklist; pilot show --json and evidence.json list both drills that
# record a checkpoint (checkpoint_drills). `gate` names the failed parity verdict once, on its parity
# line: step 6's reason points to it ("the failing parity verdict listed
# under parity", --json same_as 0) and names the drills (it used to
# repeat the verdict in step 6's reason, and step 6 named no drill when
# parity failed). $1 = dualtrack binary. Exit 77 (skipped) without tmux
# or python3.
#
# Baseline g: loss 3.0 - 0.1 s at steps s = 1..10 (2.9 .. 2.0).
# Pilot run t: twice that (5.8 .. 4.0), logged 1..6, then a new launch
#   logging 5..10 (a restart at 5, steps 5 and 6 replayed with the same
#   losses). Task card rtol 0.02, atol 0, warm-up 0, recovery 900 s.
# Parity t vs g: |p - b| = b > 0.02 b at all 10 steps: 10 breaches >
#   allowed min(max(10 // 100, 1), 50) = 1: fail, max |rel diff| 100.00%.
# The restart at 5 passes (checkpoint 4 from drill #1, resumed at 5; the
#   pilot/baseline ratio is 2 before and after; replayed losses equal).
# Drill #1 node-loss on t, checkpoint ckpt-4 step 4, resumed step 5:
#   effective_step failed by hand. Drill #2 kill-during-save on t,
#   checkpoint ckpt-8 step 8: lr_schedule and control_loss failed,
#   recovery 08:00:00 -> 08:20:00 = 1200 s over 900 s. Drill #3
#   manual-interrupt on t, effective_step and control_loss passed: not
#   named. Drill #4 node-loss on t at checkpoint step 4 again (the same
#   checkpoint as #1), resumed step 5, effective_step and control_loss
#   passed: a later drill at one step does not supersede the earlier
#   (each drill counts; both must pass), so #1 is still named; and both
#   drills at step 4 are credited (checkpoint_drills [1, 4, 2], their
#   steps in checkpoint_drill_steps [4, 4, 8]; it used to list only #1).
#   trial1 passes (t falls from step 1), nothing else fails.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dts6d "${1:-}"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
dt() { "$BIN" --db "$tmp/d.db" "$@"; }

loss() { # $1 factor, $2.. steps: factor * (3.0 - 0.1 s)
	local f=$1; shift
	echo step,loss
	for s in "$@"; do awk -v f="$f" -v s="$s" 'BEGIN { printf "%d,%.1f\n", s, f * (3.0 - 0.1 * s) }'; done
}
loss 1 $(seq 1 10) >"$tmp/g.csv"
loss 2 1 2 3 4 5 6 >"$tmp/t1.csv"
loss 2 5 6 7 8 9 10 >"$tmp/t2.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/t1.csv" "$tmp/t2.csv" >/dev/null &&
dt pilot new p --rtol 0.02 --atol 0 --warmup 0 --recovery-seconds 900 >/dev/null &&
dt attach p g --role baseline >/dev/null && dt attach p t --role pilot >/dev/null &&
dt drill add p --kind node-loss --run t --checkpoint-id ckpt-4 --checkpoint-step 4 \
	--resumed-step 5 --check "effective_step=fail:lost 3 steps" --no-prefill >/dev/null &&
dt drill add p --kind kill-during-save --run t --checkpoint-id ckpt-8 --checkpoint-step 8 \
	--fault-time 2026-11-29T08:00:00Z --resumed-time 2026-11-29T08:20:00Z \
	--check "lr_schedule=fail:LR 2e-5, expected 3e-5" \
	--check "control_loss=fail:replay off by 4%" --no-prefill >/dev/null &&
dt drill add p --kind manual-interrupt --run t --check effective_step=pass \
	--check control_loss=pass --no-prefill >/dev/null &&
dt drill add p --kind node-loss --run t --checkpoint-id ckpt-4 --checkpoint-step 4 \
	--resumed-step 5 --check effective_step=pass --check control_loss=pass \
	--no-prefill >/dev/null || exit 1

drills="2 drills failed: drill #1 (node-loss, checkpoint 4, resumed at 5): effective_step failed; drill #2 (kill-during-save, checkpoint 8): lr_schedule and control_loss failed, recovery 1200 s over the card's 900 s limit"
detail="parity fail: t vs g: 10 breaches > 1 allowed of 10 steps; $drills"

dt pilot show p --json >"$tmp/show.json"
same "pilot show --json: step6" "$(python3 -c "
import json; c = [i for i in json.load(open('$tmp/show.json'))['checklist'] if i['id'] == 'step6'][0]
print('%s|%s|%s' % (c['status'], c['computed_status'], c['computed_detail']))")" "fail|fail|$detail"
dt pilot show p >"$tmp/show.txt"
same "pilot show: step6" "$(grep -A1 '^  step6 ' "$tmp/show.txt" | sed -E 's/ +/ /g' | tr '\n' '|')" \
	" step6 fail * loss, output quality and effective step compared before/after resume| computed fail: $detail|"

# every drill recording a checkpoint for a restart inside t, by step
# (4: drills #1 and #4, 8: drill #2), each with its step; checkpoint_drill,
# the drill of the lowest step, kept for older readers
ckpt="[4, 8]|1|[1, 4, 2]|[4, 4, 8]"
ckpt_of() { python3 -c "
import json; t = [r for r in json.load(open('$1'))['runs'] if r['name'] == 't'][0]['resume']
print('%s|%s|%s|%s' % (t['checkpoints'], t['checkpoint_drill'], t['checkpoint_drills'],
                       t['checkpoint_drill_steps']))"; }
same "pilot show --json: checkpoint drills" "$(ckpt_of "$tmp/show.json")" "$ckpt"
same "pilot show: resume line" "$(grep '^  resume t: ' "$tmp/show.txt")" \
	"  resume t: 1 restart, PASS; checkpoints 4 (drills #1, #4), 8 (drill #2)"

# gate: the parity verdict once (its own line), the drills on step 6's
# the parity detail is the verdict's statement: its sentence and finding
parity="verdict FAIL (logging-scale mismatch (x 2)): 10 of 10 steps breach |p-b| > 0 + 0.02*|b| (allowed 1); first breach at step 1; max |rel diff| 100.00% at step 1; warm-up 0; finding logging_scale_mismatch at step 1: pilot loss = 2 x baseline over 10 common steps from step 1 (median ratio 2, spread 0 %); LR not logged on both sides; eval_loss not logged on both sides: a logging-scale mismatch (loss summed over 2 micro-batches?), not a training difference"
resume="PASS: step: resumed at step 5 (last confirmed checkpoint 4); 2 step(s) replayed; loss: pilot/baseline ratio mean 2 over 5 point(s) after vs before (2 over 4): +0.00% (limit 5.00%); replay: 2 replayed point(s): max |rel diff| 0.00% at step 5 (limit 2.00%)"
dt gate p >"$tmp/gate.txt"
same "gate: exit 1" "$?" 1
same "gate: text" "$(cat "$tmp/gate.txt")" "gate p: FAIL
  FAIL parity    t vs g: $parity
  ok   resume    t step 5: $resume
  FAIL checklist step6: fail: parity fail: the failing parity verdict listed under parity; $drills"
same "gate: the parity verdict named once" "$(grep -c -F 't vs g' "$tmp/gate.txt")" 1
dt gate p --json >"$tmp/gate.json"
same "gate --json: reasons" "$(python3 -c "
import json; d = json.load(open('$tmp/gate.json'))
for r in d['reasons']: print('%s|%s|%s|%s|%s' % (r['check'], r['subject'], r['pass'], r['same_as'], r['detail']))")" \
"parity|t vs g|False|None|$parity
resume|t step 5|True|None|$resume
checklist|step6|False|0|fail: parity fail: the failing parity verdict listed under parity; $drills"

# the evidence pack
dt export p --out "$tmp/pack" --no-logs >/dev/null 2>&1
same "evidence.json: step6" "$(python3 -c "
import json; c = [i for i in json.load(open('$tmp/pack/evidence.json'))['checklist'] if i['id'] == 'step6'][0]
print('%s|%s|%s' % (c['status'], c['computed_status'], c['computed_detail']))")" "fail|fail|$detail"
# (report.md escapes Markdown: \> \# \_)
same "evidence.json: checkpoint drills" "$(ckpt_of "$tmp/pack/evidence.json")" "$ckpt"
same "report.md: step6 row" "$(grep -F ' step6 |' "$tmp/pack/report.md" | sed -E 's/\\(.)/\1/g' |
	grep -c -F "| fail | fail: $detail |")" 1

# the TUI checklist gives the same computed detail (wrapped)
$T new-session -d -x 160 -y 40 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$tmp/d.db\"; echo EXIT=\$?" Enter
if wait_for "pilots (1)"; then
	$T send-keys -t t Enter
	wait_for "— p — overview" && $T send-keys -t t 2
	wait_for "— p — checklist" && $T send-keys -t t j j j j j
	# the detail's wrapped lines joined, once it is drawn whole
	shown() { screen | sed -n '/ computed fail: parity fail/,/limit/p' |
		sed -E 's/^ +//; s/ +$//' | tr '\n' ' ' | sed -E 's/ +/ /g; s/ $//'; }
	if wait_re "^ step6 +\* fail"; then
		for i in $(seq 100); do
			[ "$(shown)" = "computed fail: $detail" ] && break
			sleep 0.1
		done
		same "TUI checklist: step6 computed detail" "$(shown)" "computed fail: $detail"
	fi
	$T send-keys -t t Q
	wait_for "EXIT=0"
else
	fail=1
fi
[ $fail -eq 0 ] && echo "agree_step6_drills: all passed"
exit $fail

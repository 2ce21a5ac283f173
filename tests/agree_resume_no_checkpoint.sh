#!/usr/bin/env bash
# agree_resume_no_checkpoint.sh: a restart with no checkpoint known is not
# credited with a passing step check, in every front-end. The step rule
# (README "Resume continuity") is c < t <= c + I with c the checkpoint the
# log states, else the last confirmed one (--checkpoint, the journal fact,
# a drill); without c it cannot pass: n/a, "checkpoint unknown". A jump
# forward past the last logged step still fails: lost steps need no c.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux or python3.
#
# A JSON-lines trainer log in two launches, loss 3 - s/4000 on every
# side (a full-state resume: the replayed losses are the same):
#   l1.jsonl steps 10, 20, ..., 4200; l2.jsonl 4010, ..., 4300;
#   l3.jsonl 4310, ..., 4400; the baseline g.jsonl 10, ..., 4400.
# Run p = l1 + l2: t = 4010, last step before 4200, I = 10; replayed
#   points 4010..4200 = 20, replayed steps 4200 - 4010 + 10 = 200, lost
#   0. No checkpoint: step n/a, "checkpoint unknown: resumed at step
#   4010, last step logged before 4200; 200 step(s) replayed"; replay
#   and loss pass, so the restart passes (an n/a check fails nothing)
#   and its reason does not name the step.
#   With --checkpoint 4000: 4000 < 4010 <= 4010 -> step pass.
#   The restart's summary (dt_restart_tally, the service's words, the
#   same in resume-check's text and --json and the TUI resume view): no
#   LR and no data cursor logged (lr, data_cursor n/a), loss and replay
#   pass: "2 of 5 checks pass, 1 cannot be judged (step: no checkpoint
#   step known; ...how to give one...), 2 n/a (lr, data_cursor)"; with
#   --checkpoint 4000 the step passes too: "3 of 5 checks pass, 2 n/a
#   (lr, data_cursor)".
# Run q = l1 + l3: t = 4310, lost = 4310 - 4200 - 10 = 100 -> step fail.
#   No checkpoint: the lost steps are counted from the last logged step,
#   and the cause says so (never "past the checkpoint"). Nothing is
#   replayed (replay n/a), the loss goes on along its trend (pass):
#   "1 of 5 checks pass, 1 fails (step), 3 n/a (lr, replay, data_cursor)".
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtagnc "${1:-}"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }

python3 - "$tmp" <<'EOF'
import json, sys
d = sys.argv[1]
def w(name, lo, hi):
    with open(d + '/' + name, 'w') as f:
        for s in range(lo, hi + 1, 10):
            f.write(json.dumps({'step': s, 'loss': 3 - s / 4000}) + '\n')
w('l1.jsonl', 10, 4200)
w('l2.jsonl', 4010, 4300)
w('l3.jsonl', 4310, 4400)
w('g.jsonl', 10, 4400)
EOF
na="checkpoint unknown: resumed at step 4010, last step logged before 4200; 200 step(s) replayed"
lost="resumed at step 4310 after last logged step 4200: 100 step(s) lost"
how="no checkpoint step known; give it with --checkpoint, the journal fact checkpoint.confirmed_step or a drill's checkpoint step"
sum_p="2 of 5 checks pass, 1 cannot be judged (step: $how), 2 n/a (lr, data_cursor)"
sum_p4="3 of 5 checks pass, 2 n/a (lr, data_cursor)"
sum_q="1 of 5 checks pass, 1 fails (step), 3 n/a (lr, replay, data_cursor)"
cause_q="no checkpoint step known: steps skipped past the last step logged before the restart (trainer state not restored, a later checkpoint loaded, or the log before it cut short)"
dt() { "$BIN" --db "$tmp/n.db" "$@"; }
dt import --platform gpu --run g "$tmp/g.jsonl" >/dev/null 2>&1 &&
dt import --platform trn2 --run p "$tmp/l1.jsonl" "$tmp/l2.jsonl" >/dev/null 2>&1 &&
dt import --platform trn2 --run q "$tmp/l1.jsonl" "$tmp/l3.jsonl" >/dev/null 2>&1 &&
dt pilot new P >/dev/null &&
dt attach P g --role baseline >/dev/null &&
dt attach P p --role pilot >/dev/null || exit 1

# resume-check, before any drill, journal fact or --checkpoint
dt resume-check p --no-baseline >"$tmp/rc.txt"
same "resume-check p exit" "$?" 0
same "resume-check p: checkpoint line" "$(sed -n 2p "$tmp/rc.txt")" "checkpoint unknown"
same "resume-check p: step" "$(grep '^  step ' "$tmp/rc.txt")" "  step         n/a   $na"
same "resume-check p: summary" "$(grep '^  summary ' "$tmp/rc.txt")" "  summary      $sum_p"
dt resume-check p --json >"$tmp/rc.json"
same "resume-check p --json" "$(python3 -c "
import json; r = json.load(open('$tmp/rc.json'))['restarts'][0]
print(r['checks']['step'], r['details']['step'], r['verdict'], r['replayed_steps'],
      r['lost_steps'], r['confirmed_checkpoint_step'], r['reason'].startswith('loss: '))")" \
	"n/a $na pass 200 0 None True"
same "resume-check p --json: summary" "$(python3 -c "
import json; print(json.load(open('$tmp/rc.json'))['restarts'][0]['summary'])")" "$sum_p"
dt resume-check p --checkpoint 4000 >"$tmp/rc4.txt"
same "resume-check p --checkpoint 4000: step" "$(grep '^  step ' "$tmp/rc4.txt")" \
	"  step         pass  resumed at step 4010 (last confirmed checkpoint 4000); 200 step(s) replayed"
same "resume-check p --checkpoint 4000: summary" "$(grep '^  summary ' "$tmp/rc4.txt")" "  summary      $sum_p4"
dt resume-check q >"$tmp/rq.txt"
same "resume-check q exit (steps lost)" "$?" 1
same "resume-check q: step" "$(grep '^  step ' "$tmp/rq.txt")" "  step         fail  $lost"
same "resume-check q: cause" "$(grep -A1 '^  step ' "$tmp/rq.txt" | sed -n 's/^ *cause: //p')" "$cause_q"
same "resume-check q: summary" "$(grep '^  summary ' "$tmp/rq.txt")" "  summary      $sum_q"
dt resume-check q --json >"$tmp/rq.json"
same "resume-check q --json: cause, summary" "$(python3 -c "
import json; r = json.load(open('$tmp/rq.json'))['restarts'][0]
print(r['failed_checks'][0]['cause'] + '|' + r['summary'])")" "$cause_q|$sum_q"

# gate without a store: the launches as --pilot-log files
"$BIN" gate --baseline-log "$tmp/g.jsonl" --pilot-log "$tmp/l1.jsonl" \
	--pilot-log "$tmp/l2.jsonl" --json >"$tmp/gf.json"
same "gate --pilot-log l1 --pilot-log l2 exit" "$?" 0
same "gate --pilot-log l1 --pilot-log l2: resume" "$(python3 -c "
import json; d = json.load(open('$tmp/gf.json'))
r = [x for x in d['reasons'] if x['check'] == 'resume'][0]
print(r['subject'], r['pass'], r['detail'].startswith('PASS: loss: '), 'step:' in r['detail'])")" \
	"l1 step 4010 True True False"
"$BIN" gate --baseline-log "$tmp/g.jsonl" --pilot-log "$tmp/l1.jsonl" \
	--pilot-log "$tmp/l3.jsonl" >"$tmp/gq.txt"
same "gate --pilot-log l1 --pilot-log l3 exit" "$?" 1
same "gate --pilot-log l1 --pilot-log l3: resume" "$(grep -E '^  (ok|FAIL) +resume ' "$tmp/gq.txt")" \
	"  FAIL resume    l1 step 4310: FAIL: step: $lost"

# the store: pilot show, the evidence pack
same "pilot show" "$(dt pilot show P | grep -E '^  resume ')" \
	"  resume p: 1 restart, PASS; checkpoint unknown"
dt export P --out "$tmp/pack" --no-logs >/dev/null || { echo "FAIL export"; fail=1; }
same "evidence.json" "$(python3 -c "
import json; d = json.load(open('$tmp/pack/evidence.json'))
v = [r['resume'] for r in d['runs'] if r.get('resume')][0]['verdicts'][0]
print(v['checks']['step']['result'], v['checks']['step']['evidence'], v['verdict'])")" \
	"n/a $na pass"
same "report.md" "$(grep -F '| 4010 | step |' "$tmp/pack/report.md")" "| 4010 | step | n/a | $na |"

# the TUI resume view (run list: g, p, q; p opened)
$T new-session -d -x 160 -y 40 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$tmp/n.db\"; echo EXIT=\$?" Enter
if wait_for "pilots (1)"; then
	$T send-keys -t t Tab
	wait_for "runs (3)"
	$T send-keys -t t j r
	wait_for "resume check: p" &&
		wait_for "restart 1 at step 4010: PASS" &&
		wait_for "  step         n/a   $na" &&
		echo "ok   TUI resume view: step n/a, checkpoint unknown"
	# the summary, wrapped in the detail column: resume-check's words
	wait_joined "summary $sum_p" && echo "ok   TUI resume view p: summary"
	$T send-keys -t t q j r
	wait_for "resume check: q" &&
		wait_for "restart 1 at step 4310: FAIL" &&
		wait_joined "cause: $cause_q" &&
		wait_joined "summary $sum_q" &&
		echo "ok   TUI resume view q: cause, summary"
	$T send-keys -t t Q
	wait_for "EXIT=0"
fi
[ $fail -eq 0 ] && echo "agree_resume_no_checkpoint: all passed"
exit $fail

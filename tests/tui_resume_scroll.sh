#!/usr/bin/env bash
# tui_resume_scroll.sh: the resume view cuts no check row without a mark.
# The run of cli_resume_cause.sh (tui_verdicts.sh): steps 1..10 loss 2.0,
# then 11..16 loss 1.0 in a second file, no LR or data cursor logged: one
# restart, the loss fails with its cause, step, lr, replay and
# data_cursor n/a. At 80x24 the restart's rows (evidence, five checks,
# the cause) do not all fit above the summary and the restart window:
# the last row they get says how many rows are below and which checks
# they hold ('+5 more (Down scrolls): replay n/a, data_cursor n/a': the
# cause's last row, replay's, data_cursor's 2; they were left out with
# no mark, only the summary naming them); j scrolls them into view row
# by row, the mark then saying how many are above and the checks whose
# rows are there ('5 above (Up scrolls): step n/a, lr n/a, loss fail');
# a j more does nothing (one restart), k scrolls back. At 120x40 every
# row fits: no mark. Whole screens (goldens resume-scroll*).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtresumescroll "${1:-}"
G=$(cd "$(dirname "$0")" && pwd)/golden
{ echo step,loss; for s in $(seq 1 10); do echo "$s,2.0"; done; } >"$tmp/ca.csv"
{ echo step,loss; for s in $(seq 11 16); do echo "$s,1.0"; done; } >"$tmp/cb.csv"
"$BIN" --db "$tmp/x.db" import --platform trn2 --run nolr "$tmp/ca.csv" "$tmp/cb.csv" >/dev/null 2>&1 || { echo "FAIL: import"; exit 1; }

open_resume() {
	tui_start "$1" "$2"
	wait_for "runs (1)" || return 1
	keys r
	wait_for "resume check: nolr" || return 1
}

open_resume 80 24 || exit 1
screen_is "$G/resume-scroll-80x24.txt"
keys j
wait_for "1 above, +4 more (Up/Down scroll): replay n/a, data_cursor n/a"
keys j j j j
screen_is "$G/resume-scroll-end-80x24.txt"
# the end: a j more moves nothing (no other restart)
keys j
wait_for "5 above (Up scrolls): step n/a, lr n/a, loss fail"
keys k k k k k
screen_is "$G/resume-scroll-80x24.txt"
keys Q
wait_for "EXIT=0"
$T kill-server 2>/dev/null; sleep 0.3

open_resume 120 40 || exit 1
screen_is "$G/resume-scroll-120x40.txt"
screen | grep -q 'scroll' && { echo "FAIL: a scroll mark at 120x40"; fail=1; }
keys Q
wait_for "EXIT=0"
exit $fail

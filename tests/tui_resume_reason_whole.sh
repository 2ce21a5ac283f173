#!/usr/bin/env bash
# tui_resume_reason_whole.sh: a check's reason in the resume view is
# shown whole when the screen has the rows, as resume-check prints it.
# Run nolr: steps 1..10 loss 2.0, then 11..16 loss 1.0 in a second file
# (one restart, the loss fails); run g, the picked baseline, logs steps
# 100 and 200 only, so there is no pilot/baseline ratio and the loss
# reason says so before the band rule: four rows at 100 columns. The
# view wrapped every reason on at most 3 rows and cut the fourth, so the
# number the check fails on ('-50.00% (limit 5.00%)', what resume-check
# prints) never showed; now the reason takes its rows (the restart
# window gives one up), and at 80x24, where the restart's rows do not
# all fit, they scroll as before.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtresumewhole "${1:-}"
{ echo step,loss; for s in $(seq 1 10); do echo "$s,2.0"; done; } >"$tmp/ca.csv"
{ echo step,loss; for s in $(seq 11 16); do echo "$s,1.0"; done; } >"$tmp/cb.csv"
{ echo step,loss; echo 100,1.0; echo 200,0.9; } >"$tmp/g.csv"
"$BIN" --db "$tmp/x.db" import --platform gpu --run g "$tmp/g.csv" >/dev/null 2>&1 &&
"$BIN" --db "$tmp/x.db" import --platform trn2 --run nolr "$tmp/ca.csv" "$tmp/cb.csv" \
	>/dev/null 2>&1 || { echo "FAIL: import"; exit 1; }
# what resume-check says of the loss with g as the baseline
"$BIN" --db "$tmp/x.db" resume-check nolr --baseline g | grep -qF -- \
	'at the same steps (2): -50.00% (limit 5.00%)' ||
	{ echo "FAIL: resume-check's loss reason"; fail=1; }

open_resume() {
	tui_start "$1" "$2"
	wait_for "runs (2)" || return 1
	keys b j r
	wait_for "resume check: nolr" || return 1
	wait_for "loss reference: g (gpu)"
}

open_resume 100 30 || exit 1
wait_joined "least-squares trend at the same steps (2): -50.00% (limit 5.00%)"
screen | grep -qF '…' && { echo "FAIL: a cut mark at 100x30"; screen; fail=1; }
wait_for "⣿ before restart 1"
keys Q
wait_for "EXIT=0"
$T kill-server 2>/dev/null; sleep 0.3

# 80x24: the rows do not all fit; scrolled down, the loss reason's end
# shows (it was cut with a mark on its third row)
open_resume 80 24 || exit 1
wait_for "(Down scrolls)"
keys j j j
wait_joined "(2): -50.00% (limit 5.00%)"
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_drill_note_whole.sh: the picked verification item of a drill shows
# its note whole when the screen has the rows. A drill whose
# effective_step note takes 4 rows beside the item at 80 columns (as the
# pre-fill's 'resumed at effective step 5010, within (checkpoint step
# 5000, 5000 + logging interval 10]' takes 3 there): the drill log cut
# the picked item's note on its second row ('... 5000 + logging inter…')
# with 9 empty rows below; now it takes its 4 rows. On a screen too
# short for it the items scroll as before (tui_drill_columns.sh).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdrillnote "${1:-}"
note="resumed at effective step 5010, within (checkpoint step 5000, 5000 + logging interval 10]; checked by hand against the job log of the restarted node, END"
"$BIN" --db "$tmp/x.db" pilot new p >/dev/null 2>&1 &&
"$BIN" --db "$tmp/x.db" drill add p --kind node-loss \
	--check "effective_step=pass:$note" >/dev/null 2>&1 ||
	{ echo "FAIL: pilot and drill"; exit 1; }
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 3
wait_for "— drill log" || exit 1
wait_for ">effective_step"
wait_joined "the restarted node, END"
screen | grep -F 'effective_step' | grep -qF '…' &&
	{ echo "FAIL: the picked item's note cut"; screen; fail=1; }
keys Q
wait_for "EXIT=0"
exit $fail

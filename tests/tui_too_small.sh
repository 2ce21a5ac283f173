#!/usr/bin/env bash
# tui_too_small.sh: on a terminal smaller than 60x16 the view says so and
# what its keys do there, and they do what they do on the screen beneath
# (q goes back one level, as everywhere; only on the first screen does it
# quit); a resize back restores the screen. At 60x15 on the demo store:
# checklist: "q goes back to the overview" and q does (the overview shows
# at 80x24, the view did not exit); the overview: "q goes back to the
# pilots"; the pilot list (the first screen): "q quits". The help: "q
# closes the help"; the comparison's findings overlay: "q closes the
# findings"; the checklist's note dialog (a form has the keys): "Esc
# cancels it", q types nothing there, and Esc cancels ("cancelled: nothing
# recorded"). $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtsmall "${1:-}"
small() { $T resize-window -t t -x 60 -y 15; wait_for "terminal too small: need 60x16, have 60x15"; }
big() { $T resize-window -t t -x 80 -y 24; }
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 2
wait_for "— checklist" || exit 1

# the checklist: q goes back to the overview, the view stays
small
expect_line '^enlarge it to see the screen again$'
expect_line '^q goes back to the overview, Q quits$'
keys q
sleep 0.3
big
wait_for "— overview"
expect_line '^\[2\] checklist '
screen | grep -qF "EXIT=" && { echo "FAIL: the view exited"; fail=1; }

# the overview: back to the pilots; there, q quits (said so)
small
wait_for "q goes back to the pilots, Q quits"
keys q
sleep 0.3
big
wait_for "pilots (1)"
small
wait_for "enlarge it to see the screen again"
expect_line '^q quits$'
big
wait_for "pilots (1)"

# the help: q closes it
keys '?'
wait_for "keys: pilots"
small
wait_for "q closes the help, Q quits"
keys q
sleep 0.3
big
wait_for "pilots (1)"
wait_gone "keys: pilots"

# a dialog has the keys: q types nothing, Esc cancels it
keys Enter 2 p
wait_for "type the text; Enter:save Esc:cancel"
small
wait_for "enlarge it to go on with the open form"
expect_line '^Esc cancels the open form or dialog$'
keys q
sleep 0.3
keys Escape
sleep 0.3
big
wait_for "cancelled: nothing recorded"

# the comparison's findings overlay: q closes it, the comparison stays
keys q c
wait_for "cursor step 1 " || exit 1
keys f
wait_for "┌─ findings ─"
small
wait_for "q closes the findings, Q quits"
keys q
sleep 0.3
big
wait_for "cursor step 1 "
wait_gone "┌─ findings ─"

# Q quits from anywhere, too small or not
small
keys Q
wait_for "EXIT=0"
exit $fail

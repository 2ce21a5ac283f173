#!/usr/bin/env bash
# tui_form_button_keys.sh: in a form whose focus is on a button (no text
# being typed) Q quits and ? opens the help, as on any screen; in a text
# field they are still typed. Demo store, 80x24:
# 1. the import form (Tab, i): a path typed, Down to '[ preview (dry run) ]', ? shows
#    the help ('keys: import'), a key closes it and the form is
#    still there; Q quits, EXIT=0 (both did nothing: only Esc or Ctrl-C
#    got out; new-user trial);
# 2. the decide form (d on the overview): End to '[ record decision ]',
#    ?, then Q quits;
# 3. the add-drill form (3, a): End to its button, ?, then Q quits;
# 4. the import form's file field: Q and ? are typed ('Q?'), no help, no
#    quit (tui_help_quit.sh checks Q there too).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtformbtn "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
echo "step,loss" >"$tmp/a.log"
# help_then_quit FORM: ? on the button shows the help, a key closes it
# (FORM, a fixed string of the form, shows again), Q quits
help_then_quit() {
	keys '?'
	wait_for "─ keys: " || return 1
	keys Escape
	wait_gone "─ keys: " || return 1
	wait_for "$1" || return 1
	keys Q
	wait_for "EXIT=0"
}
# import_form_open: dualtrack at 80x24, the run list (Tab), its import
# form (i)
import_form_open() {
	tui_start 80 24 $FIX
	wait_for "pilots (1)" || return 1
	keys Tab
	wait_for "runs (2)" || return 1
	keys i
	wait_for "file or folder"
}
# 1. import
import_form_open || exit 1
keys -l "a.log"
keys Down Down Down Down Down Down Down Down Down Down
wait_for "Enter:preview (dry run)" || exit 1
help_then_quit "Enter:preview (dry run)" && echo "ok   import form button: ? and Q"
$T kill-server 2>/dev/null; sleep 0.3
# 2. decide
tui_start 80 24 $FIX
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys d
wait_for "record decision" || exit 1
keys End
help_then_quit "record decision" && echo "ok   decide form button: ? and Q"
$T kill-server 2>/dev/null; sleep 0.3
# 3. add drill
tui_start 80 24 $FIX
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 3
wait_for "— drill log" || exit 1
keys a
wait_for "add drill" || exit 1
keys End
help_then_quit "add drill" && echo "ok   drill form button: ? and Q"
$T kill-server 2>/dev/null; sleep 0.3
# 4. a text field takes them
import_form_open || exit 1
keys Q '?'
expect_line '^file or folder +Q\?' && echo "ok   import path: Q and ? typed"
if screen | grep -qF "─ keys: "; then
	echo "FAIL: ? in a text field opened the help"; screen; fail=1
fi
keys Escape
wait_for "runs (2)" || exit 1
keys Q
wait_for "EXIT=0"
[ $fail -eq 0 ] && echo "tui_form_button_keys: ok"
exit $fail

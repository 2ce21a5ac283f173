#!/usr/bin/env bash
# tui_help_quit.sh: Q quits from the help overlay, as the help's own line
# says ('Q  quit from any screen'); it closed the help only. In a form
# being typed into Q is text (the line says so): the import form's file
# field takes it, Esc leaves the form, then Q quits.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dthelpquit "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
for sz in "80 24" "120 40"; do
	set -- $sz
	tui_start "$1" "$2" $FIX
	wait_for "pilots (1)" || exit 1
	keys '?'
	wait_for "quit from any screen" || exit 1
	keys Q
	wait_for "EXIT=0" && echo "ok   $1x$2: Q quits from the help"
	$T kill-server 2>/dev/null; sleep 0.3
done
# the help of the run list, then a form: Q typed, not quitting
tui_start 80 24 $FIX
wait_for "pilots (1)" || exit 1
keys Tab
wait_for "runs (2)" || exit 1
keys '?'
wait_for "keys: run list" || exit 1
keys Q
wait_for "EXIT=0" && echo "ok   runs help: Q quits"
$T kill-server 2>/dev/null; sleep 0.3
tui_start 80 24 $FIX
wait_for "pilots (1)" || exit 1
keys Tab
wait_for "runs (2)" || exit 1
keys i
wait_for "type a path" || exit 1
keys Q
expect_line '^file or folder +Q' && echo "ok   import form: Q is typed"
keys Escape
wait_for "runs (2)" || exit 1
keys Q
wait_for "EXIT=0" && echo "ok   Q quits once the form is left"
exit $fail

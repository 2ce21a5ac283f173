#!/usr/bin/env bash
# tui_screen_stack.sh: screens stack (README, "TUI keys") and a pilot's
# sections are one level of it: opened from the overview a section stacks
# over it, opened from another section (1..5, d) it replaces that one, as
# a tab does, so q from any section goes back to the overview in one key.
# On the demo store: overview 2 3 4 5 q is the overview, q the pilot
# list; overview l 2 q the overview. The help of a section says so on its
# q line ("back to the overview (1..5, l switch sections in place)"), where
# the overview's says "back one level". Each screen is checked by its
# whole title row, the help line whole at 120x40 (the help fits there, centred).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtstack "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
P="x.db — llama3-8b-lora-trn2"
# on_title TITLE: until row 1 is " dualtrack — x.db — PILOT — TITLE"
on_title() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		[ "$(screen | sed -n 1p)" = " dualtrack — $P — $1" ] && return 0
		sleep 0.1
	done
	echo "FAIL: row 1 is not the $1's title"; screen; fail=1; return 1
}
tui_start 120 40
wait_for "pilots (1)" || exit 1
keys Enter
on_title overview || exit 1
keys 2; on_title checklist
keys 3; on_title "drill log"
keys 4; on_title "run journal"
keys 5; on_title "decision log"
keys '?'
wait_for "keys: decision log"
expect_line '^ *│ q Esc +back to the overview \(1\.\.5, l switch sections in place\) +│$'
keys x
wait_gone "keys: decision log"
keys q; on_title overview
keys '?'
wait_for "keys: overview"
expect_line '^ *│ q Esc +back one level \(q on the first screen quits\) +│$'
keys x
wait_gone "keys: overview"
keys q
wait_for " dualtrack — x.db — pilots (1)"
keys Enter; on_title overview
keys l; on_title ledger
keys 2; on_title checklist
keys q; on_title overview
keys Q
wait_for "EXIT=0"
exit $fail

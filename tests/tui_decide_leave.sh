#!/usr/bin/env bash
# tui_decide_leave.sh: the decide form checks the rationale as it is left
# forward, a blank one too (the README: a form checks each field as it is
# left), and a refused row's mark and message go as soon as the text
# typed would be taken. Demo store, times and actor fixed; d opens the
# form on the decision log, g picks go, Enter goes to the rationale.
# 1. Enter on the blank rationale: the editor stays on it, '!rationale'
#    and 'a decision needs a rationale that is not blank' in the box (it
#    went on to the deciders unmarked; the blank was refused only by
#    '[ record decision ]').
# 2. typing 'trial go': the mark and the message are gone at once, and
#    the rationale's text shows under the form as typed (they stayed
#    until the next Enter; the row under the form read 'why this
#    decision, ...' while the text was typed).
# 3. Up from a blank rationale goes back to the decision unrefused (a
#    row above can be changed first).
# Whole screens at 80x24 and 120x40 (at 120x40 the rationale cut at the
# dialog's ring ends in the cut mark, "evaluat…"; it read "evaluati").
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdecideleave "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }

G=$(cd "$(dirname "$0")" && pwd)/golden
# at W x H: the three steps, each screen compared whole with
# tests/golden/decide-leave-STEP-WxH.txt
run() {
	local w=$1 h=$2
	tui_start "$w" "$h" $FIX
	wait_for "pilots (1)" || return 1
	keys Enter
	wait_for "— overview" || return 1
	keys d
	wait_for "current: #1 continue" || return 1
	keys g Enter Enter
	screen_is "$G/decide-leave-blank-${w}x$h.txt"
	keys -l "trial go"
	screen_is "$G/decide-leave-typed-${w}x$h.txt"
	keys C-u Up
	screen_is "$G/decide-leave-up-${w}x$h.txt"
	keys Escape
	wait_for "cancelled: no decision recorded"
	keys Q
	wait_for "EXIT=0"
	$T kill-server 2>/dev/null; sleep 0.3
}
run 80 24
run 120 40
exit $fail

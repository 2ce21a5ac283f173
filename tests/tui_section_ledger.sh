#!/usr/bin/env bash
# tui_section_ledger.sh: l opens the ledger from every section of a pilot
# (1..5), not only from the overview (the README: the sections 1..5 and
# the ledger l are one level, as tabs): in the decision log l did nothing
# and said nothing. The ledger replaces the section, so q goes back to
# the overview in one key. The run journal's other runs moved from h / l
# to [ ] (and Left / Right), l being the ledger there too; on the ledger
# l stays its trn2 side. Demo store, times and actor fixed.
# 1. 5 then l: the ledger, the whole screen at 80x24 and 120x40; q: the
#    overview.
# 2. 1, 2, 3, 4 then l: the ledger's title row; q: the overview.
# 3. 4 then ]: the journal of run 2 of 2; [ back to 1 of 2.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtsectledger "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
G=$(cd "$(dirname "$0")" && pwd)/golden
P="llama3-8b-lora-trn2"

# title_is TEXT: the first row is TEXT (trailing blanks dropped)
title_is() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		[ "$(screen | sed -n 1p)" = "$1" ] && return 0
		sleep 0.1
	done
	echo "FAIL: the title row is not: $1"; screen; fail=1; return 1
}

run() {
	local w=$1 h=$2 s
	tui_start "$w" "$h" $FIX
	wait_for "pilots (1)" || return 1
	keys Enter
	title_is " dualtrack — x.db — $P — overview" || return 1
	keys 5
	title_is " dualtrack — x.db — $P — decision log"
	keys l
	screen_is "$G/section-ledger-${w}x$h.txt"
	keys q
	title_is " dualtrack — x.db — $P — overview"
	for s in 1 2 3 4; do
		keys "$s"
		wait_gone "— overview"
		keys l
		title_is " dualtrack — x.db — $P — ledger"
		keys q
		title_is " dualtrack — x.db — $P — overview"
	done
	keys 4
	title_is " dualtrack — x.db — $P — run journal"
	keys ]
	wait_for "[2/2, [/]: other run]"
	keys [
	wait_for "[1/2, [/]: other run]"
	keys Q
	wait_for "EXIT=0"
	$T kill-server 2>/dev/null; sleep 0.3
}
run 80 24
run 120 40
exit $fail

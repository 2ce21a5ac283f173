#!/usr/bin/env bash
# tui_journal_error_rows.sh: the run journal's inline editor refuses a
# value with the message wrapped over the rows it needs above the footer
# (the README: a message takes the rows it wraps to), the journal's rows
# giving them up. Demo store, times and actor fixed: 4 opens the run
# journal on the baseline run, j x6 selects neuron.compile_seconds, Enter
# edits, 'abc' Enter is refused by dt_journal_set: "not saved: journal
# neuron.compile_seconds must be a number of seconds >= 0, got 'abc'"
# (86 columns): 2 rows at 80x24 (it was cut to one, '... got…', under 2
# empty rows), 1 at 120x40. The editor stays open on 'abc'. Whole screens.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtjournalrows "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
G=$(cd "$(dirname "$0")" && pwd)/golden

run() {
	local w=$1 h=$2
	tui_start "$w" "$h" $FIX
	wait_for "pilots (1)" || return 1
	keys Enter
	wait_for "— overview" || return 1
	keys 4
	wait_for "— run journal" || return 1
	keys j j j j j j Enter
	keys -l abc
	keys Enter
	screen_is "$G/journal-refused-${w}x$h.txt"
	keys Escape
	wait_for "not saved: neuron.compile_seconds unchanged"
	keys Q
	wait_for "EXIT=0"
	$T kill-server 2>/dev/null; sleep 0.3
}
run 80 24
run 120 40
exit $fail

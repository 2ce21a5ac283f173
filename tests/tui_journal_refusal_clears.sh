#!/usr/bin/env bash
# tui_journal_refusal_clears.sh: the run journal's inline editor clears
# its refusal on the next key. 'abc' Enter on neuron.compile_seconds is
# refused ("not saved: journal neuron.compile_seconds must be a number of
# seconds >= 0, got 'abc'"); the message stayed while the user went on
# typing (and on moving the cursor). Now the next key takes it away; the
# editor stays open on the text typed, and a value then saved says so.
# Demo store, baseline run, 100x30 (tui_journal_error_rows.sh's path).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtjrclr "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
msg="must be a number of seconds >= 0, got 'abc'"
tui_start 100 30 DUALTRACK_USER=ana
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 4
wait_for "— run journal" || exit 1
keys j j j j j j Enter
keys -l abc
keys Enter
wait_for "$msg" || exit 1
# a typed key: gone, the text kept
keys -l x
wait_gone "$msg" || exit 1
expect_line '^neuron.compile_seconds +abcx'
# refused again, then a cursor key: gone too
keys Enter
wait_for "got 'abcx'" || exit 1
keys Left
wait_gone "got 'abcx'" || exit 1
# a value that holds: saved, the editor closes
keys End BSpace BSpace BSpace BSpace
keys -l 1260
keys Enter
wait_for "neuron.compile_seconds saved by ana" || exit 1
keys Q
wait_for "EXIT=0"
exit $fail

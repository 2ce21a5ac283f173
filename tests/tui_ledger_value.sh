#!/usr/bin/env bash
# tui_ledger_value.sh: the ledger's value dialog checks the value and the
# note as they are left, with ledger set's checks and words
# (dt_ledger_value_parse, dt_ledger_input_check), and the store refuses
# what they refuse whoever writes (dt_store_ledger_set): a note with a
# bidi override (U+202E) was stored from the TUI while the CLI refused
# it. Demo store, 100x30; overview, l (ledger), j Enter: gpu env_prep
# (value 1.5, note "image build, dataset staging").
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtledgerval "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
P=llama3-8b-lora-trn2
rlo=$(printf '\xe2\x80\xae')
"$BIN" --db "$tmp/x.db" ledger set $P gpu env_prep 1.5 --basis measured --note "ok ${rlo}x" 2>"$tmp/cli.err" &&
	{ echo "FAIL: CLI took the note"; fail=1; }
grep -qF "ledger note: invisible format character U+202E at byte 3" "$tmp/cli.err" ||
	{ echo "FAIL: CLI words:"; cat "$tmp/cli.err"; fail=1; }
"$BIN" --db "$tmp/x.db" ledger set $P gpu env_prep abc --basis measured 2>"$tmp/cli.err"
grep -qF "env_prep expects hours >= 0 (or 90m, 300s), got 'abc'" "$tmp/cli.err" ||
	{ echo "FAIL: CLI value words:"; cat "$tmp/cli.err"; fail=1; }
tui_start 100 30
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys l
wait_for "— ledger" || exit 1
keys j Enter
wait_for "env_prep: Enter on save records it" || exit 1
# the value: refused as it is left, in ledger set's words
keys BSpace BSpace BSpace abc Enter
wait_for "env_prep expects hours >= 0 (or 90m, 300s), got 'abc'" || exit 1
expect_line '!value'
keys BSpace BSpace BSpace 2 Enter Enter
# the note: the same text the CLI refused, refused as it is left
keys C-a
keys -l " ${rlo}x"
keys Enter
wait_for "ledger note: invisible format character U+202E at byte" || exit 1
expect_line '!note'
keys Escape
wait_for "cancelled: nothing recorded"
keys Q
wait_for "EXIT=0"
# nothing stored with the override
if "$BIN" --db "$tmp/x.db" ledger $P --json | grep -qF "$rlo"; then
	echo "FAIL: a note with U+202E stored"; fail=1
fi
exit $fail

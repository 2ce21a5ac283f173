#!/usr/bin/env bash
# tui_journal_key.sh: the run journal's new-key prompt refuses a key in
# the words of journal set (dt_journal_key_check, one message for both),
# and a key one edit from a known key as journal set does
# (dt_journal_key_check_run: "did you mean 'neuron.sdk_version'?").
# Demo store, 100x30; overview, 4 (run journal), a (new key): the
# prompt's box shows the refusal (76 columns: 2 rows).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtjkey "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
want="journal key 'Bad Key' must be 1..63 characters of a-z 0-9 _ . - starting with a letter"
"$BIN" --db "$tmp/x.db" journal set llama3-8b-lora-trn2-pilot "Bad Key" 1 2>"$tmp/cli.err" &&
	{ echo "FAIL: CLI took the key"; fail=1; }
grep -qF "$want" "$tmp/cli.err" || { echo "FAIL: CLI words:"; cat "$tmp/cli.err"; fail=1; }
tui_start 100 30
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 4
wait_for "— run journal" || exit 1
keys a
wait_for "new journal key" || exit 1
keys "Bad Key" Enter
# the prompt shows it, wrapped in its box; the status row beneath stays
# blank (the refusal is shown once: tui_dialog_msg_once.sh)
wait_for "│ journal key 'Bad Key' must be 1..63 characters of a-z 0-9 _ . - starting │" || exit 1
expect_line "│ with a letter +│ *\$"
[ -z "$(screen | sed -n 29p)" ] || { echo "FAIL: the status row repeats the refusal"; screen; fail=1; }
keys Escape
wait_for "cancelled: nothing recorded"
# a key one edit from a known one: journal set's refusal, at the key
# (dt_journal_key_check_run), before any value is asked for
keys a
wait_for "new journal key" || exit 1
keys "neuron.sdk_verison" Enter
wait_for "│ journal key 'neuron.sdk_verison' is not a known key; did you mean" || exit 1
expect_line "│ 'neuron.sdk_version'\? \(a key of your own must differ from a known one by │"
screen | grep -qF "value of neuron.sdk_verison" && { echo "FAIL: asked for a value"; fail=1; }
keys Escape
wait_for "cancelled: nothing recorded"
keys Q
wait_for "EXIT=0"
exit $fail

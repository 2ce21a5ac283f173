#!/usr/bin/env bash
# tui_keys_csi.sh: with TERM=xterm-256color inside tmux, Home and End
# arrive as ESC [ 1 ~ and ESC [ 4 ~, which that terminfo does not name
# (it says ESC O H / ESC O F): they were taken as Esc, so End in the
# import form dropped the form and what was typed, and '[4~' went to the
# run list. Now they are Home / End (dt_term_init binds them), and an
# escape sequence no key has (ESC [ 9 9 ~) is dropped whole.
# In the import form's file field: 'abc', End (the form stays, 'abc'),
# Home, 'X' ('Xabc': Home moved the cursor), End, 'Z' ('XabcZ'); the
# unknown sequence: nothing changes; Esc alone still leaves the form.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtkeyscsi "${1:-}"
# an empty store: the view opens only a --db that exists (tui_db_missing.sh)
"$BIN" --db "$tmp/x.db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
tui_start 80 24 TERM=xterm-256color
wait_for "runs (0)" || exit 1
keys i
wait_for "type a path" || exit 1
keys -l abc
expect_line '^file or folder +abc$' || exit 1
keys End
keys -l Z
expect_line '^file or folder +abcZ$' && echo "ok   End: the form stays"
keys Home
keys -l X
expect_line '^file or folder +XabcZ$' && echo "ok   Home: to the start"
keys -H 1b 5b 39 39 7e
keys -l Y
expect_line '^file or folder +XYabcZ$' && echo "ok   ESC [ 9 9 ~ dropped whole"
keys Escape
wait_gone "type a path" && echo "ok   Esc leaves the form"
wait_for "runs (0)"
keys Q
wait_for "EXIT=0"
exit $fail

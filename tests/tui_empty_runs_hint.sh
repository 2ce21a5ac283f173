#!/usr/bin/env bash
# tui_empty_runs_hint.sh: the empty run list's hint imports into the
# store on the screen. Opened on a store given with --db, the run list
# said 'no runs in this store: dualtrack import --platform gpu --run NAME
# FILE': a command without --db, which imports into the default store,
# so a new user who followed it saw nothing arrive. It now names the
# screen's own import key, which imports into this store: 'no runs in
# this store: i imports a log file or run folder into it'; i opens the
# import form.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtemptyruns "${1:-}"
"$BIN" --db "$tmp/x.db" store init >/dev/null 2>&1 || { echo "FAIL: store init"; exit 1; }
tui_start 80 24
wait_for "runs (0)" || exit 1
wait_for "no runs in this store: i imports a log file or run folder into it"
screen | grep -qF 'dualtrack import' && { echo "FAIL: a command without --db"; screen; fail=1; }
keys i
wait_for "— import"
keys Escape
wait_for "runs (0)"
keys Q
wait_for "EXIT=0"
exit $fail

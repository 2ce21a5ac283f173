#!/usr/bin/env bash
# tui_import_words.sh: the import form's errors and preview name the
# form's fields where the importer names a command-line option. A file of
# no known format: the error says "pick one in the format field" (was
# "use --format"); a CSV whose step base is unknown: the preview says
# "(0 or 1 in the step base field decides)" (was "(--step-base 0|1
# decides)"). $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtimpw "${1:-}"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/sb.csv"
printf 'hello there\nnothing to see\n' >"$tmp/junk.txt"
# an empty store: the view opens only a --db that exists (tui_db_missing.sh)
"$BIN" --db "$tmp/x.db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
tui_start 100 24
wait_for "runs (0)" || exit 1
# a file of no known format (path, platform gpu, then format, step base,
# mode, the preview button)
keys i
wait_for "type a path" || exit 1
keys -l "junk.txt"
keys Down
keys -l "gpu"
keys Down Down Down Down Down Down Down Down Down Enter
wait_for "format not recognised"
wait_for "pick one in the format field)"
screen | grep -qF -- "use --format" && { echo "FAIL: 'use --format' shown"; screen; fail=1; }
# a CSV whose step base is unknown: the preview
keys Escape i
wait_for "type a path" || exit 1
keys -l "sb.csv"
keys Down
keys -l "gpu"
keys Down Down Down Down Down Down Down Down Down Enter
wait_for "sb.csv: csv, 3 points"
wait_for "(0 or 1 in the step base field decides)"
screen | grep -qF -- "(--step-base 0|1 decides)" &&
	{ echo "FAIL: '(--step-base 0|1 decides)' shown"; screen; fail=1; }
keys Escape Escape Q
wait_for "EXIT=0"
exit $fail

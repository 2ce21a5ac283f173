#!/usr/bin/env bash
# tui_import_words.sh: the import form's errors and preview name no
# command-line option as if the form had it. A file of no known format:
# the error says "the form detects the format and cannot force one
# (dualtrack import --format NAME FILE does)" (was "use --format"); a CSV
# whose step base is unknown: the preview says "(the form cannot set the
# step base: dualtrack import --step-base 0|1 decides)" (was "(--step-base
# 0|1 decides)"). $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtimpw "${1:-}"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/sb.csv"
printf 'hello there\nnothing to see\n' >"$tmp/junk.txt"
tui_start 100 24
wait_for "runs (0)" || exit 1
# a file of no known format
keys i
wait_for "type a path" || exit 1
keys -l "junk.txt"
keys Down
keys -l "gpu"
keys Down Down Down Enter
wait_for "format not recognised"
wait_for "the form detects the format and cannot force one (dualtrack import"
screen | grep -qF -- "use --format" && { echo "FAIL: 'use --format' shown"; screen; fail=1; }
# a CSV whose step base is unknown: the preview
keys Escape i
wait_for "type a path" || exit 1
keys -l "sb.csv"
keys Down
keys -l "gpu"
keys Down Down Down Enter
wait_for "sb.csv: csv, 3 points"
wait_for "(the form cannot set the step base: dualtrack import --step-base 0|1"
screen | grep -qF -- "(--step-base 0|1 decides)" &&
	{ echo "FAIL: '(--step-base 0|1 decides)' shown"; screen; fail=1; }
keys Escape Escape Q
wait_for "EXIT=0"
exit $fail

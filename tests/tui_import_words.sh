#!/usr/bin/env bash
# tui_import_words.sh: the import form's errors and preview name no
# command-line option as if the form had it. A file of no known format:
# the error says "the form detects the format and cannot force one
# (dualtrack import --format NAME FILE does)" (was "use --format"); a CSV
# whose step base is unknown: the preview says "(the form cannot set the
# step base: dualtrack import --step-base 0|1 decides)" (was "(--step-base
# 0|1 decides)"). $1 = dualtrack binary; exit 77 without tmux.
set -u
BIN=${1:?usage: tui_import_words.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
tmp=$(mktemp -d)
T="tmux -L dtimpw$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
keys() { $T send-keys -t t "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/sb.csv"
printf 'hello there\nnothing to see\n' >"$tmp/junk.txt"
$T new-session -d -x 100 -y 24 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp NO_COLOR=1 bash --norc --noprofile"
keys "cd \"$tmp\"; \"$BIN\" --db x.db; echo EXIT=\$?" Enter
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

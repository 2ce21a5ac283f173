#!/usr/bin/env bash
# peers.sh: every import format side by side with what a user would run
# instead (bench/peers.py: pandas.read_csv, Python json.load and
# json.loads per line, TensorBoard's EventAccumulator when importable, the
# C floors of bench/floor.c), alternating runs, each ratio with its min and
# max over the rounds. Files of STEPS optimizer steps (x 3 metrics for CSV,
# x 4 for JSON lines, trainer_state.json and TensorBoard) made by gen_log.
# usage: bench/peers.sh [BUILD_DIR] [STEPS] [ROUNDS] [FORMAT...]
#   default 200000 steps x 3 rounds (a couple of minutes on 2 cores);
#   the README table: bench/peers.sh build 1000000 3
#   FORMAT (csv, jsonl, hf-trainer-state, tfevents): only those, e.g.
#   bench/peers.sh build 1000000 7 csv
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
steps=${2:-200000}
rounds=${3:-3}
shift $(( $# < 3 ? $# : 3 ))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bench/gen_log" csv "$steps" "$tmp/bench.csv"
"$build/bench/gen_log" jsonl "$steps" "$tmp/bench.jsonl"
"$build/bench/gen_log" hf "$steps" "$tmp/trainer_state.json"
"$build/bench/gen_log" tfevents "$steps" "$tmp/bench.tfevents"
# the inputs on disk before any timing: an import's fdatasync would
# otherwise wait behind the writeback of ~4 x 100 MB just generated (a
# parse that never syncs does not), and the first rounds pay for it
sync
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores," \
     "Debian $(cat /etc/debian_version 2>/dev/null || echo '?'); $steps steps"
python3 "$root/bench/peers.py" "$build/dualtrack" "$build/bench/floor" "$tmp" "$rounds" "$@"

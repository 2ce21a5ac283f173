#!/usr/bin/env bash
# run.sh: print dualtrack's benchmark figures (never asserts).
#   import throughput of a generated 1M-step CSV and JSONL (whole process:
#   parse + committed store), peak RSS per point, the ratio to
#   pandas.read_csv parsing the same CSV (timed inside Python, start-up
#   excluded) when python3-pandas is installed, and one comparison frame
#   for two 1M-point runs at 200x50; the same CSV imported into a
#   PostgreSQL store (a throw-away server by pg_virtualenv, or the one
#   PG* names) and its ratio to the SQLite import (target <= 2x).
#   JSON: an HF trainer_state.json and a JSON-lines file of STEPS steps x 4
#   metrics imported beside Python's json.load / json.loads per line, whole
#   processes run alternately (bench/json_peers.py: best times, ratio with
#   its min..max over the rounds, peak RSS of each, bytes per point; issue
#   13 targets: <= 0.33x json.load and <= 32 bytes/point; <= 0.25x
#   json.loads per line).
#   The comparison chart of two STEPS-point runs from Enter to its first
#   frame, its peak RSS and a zoom/pan key (bench_chart), and that
#   store's bytes per point (store_size.sh; target <= 10).
# usage: bench/run.sh [BUILD_DIR] [STEPS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
steps=${2:-1000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bench/gen_log" csv "$steps" "$tmp/bench.csv"
"$build/bench/gen_log" jsonl "$steps" "$tmp/bench.jsonl"
"$build/bench/gen_log" hf "$steps" "$tmp/trainer_state.json"
"$build/bench/bench_import" "$build/dualtrack" "$tmp/bench.csv" csv 3 | tee "$tmp/csv.txt"
pgbench=("$build/bench/bench_import" "$build/dualtrack" "$tmp/bench.csv" csv 3 postgresql)
if [ -n "${PGPORT:-}${PGHOST:-}" ]; then
  "${pgbench[@]}" | tee "$tmp/pg.txt"
elif command -v pg_virtualenv >/dev/null 2>&1; then
  pg_virtualenv "${pgbench[@]}" 2>/dev/null | tee "$tmp/pg.txt"
fi
best_s() { sed -n 's/.*best \([0-9.]*\) s.*/\1/p' "$1"; }
if [ -s "$tmp/pg.txt" ]; then
  awk -v p="$(best_s "$tmp/pg.txt")" -v q="$(best_s "$tmp/csv.txt")" 'BEGIN {
    printf "PostgreSQL import / SQLite import = %.2fx (target <= 2x)\n", p / q }'
else
  echo "PostgreSQL import skipped (no server and no pg_virtualenv)"
fi
python3 "$root/bench/json_peers.py" "$build/dualtrack" "$tmp/trainer_state.json" hf-trainer-state 3
python3 "$root/bench/json_peers.py" "$build/dualtrack" "$tmp/bench.jsonl" jsonl 3
# Debian's python3-pandas belongs to /usr/bin/python3, which another python3
# earlier on PATH (pyenv, venv) may hide.
pyp=""
for c in python3 /usr/bin/python3; do
  if "$c" -c 'import pandas' 2>/dev/null; then pyp=$c; break; fi
done
if [ -n "$pyp" ]; then
  pandas_s=$("$pyp" - "$tmp/bench.csv" <<'PY'
import sys, time, pandas
best = 1e30
for _ in range(3):
    t = time.perf_counter(); pandas.read_csv(sys.argv[1]); best = min(best, time.perf_counter() - t)
print(f"{best:.4f}")
PY
)
  ours=$(best_s "$tmp/csv.txt")
  python3 -c "print(f'pandas.read_csv {float(\"$pandas_s\"):.3f} s; dualtrack import / pandas = {float(\"$ours\")/float(\"$pandas_s\"):.2f}x (target <= 0.5x)')"
else
  echo "pandas not installed (apt-get install python3-pandas): ratio skipped"
fi
if [ -x "$build/bench/bench_frame" ]; then
  "$build/bench/bench_frame" "$steps" 200 50
fi
# The chart from Enter: two runs of STEPS points in one store (the pilot's
# loss 0.3 % above the baseline's), opened as the comparison screen does.
"$build/dualtrack" --db "$tmp/chart.db" import --platform gpu --run base \
  "$tmp/bench.csv" >/dev/null
awk -F, 'NR == 1 { print; next } { printf "%s,%.6f,%s,%s\n", $1, $2 * 1.003, $3, $4 }' \
  "$tmp/bench.csv" >"$tmp/pilot.csv"
"$build/dualtrack" --db "$tmp/chart.db" import --platform trn2 --run pilot \
  "$tmp/pilot.csv" >/dev/null
"$root/bench/store_size.sh" "$tmp/chart.db" "$build"
"$build/bench/bench_chart" "$tmp/chart.db" base pilot 200 50

#!/usr/bin/env bash
# store_size.sh: print a SQLite store's size per stored point (issue 13
# target: <= 10 bytes a point, the stored level of detail included).
# Points are those `dualtrack runs --json` counts over every run and
# metric; the size is the store file's after its last writer closed (the
# WAL checkpointed into it). Figures only, never asserted.
# usage: bench/store_size.sh STORE [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
db=$1
build=${2:-$root/build}
points=$("$build/dualtrack" --db "$db" runs --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(sum(m["points"] for r in d["runs"] for m in r["metrics"].values()))')
bytes=$(stat -c %s "$db")
awk -v b="$bytes" -v p="$points" 'BEGIN {
  printf "store %s: %.1f MB for %d points: %.2f bytes/point (target <= 10, level of detail included)\n",
         ARGV[1], b / 1048576, p, p ? b / p : 0 }' "$db"

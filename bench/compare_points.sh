#!/usr/bin/env bash
# compare_points.sh: what `compare --json` costs on two big runs, whole
# process (/usr/bin/time -v: wall, user + sys CPU, peak RSS), for
# --max-points N and --no-points, printed per round (never asserted).
# The store holds two generated runs of STEPS evenly stepped points
# (loss only): baseline 3 + 1/sqrt(s) + a slow sine, pilot 0.3 % above,
# 1.5 x at every 100003rd step (a breach), NaN at every 1000003rd pilot
# step, +inf at every 2000003rd baseline step; it is built once into
# STORE_DIR (kept, so two binaries can be timed on the same store).
# Rounds alternate the binaries given (e.g. an older build against this
# one) and print the output's size and SHA-256 so their outputs can be
# seen to be the same. The binaries must share the store's schema: one
# with a newer schema migrates the store at its first open (that round
# is slower), and an older one then refuses it (its rounds print the
# error).
# usage: bench/compare_points.sh STORE_DIR STEPS ROUNDS N DUALTRACK...
set -euo pipefail
[ $# -ge 5 ] || { sed -n 2,16p "$0" >&2; exit 2; }
dir=$1 steps=$2 rounds=$3 n=$4
shift 4
mkdir -p "$dir"
db=$dir/cmp$steps.db
if [ ! -s "$db" ]; then
  python3 - "$dir" "$steps" <<'PY'
import math, sys
d, n = sys.argv[1], int(sys.argv[2])
with open(d + '/b.csv', 'w') as b, open(d + '/p.csv', 'w') as p:
    b.write('step,loss\n'); p.write('step,loss\n')
    for s in range(1, n + 1):
        v = 3 + 1 / math.sqrt(s) + 0.1 * math.sin(s / 5000)
        w = v * (1.5 if s % 100003 == 0 else 1.003)
        b.write('%d,%s\n' % (s, 'inf' if s % 2000003 == 0 else '%.6f' % v))
        p.write('%d,%s\n' % (s, 'nan' if s % 1000003 == 0 else '%.6f' % w))
PY
  "$1" --db "$db" import --platform gpu --run base "$dir/b.csv" >/dev/null
  "$1" --db "$db" import --platform trn2 --run pilot "$dir/p.csv" >/dev/null
  rm -f "$dir/b.csv" "$dir/p.csv"
fi
echo "# $steps points a run, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$rounds"); do
  for bin in "$@"; do
    for what in "--max-points $n" "--no-points"; do
      # shellcheck disable=SC2086
      rc=0
      /usr/bin/time -v "$bin" --db "$db" compare base pilot --json $what \
        >"$dir/out.json" 2>"$dir/time.txt" || rc=$?
      if [ "$rc" -gt 1 ]; then   # 0 pass, 1 fail: a comparison was printed
        echo "round $r $bin $what: exit $rc: $(grep -m1 dualtrack: "$dir/time.txt")"
        continue
      fi
      awk -v r="$r" -v b="$bin" -v w="$what" \
          -v sz="$(stat -c %s "$dir/out.json")" \
          -v sum="$(sha256sum <"$dir/out.json" | cut -c1-12)" -F': ' '
        /Elapsed \(wall/ { n = split($2, t, ":"); wall = t[n] + (n > 1 ? 60 * t[n-1] : 0) }
        /User time/ { cpu += $2 } /System time/ { cpu += $2 }
        /Maximum resident/ { rss = $2 / 1024 }
        END { printf "round %d %s %-16s wall %.2f s  cpu %.2f s  peak %.0f MB  out %d bytes %s\n",
              r, b, w, wall, cpu, rss, sz, sum }' "$dir/time.txt"
    done
  done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

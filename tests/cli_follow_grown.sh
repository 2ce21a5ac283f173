#!/usr/bin/env bash
# cli_follow_grown.sh: import --follow's first read checks, as the plain
# import does (import_grown.h), whether the file is the run's stored log
# grown: a copy of the stored CSV with more lines appended stores only
# the new points after the stored file's (no second segment, nothing
# replayed); a later follow of it continues from its stored bytes and
# appends to the same series.
# usage: cli_follow_grown.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="follow-grown-test"
# rows FILE FROM TO: step,loss rows, loss = 3 - step/1000 (same text,
# so the same doubles, in both files)
rows() { python3 -c "
f = open('$1', 'a')
for s in range($2, $3 + 1): f.write('%d,%.3f\n' % (s, 3 - s / 1000))"; }
printf 'step,loss\n' >"$tmp/a.csv"; rows "$tmp/a.csv" 1 100
cp "$tmp/a.csv" "$tmp/b.csv"; rows "$tmp/b.csv" 101 120
dt import --platform gpu --run g "$tmp/a.csv" >/dev/null
dt import --platform gpu --run g --follow --interval 0.05 --idle-exit 0.3 "$tmp/b.csv" >"$tmp/f1.out" 2>&1
check "follow: exit 0" test $? -eq 0
# by hand: a.csv holds loss 1..100 (100 points); b.csv adds 101..120
check "follow's first read: same log grown, 100 held, 20 new" grep -qxF \
  "  b.csv: 100 points already held (same log grown; as stored from a.csv, bit for bit), 20 new (loss; all metrics 100 held, 20 new)" "$tmp/f1.out"
check "follow's first read: +20 points" grep -q "^update 1: +20 point(s)" "$tmp/f1.out"
check "follow: 2 files, one segment, nothing replayed" grep -qF \
  "run 'g' (gpu, csv) imported by follow-grown-test: 2 file(s), 1 segment(s), 0 replayed step(s)" "$tmp/f1.out"
check "follow: loss 120 points, steps 1..120" grep -qE "^  loss +120 points, steps 1\.\.120$" "$tmp/f1.out"
# stopped, the log grows, followed again: continues from b.csv's stored
# bytes, the new points appended to the same (a.csv's) series
rows "$tmp/b.csv" 121 130
dt import --platform gpu --run g --follow --interval 0.05 --idle-exit 0.3 "$tmp/b.csv" >"$tmp/f2.out" 2>&1
check "follow again: continues from the stored bytes" grep -q "b.csv: continues from byte $(( $(wc -c <"$tmp/a.csv") + 20 * 10 ))" "$tmp/f2.out"
check "follow again: +10 points" grep -q "^update 1: +10 point(s)" "$tmp/f2.out"
check "follow again: still 2 files, one segment" grep -qF \
  "run 'g' (gpu, csv) imported by follow-grown-test: 2 file(s), 1 segment(s), 0 replayed step(s)" "$tmp/f2.out"
check "follow again: loss 130 points, steps 1..130" grep -qE "^  loss +130 points, steps 1\.\.130$" "$tmp/f2.out"
dt series g --metric loss --csv >"$tmp/s.csv"
check "the series as logged, once, one segment" py "
rows = open('$tmp/s.csv').read().split()[1:]
got = [(int(r.split(',')[-3]), float(r.split(',')[-2]), r.split(',')[-1]) for r in rows]
assert got == [(s, float('%.3f' % (3 - s / 1000)), '1') for s in range(1, 131)], got[:3]
"
dt verify >/dev/null
check "the integrity chain holds" test $? -eq 0
finish

#!/usr/bin/env bash
# cli_restart_not_averaged.sh: a log whose steps go back (a restart that
# re-logged steps 3..5) is two segments, the later values replacing the
# earlier: no "averaged" warning for it (it said "3 loss step(s) logged
# more than once ... the values are averaged per step" while the series
# showed the replayed values); a step repeated in place (micro-batch
# rows, two writers) still warns, and those values are averaged.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=restart-test
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n4,1.7\n5,1.6\n3,1.85\n4,1.75\n5,1.65\n6,1.55\n' >"$tmp/r.csv"
printf 'step,loss\n1,2.0\n1,2.2\n2,1.9\n2,1.7\n3,1.8\n' >"$tmp/mb.csv"
"$bin" --db "$db" import --platform gpu --run r "$tmp/r.csv" >"$tmp/o1" 2>&1
check "restart: imported (exit 0)" test $? -eq 0
check "restart: 2 segments, 3 replayed steps" grep -q \
  "^run 'r' (gpu, csv) imported by restart-test: 1 file(s), 2 segment(s), 3 replayed step(s)$" "$tmp/o1"
check "restart: no averaged warning" test -z "$(grep -i 'averaged' "$tmp/o1")"
check "restart: runs counts no warning" test \
  "$("$bin" --db "$db" runs --json | python3 -c "import json,sys;d=json.load(sys.stdin);d=d['runs'] if isinstance(d,dict) else d;print(d[0].get('warnings', 0) if not isinstance(d[0].get('warnings'), list) else len(d[0]['warnings']))")" = 0
check "restart: the replayed values stand (steps 3..6: 1.85 1.75 1.65 1.55)" test \
  "$("$bin" --db "$db" series r --metric loss --csv | tail -n 4 | cut -d, -f2 | tr '\n' ' ')" = "1.85 1.75 1.65 1.55 "
"$bin" --db "$db" import --platform gpu --run mb "$tmp/mb.csv" >"$tmp/o2" 2>&1
check "repeated in place: warned, 2 steps, first step 1: 2 vs 2.2" grep -q \
  "mb.csv: 2 loss step(s) logged more than once with different values inside one launch (first step 1: 2 vs 2.2)" "$tmp/o2"
check "repeated in place: averaged (step 1: 2.1, step 2: 1.8)" test \
  "$("$bin" --db "$db" series mb --metric loss --csv | sed -n '2,3p' | awk -F, '{printf "%.6g ", $2}')" = "2.1 1.8 "
finish

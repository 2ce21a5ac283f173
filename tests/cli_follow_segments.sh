#!/usr/bin/env bash
# cli_follow_segments.sh: import --follow and runs (and resume-check,
# series) give one segment count for a followed log that is rewritten by
# a restart and whose steps go back (a step going back is a resume /
# replay segment, ACCEPTANCE.md "Resume and fault drills"): the follower's
# summary and runs both print the run row that dt_run_store_stats
# (model/service/run_load.c) writes, resume-check and series resolve the
# stored series with the same rule.
#
# t.csv as followed, by hand:
#   1. steps 1..5                        file 1: segment 1
#   2. rewritten (a restart): steps 3, 4 file 2: segment 2
#   3. appended: steps 5, 6              (segment 2 goes on)
#   4. appended: steps 2, 3, 4           step 6 -> 2 goes back: segment 3
# 3 segments, 2 restarts; latest wins: step 1 of segment 1, steps 2..4
# of segment 3 (4 points, last step 4); replayed (logged before a
# restart at a step logged again after it): segment 1's 2, 3, 4, 5 and
# segment 2's 3, 4 = 6.
. "$(dirname "$0")/lib_cli.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
export DUALTRACK_USER=follow-test
out=$tmp/follow.out
log=$tmp/t.csv
# wait_out TEXT: until the follower's output holds TEXT (10 s at most)
wait_out() {
  for i in $(seq 200); do grep -qF -- "$1" "$out" 2>/dev/null && return 0; sleep 0.05; done
  echo "timed out waiting for: $1"; cat "$out"; return 1
}
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n4,1.7\n5,1.6\n' >"$log"
"$bin" --db "$db" import --platform gpu --run r --follow --interval 0.05 "$log" >"$out" 2>&1 &
fpid=$!
wait_out "update 1:"
# the rewrite lands whole (a rename), each append in one write
printf 'step,loss\n3,1.85\n4,1.75\n' >"$tmp/t.new" && mv "$tmp/t.new" "$log"
wait_out "log rewritten at byte"
wait_out "update 2:"
printf '5,1.65\n6,1.55\n' >>"$log"
wait_out "update 3:"
printf '2,1.95\n3,1.84\n4,1.74\n' >>"$log"
wait_out "update 4:"
kill -INT "$fpid"; wait "$fpid"
check "follow exits 0 on Ctrl-C" test $? -eq 0
check "follow: the run's summary, 3 segments" grep -qxF \
  "run 'r' (gpu, csv) imported by follow-test: 2 file(s), 3 segment(s), 6 replayed step(s)" "$out"
"$bin" --db "$db" runs >"$tmp/runs.txt"
check "runs: segs 3, replayed 6 (as follow said)" py "
rows = [l.split() for l in open('$tmp/runs.txt')]
h = rows[0]; r = [x for x in rows if x[0] == 'r'][0]
assert h[-3:] == ['segs', 'replayed', 'warn'], h
assert r[-3:-1] == ['3', '6'], r"
"$bin" --db "$db" runs --json >"$tmp/runs.json"
check "runs --json: segments 3, loss 3 segments, 4 points up to step 4" py "
import json; r = json.load(open('$tmp/runs.json'))['runs'][0]
m = r['metrics']['loss']
assert (r['segments'], r['replayed_steps'], m['segments'], m['points'],
        m['last_step']) == (3, 6, 3, 4, 4), r"
"$bin" --db "$db" resume-check r >"$tmp/rc.txt"
check "resume-check: 3 segment(s), 2 restart(s)" grep -qx \
  "run r: 3 segment(s), 2 restart(s)" "$tmp/rc.txt"
"$bin" --db "$db" series r --csv >"$tmp/s.csv"
check "series: step 1 of segment 1, steps 2..4 of segment 3 (latest wins)" \
  test "$(tr '\n' ' ' <"$tmp/s.csv")" = \
  "step,value,segment 1,2,1 2,1.95,3 3,1.84,3 4,1.74,3 "
finish

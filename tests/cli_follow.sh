#!/usr/bin/env bash
# cli_follow.sh: import --follow on logs that change underfoot.
#  - a TensorBoard file written in three appends that cut records in
#    half ends with every record and no warning (framing by record);
#  - a run folder: a new event file becomes a new segment;
#  - a rewritten log is reported ("log rewritten at byte N") and becomes
#    a new segment, the points stored before stay;
#  - kill -9, then following again adds only the new lines, the stored
#    length and SHA-256 are those of the file (one file, one segment);
#    each update stores only its appended points, as the next part of
#    the file's series (dualtrack(5) SERIES LAYOUT), never the series
#    again; a rewrite after a restart is still reported;
#  - a log truncated while followed is a report, never a signal.
# Waits poll the follower's output (never a fixed sleep).
. "$(dirname "$0")/lib_cli.sh"
tfw=$(dirname "$0")/tfw.py
out=$tmp/follow.out
# wait_out TEXT: until the follower's output holds TEXT (10 s at most)
wait_out() {
  for i in $(seq 200); do grep -qF -- "$1" "$out" 2>/dev/null && return 0; sleep 0.05; done
  echo "timed out waiting for: $1"; cat "$out"; return 1
}
follow_bg() { : >"$out"; "$bin" --db "$db" import --platform gpu --follow --interval 0.05 "$@" >"$out" 2>&1 & fpid=$!; }
stop() { kill -INT "$fpid" 2>/dev/null; wait "$fpid"; }
runs_json() { "$bin" --db "$db" runs --json | python3 -c "
import json,sys; d=json.load(sys.stdin); d=d['runs'] if isinstance(d,dict) else d
r=[x for x in d if x['name']=='$1'][0]; m=r['metrics']
m=m['loss'] if isinstance(m,dict) else [x for x in m if x['metric']=='loss'][0]
print(r['files'], r['segments'], m['points'], m['last_step'], len(r['warnings']))"; }

# 1. TensorBoard in three appends, each cutting a record in half.
python3 "$tfw" "$tmp/full.tfevents" 1 30 >"$tmp/offs"
o1=$(($(sed -n 11p "$tmp/offs") + 7)); o2=$(($(sed -n 21p "$tmp/offs") + 20))
ev=$tmp/tb/events.out.tfevents.100.host
mkdir -p "$tmp/tb"
head -c $o1 "$tmp/full.tfevents" >"$ev"
follow_bg --run tb3 "$ev"
wait_out "update 1:"
tail -c +$((o1 + 1)) "$tmp/full.tfevents" | head -c $((o2 - o1)) >>"$ev"
wait_out "update 2:"
tail -c +$((o2 + 1)) "$tmp/full.tfevents" >>"$ev"
wait_out "update 3:"
stop
# files segments points last_step warnings: 30 records, steps 1..30
check "tfevents in three appends: every record, no warning" test "$(runs_json tb3)" = "1 1 30 30 0"
check "tfevents: updates of 10, 10, 10 records" sh -c 'grep -c "+10 point(s)" "$0" | grep -qx 3' "$out"
# update 1 ends where record 11 starts (tfw.py's 11th offset): the 7
# bytes of record 11 already written wait for the rest of it
check "tfevents: update 1 read whole records only (up to record 11)" \
  grep -q "update 1: +10 point(s), $(sed -n 11p "$tmp/offs") bytes read" "$out"
check "tfevents: each update stored only its 10 records (parts 10,10,10)" \
  test "$(sqlite3 "$db" "select group_concat(n) from (select s.n from raw_series s join run_file f on f.id=s.file_id join run r on r.id=f.run_id where r.name='tb3' and s.metric='loss' order by s.part)")" = "10,10,10"

# 2. A run folder: a second event file (a relaunch) is a new segment.
mkdir -p "$tmp/rundir"
python3 "$tfw" "$tmp/rundir/events.out.tfevents.1.a" 1 20 1.7e9 >/dev/null
follow_bg --run dir "$tmp/rundir"
wait_out "update 1:"
python3 "$tfw" "$tmp/rundir/events.out.tfevents.2.b" 15 40 1.8e9 >/dev/null
wait_out "new event file, a new segment"
wait_out "update 2:"
stop
# 2 files, 2 segments; loss steps 1..40 after resolution (40 points)
check "run folder: new event file = new segment" test "$(runs_json dir)" = "2 2 40 40 0"

# 3. Rewritten while followed: reported, the 100 points stay, new segment.
python3 -c "f=open('$tmp/rot.csv','w');f.write('step,loss\n');[f.write('%d,%.3f\n'%(s,2.9)) for s in range(1,101)]"
follow_bg --run rot "$tmp/rot.csv"
wait_out "update 1:"
python3 -c "f=open('$tmp/rot.csv','w');f.write('step,loss\n');[f.write('%d,%.3f\n'%(s,8.9)) for s in range(1,151)]"
wait_out "log rewritten at byte"
wait_out "update 2:"
stop
# byte 12 ("1,2.9" -> "1,8.9"), or where the file stood while the writer
# had truncated it and not yet written everything
check "rewritten: reported with the byte" grep -qE "rot.csv: log rewritten at byte [0-9]+;" "$out"
check "rewritten: two files, two segments, launch 2 wins" test "$(runs_json rot)" = "2 2 150 150 0"
check "rewritten: launch 1's 100 points still stored" \
  test "$(sqlite3 "$db" "select group_concat(n) from (select s.n from raw_series s join run_file f on f.id=s.file_id join run r on r.id=f.run_id where r.name='rot' and s.metric='loss' order by f.id)")" = "100,150"

# 4. kill -9, append, follow again: only the new lines come in.
python3 -c "f=open('$tmp/k.csv','w');f.write('step,loss\n');[f.write('%d,%.3f\n'%(s,3-s/1000)) for s in range(1,101)]"
follow_bg --run k "$tmp/k.csv"
wait_out "update 1:"
kill -9 "$fpid"; wait "$fpid" 2>/dev/null
python3 -c "f=open('$tmp/k.csv','a');[f.write('%d,%.3f\n'%(s,3-s/1000)) for s in range(101,151)]"
"$bin" --db "$db" import --platform gpu --run k --follow --interval 0.05 --idle-exit 0.2 "$tmp/k.csv" >"$out" 2>&1
check "after kill -9: continues from the stored bytes" grep -q "k.csv: continues from byte" "$out"
check "after kill -9: +50 points only" grep -q "update 1: +50 point(s)" "$out"
check "after kill -9: one file, one segment, 150 points" test "$(runs_json k)" = "1 1 150 150 0"
# parts of the loss series: the first read (100 points), the update
# after the restart (50); their sum is the series
check "after kill -9: the update stored the 50 new points only (a part)" \
  test "$(sqlite3 "$db" "select group_concat(n) from (select s.n from raw_series s join run_file f on f.id=s.file_id join run r on r.id=f.run_id where r.name='k' and s.metric='loss' order by s.part)")" = "100,50"
check "stored length and SHA-256 are the file's" \
  test "$(sqlite3 "$db" "select f.bytes||' '||f.sha256 from run_file f join run r on r.id=f.run_id where r.name='k'")" = "$(wc -c <"$tmp/k.csv") $(sha256sum "$tmp/k.csv" | cut -d' ' -f1)"

# ... and a plain import of the grown log continues the same way
python3 -c "f=open('$tmp/k.csv','a');[f.write('%d,%.3f\n'%(s,3-s/1000)) for s in range(151,161)]"
"$bin" --db "$db" import --platform gpu --run k "$tmp/k.csv" >"$out" 2>&1
check "import after a stopped follow: +10 points, still one file" \
  sh -c 'grep -q "update 1: +10 point(s)" "$0" && test "$1" = "1 1 160 160 0"' "$out" "$(runs_json k)"
check "... stored as a third part of 10 points" \
  test "$(sqlite3 "$db" "select group_concat(n) from (select s.n from raw_series s join run_file f on f.id=s.file_id join run r on r.id=f.run_id where r.name='k' and s.metric='loss' order by s.part)")" = "100,50,10"
# the curve reads back whole from its parts: steps 1..160, the value at
# step 160 is 3 - 160/1000 = 2.84 (the generator above)
check "the parts read back as one curve (160 points, step 160 = 2.84)" \
  test "$("$bin" --db "$db" series k --metric loss --csv | tail -1 | cut -d, -f1,2)" = "160,2.84"

# A rewrite after a restart is still seen: the log is rewritten (same
# size, other values), then followed again: its stored prefix no longer
# matches (SHA-256), so it is not continued: a new file and segment.
python3 -c "f=open('$tmp/k.csv','w');f.write('step,loss\n');[f.write('%d,%.3f\n'%(s,4-s/1000)) for s in range(1,161)]"
"$bin" --db "$db" import --platform gpu --run k --follow --interval 0.05 --idle-exit 0.2 "$tmp/k.csv" >"$out" 2>&1
check "rewritten before a restart: not continued, a new segment" \
  sh -c '! grep -q "continues from byte" "$0" && grep -q "update 1: +160 point(s)" "$0" && test "$1" = "2 2 160 160 0"' "$out" "$(runs_json k)"

"$bin" --db "$db" verify >"$out" 2>&1
check "the grown files keep the integrity chain intact (verify exit 0)" test $? -eq 0
check "... each update chained as a new record of its file" test \
  "$(sqlite3 "$db" "select count(*) from chain_record c join run_file f on c.kind='run_file' and c.ref=f.id join run r on r.id=f.run_id where r.name='k'")" -ge 3

# 5. Truncated while followed: a report, the follower lives on.
follow_bg --run tr "$tmp/k.csv"
wait_out "update 1:"
: >"$tmp/k.csv"
wait_out "log rewritten at byte 0"
check "truncated: the follower is still running" kill -0 "$fpid"
stop; rc=$?
check "truncated: Ctrl-C ends it with exit 0 (no signal)" test $rc -eq 0

# 6. A restart written while followed: tests/fixtures/resume/
# megatron_resume.log's first launch (lines 1..9) is read by update 1;
# the relaunch (lines 10..15: a new arguments banner at line 10, the
# checkpoint of iteration 40 loaded at lines 12 and 13) is appended and
# read by update 2, whose launch evidence is stored as a one-shot import
# of the whole log stores it.
fx=${DT_FIXTURES:-$(dirname "$0")/fixtures}/resume/megatron_resume.log
head -n 9 "$fx" >"$tmp/mr.log"
follow_bg --run mr "$tmp/mr.log"
wait_out "update 1:"
tail -n +10 "$fx" >>"$tmp/mr.log"
wait_out "update 2:"
stop
"$bin" --db "$db" import --platform gpu --run mr_whole "$fx" >/dev/null 2>&1
ev() { sqlite3 "$db" "select group_concat(e.seq||':'||e.launch||':'||e.kind||':'||e.line||':'||coalesce(e.ckpt_step,'-'), ' ') from launch_evidence e join run_file f on f.id=e.file_id join run r on r.id=f.run_id where r.name='$1' order by e.seq"; }
# seq:launch:kind:line:checkpoint, by hand from the fixture: launch 0's
# banner (line 1) came with update 1; launch 1's banner (line 10) and
# the checkpoint-40 loading and loaded lines (12, 13) with update 2
check "followed restart: the evidence update 2 found is stored" \
  test "$(ev mr)" = "0:0:banner:1:- 1:1:banner:10:- 2:1:marker:12:40 3:1:marker:13:40"
check "... as a whole import stores it" test "$(ev mr)" = "$(ev mr_whole)"
check "followed restart: resume-check shows the same evidence" \
  test "$("$bin" --db "$db" resume-check mr | grep evidence)" = "$("$bin" --db "$db" resume-check mr_whole | grep evidence)"

# 7. trainer_state.json is written whole again (truncated, then written)
# at each save by the HF Trainer: a new version that keeps every entry
# read before is the same log grown (no rewrite, no new segment); one
# whose history differs (a resume from an earlier checkpoint) is a
# rewrite. state STEP:LOSS...: the file with those log_history entries.
state() { python3 - "$tmp/trainer_state.json" "$@" <<'PY'
import json, sys
h = [{"loss": float(e.split(":")[1]), "step": int(e.split(":")[0])}
     for e in sys.argv[2:]]
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"global_step": h[-1]["step"], "log_history": h},
                       indent=2) + "\n")
PY
}
state 10:2.9 20:2.8 30:2.7
follow_bg --run hf "$tmp/trainer_state.json"
wait_out "update 1:"
state 10:2.9 20:2.8 30:2.7 40:2.6 50:2.5
wait_out "update 2:"
# steps 10..50, one file, one segment: update 2 added steps 40 and 50
check "trainer_state.json saved again: +2 points, not a rewrite" \
  sh -c 'grep -q "update 2: +2 point(s)" "$0" && ! grep -q rewritten "$0"' "$out"
check "... one file, one segment, 5 points up to step 50" test "$(runs_json hf)" = "1 1 5 50 0"
check "... the first 3 points are part 0, the 2 new ones part 1" \
  test "$(sqlite3 "$db" "select group_concat(n) from (select s.n from raw_series s join run_file f on f.id=s.file_id join run r on r.id=f.run_id where r.name='hf' and s.metric='loss' order by s.part)")" = "3,2"
# resumed from step 20's checkpoint: steps 30, 40 logged again with
# other losses: a rewrite, a new segment that supersedes steps >= 30 of
# the first: steps 10, 20 (first file) + 30, 40 (second) = 4 points
state 10:2.9 20:2.8 30:2.75 40:2.65
wait_out "log rewritten at byte"
wait_out "update 3:"
stop
check "trainer_state.json with another history: a rewrite, a new segment" \
  test "$(runs_json hf)" = "2 2 4 40 0"
finish

#!/usr/bin/env bash
# cli_import_grown.sh: a trainer_state.json of a checkpoint, then the
# final trainer_state.json of the same training (which begins with the
# checkpoint's entries, bit for bit) is the same log grown: only the new
# tail is stored, no restart, no replay. A log whose held steps carry
# other values (a genuine restart from the beginning) is still a new
# segment with its replayed steps.
# usage: cli_import_grown.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="grown-test"

. "$(dirname "$0")/lib_trainer_state.sh"
# checkpoint-40: steps 10..40; the final state: the same four entries
# (same text, so the same doubles) and 50, 60; a restart: the same steps
# but 1.8000001 at step 30 (another value at a held step)
state 40 "10:2.0 20:1.9 30:1.8 40:1.7" >"$tmp/ckpt_trainer_state.json"
state 60 "10:2.0 20:1.9 30:1.8 40:1.7 50:1.6 60:1.5" >"$tmp/final_trainer_state.json"
state 60 "10:2.0 20:1.9 30:1.8000001 40:1.7 50:1.6 60:1.5" >"$tmp/restart_trainer_state.json"
state 80 "10:2.0 20:1.9 30:1.8 40:1.7 50:1.6 60:1.5 70:1.45 80:1.4" >"$tmp/later_trainer_state.json"

dt import --platform gpu --run m2 "$tmp/ckpt_trainer_state.json" >/dev/null
dt import --platform gpu --run m2 "$tmp/final_trainer_state.json" >"$tmp/i2.out" 2>&1
check "grown: import succeeds" test $? -eq 0
# by hand: loss 4 held (10..40), 2 new (50, 60); epoch, lr and loss:
# 12 held, 6 new
check "grown: the report says so" grep -qF \
	"  final_trainer_state.json: 4 points already held (same log grown; as stored from ckpt_trainer_state.json, bit for bit), 2 new (loss; all metrics 12 held, 6 new)" "$tmp/i2.out"
check "grown: one segment, nothing replayed" grep -qF \
	"run 'm2' (gpu, hf-trainer-state) imported by grown-test: 2 file(s), 1 segment(s), 0 replayed step(s)" "$tmp/i2.out"
check "grown: loss 6 points, steps 10..60" grep -qE \
	"^  loss +6 points, steps 10\.\.60$" "$tmp/i2.out"
dt resume-check m2 >"$tmp/rc.out"
check "grown: resume-check exit 0" test $? -eq 0
check "grown: no restarts" grep -q "1 segment(s), 0 restart(s)" "$tmp/rc.out"
dt series m2 --metric loss --csv >"$tmp/s.csv"
check "grown: the series as logged, once" py "
rows = open('$tmp/s.csv').read().split()[1:]
got = [(int(r.split(',')[-3]), float(r.split(',')[-2]), r.split(',')[-1]) for r in rows]
assert got == [(10, 2.0, '1'), (20, 1.9, '1'), (30, 1.8, '1'), (40, 1.7, '1'), (50, 1.6, '1'), (60, 1.5, '1')], got
"
dt import --platform gpu --run m2 "$tmp/final_trainer_state.json" >/dev/null 2>"$tmp/again.err"
check "grown: the same file again is refused" grep -q "already holds this file" "$tmp/again.err"
# grown again: the 6 stored loss points, then 70 and 80
dt import --platform gpu --run m2 "$tmp/later_trainer_state.json" >"$tmp/i3.out" 2>&1
check "grown twice: 6 held, 2 new" grep -qF \
	"  later_trainer_state.json: 6 points already held (same log grown; as stored from ckpt_trainer_state.json, bit for bit), 2 new" "$tmp/i3.out"
check "grown twice: still one segment" grep -qF "3 file(s), 1 segment(s), 0 replayed step(s)" "$tmp/i3.out"
dt verify >"$tmp/v.out"
check "grown: the integrity chain holds" test $? -eq 0

# both files in one import: the second grows the first
dt import --platform gpu --run m3 "$tmp/ckpt_trainer_state.json" "$tmp/final_trainer_state.json" >"$tmp/i4.out" 2>&1
check "one import of both: grown, one segment" grep -qF \
	"run 'm3' (gpu, hf-trainer-state) imported by grown-test: 2 file(s), 1 segment(s), 0 replayed step(s)" "$tmp/i4.out"

# a genuine restart: step 30 differs, so the log is not the one held: a
# new file, a new segment from step 10; replayed (README "Restarts"):
# L - s + I = 40 - 10 + 10 = 40 steps
dt import --platform gpu --run r2 "$tmp/ckpt_trainer_state.json" >/dev/null
dt import --platform gpu --run r2 "$tmp/restart_trainer_state.json" >"$tmp/i5.out" 2>&1
check "restart: not grown" py "assert 'same log grown' not in open('$tmp/i5.out').read()"
check "restart: two segments, 40 replayed steps" grep -qF \
	"run 'r2' (gpu, hf-trainer-state) imported by grown-test: 2 file(s), 2 segment(s), 40 replayed step(s)" "$tmp/i5.out"
dt resume-check r2 >/dev/null
check "restart: resume-check fails (restarted from the beginning)" test $? -eq 1
finish

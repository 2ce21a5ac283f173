#!/usr/bin/env bash
# cli_integrity.sh: the integrity chain through the command line (issue 8
# items 4 and 5). On copies of the demo store, with the append-only
# triggers dropped by sqlite3, alter in turn a decision, a checklist
# entry, a drill and a task-card value: verify exits 1 naming the record,
# pilot show (text and JSON) says ALTERED, decide exits 2 and appends
# nothing, and with --acknowledge-break it appends the break record and
# the decision. Then a stored loss value and a file digest: verify names
# them. Then `go` attempts against a concurrent checklist writer: no
# unforced go over a failed item.
# The demo (cli/demo_pilot.c) holds checklist entry 1 = step1, drill 1 =
# node-loss, task-card value 19 = rtol, run file 2 = the pilot's log and
# series 5 = file 2's loss (their ids, read from a fresh demo store).
# usage: cli_integrity.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER="auditor"
P=llama3-8b-lora-trn2
sqlq() { sqlite3 "$1" "$2"; }
base="$tmp/base.db"
"$bin" --db "$base" demo --no-tui >/dev/null 2>&1
sqlite3 "$base" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null

"$bin" --db "$base" verify >"$tmp/v0.out"
check "demo store verifies intact" test $? -eq 0
check "the demo's ids are as the comment says" test "$(sqlite3 "$base" "
  SELECT (SELECT item FROM check_entry WHERE id = 1) || ' ' ||
         (SELECT kind FROM drill WHERE id = 1) || ' ' ||
         (SELECT field FROM taskcard_value WHERE id = 19) || ' ' ||
         (SELECT metric FROM raw_series WHERE file_id = 2 AND metric = 'loss')")" \
  = "step1 node-loss rtol loss"

# tamper NAME TRIGGER SQL LABEL: one scenario on a copy of the demo store
tamper() {
  local name=$1 trig=$2 sql=$3 label=$4 db="$tmp/$1.db"
  cp "$base" "$db"
  sqlite3 "$db" "DROP TRIGGER $trig; $sql"
  "$bin" --db "$db" verify >"$tmp/$name.v" 2>"$tmp/$name.v.err"
  check "$name: verify exits 1" test $? -eq 1
  check "$name: verify names $label" \
    grep -q "^integrity ALTERED: first altered record: $label" "$tmp/$name.v"
  "$bin" --db "$db" pilot show $P >"$tmp/$name.show" 2>"$tmp/$name.show.err"
  check "$name: pilot show says ALTERED" \
    grep -q "^ALTERED: records were changed outside dualtrack; $label" "$tmp/$name.show"
  check "$name: a reading command names the missing trigger" \
    grep -q "append-only trigger was missing (store opened read-only: not restored) ($trig)" \
    "$tmp/$name.v.err"
  check "$name: ... and restores nothing" test "$(sqlite3 "$db" \
    "SELECT count(*) FROM sqlite_master WHERE name = '$trig'")" = 0
  check "$name: reading commands say ALTERED on stderr" \
    grep -q "ALTERED: .*first altered record: $label" "$tmp/$name.show.err"
  "$bin" --db "$db" pilot show $P --json >"$tmp/$name.json" 2>/dev/null
  check "$name: pilot show --json integrity" py "
import json
g = json.load(open('$tmp/$name.json'))['integrity']
assert g['intact'] is False and g['first_bad_id'] > 0, g
assert g['reason'].startswith('$label'), g
assert len(g['head_hash']) == 64, g
"
  tamper_decide "$name" "$db" sqlq "$label" "$trig"
}

tamper decision decision_no_update \
  "UPDATE decision SET rationale = 'all checks passed' WHERE id = 1" \
  "decision 1 (continue)"
tamper checklist check_entry_no_update \
  "UPDATE check_entry SET status = 'fail', set_by = 'bob' WHERE id = 1" \
  "checklist entry 1 (step1)"
tamper drill drill_no_update \
  "UPDATE drill SET resumed_time = '2026-11-02T10:45:00Z' WHERE id = 1" \
  "drill 1 (node-loss)"
tamper taskcard taskcard_value_no_update \
  "UPDATE taskcard_value SET value = '0.5' WHERE id = 19" \
  "task card value 19 (rtol)"

# A deleted newest record: its id is not given again.
cp "$base" "$tmp/del.db"
sqlite3 "$tmp/del.db" "DROP TRIGGER chain_record_no_delete;
  DELETE FROM chain_record WHERE id = (SELECT max(id) FROM chain_record)"
"$bin" --db "$tmp/del.db" verify >"$tmp/del.v" 2>/dev/null
check "deleted newest chain record: verify exits 1" test $? -eq 1
check "deleted newest chain record: named" grep -q \
  "first altered record: chain record [0-9]*\.\.[0-9]* removed" "$tmp/del.v"

# Imported runs: a stored loss value and a file digest.
cp "$base" "$tmp/loss.db"
sqlite3 "$tmp/loss.db" "DROP TRIGGER raw_series_no_update;
  UPDATE raw_series SET vals = zeroblob(length(vals))
  WHERE file_id = 2 AND metric = 'loss'"
"$bin" --db "$tmp/loss.db" verify >"$tmp/loss.v" 2>/dev/null
check "loss values: verify exits 1" test $? -eq 1
check "loss values: verify names the series" grep -q \
  "first altered record: stored series 2/loss (loss)" "$tmp/loss.v"
cp "$base" "$tmp/sha.db"
sqlite3 "$tmp/sha.db" "DROP TRIGGER run_file_no_update;
  UPDATE run_file SET sha256 = '$(printf '%064d' 0)' WHERE id = 2"
"$bin" --db "$tmp/sha.db" verify >"$tmp/sha.v" 2>/dev/null
check "file digest: verify exits 1" test $? -eq 1
check "file digest: verify names the file" grep -q \
  "first altered record: run file 2 (" "$tmp/sha.v"

# Atomic decisions: `go` (without --force) while another process flips
# step7 between fail and pass. Everything else passes first, so a go is
# refused exactly when step7 is failed at the moment of the decision; a
# recorded go must never carry "forced past".
cp "$base" "$tmp/race.db"
r() { "$bin" --db "$tmp/race.db" "$@"; }
for it in step4 step7 trial4; do r check $P $it pass >/dev/null; done
r pilot show $P --json >"$tmp/race.json"
check "race: only step7 can block a go" py "
import json
p = json.load(open('$tmp/race.json'))
open_items = [c['id'] for c in p['checklist'] if c['status'] in ('fail', 'pending')]
assert open_items == [], open_items
"
( for i in $(seq 1 25); do
    r check $P step7 fail >/dev/null 2>&1
    r check $P step7 pass >/dev/null 2>&1
  done ) &
flipper=$!
recorded=0; refused=0; other=0
for i in $(seq 1 25); do
  r decide $P go --rationale "race $i" --decider "A:researcher" \
    >/dev/null 2>&1
  case $? in 0) recorded=$((recorded+1));; 1) refused=$((refused+1));;
    *) other=$((other+1));; esac
done
wait "$flipper"
check "race: every go was recorded or refused ($recorded + $refused)" \
  test "$other" -eq 0
check "race: no recorded go says forced past" test \
  "$(sqlite3 "$tmp/race.db" "SELECT count(*) FROM decision
     WHERE kind = 'go' AND forced_past != ''")" -eq 0
check "race: recorded gos are the decisions stored" test \
  "$(sqlite3 "$tmp/race.db" "SELECT count(*) FROM decision WHERE kind = 'go'")" \
  -eq "$recorded"
r verify >/dev/null 2>&1
check "race: the store verifies intact" test $? -eq 0

finish

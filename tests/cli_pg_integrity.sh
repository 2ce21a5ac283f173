#!/usr/bin/env bash
# cli_pg_integrity.sh: the tamper scenarios of cli_integrity.sh on a
# PostgreSQL store. The demo store (SQLite) is copied into a fresh
# database per scenario (`store copy`: the same history on both
# backends); then the database owner disables the append-only trigger and
# alters a decision rationale, a checklist entry, a drill or a task-card
# value, and the same UPDATE is made on a SQLite copy. verify exits 1 on
# both and prints the same text (naming the same first altered record);
# a reading command names the disabled trigger and leaves it; decide
# exits 2 and appends nothing, and enables the trigger again (the owner);
# with --acknowledge-break a break record and the decision are appended,
# verify still says ALTERED (acknowledged) and later writes go on. Then a
# stored loss value: verify names the series on both. Needs a server
# (pg_virtualenv sets PG*); skipped (77) without one.
# The demo's ids (cli_integrity.sh): checklist entry 1 = step1, drill 1 =
# node-loss, task-card value 19 = rtol, series 2/loss = the pilot log's
# loss.
# usage: cli_pg_integrity.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  command -v sqlite3 >/dev/null && psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
export DUALTRACK_USER="auditor"
P=llama3-8b-lora-trn2
base="$tmp/base.db"
"$bin" --db "$base" demo --no-tui >/dev/null 2>&1
sqlite3 "$base" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
dbs=""
trap 'for d in $dbs; do dropdb --if-exists "$d" >/dev/null 2>&1; done; rm -rf "$tmp"' EXIT

# newdb NAME: a database holding a copy of the demo store; sets pg.
newdb() {
  local d="dtt_integ_$1_$$"
  createdb "$d" && dbs="$dbs $d"
  pg="dbname=$d"
  "$bin" store copy "$base" "$pg" >"$tmp/$1.copy" 2>&1 ||
    { echo "copy failed:"; cat "$tmp/$1.copy"; }
}
pgq() { psql -X -v ON_ERROR_STOP=1 -Atq -d "${1#dbname=}" -c "$2"; }
q() { pgq "$pg" "$1"; }

newdb intact
"$bin" --db "$pg" verify >"$tmp/v0" 2>&1
check "the copied demo verifies intact" test $? -eq 0
if grep -q "not built in" "$tmp/v0"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi

# tamper NAME TABLE SQL LABEL: one scenario, on PostgreSQL and on SQLite
tamper() {
  local name=$1 table=$2 sql=$3 label=$4 trig="$2_append_only"
  newdb "$name"
  cp "$base" "$tmp/$name.db"
  sqlite3 "$tmp/$name.db" "DROP TRIGGER ${table}_no_update; $sql"
  q "ALTER TABLE $table DISABLE TRIGGER $trig; $sql"
  "$bin" --db "$pg" verify >"$tmp/$name.v" 2>"$tmp/$name.v.err"
  check "$name: verify exits 1" test $? -eq 1
  check "$name: verify names $label" \
    grep -q "^integrity ALTERED: first altered record: $label" "$tmp/$name.v"
  "$bin" --db "$tmp/$name.db" verify >"$tmp/$name.sv" 2>/dev/null
  # the chain's words are the same; each backend names its own trigger
  check "$name: verify says the same on SQLite" diff \
    <(grep -v '^append-only trigger' "$tmp/$name.sv") \
    <(grep -v '^append-only trigger' "$tmp/$name.v")
  check "$name: SQLite names its dropped trigger" grep -qx \
    "append-only trigger MISSING: ${table}_no_update (someone removed the protection; dualtrack store init restores it)" "$tmp/$name.sv"
  check "$name: PostgreSQL names its disabled trigger" grep -qx \
    "append-only trigger MISSING: $trig (someone removed the protection; dualtrack store init restores it)" "$tmp/$name.v"
  check "$name: a reading command names the disabled trigger" \
    grep -q "append-only trigger was missing (store opened read-only: not restored) ($trig)" \
    "$tmp/$name.v.err"
  check "$name: ... and leaves it disabled" test "$(q "SELECT tgenabled
    FROM pg_trigger WHERE tgname = '$trig'")" = D
  "$bin" --db "$pg" pilot show $P --json >"$tmp/$name.json" 2>/dev/null
  check "$name: pilot show --json integrity" py "
import json
g = json.load(open('$tmp/$name.json'))['integrity']
assert g['intact'] is False and g['first_bad_id'] > 0, g
assert g['reason'].startswith('$label'), g
"
  tamper_decide "$name" "$pg" pgq "$label" "$trig"
  check "$name: ... the trigger is enabled again" test "$(q "SELECT tgenabled
    FROM pg_trigger WHERE tgname = '$trig'")" = O
}

tamper decision decision \
  "UPDATE decision SET rationale = 'all checks passed' WHERE id = 1" \
  "decision 1 (continue)"
tamper checklist check_entry \
  "UPDATE check_entry SET status = 'fail', set_by = 'bob' WHERE id = 1" \
  "checklist entry 1 (step1)"
tamper drill drill \
  "UPDATE drill SET resumed_time = '2026-11-02T10:45:00Z' WHERE id = 1" \
  "drill 1 (node-loss)"
tamper taskcard taskcard_value \
  "UPDATE taskcard_value SET value = '0.5' WHERE id = 19" \
  "task card value 19 (rtol)"

# A stored loss value (series carry no update trigger on PostgreSQL).
newdb loss
q "UPDATE raw_series SET vals = decode(repeat('00', length(vals)), 'hex')
   WHERE file_id = 2 AND metric = 'loss'"
cp "$base" "$tmp/loss.db"
sqlite3 "$tmp/loss.db" "DROP TRIGGER raw_series_no_update;
  UPDATE raw_series SET vals = zeroblob(length(vals))
  WHERE file_id = 2 AND metric = 'loss'"
"$bin" --db "$pg" verify >"$tmp/loss.v" 2>/dev/null
check "loss values: verify exits 1" test $? -eq 1
check "loss values: verify names the series" grep -q \
  "first altered record: stored series 2/loss (loss)" "$tmp/loss.v"
"$bin" --db "$tmp/loss.db" verify >"$tmp/loss.sv" 2>/dev/null
check "loss values: verify says the same on SQLite" diff \
  <(grep -v '^append-only trigger' "$tmp/loss.sv") "$tmp/loss.v"
check "loss values: SQLite names its dropped trigger, PostgreSQL has none" \
  test "$(grep -c '^append-only trigger MISSING: raw_series_no_update ' "$tmp/loss.sv")" = 1 \
  -a "$(grep -c '^append-only trigger' "$tmp/loss.v")" = 0

# A deleted newest record: its id is not given again.
newdb del
q "ALTER TABLE chain_record DISABLE TRIGGER chain_record_append_only;
   DELETE FROM chain_record WHERE id = (SELECT max(id) FROM chain_record)"
"$bin" --db "$pg" verify >"$tmp/del.v" 2>/dev/null
check "deleted newest chain record: verify exits 1" test $? -eq 1
check "deleted newest chain record: named" grep -q \
  "first altered record: chain record [0-9]*\.\.[0-9]* removed" "$tmp/del.v"
finish

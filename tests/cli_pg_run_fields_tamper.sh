#!/usr/bin/env bash
# cli_pg_run_fields_tamper.sh: cli_run_fields_tamper.sh on a PostgreSQL
# store (schema version 11: a run's format, segments, replayed_steps,
# step_source and created_at are in its chain record). The database
# owner's plain UPDATE of each (the pilot run's restart hidden) makes
# verify exit 1 naming the run, and runs and pilot show print the store
# ALTERED. A store of schema version 10 (those fields taken out of the
# run records by the owner, the chain hashed again, as no older
# dualtrack is at hand) is sealed by the next command: intact, then the
# same edit is found. Needs a server (pg_virtualenv sets PG*); skipped
# (77) without one.
# usage: cli_pg_run_fields_tamper.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER=auditor
d="dtt_runfields_$$"
createdb "$d"
trap 'dropdb --if-exists "$d" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
pg="dbname=$d"
q() { psql -X -v ON_ERROR_STOP=1 -Atq -d "$d" -c "$1"; }
pilot=llama3-8b-lora-trn2
run2="run 2 (llama3-8b-lora-trn2-pilot)"

XDG_DATA_HOME="$tmp/share" "$bin" demo --db "$pg" --no-tui >"$tmp/out" 2>&1
rc=$?
if grep -q "not built in" "$tmp/out"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
check "demo store (exit 0)" test $rc -eq 0
check "schema version 11 (the newest)" test "$(q "SELECT version FROM dt_schema_version")" = 11
check "the pilot run as imported: textlog, 2 segments, 200 replayed steps" test \
  "$(q "SELECT format, segments, replayed_steps FROM run WHERE id = 2")" = "textlog|2|200"
"$bin" --db "$pg" verify >/dev/null 2>&1
check "verify: intact (exit 0)" test $? -eq 0

# altered NAME SET PUTBACK: the owner's UPDATE run SET ... is found by
# verify, runs and pilot show; put back, the store is intact again
altered() {
  local name=$1
  q "UPDATE run SET $2 WHERE id = 2"
  run_altered_views "$name" "$pg" "$pilot" "$run2"
  q "UPDATE run SET $3 WHERE id = 2"
  "$bin" --db "$pg" verify >/dev/null 2>&1
  check "$name: put back, verify exits 0" test $? -eq 0
}
ca=$(q "SELECT created_at FROM run WHERE id = 2")
altered segments "segments = 1" "segments = 2"
altered replayed "replayed_steps = 0" "replayed_steps = 200"
altered format "format = 'csv'" "format = 'textlog'"
src=$(q "SELECT step_source FROM run WHERE id = 2")
altered step_source "step_source = 'row index'" "step_source = '$src'"
altered created_at "created_at = '2020-01-01T00:00:00Z'" "created_at = '$ca'"

# Schema version 10: the run records without those fields (the chain
# rewritten by the owner with lib_tamper.sh's store_before_run_seal
# rules, on a scratch SQLite copy of the chain, hashed again).
q "COPY (SELECT id, kind, ref, recorded_at, canon, prev_hash, hash FROM chain_record ORDER BY id) TO STDOUT WITH (FORMAT csv)" >"$tmp/chain.csv"
sqlite3 "$tmp/chain.db" "CREATE TABLE chain_record(id INTEGER PRIMARY KEY
  AUTOINCREMENT, kind, ref, recorded_at, canon, prev_hash, hash);
  CREATE TRIGGER chain_record_no_delete BEFORE DELETE ON chain_record
  BEGIN SELECT 1; END;"
python3 -c "
import csv, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executemany('INSERT INTO chain_record VALUES(?,?,?,?,?,?,?)',
               csv.reader(open(sys.argv[2], newline='')))
db.commit()" "$tmp/chain.db" "$tmp/chain.csv"
STRIP="run format segments replayed_steps step_source created_at" \
  chain_drop_kind "$tmp/chain.db"
python3 -c "
import csv, sqlite3, sys
w = csv.writer(open(sys.argv[2], 'w', newline=''), lineterminator='\\n')
w.writerows(sqlite3.connect(sys.argv[1]).execute(
    'SELECT id, kind, ref, recorded_at, canon, prev_hash, hash'
    ' FROM chain_record ORDER BY id'))" "$tmp/chain.db" "$tmp/old.csv"
team=$(q "SELECT DISTINCT team FROM chain_record")
{ echo "ALTER TABLE chain_record DISABLE TRIGGER USER;"
  echo "DELETE FROM chain_record;"
  echo "COPY chain_record(id, kind, ref, recorded_at, canon, prev_hash, hash) FROM STDIN WITH (FORMAT csv);"
  cat "$tmp/old.csv"; echo '\.'
  echo "UPDATE chain_record SET team = '$team';"
  echo "UPDATE chain_counter SET seq = (SELECT max(id) FROM chain_record) WHERE team = '$team';"
  echo "ALTER TABLE chain_record ENABLE TRIGGER USER;"
  echo "UPDATE dt_schema_version SET version = 10;"; } |
  psql -X -v ON_ERROR_STOP=1 -Atq -d "$d" >/dev/null
check "made version 10: no run record names segments" test \
  "$(q "SELECT version FROM dt_schema_version") $(q "SELECT count(*) FROM chain_record WHERE kind = 'run' AND canon LIKE '%segments%'")" = "10 0"
n0=$(q "SELECT count(*) FROM chain_record")
"$bin" --db "$pg" verify >"$tmp/m.v" 2>&1
check "a reading command migrates: verify intact (exit 0)" test $? -eq 0
check "schema version 11 again; one new record per run" test \
  "$(q "SELECT version FROM dt_schema_version") $(q "SELECT string_agg(kind || ':' || ref, ' ' ORDER BY id) FROM chain_record WHERE id > $n0")" = \
  "11 run:1 run:2"
q "UPDATE run SET segments = 1 WHERE id = 2"
"$bin" --db "$pg" verify >"$tmp/m2.v" 2>/dev/null
check "migrated, then segments edited: verify exits 1 naming the run" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/m2.v")" = \
  "1:integrity ALTERED: first altered record: $run2: the stored row differs from chain record $((n0 + 2)) (altered)"
finish

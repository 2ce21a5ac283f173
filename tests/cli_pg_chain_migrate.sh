#!/usr/bin/env bash
# cli_pg_chain_migrate.sh: a PostgreSQL store made before the store kept
# the integrity chain of every record (schema version 3: chain_record
# without a team, no chain_counter, no records of its own rows) is
# migrated by the next command, reading or writing: every existing row is chained
# (schema version 4, model/store/postgresql/schema.c), verify says
# intact, and the chain holds one record per chained row. The old schema
# is made from a current store by the database owner (the chain of
# version 4 taken away), as no older dualtrack is at hand. Needs a server
# (pg_virtualenv sets PG*); skipped (77) without one.
# usage: cli_pg_chain_migrate.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
export DUALTRACK_USER=tester
d="dtt_chainmig_$$"
createdb "$d"
trap 'dropdb --if-exists "$d" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
pg="dbname=$d"
q() { psql -X -v ON_ERROR_STOP=1 -Atq -d "$d" -c "$1"; }

"$bin" --db "$db" demo --no-tui >/dev/null 2>&1
"$bin" store copy "$db" "$pg" >"$tmp/copy" 2>&1
if grep -q "not built in" "$tmp/copy"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
# chained rows: one (kind, ref) each (a row that changed has several
# records in the copied chain; the first chaining writes one)
n=$(q "SELECT count(DISTINCT (kind, ref)) FROM chain_record WHERE kind <> 'break'")
check "the copy holds the demo's chain" test "$n" -gt 50

# Back to version 3: no chain records, no team column, no counter.
q "SET client_min_messages = warning; DROP TABLE chain_counter;
   ALTER TABLE chain_record DISABLE TRIGGER chain_record_append_only;
   DELETE FROM chain_record;
   ALTER TABLE chain_record ENABLE TRIGGER chain_record_append_only;
   ALTER TABLE chain_record DROP COLUMN team CASCADE;
   ALTER TABLE chain_record ADD PRIMARY KEY (id);
   CREATE INDEX chain_record_ref ON chain_record(kind, ref, id);
   UPDATE dt_schema_version SET version = 3;"
check "made version 3" test "$(q "SELECT version FROM dt_schema_version")" = 3

# A reading command migrates too (it needs the newest columns): every
# chained row gets its record.
"$bin" --db "$pg" runs >"$tmp/r" 2>&1
check "a reading command migrates and reads (exit 0)" test $? -eq 0
check "it lists the demo's runs" grep -q llama3-8b-lora-trn2-pilot "$tmp/r"
check "schema version 11 (the newest)" test "$(q "SELECT version FROM dt_schema_version")" = 11
"$bin" --db "$pg" check llama3-8b-lora-trn2 step7 pending >"$tmp/w" 2>&1
check "then a writing command writes (exit 0)" test $? -eq 0
"$bin" --db "$pg" verify >"$tmp/v" 2>&1
check "verify: intact after the migration" test $? -eq 0
# The rows the copied chain held, each chained once, plus the checklist
# entry just written.
check "one record per chained row, plus the new entry" \
  test "$(q "SELECT count(*) FROM chain_record")" = $((n + 1))
check "the counter follows" test "$(q "SELECT seq FROM chain_counter")" = $((n + 1))
check "every record is the working team's" \
  test "$(q "SELECT count(DISTINCT team) || ':' || min(team) FROM chain_record")" = "1:"
finish

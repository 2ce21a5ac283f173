#!/usr/bin/env bash
# cli_pg_grad_accum.sh: a PostgreSQL store keeps whether a run's gradient
# accumulation was given at import (run.grad_accum_given, schema version
# 10), as the SQLite store does: "one" imported with --grad-accum 1 shows
# 1 (it read unknown: the store holds 1 for "none given" too), "none"
# unknown (JSON null), "three" 3; verify intact. A store of schema version
# 9 (no such column; made from a current one by the database owner, as
# no older dualtrack is at hand) holding "none" is migrated by the next
# command: "none" still reads unknown, the chain is intact, and a run
# imported then with --grad-accum 1 shows 1. Needs a server (pg_virtualenv
# sets PG*); skipped (77) without one.
# usage: cli_pg_grad_accum.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
export DUALTRACK_USER=tester
d="dtt_gaccum_$$"
d2="dtt_gaccum2_$$"
createdb "$d" && createdb "$d2"
trap 'dropdb --if-exists "$d" >/dev/null 2>&1; dropdb --if-exists "$d2" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
q() { psql -X -v ON_ERROR_STOP=1 -Atq -d "$d2" -c "$1"; }
ga() { "$bin" --db "$1" runs --json | python3 -c "
import json, sys
print(' '.join('%s:%s' % (r['name'], r['grad_accum']) for r in json.load(sys.stdin)['runs']))"; }
printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/a.csv"

"$bin" --db "dbname=$d" import --platform gpu --run none "$tmp/a.csv" >"$tmp/out" 2>&1
if grep -q "not built in" "$tmp/out"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
{ "$bin" --db "dbname=$d" import --platform trn2 --run one --grad-accum 1 "$tmp/a.csv" &&
  "$bin" --db "dbname=$d" import --platform trn2 --run three --grad-accum 3 "$tmp/a.csv"; } \
  >/dev/null 2>&1 || { echo "import failed"; exit 1; }
check "none unknown, one 1, three 3" test "$(ga "dbname=$d")" = "none:None one:1 three:3"
"$bin" --db "dbname=$d" verify >"$tmp/v" 2>&1
check "verify: intact" test $? -eq 0

# version 9: a store holding "none" without the column
"$bin" --db "dbname=$d2" import --platform gpu --run none "$tmp/a.csv" >/dev/null 2>&1
check "schema version 11" test "$(q "SELECT version FROM dt_schema_version")" = 11
q "ALTER TABLE run DROP COLUMN grad_accum_given; UPDATE dt_schema_version SET version = 9;"
check "made version 9" test "$(q "SELECT version FROM dt_schema_version")" = 9
check "a reading command migrates: none still unknown" test "$(ga "dbname=$d2")" = "none:None"
check "schema version 11 again, grad_accum_given 0" \
  test "$(q "SELECT version FROM dt_schema_version") $(q "SELECT grad_accum_given FROM run")" = "11 0"
"$bin" --db "dbname=$d2" verify >"$tmp/v" 2>&1
check "verify: intact after the migration" test $? -eq 0
"$bin" --db "dbname=$d2" import --platform trn2 --run one --grad-accum 1 "$tmp/a.csv" >/dev/null 2>&1
check "a run imported now with --grad-accum 1 shows 1" test "$(ga "dbname=$d2")" = "none:None one:1"
"$bin" --db "dbname=$d2" verify >"$tmp/v" 2>&1
check "verify: still intact" test $? -eq 0
finish

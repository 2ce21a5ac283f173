#!/usr/bin/env bash
# cli_pg_migrate_lod.sh: a PostgreSQL store of schema version 6 (the
# stored levels of detail in raw_series.lod) is migrated by the next
# command to version 11 (the newest): the levels move to their own table series_lod
# byte for byte, the column is dropped, and the series and its levels
# read back. The old schema is made from a current store by the database
# owner, as no older dualtrack is at hand. Needs a server (pg_virtualenv
# sets PG*); skipped (77) without one.
# usage: cli_pg_migrate_lod.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
export DUALTRACK_USER=tester
d="dtt_lodmig_$$"
createdb "$d"
trap 'dropdb --if-exists "$d" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
pg="dbname=$d"
q() { psql -X -v ON_ERROR_STOP=1 -Atq -d "$d" -c "$1"; }

# steps 1..100, loss = step (by hand, lod.h: 16 + 7 x 20 = 156 bytes; the
# top level, record 7 at byte 136: min 1, max 100, no non-finite)
python3 -c "f=open('$tmp/a.csv','w');f.write('step,loss\n');[f.write('%d,%d\n'%(s,s)) for s in range(1,101)]"
"$bin" --db "$pg" import --platform gpu --run a "$tmp/a.csv" >"$tmp/out" 2>&1
rc=$?
if grep -q "not built in" "$tmp/out"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
check "import (exit 0)" test $rc -eq 0
check "schema version 11" test "$(q "SELECT version FROM dt_schema_version")" = 11
want=$(q "SELECT encode(lod, 'hex') FROM series_lod WHERE metric = 'loss'")
check "the levels: 156 bytes" test "$(q "SELECT length(lod) FROM series_lod")" = 156

# Back to version 6: the levels in raw_series.lod, no series_lod.
q "SET client_min_messages = warning;
   ALTER TABLE raw_series ADD COLUMN lod bytea;
   UPDATE raw_series r SET lod = l.lod FROM series_lod l WHERE
    l.file_id = r.file_id AND l.metric = r.metric AND l.part = r.part;
   DROP TABLE series_lod;
   UPDATE dt_schema_version SET version = 6;"
check "made version 6 with the levels in raw_series" \
  test "$(q "SELECT encode(lod, 'hex') FROM raw_series WHERE metric = 'loss'")" = "$want"

"$bin" --db "$pg" runs >"$tmp/r" 2>&1
check "a reading command migrates and reads (exit 0)" test $? -eq 0
check "schema version 11 again" test "$(q "SELECT version FROM dt_schema_version")" = 11
check "raw_series has no lod column left" \
  test "$(q "SELECT count(*) FROM information_schema.columns WHERE table_name = 'raw_series' AND column_name = 'lod'")" = 0
check "the levels moved to series_lod byte for byte" \
  test "$(q "SELECT encode(lod, 'hex') FROM series_lod WHERE metric = 'loss'")" = "$want"
top=$(q "SELECT encode(substring(lod from 137 for 20), 'hex') FROM series_lod" |
  python3 -c "import struct,sys;b=bytes.fromhex(sys.stdin.read().strip());print('%g %g %d'%struct.unpack('<ddI',b))")
check "the top level: min 1, max 100, no non-finite" test "$top" = "1 100 0"
check "the curve reads back (100 points, step 100 = 100)" \
  test "$("$bin" --db "$pg" series a --metric loss --csv | tail -1 | cut -d, -f1,2)" = "100,100"
"$bin" --db "$pg" verify >"$tmp/v" 2>&1
check "verify: intact after the migration" test $? -eq 0
finish

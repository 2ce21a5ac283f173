#!/bin/bash
# cli_store_migrate_parts.sh: a SQLite store of user_version 10 (before
# raw_series had a part, dualtrack(5)) opens in this dualtrack: the
# table is rebuilt with every series as its part 0, the integrity chain
# stays intact (the records of version 10 hash the same columns under
# the same ref), no append-only trigger is reported missing, and a file
# that grows afterwards gets its appended points as part 1.
# Usage: cli_store_migrate_parts.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"

# steps 1..5, loss = 3 - step/10 (so step 5 = 2.5)
python3 -c "f=open('$tmp/a.csv','w');f.write('step,loss\n');[f.write('%d,%.2f\n'%(s,3-s/10)) for s in range(1,6)]"
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >"$tmp/out" 2>&1
check "import (exit 0)" test $? -eq 0

# Make it a version-10 store: raw_series without the part, no table of
# stored levels and no record of them in the chain, none of what the
# import derived chained (the tables and triggers as schema.c had them at
# user_version 10).
store_before_import_seal "$db"
chain_drop_kind "$db" series_lod
sqlite3 "$db" "
DROP TABLE series_lod;
DROP TRIGGER raw_series_no_update; DROP TRIGGER raw_series_no_delete;
CREATE TABLE rs10(file_id INTEGER NOT NULL REFERENCES run_file(id) ON DELETE CASCADE,
 metric TEXT NOT NULL, n INTEGER NOT NULL, steps BLOB NOT NULL,
 steps_stride INTEGER NOT NULL DEFAULT 0, vals BLOB NOT NULL, marks BLOB,
 sort_within_segment INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(file_id, metric));
INSERT INTO rs10 SELECT file_id, metric, n, steps, steps_stride, vals, marks,
 sort_within_segment FROM raw_series;
DROP TABLE raw_series; ALTER TABLE rs10 RENAME TO raw_series;
CREATE TRIGGER raw_series_no_update BEFORE UPDATE ON raw_series BEGIN SELECT RAISE(ABORT, 'raw_series is append-only'); END;
CREATE TRIGGER raw_series_no_delete BEFORE DELETE ON raw_series BEGIN SELECT RAISE(ABORT, 'raw_series is append-only'); END;
PRAGMA user_version=10;"
check "made a version-10 store" test "$(sqlite3 "$db" 'PRAGMA user_version')" = 10

# A reading command leaves the file as it is (a signature or checksum
# may cover it): refused, naming the command that migrates.
sum=$(sha256sum <"$db")
"$bin" --db "$db" verify >"$tmp/out" 2>&1
check "verify on the version-10 store: refused (exit 2)" test $? -eq 2
check "  names store init" grep -qF "this command only reads and leaves the store unchanged: run \`dualtrack store init\` once to migrate it" "$tmp/out"
check "  the file unchanged (same bytes, user_version 10)" \
  test "$(sha256sum <"$db") $(sqlite3 "$db" 'PRAGMA user_version')" = "$sum 10"
"$bin" --db "$db" store init >"$tmp/out" 2>&1
check "store init migrates (exit 0)" test $? -eq 0
"$bin" --db "$db" verify >"$tmp/out" 2>&1
rc=$?
check "verify after the migration: intact (exit 0)" test $rc -eq 0
check "no trigger reported missing" sh -c '! grep -qi trigger "$0"' "$tmp/out"
check "user_version 17 (the newest: parts, levels of detail, levels in their own table, sealed, import evidence sealed, grad_accum_given, run fields sealed)" test "$(sqlite3 "$db" 'PRAGMA user_version')" = 17
check "raw_series has no lod column left" \
  test "$(sqlite3 "$db" "select count(*) from pragma_table_info('raw_series') where name='lod'")" = 0
check "no stored levels for a series stored before them" \
  test "$(sqlite3 "$db" "select count(*) from series_lod")" = 0
check "every series is its part 0" \
  test "$(sqlite3 "$db" "select group_concat(metric||':'||part||':'||n) from raw_series")" = "loss:0:5"
check "append-only triggers in place" \
  test "$(sqlite3 "$db" "select count(*) from sqlite_master where type='trigger' and tbl_name='raw_series'")" = 2
check "the curve reads back (5 points, step 5 = 2.5)" \
  test "$("$bin" --db "$db" series a --metric loss --csv | tail -1 | cut -d, -f1,2)" = "5,2.5"

# The file grows by steps 6..8 (loss 2.4, 2.3, 2.2): importing it again
# continues it and stores the 3 new points as part 1.
python3 -c "f=open('$tmp/a.csv','a');[f.write('%d,%.2f\n'%(s,3-s/10)) for s in range(6,9)]"
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >"$tmp/out" 2>&1
check "the grown file continues (+3 points)" grep -q "update 1: +3 point(s)" "$tmp/out"
check "stored as part 1 of 3 points" \
  test "$(sqlite3 "$db" "select group_concat(part||':'||n) from (select part, n from raw_series order by part)")" = "0:5,1:3"
check "the parts read back as one curve (8 points, step 8 = 2.2)" \
  test "$("$bin" --db "$db" series a --metric loss --csv | sed 1d | wc -l) $("$bin" --db "$db" series a --metric loss --csv | tail -1 | cut -d, -f1,2)" = "8 8,2.2"
"$bin" --db "$db" verify >"$tmp/out" 2>&1
check "verify with a part 1: intact (exit 0)" test $? -eq 0
# A part is chained like a whole series: changing part 1's values (the
# trigger dropped first, as someone editing the file would) is found.
sqlite3 "$db" "DROP TRIGGER raw_series_no_update; UPDATE raw_series SET vals = zeroblob(24) WHERE part = 1;"
"$bin" --db "$db" verify >"$tmp/out" 2>&1
check "verify: a changed part 1 is found (exit != 0, names 1/loss/1)" \
  sh -c 'test $1 -ne 0 && grep -q "loss/1" "$0"' "$tmp/out" $?
finish

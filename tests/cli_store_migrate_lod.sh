#!/bin/bash
# cli_store_migrate_lod.sh: a SQLite store of user_version 12 (the stored
# levels of detail in raw_series.lod, after vals, dualtrack(5)) opens in
# this dualtrack: the levels move to their own table series_lod byte for
# byte, the column is dropped, no append-only trigger is reported missing,
# the integrity chain stays intact and the series reads back.
# Usage: cli_store_migrate_lod.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"

# steps 1..100, loss = step, lr = 0.5 (by hand, lod.h: level 0 blocks of
# 32 points 1..32, 33..64, 65..96, 97..100; level 1 two blocks; level 2
# one block, min 1, max 100; 16 + 7 x 20 = 156 bytes)
python3 -c "f=open('$tmp/a.csv','w');f.write('step,loss,lr\n');[f.write('%d,%d,0.5\n'%(s,s)) for s in range(1,101)]"
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >"$tmp/out" 2>&1
check "import (exit 0)" test $? -eq 0
sqlite3 "$db" "select metric || ':' || hex(lod) from series_lod order by metric" >"$tmp/lod13"
check "two series' levels of 156 bytes" \
  test "$(sqlite3 "$db" "select group_concat(length(lod)) from series_lod")" = "156,156"

# Make it a version-12 store: the levels in raw_series.lod, no series_lod,
# none of what the import derived chained (the tables and triggers as
# schema.c had them at user_version 12).
store_before_import_seal "$db"
sqlite3 "$db" "
DROP TRIGGER raw_series_no_update;
ALTER TABLE raw_series ADD COLUMN lod BLOB;
UPDATE raw_series SET lod = (SELECT l.lod FROM series_lod l WHERE
 l.file_id = raw_series.file_id AND l.metric = raw_series.metric AND
 l.part = raw_series.part);
DROP TABLE series_lod;
CREATE TRIGGER raw_series_no_update BEFORE UPDATE ON raw_series BEGIN SELECT RAISE(ABORT, 'raw_series is append-only'); END;
PRAGMA user_version=12;"
check "made a version-12 store" test "$(sqlite3 "$db" 'PRAGMA user_version')" = 12
sqlite3 "$db" "select metric || ':' || hex(lod) from raw_series order by metric" >"$tmp/lod12"
check "its levels sit in raw_series.lod" cmp -s "$tmp/lod12" "$tmp/lod13"

# A reading command leaves the file as it is (a signature or checksum
# may cover it): refused, naming the command that migrates.
sum=$(sha256sum <"$db")
"$bin" --db "$db" verify >"$tmp/out" 2>&1
check "verify on the version-12 store: refused (exit 2)" test $? -eq 2
check "  names store init" grep -qF "this command only reads and leaves the store unchanged: run \`dualtrack store init\` once to migrate it" "$tmp/out"
check "  the file unchanged (same bytes, user_version 12)" \
  test "$(sha256sum <"$db") $(sqlite3 "$db" 'PRAGMA user_version')" = "$sum 12"
"$bin" --db "$db" store init >"$tmp/out" 2>&1
check "store init migrates (exit 0)" test $? -eq 0
"$bin" --db "$db" verify >"$tmp/out" 2>&1
check "verify after the migration: intact (exit 0)" test $? -eq 0
check "no trigger reported missing" sh -c '! grep -qi trigger "$0"' "$tmp/out"
check "user_version 17 (the newest)" test "$(sqlite3 "$db" 'PRAGMA user_version')" = 17
check "raw_series has no lod column left" \
  test "$(sqlite3 "$db" "select count(*) from pragma_table_info('raw_series') where name='lod'")" = 0
sqlite3 "$db" "select metric || ':' || hex(lod) from series_lod order by metric" >"$tmp/lodm"
check "the levels moved to series_lod byte for byte" cmp -s "$tmp/lodm" "$tmp/lod13"
check "raw_series: the small columns first, the BLOBs last" \
  test "$(sqlite3 "$db" "select group_concat(name) from pragma_table_info('raw_series')")" = \
  "file_id,metric,part,n,steps_stride,sort_within_segment,marks,steps,vals"
# level 2 (the top) of loss: record 7 at byte 16 + 6 x 20 = 136
top=$(sqlite3 "$db" "select hex(substr(lod, 137, 20)) from series_lod where metric='loss'" |
  python3 -c "import struct,sys;b=bytes.fromhex(sys.stdin.read().strip());print('%g %g %d'%struct.unpack('<ddI',b))")
check "loss's top level: min 1, max 100, no non-finite" test "$top" = "1 100 0"
check "series_lod is append-only (two triggers)" \
  test "$(sqlite3 "$db" "select count(*) from sqlite_master where type='trigger' and tbl_name='series_lod'")" = 2
check "an update of the levels is refused" \
  sh -c '! sqlite3 "$0" "UPDATE series_lod SET lod = zeroblob(156)" 2>/dev/null' "$db"
check "the curve reads back (100 points, step 100 = 100)" \
  test "$("$bin" --db "$db" series a --metric loss --csv | sed 1d | wc -l) $("$bin" --db "$db" series a --metric loss --csv | tail -1 | cut -d, -f1,2)" = "100 100,100"
"$bin" --db "$db" verify >"$tmp/out" 2>&1
check "verify again: intact, nothing migrated twice (exit 0)" test $? -eq 0
finish

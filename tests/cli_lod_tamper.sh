#!/usr/bin/env bash
# cli_lod_tamper.sh: the stored levels of detail (table series_lod, what a
# chart draws) are sealed in the integrity chain (kind series_lod: the
# SHA-256 of the levels BLOB, core/chain.h). The new-user trial's repro:
# two CSVs of 100000 steps imported, 1.0 added to every min/max of the
# pilot's levels behind a dropped-and-remade trigger (tamper_lod,
# lib_tamper.sh): verify said intact. Now verify exits 1 naming the row.
# A store of user_version 13 (levels outside the chain: made here from an
# intact store by taking the levels' records out of the chain and
# re-hashing it, as no older dualtrack is at hand) is sealed by its
# migration (store init): verify intact, then the same tamper is found.
# usage: cli_lod_tamper.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER="auditor"
# loss = 2 + 1/step (baseline), the same x1.001 (pilot): 100000 points
# each, levels of 16 + 20 x (3125 + 1563 + 782 + 391 + 196 + 98 + 49 + 25
# + 13 + 7 + 4 + 2 + 1 = 6256) = 125136 bytes (lod.h, by hand)
python3 -c "
for name, k in (('base', 1.0), ('pilot', 1.001)):
    with open('$tmp/%s.csv' % name, 'w') as f:
        f.write('step,loss\n')
        for s in range(1, 100001):
            f.write('%d,%.6f\n' % (s, (2 + 1.0 / s) * k))"
"$bin" --db "$db" import --platform gpu --run base "$tmp/base.csv" >/dev/null 2>&1
check "import base (exit 0)" test $? -eq 0
"$bin" --db "$db" import --platform trn2 --run pilot "$tmp/pilot.csv" >/dev/null 2>&1
check "import pilot (exit 0)" test $? -eq 0
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
check "the pilot's levels: row 2/loss, 125136 bytes" test \
  "$(sqlite3 "$db" "SELECT file_id || '/' || metric || ' ' || length(lod) FROM series_lod ORDER BY file_id" | tr '\n' ' ')" = \
  "1/loss 125136 2/loss 125136 "
check "each row of levels has its chain record, after its series'" test \
  "$(sqlite3 "$db" "SELECT kind || ' ' || ref FROM chain_record WHERE kind IN ('raw_series', 'series_lod') ORDER BY id" | tr '\n' ' ')" = \
  "raw_series 1/loss series_lod 1/loss raw_series 2/loss series_lod 2/loss "
check "the record names the levels by SHA-256" test \
  "$(sqlite3 "$db" "SELECT canon FROM chain_record WHERE kind = 'series_lod' AND ref = '2/loss'" | grep '^lod ')" = \
  "lod sha256:$(sqlite3 "$db" "SELECT hex(lod) FROM series_lod WHERE file_id = 2" | python3 -c "import sys,hashlib;print(hashlib.sha256(bytes.fromhex(sys.stdin.read().strip())).hexdigest())")"
"$bin" --db "$db" verify >"$tmp/v0" 2>&1
check "intact: verify exits 0" test $? -eq 0
lid=$(sqlite3 "$db" "SELECT id FROM chain_record WHERE kind = 'series_lod' AND ref = '2/loss'")
check "the pilot's levels are chain record 9 (run, series, levels, then the file once its SHA-256 is known, metric counts, the run with its segments: 6 a run)" test "$lid" = 9

cp "$db" "$tmp/t.db"
tamper_lod "$tmp/t.db" 2 loss
check "tampered: the pilot's top level min went from 2.002010 to 3.002010" test \
  "$(sqlite3 "$tmp/t.db" "SELECT hex(substr(lod, length(lod) - 19, 8)) FROM series_lod WHERE file_id = 2" |
     python3 -c "import struct,sys;print('%.6f' % struct.unpack('<d', bytes.fromhex(sys.stdin.read().strip()))[0])")" = 3.002010
"$bin" --db "$tmp/t.db" verify >"$tmp/v1" 2>"$tmp/v1.err"
check "tampered: verify exits 1" test $? -eq 1
check "tampered: verify names the levels' row and record" test \
  "$(head -n 1 "$tmp/v1")" = \
  "integrity ALTERED: first altered record: stored levels 2/loss (loss): the stored row differs from chain record 9 (altered)"
check "tampered: no trigger missing (it was made again)" test ! -s "$tmp/v1.err"

# A store of user_version 13: the levels' records (and those of what the
# import derived, chained since user_version 15) taken out of the chain,
# the rest renumbered and re-hashed (chain_drop_kind).
old="$tmp/old.db"
cp "$db" "$old"
store_before_import_seal "$old"
chain_drop_kind "$old" series_lod
sqlite3 "$old" "PRAGMA user_version = 13"
n=$(sqlite3 "$old" "SELECT count(*) FROM chain_record")
check "made a version-13 store: no record of the levels" test \
  "$(sqlite3 "$old" "PRAGMA user_version; SELECT count(*) FROM chain_record WHERE kind = 'series_lod'" | tr '\n' ' ')" = "13 0 "
"$bin" --db "$old" store init >/dev/null 2>&1
check "store init migrates it (exit 0)" test $? -eq 0
check "user_version 17 (the newest); both rows of levels chained after the $n records" test \
  "$(sqlite3 "$old" "PRAGMA user_version; SELECT group_concat(id || ':' || ref, ' ') FROM chain_record WHERE kind = 'series_lod'" | tr '\n' ' ')" = \
  "17 $((n + 1)):1/loss $((n + 2)):2/loss "
"$bin" --db "$old" verify >"$tmp/v2" 2>&1
check "migrated: verify intact (exit 0)" test $? -eq 0
tamper_lod "$old" 2 loss
"$bin" --db "$old" verify >"$tmp/v3" 2>&1
check "migrated, then tampered: verify exits 1 naming the record" test \
  "$?:$(head -n 1 "$tmp/v3")" = \
  "1:integrity ALTERED: first altered record: stored levels 2/loss (loss): the stored row differs from chain record $((n + 2)) (altered)"
finish

#!/bin/bash
# cli_store_repack.sh: a new SQLite store's file has pointer-map pages
# (PRAGMA auto_vacuum 2, INCREMENTAL: a series' values are read in place,
# dualtrack(5)); a store made before (auto_vacuum 0, what every store of
# user_version 13 is) keeps working as it is, and `store init` rewrites
# it once with them, its content unchanged, or, when the rewrite fails,
# leaves the file exactly as it was and says so.
# Usage: cli_store_repack.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"

# steps 1..20000, loss = step / 2 (so step 20000 reads 10000), lr 0.5:
# 160,000 bytes of values a series, a chain of three 64 KiB pages
python3 -c "f=open('$tmp/a.csv','w');f.write('step,loss,lr\n');[f.write('%d,%g,0.5\n'%(s,s/2)) for s in range(1,20001)]"
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >"$tmp/out" 2>&1
check "import (exit 0)" test $? -eq 0
check "a new store has pointer maps (auto_vacuum 2)" \
  test "$(sqlite3 "$db" 'PRAGMA auto_vacuum')" = 2
# (series --csv: step,value,segment; one segment)
series() { "$bin" --db "$1" series a --metric loss --csv | sed -n '1p;$p' | tr '\n' ' '; }
check "its series reads back (step 20000 = 10000)" \
  test "$(series "$db")" = "step,value,segment 20000,10000,1 "

# An older store: the same file rewritten without pointer maps.
old="$tmp/old.db"
cp "$db" "$old"
sqlite3 "$old" "PRAGMA auto_vacuum=NONE; VACUUM;"
check "made an older store (auto_vacuum 0, user_version 17)" \
  test "$(sqlite3 "$old" 'PRAGMA auto_vacuum; PRAGMA user_version' | tr '\n' ' ')" = "0 17 "
check "it reads as it is (step 20000 = 10000)" test "$(series "$old")" = "step,value,segment 20000,10000,1 "
"$bin" --db "$old" import --platform trn2 --run b "$tmp/a.csv" >"$tmp/out" 2>&1
check "an import into it (exit 0)" test $? -eq 0
check "reading and importing leave its layout (auto_vacuum 0)" \
  test "$(sqlite3 "$old" 'PRAGMA auto_vacuum')" = 0
sum=$(sqlite3 "$old" .sha3sum)

# The rewrite fails (files may not grow past 200 KiB: the VACUUM's copy
# cannot be written): exit 2, said, the file unchanged.
(trap '' XFSZ; ulimit -f 200; "$bin" --db "$old" store init) >"$tmp/out" 2>"$tmp/err"
check "store init, rewrite failing: exit 2" test $? -eq 2
check "the error says the rewrite failed and the store is unchanged" \
  grep -q "rewriting the store with pointer-map pages (VACUUM) failed, the store is unchanged" "$tmp/err"
check "still auto_vacuum 0, same content" \
  test "$(sqlite3 "$old" 'PRAGMA auto_vacuum') $(sqlite3 "$old" .sha3sum)" = "0 $sum"
"$bin" --db "$old" verify >"$tmp/out" 2>&1
check "verify: intact (exit 0)" test $? -eq 0

"$bin" --db "$old" store init >"$tmp/out" 2>"$tmp/err"
check "store init: exit 0" test $? -eq 0
check "it says the store was rewritten with pointer maps" \
  grep -q "rewritten once with pointer-map pages (VACUUM)" "$tmp/err"
check "auto_vacuum 2, user_version and application_id kept" \
  test "$(sqlite3 "$old" 'PRAGMA auto_vacuum; PRAGMA user_version; PRAGMA application_id' | tr '\n' ' ')" = "2 17 1146437972 "
check "every table's content unchanged (sqlite3 .sha3sum)" \
  test "$(sqlite3 "$old" .sha3sum)" = "$sum"
check "both runs read back (step 20000 = 10000)" \
  test "$(series "$old")|$("$bin" --db "$old" series b --metric loss --csv | tail -1)" = "step,value,segment 20000,10000,1 |20000,10000,1"
"$bin" --db "$old" verify >"$tmp/out" 2>&1
check "verify: intact, series hashes included (exit 0)" test $? -eq 0
"$bin" --db "$old" store init >"$tmp/out" 2>"$tmp/err"
check "store init again: exit 0, nothing to say" \
  test $? -eq 0 -a ! -s "$tmp/err"
finish

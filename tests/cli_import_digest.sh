#!/usr/bin/env bash
# cli_import_digest.sh: a run's first file is stored while its SHA-256 is
# still being computed (importers/import_digest.h): the file's row gets
# the digest of the whole file and its one chain record after the
# series'; the same file twice in one import, or again in the run, is
# refused with nothing left behind; a dry run with --json names the
# digest (computed beside the parse there); a CSV parsed on two threads,
# whose digest begins when the first thread is done, stores the same.
. "$(dirname "$0")/lib_cli.sh"
# 5000 rows: step s, loss 3 - s/10000, lr 1e-4
python3 -c "
f=open('$tmp/a.csv','w'); f.write('step,loss,lr\n')
[f.write('%d,%.4f,1e-4\n'%(s,3-s/10000)) for s in range(1,5001)]"
want=$(sha256sum "$tmp/a.csv" | cut -d' ' -f1)

"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >"$tmp/o1" 2>&1
check "new store: imported (exit 0)" test $? -eq 0
check "the file's row holds the SHA-256 of the whole file" test \
  "$(sqlite3 "$db" "SELECT sha256 FROM run_file")" = "$want"
check "chain: run, two series with their levels, then the file, then each metric's counts, then the run with its format and segments (9 records)" test \
  "$(sqlite3 "$db" "SELECT kind || ' ' || ref FROM chain_record ORDER BY id" | tr '\n' ' ')" = \
  "run 1 raw_series 1/loss series_lod 1/loss raw_series 1/lr series_lod 1/lr run_file 1 run_metric 1/loss run_metric 1/lr run 1 "
check "the file's record names its SHA-256" grep -q "$want" \
  <(sqlite3 "$db" "SELECT canon FROM chain_record WHERE kind = 'run_file'")
"$bin" --db "$db" verify >"$tmp/v" 2>&1
check "verify: intact (exit 0)" test $? -eq 0

"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >"$tmp/o2" 2>&1
check "again into the run: refused (exit 2)" test $? -eq 2
check "again: says the run holds it, by its SHA-256" grep -q \
  "refused, run 'a' already holds this file (SHA-256 ${want:0:16}...); nothing imported" "$tmp/o2"
check "again: still one file" test "$(sqlite3 "$db" "SELECT count(*) FROM run_file")" = 1

"$bin" --db "$tmp/n.db" import --platform gpu --run twice "$tmp/a.csv" "$tmp/a.csv" >"$tmp/o3" 2>&1
check "the same file twice in a new store: refused (exit 2)" test $? -eq 2
check "twice: said named twice in this import (not held by the run: it is new)" grep -qF \
  "$tmp/a.csv: named twice in this import; nothing imported" "$tmp/o3"
check "twice: no store left behind" test ! -e "$tmp/n.db"

DUALTRACK_CSV_SPLIT=1 "$bin" --db "$tmp/split.db" import --platform gpu --run s "$tmp/a.csv" >"$tmp/os" 2>&1
check "parsed on two threads (the digest begun when the first is done): imported (exit 0)" test $? -eq 0
check "two threads: the file's row holds the SHA-256 of the whole file" test \
  "$(sqlite3 "$tmp/split.db" "SELECT sha256 FROM run_file")" = "$want"
"$bin" --db "$tmp/split.db" verify >"$tmp/vs" 2>&1
check "two threads: verify intact (exit 0)" test $? -eq 0

cp "$tmp/a.csv" "$tmp/b.csv"
echo "5001,2.4999,1e-4" >>"$tmp/b.csv"
"$bin" --db "$db" import --platform gpu --run a "$tmp/b.csv" >"$tmp/o4" 2>&1
check "the log grown, into the run: stored as grown (exit 0)" test $? -eq 0
check "grown: reported" grep -q "same log grown" "$tmp/o4"
check "grown: its row holds the grown file's SHA-256 (digest joined first)" test \
  "$(sqlite3 "$db" "SELECT sha256 FROM run_file WHERE id = 2")" = "$(sha256sum "$tmp/b.csv" | cut -d' ' -f1)"

"$bin" --db "$tmp/j.db" import --dry-run --json --run k "$tmp/a.csv" >"$tmp/d.json" 2>&1
check "dry run --json: the file's sha256" test \
  "$(python3 -c "import json;print(json.load(open('$tmp/d.json'))['files'][0]['sha256'])")" = "$want"
finish

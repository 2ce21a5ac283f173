#!/usr/bin/env bash
# cli_import_stream.sh: import from standard input ("-"), a pipe
# (process substitution), .gz and .zst files (magic bytes); the progress
# line appears on a terminal (under script) and never in a pipe; a folder
# import lists every file it skipped and why.
. "$(dirname "$0")/lib_cli.sh"
# 30000 rows: step s, loss 3 - s/10000 (so the last value is 0.0000 at
# s = 30000 and the points count is 30000).
python3 -c "
f=open('$tmp/a.csv','w'); f.write('step,loss\n')
[f.write('%d,%.4f\n'%(s,3-s/10000)) for s in range(1,30001)]"
pts() { "$bin" --db "$db" runs --json | python3 -c "
import json,sys; d=json.load(sys.stdin); d=d['runs'] if isinstance(d,dict) else d
m=[x for x in d if x['name']=='$1'][0]['metrics']
print(m['loss']['points'] if isinstance(m,dict) else [x for x in m if x['metric']=='loss'][0]['points'])"; }

cat "$tmp/a.csv" | "$bin" --db "$db" import --platform gpu --run fromstdin - >"$tmp/o1" 2>&1
check "stdin: imported" test $? -eq 0
check "stdin: 30000 points" test "$(pts fromstdin)" = 30000
check "stdin: reported as (stdin)" grep -q "^(stdin): csv, 30000 points" "$tmp/o1"
"$bin" --db "$db" import --platform gpu --run frompipe <(cat "$tmp/a.csv") >/dev/null 2>&1
check "process substitution: 30000 points" test "$(pts frompipe)" = 30000
gzip -c "$tmp/a.csv" >"$tmp/a.csv.gz"
"$bin" --db "$db" import --platform gpu "$tmp/a.csv.gz" >"$tmp/o2" 2>&1
check "gzip: run named a (no .csv.gz), 30000 points" test "$(pts a)" = 30000
check "gzip: noted" grep -q "note: read gzip-compressed" "$tmp/o2"
zcat "$tmp/a.csv.gz" | gzip -c | "$bin" --db "$db" import --platform gpu --run gzpipe - >/dev/null 2>&1
check "gzip through a pipe" test "$(pts gzpipe)" = 30000
if command -v zstd >/dev/null; then
  zstd -q -c "$tmp/a.csv" >"$tmp/z.csv.zst"
  "$bin" --db "$db" import --platform gpu --run zs "$tmp/z.csv.zst" >/dev/null 2>&1
  check "zstd: 30000 points" test "$(pts zs)" = 30000
else
  echo "zstd command not found: .zst file check skipped (test_source covers zstd)"
fi
"$bin" --db "$db" import --platform gpu --run again - <"$tmp/a.csv" >/dev/null 2>&1
"$bin" --db "$db" import --platform gpu --run again "$tmp/a.csv.gz" >"$tmp/o3" 2>&1
check "same content through gzip is the same file (SHA-256 of the content)" grep -q "already holds this file" "$tmp/o3"
head -c 20 "$tmp/a.csv.gz" >"$tmp/cut.csv.gz"
"$bin" --db "$db" import --platform gpu --run cut "$tmp/cut.csv.gz" >/dev/null 2>"$tmp/e1"
check "cut-off gzip: refused" grep -q "gzip data ends early" "$tmp/e1"

# progress: a terminal (script) with no delay shows it; a pipe never does
# (3 MB: the line is drawn at the first MiB parsed, with a rate and so
# a time left)
python3 -c "
f=open('$tmp/big.csv','w'); f.write('step,loss\n')
[f.write('%d,%.4f\n'%(s,3-s/1e6)) for s in range(1,300001)]"
if command -v script >/dev/null; then
  script -qec "DUALTRACK_PROGRESS_DELAY=0 '$bin' --db '$tmp/p.db' import --platform gpu --run prog '$tmp/big.csv'" /dev/null >"$tmp/tty.out" 2>&1
  check "progress on a terminal: bytes, points, rate, time left" \
    grep -qE "big.csv: [0-9.]+ [KMG]?B of [0-9.]+ [KMG]?B, [0-9]+ points, [0-9.]+ [KMG]?B/s, [0-9]+ s left" "$tmp/tty.out"
  # standard input: read whole first (size unknown), named 'stdin'; the
  # line read ': 3.3 MB, ...' (new-user trial)
  script -qec "DUALTRACK_PROGRESS_DELAY=0 '$bin' --db '$tmp/p.db' import --platform gpu --run prog2 - <'$tmp/big.csv'" /dev/null >"$tmp/tty2.out" 2>&1
  script -qec "cat '$tmp/big.csv' | DUALTRACK_PROGRESS_DELAY=0 '$bin' --db '$tmp/p.db' import --platform gpu --run prog3 -" /dev/null >>"$tmp/tty2.out" 2>&1
  check "progress of stdin: named stdin" \
    grep -qE "stdin: [0-9.]+ [KMG]?B, [0-9.]+ [KMG]?B/s" "$tmp/tty2.out"
  check "  never unnamed" sh -c '! grep -qE "(^|\[K): [0-9.]+ [KMG]?B" "$0"' "$tmp/tty2.out"
fi
DUALTRACK_PROGRESS_DELAY=0 "$bin" --db "$tmp/q.db" import --platform gpu --run prog "$tmp/big.csv" 2>"$tmp/pipe.err" | cat >/dev/null
check "no progress when stderr is not a terminal" test ! -s "$tmp/pipe.err"

# folder: Lightning layout plus files that are not part of it
mkdir -p "$tmp/run/version_0" "$tmp/run/notes/deep/er/est"
cp "$tmp/a.csv" "$tmp/run/version_0/metrics.csv"
echo '{"loss": 2.0, "step": 1}' >"$tmp/run/extra.jsonl"
echo "hello" >"$tmp/run/README.txt"
: >"$tmp/run/notes/empty.log"
echo x >"$tmp/run/notes/deep/er/est/x.txt"
"$bin" --db "$db" import --platform gpu --run folder "$tmp/run" >"$tmp/o4" 2>&1
check "folder: imported" test "$(pts folder)" = 30000
check "folder: a log of another format named" grep -q "skipped: $tmp/run/extra.jsonl: a jsonl log, not part of the folder's layout (Lightning version_N/metrics.csv); import it on its own" "$tmp/o4"
check "folder: not a log named" grep -q "skipped: $tmp/run/README.txt: not a training log" "$tmp/o4"
check "folder: empty file named" grep -q "skipped: $tmp/run/notes/empty.log: empty" "$tmp/o4"
check "folder: too deep named" grep -q "skipped: $tmp/run/notes/deep/er/est/: not searched" "$tmp/o4"
check "folder: count" grep -q "4 file(s) of the folder skipped" "$tmp/o4"
finish

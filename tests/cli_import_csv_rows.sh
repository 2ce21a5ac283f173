#!/usr/bin/env bash
# cli_import_csv_rows.sh: a CSV row must hold as many fields as its header.
# The file's last line cut while being written (no line end, fewer
# fields) is skipped with a warning naming file and line, as the JSON
# lines importer does; a short or long row anywhere else is an error
# naming file, line, the expected and the found field count, and nothing
# is imported. A last line without a line end is cut even when it holds
# every field ('3,0.' cut from '3,0.5' reads as 0): skipped with the
# text-log importer's warning '(no line end)', on one thread and on two
# (DUALTRACK_CSV_SPLIT=1 splits any file of 2 lines or more).
# usage: cli_import_csv_rows.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }

# steps 1..7 whole, then "8,1": the writer stopped inside step 8's loss.
{ printf 'step,loss,lr\n'; for s in 1 2 3 4 5 6; do printf '%d,2.%d,0.1\n' $s $((6 - s)); done
  printf '7,1.9,0.1\n8,1'; } >"$tmp/cut.csv"
dt import --platform trn2 --run cutcsv "$tmp/cut.csv" >"$tmp/cut.out" 2>&1
check "cut last line: imported (exit 0)" test $? -eq 0
check "  warning names file and line 9" \
  grep -qF "$tmp/cut.csv:9: last line truncated (2 of 3 fields, no line end), skipped" "$tmp/cut.out"
dt series cutcsv --csv >"$tmp/cut.series"
# series --csv is step,value,segment (loss); loss as written: 2.5 2.4 2.3 2.2 2.1 2.0 for steps 1..6, 1.9 at 7
check "  steps 1..7 kept, no step 8" py "
rows = open('$tmp/cut.series').read().split()
assert rows == ['step,value,segment', '1,2.5,1', '2,2.4,1', '3,2.3,1', '4,2.2,1',
                '5,2.1,1', '6,2,1', '7,1.9,1'], rows
"

# every field there but no line end: cut all the same. '3,0.' is what
# was written of '3,0.5' (it reads as a loss of 0.0, which fails a trial),
# '4,2.2,0.0' of '4,2.2,0.001' (an lr of 0): skipped, line 4 / line 5
# named, the rows before kept; one thread (0) and two (1) the same.
printf 'step,loss\n1,2.5\n2,2.4\n3,0.' >"$tmp/nonl.csv"
printf 'step,loss,lr\n1,2.5,0.001\n2,2.4,0.001\n3,2.3,0.001\n4,2.2,0.0' >"$tmp/nonl_lr.csv"
for split in 0 1; do
  DUALTRACK_CSV_SPLIT=$split dt import --platform trn2 --run nonl$split "$tmp/nonl.csv" >"$tmp/nonl.out" 2>&1
  check "split=$split: '3,0.' without line end: imported (exit 0), line 4 cut" \
    sh -c "test $? -eq 0 && grep -qF '$tmp/nonl.csv:4: last line truncated (no line end), skipped' '$tmp/nonl.out'"
  check "  loss 2.5, 2.4 at steps 1, 2; no step 3 (no 0.0 loss)" \
    sh -c "test \"\$('$bin' --db '$db' series nonl$split --csv | tr '\n' ' ')\" = 'step,value,segment 1,2.5,1 2,2.4,1 '"
  DUALTRACK_CSV_SPLIT=$split dt import --platform trn2 --run nonl_lr$split "$tmp/nonl_lr.csv" >"$tmp/nonl_lr.out" 2>&1
  check "split=$split: '4,2.2,0.0' without line end: line 5 cut" \
    sh -c "test $? -eq 0 && grep -qF '$tmp/nonl_lr.csv:5: last line truncated (no line end), skipped' '$tmp/nonl_lr.out'"
  check "  lr 0.001 at steps 1..3, no lr 0 at step 4" \
    sh -c "test \"\$('$bin' --db '$db' series nonl_lr$split --metric lr --csv | tr '\n' ' ')\" = 'step,value,segment 1,0.001,1 2,0.001,1 3,0.001,1 '"
done

# a short row mid-file (line 3 of step,loss,lr): an error, nothing imported
printf 'step,loss,lr\n1,2.5,0.1\n2,2.4\n3,2.3,0.1\n' >"$tmp/short.csv"
dt import --platform trn2 --run short "$tmp/short.csv" >/dev/null 2>"$tmp/short.err"
check "short row mid-file: exit 2" test $? -eq 2
check "  names file, line 3, expected 3 found 2" \
  grep -qF "$tmp/short.csv:3: expected 3 fields (as the header), found 2" "$tmp/short.err"
# a short last line WITH its line end was written whole: an error too
printf 'step,loss,lr\n1,2.5,0.1\n2,2.4\n' >"$tmp/short2.csv"
dt import --platform trn2 --run short2 "$tmp/short2.csv" >/dev/null 2>"$tmp/short2.err"
check "short last line with a line end: exit 2, line 3" \
  sh -c "test $? -eq 2 && grep -qF '$tmp/short2.csv:3: expected 3 fields (as the header), found 2' '$tmp/short2.err'"
# a long row (4 fields under 3 columns), quoted cells take libcsv's path
printf 'step,loss,lr\n1,2.5,0.1\n2,2.4,0.1,9\n' >"$tmp/long.csv"
dt import --platform trn2 --run long "$tmp/long.csv" >/dev/null 2>"$tmp/long.err"
check "long row: exit 2, line 3, expected 3 found 4" \
  sh -c "test $? -eq 2 && grep -qF '$tmp/long.csv:3: expected 3 fields (as the header), found 4' '$tmp/long.err'"
printf 'step,loss,lr\n"1","2.5","0.1"\n"2","2.4"\n' >"$tmp/q.csv"
dt import --platform trn2 --run quoted "$tmp/q.csv" >/dev/null 2>"$tmp/q.err"
check "short quoted row: exit 2, line 3" \
  sh -c "test $? -eq 2 && grep -qF '$tmp/q.csv:3: expected 3 fields (as the header), found 2' '$tmp/q.err'"
# 5 fields under an 11-column Lightning header, mid-file
h=epoch,epoch_time,step,train_epoch_perplexity,train_loss_epoch,train_loss_step,train_perplexity_epoch,train_perplexity_step,val_epoch_perplexity,val_loss,val_perplexity
printf '%s\n0,,49,,,7.6,,2056.1,,,\n0,,99,,\n0,,149,,,7.0,,1100.0,,,\n' "$h" >"$tmp/lt.csv"
dt import --platform gpu --run lt "$tmp/lt.csv" >/dev/null 2>"$tmp/lt.err"
check "5 fields under 11 columns: exit 2, line 3, expected 11 found 5" \
  sh -c "test $? -eq 2 && grep -qF '$tmp/lt.csv:3: expected 11 fields (as the header), found 5' '$tmp/lt.err'"
# A file of 1 MiB or more is parsed by two threads (importers/csv_split.h):
# the cut last line and a short row in the second half are named with the
# same lines. 60000 rows "S,2.5,0.1" (about 1.1 MB), header at line 1.
awk 'BEGIN { print "step,loss,lr"; for (s = 1; s <= 60000; s++) print s ",2.5,0.1"; printf "60001,2" }' >"$tmp/big.csv"
DUALTRACK_CSV_SPLIT=1 dt import --platform gpu --run big "$tmp/big.csv" >"$tmp/big.out" 2>&1
check "two threads, cut last line: imported, warning names line 60002" \
  grep -qF "$tmp/big.csv:60002: last line truncated (2 of 3 fields, no line end), skipped" "$tmp/big.out"
# the same with every field of step 60001 there ('60001,2.5,0.' cut from
# '60001,2.5,0.1'): the second thread gives that line back, it is cut
awk 'BEGIN { print "step,loss,lr"; for (s = 1; s <= 60000; s++) print s ",2.5,0.1"; printf "60001,2.5,0." }' >"$tmp/bigf.csv"
DUALTRACK_CSV_SPLIT=1 dt import --platform gpu --run bigf "$tmp/bigf.csv" >"$tmp/bigf.out" 2>&1
check "two threads, whole cut last line: warning names line 60002" \
  grep -qF "$tmp/bigf.csv:60002: last line truncated (no line end), skipped" "$tmp/bigf.out"
check "  lr: 60000 points, the last at step 60000 is 0.1" \
  sh -c "test \"\$('$bin' --db '$db' series bigf --metric lr --csv | tail -n +2 | wc -l)\" = 60000 &&
    '$bin' --db '$db' series bigf --metric lr --csv | tail -n 1 | grep -qx 60000,0.1,1"
awk 'BEGIN { print "step,loss,lr"; for (s = 1; s <= 60000; s++) print (s == 50000 ? s ",2.5" : s ",2.5,0.1") }' >"$tmp/big2.csv"
DUALTRACK_CSV_SPLIT=1 dt import --platform gpu --run big2 "$tmp/big2.csv" >/dev/null 2>"$tmp/big2.err"
check "two threads, short row at line 50001: exit 2, named" \
  sh -c "test $? -eq 2 && grep -qF '$tmp/big2.csv:50001: expected 3 fields (as the header), found 2' '$tmp/big2.err'"
check "no run of a refused file stored" py "
import json, subprocess
r = json.loads(subprocess.run(['$bin', '--db', '$db', 'runs', '--json'], capture_output=True, text=True).stdout)['runs']
assert sorted(x['name'] for x in r) == ['big', 'bigf', 'cutcsv', 'nonl0', 'nonl1', 'nonl_lr0', 'nonl_lr1'], r
"

# a Lightning metrics.csv of the corpus cut at 70000 bytes: its last line
# "4,,66549,,,3.9750306606292" has 6 of 11 fields (skips without ../shared)
corpus=${DT_SHARED:-$(dirname "$0")/../../shared}/corpus
f=$corpus/lightning_csv/slm-gpt_version_0_epochs0-9_metrics.csv
if [ -r "$f" ]; then
  head -c 70000 "$f" >"$tmp/metrics.csv"
  lines=$(wc -l <"$tmp/metrics.csv")     # whole lines; the cut one is lines+1
  dt import --platform gpu --run lcut "$tmp/metrics.csv" >"$tmp/lcut.out" 2>&1
  check "cut Lightning file: imported (exit 0)" test $? -eq 0
  check "  warning names its last line $((lines + 1)), 6 of 11 fields" \
    grep -qF "$tmp/metrics.csv:$((lines + 1)): last line truncated (6 of 11 fields, no line end), skipped" "$tmp/lcut.out"
  # the last whole line is step 66499 (+1: Lightning counts from 0)
  check "  last stored loss step is 66500" \
    sh -c "dt() { '$bin' --db '$db' \"\$@\"; }; dt series lcut --metric loss --csv | tail -n 1 | grep -q '^66500,'"
else
  echo "corpus not found: the cut Lightning file is skipped"
fi
finish

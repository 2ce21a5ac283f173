#!/usr/bin/env bash
# cli_import_resolved.sh: an import whose loss rows are not one per step
# says how the rows read became the steps kept (new-user trial: "jsonl,
# 4074 points ... (loss 1358 ...)" then "loss 656 points", nothing in
# between). Two rows per step (micro-batches) and a restart replaying
# steps 2..3:
#   launch 1: steps 1,1,2,2,3,3 (6 rows) -> steps 1,2,3 (3 averaged)
#   launch 2: steps 2,2,3,3,4,4 (6 rows, the step goes back) -> 2,3,4
#             (3 averaged); it supersedes launch 1's steps 2 and 3 (2)
#   kept: 1 (launch 1) + 3 (launch 2) = 4 = 12 - 6 - 2.
# A log of one row per step prints no such line; a part that is 0 is
# left out. Each number names what it counts: the averaged and superseded
# parts are points (rows), not steps (the summary's replayed steps are).
# usage: cli_import_resolved.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
f=$tmp/mb.jsonl
for s in 1 1 2 2 3 3 2 2 3 3 4 4; do
  printf '{"step": %d, "loss": %s}\n' "$s" "$(( RANDOM % 9 + 1 )).0"
done >"$f"
"$bin" --db "$db" import --platform gpu --run mb "$f" >"$tmp/o" 2>&1
check "import: exit 0" test $? -eq 0
check "12 read, 4 kept, 6 averaged, 2 superseded" grep -qxF \
  "loss of run 'mb': 12 points read, 4 steps kept: 6 points averaged into the steps they share (a row per micro-batch, or several writers of one log), 2 points superseded by a later segment (logged again when their steps were replayed)" "$tmp/o"
check "  before the run's summary, which says 4 points" sh -c \
  'grep -n "" "$0" | grep -E "loss of run|^[0-9]+:  loss +4 points" | cut -d: -f1 | tr "\n" " " | awk "{exit !(\$1 < \$2)}"' "$tmp/o"
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/one.csv"
"$bin" --db "$db" import --platform gpu --run one "$tmp/one.csv" >"$tmp/o2" 2>&1
check "one row per step: no such line" sh -c '! grep -q "points read" "$0"' "$tmp/o2"
# a restart alone (steps 1..3, then 2..3 again): 5 read, 3 kept, 2
# superseded, nothing averaged: that part left out
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n2,1.85\n3,1.75\n' >"$tmp/re.csv"
"$bin" --db "$db" import --platform gpu --run re "$tmp/re.csv" >"$tmp/o4" 2>&1
check "a restart alone: 5 read, 3 kept, 2 superseded" grep -qxF \
  "loss of run 're': 5 points read, 3 steps kept: 2 points superseded by a later segment (logged again when their steps were replayed)" "$tmp/o4"
# a second file into the run (re-resolved from the store): 2 more rows of
# step 5 -> one step, all counted again over the run's files: 14 read, 5
# kept, 7 averaged, 2 superseded
printf '{"step": 5, "loss": 1.0}\n{"step": 5, "loss": 2.0}\n' >"$tmp/mb2.jsonl"
"$bin" --db "$db" import --platform gpu --run mb "$tmp/mb2.jsonl" >"$tmp/o3" 2>&1
check "a second file: counted over the run" grep -qF \
  "loss of run 'mb': 14 points read, 5 steps kept: 7 points averaged" "$tmp/o3"
# --dry-run says it too, as the import would (a new run: counted over
# the files given); for a run the store holds, the import counts the
# run's stored files as well, which a dry run does not read: no line
"$bin" --db "$db" import --platform gpu --run mbd --dry-run "$f" >"$tmp/d1" 2>&1
check "--dry-run, a new run: the same line" grep -qxF \
  "loss of run 'mbd': 12 points read, 4 steps kept: 6 points averaged into the steps they share (a row per micro-batch, or several writers of one log), 2 points superseded by a later segment (logged again when their steps were replayed)" "$tmp/d1"
"$bin" --db "$db" import --platform gpu --run mb --dry-run "$f" >"$tmp/d2" 2>&1
check "--dry-run, a run the store holds: no such line" sh -c '! grep -q "points read" "$0"' "$tmp/d2"
# --follow: said once, for the run as followed, before the run's summary;
# a later follow of the grown log (and a plain import continuing it)
# says it for the run as it then is. mf.jsonl: launch 1 (6 rows) ->
# 3 steps, 3 averaged; then launch 2 appended (6 rows) -> 12 read, 4
# kept, 6 averaged, 2 superseded; then 2 rows of step 5 -> 14 read, 5
# kept, 7 averaged, 2 superseded
g=$tmp/mf.jsonl
for s in 1 1 2 2 3 3; do printf '{"step": %d, "loss": 2.0}\n' "$s"; done >"$g"
fol() { "$bin" --db "$db" import --platform gpu --run mf --follow \
  --interval 0.05 --idle-exit 0.3 "$g" >"$1" 2>&1; }
fol "$tmp/f1"
check "--follow: said once" test "$(grep -c "points read" "$tmp/f1")" -eq 1
check "  6 read, 3 kept, 3 averaged" grep -qxF \
  "loss of run 'mf': 6 points read, 3 steps kept: 3 points averaged into the steps they share (a row per micro-batch, or several writers of one log)" "$tmp/f1"
check "  after the updates, before the run's summary" awk \
  '/^update 1:/ {u = NR} /^loss of run/ {l = NR} /^run .mf. / {r = NR}
   END {exit !(u && l > u && r > l)}' "$tmp/f1"
for s in 2 2 3 3 4 4; do printf '{"step": %d, "loss": 2.0}\n' "$s"; done >>"$g"
fol "$tmp/f2"
check "--follow of the grown log: 12 read, 4 kept, 6 averaged, 2 superseded" grep -qxF \
  "loss of run 'mf': 12 points read, 4 steps kept: 6 points averaged into the steps they share (a row per micro-batch, or several writers of one log), 2 points superseded by a later segment (logged again when their steps were replayed)" "$tmp/f2"
printf '{"step": 5, "loss": 1.0}\n{"step": 5, "loss": 2.0}\n' >>"$g"
"$bin" --db "$db" import --platform gpu --run mf "$g" >"$tmp/f3" 2>&1
check "a plain import continuing it: 14 read, 5 kept" grep -qF \
  "loss of run 'mf': 14 points read, 5 steps kept: 7 points averaged" "$tmp/f3"
finish

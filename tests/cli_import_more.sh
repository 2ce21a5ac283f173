#!/usr/bin/env bash
# cli_import_more.sh: issue 4 through the command line: folder imports
# (TensorBoard run dir, Lightning lightning_logs/, W&B run folder), the
# facts-only import of a W&B summary, --dry-run on a folder, --follow on a
# growing log (partial last line held back), and the compile note of
# compare. Corpus parts are skipped when ../shared is absent.
# usage: cli_import_more.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"

# --follow: 2 complete lines + a partial one; then the rest arrives.
printf 'step 1 loss 2.5\nstep 2 loss 2.25\nstep 3 lo' >"$tmp/grow.log"
"$bin" --db "$db" import --platform trn2 --run live --follow \
  --interval 0.1 --idle-exit 3 "$tmp/grow.log" >"$tmp/follow.out" 2>&1 &
fpid=$!
# append only once the follower reported the previous update (polling,
# 30 s at most: no timing assumption about a slow or sanitised build)
wait_update() {
  local i
  for i in $(seq 300); do
    grep -q "update $1:" "$tmp/follow.out" 2>/dev/null && return 0
    sleep 0.1
  done
  return 1
}
wait_update 1

# the import summary keeps its columns in line under a long metric name:
# "points, steps" starts at the same column on every metric's row
printf 'step,loss,a_very_long_metric_name_for_validation_loss_epoch\n1,2.5,3.1\n' >"$tmp/long.csv"
"$bin" --db "$tmp/long.db" import --platform gpu --run long "$tmp/long.csv" >"$tmp/long.out" 2>&1
check "import summary columns in line under a long metric name" \
  test "$(grep 'points, steps' "$tmp/long.out" | awk '{ print index($0, "points, steps") }' | sort -u | wc -l)" -eq 1
printf 'ss 2.0\nstep 4 loss 1.75\n' >>"$tmp/grow.log"
wait_update 2
printf 'step 5 loss 1.5\n' >>"$tmp/grow.log"
wait $fpid
check "follow exits 0 after idle" test $? -eq 0
# update 1: 2 points (33 bytes: "step 1 loss 2.5\n" 16 + "step 2 loss 2.25\n" 17);
# update 2: steps 3 (completed: 2.0, not a cut "lo") and 4; update 3: step 5
check "follow: update lines" py "
t = open('$tmp/follow.out').read()
assert 'update 1: +2 point(s), 33 bytes read' in t, t
assert 'update 2: +2 point(s)' in t and 'last step 4 = 1.75' in t, t
assert 'update 3: +1 point(s)' in t and 'last step 5 = 1.5' in t, t
"
"$bin" --db "$db" series live --metric loss --csv >"$tmp/live.csv"
check "follow: stored curve 1..5" py "
rows = open('$tmp/live.csv').read().split()[1:]
assert [r.split(',')[:2] for r in rows] == [['1','2.5'],['2','2.25'],['3','2'],['4','1.75'],['5','1.5']], rows
"

# compile note: the pilot compiled 1 graph during the run, the baseline none
printf 'step 1 loss 2.0\nstep 2 loss 1.5\n' >"$tmp/gpu.log"
printf '%s\n' \
 '2024-02-26 16:04:13.000159:  87302  INFO ||NEURON_CC_WRAPPER||: Call compiler with cmd: [neuronx-cc]' \
 'Compiler status PASS' 'step 1 loss 2.0' 'step 2 loss 1.5' >"$tmp/trn.log"
"$bin" --db "$db" import --platform gpu --run g "$tmp/gpu.log" >/dev/null
"$bin" --db "$db" import --platform trn2 --run t "$tmp/trn.log" >"$tmp/t.out"
check "neuron facts at import" grep -q "fact: neuron.cache_misses = 1" "$tmp/t.out"
"$bin" --db "$db" compare g t >"$tmp/cmp.out"
check "compare header: compile note" grep -q \
  "compile: pilot t's time includes graph compilation (1 cache miss); baseline g's does not (no compilation recorded)" "$tmp/cmp.out"

corpus="${DT_SHARED:-}/corpus"
if [ ! -d "$corpus" ]; then
  echo "skip corpus part: $corpus absent"
  exit $((fails > 0))
fi
mkdir -p "$tmp/runs/exp" "$tmp/two/runA" "$tmp/two/runB" "$tmp/ll/lightning_logs/version_0" \
  "$tmp/ll/lightning_logs/version_5" "$tmp/wandb/run-1/files"
cp "$corpus/tensorboard/t5-summarization_hf-trainer_final-eval.tfevents" \
  "$tmp/runs/exp/events.out.tfevents.2"
cp "$corpus/tensorboard/t5-summarization_hf-trainer_train_anon.tfevents" \
  "$tmp/runs/exp/events.out.tfevents.9"
cp "$tmp/runs/exp/events.out.tfevents.2" "$tmp/two/runA/events.out.tfevents.1"
cp "$tmp/runs/exp/events.out.tfevents.9" "$tmp/two/runB/events.out.tfevents.1"
cp "$corpus/lightning_csv/slm-gpt_version_0_epochs0-9_metrics.csv" \
  "$tmp/ll/lightning_logs/version_0/metrics.csv"
cp "$corpus/lightning_csv/slm-gpt_version_5_resumed_epochs10-13_metrics.csv" \
  "$tmp/ll/lightning_logs/version_5/metrics.csv"
cp "$corpus/wandb/alpaca-hf-trainer_run-iqu955sp_wandb-summary.json" \
  "$tmp/wandb/run-1/files/wandb-summary.json"

# two run folders side by side are two runs: refused, not merged
"$bin" import --dry-run --platform gpu "$tmp/two" >"$tmp/two.out" 2>&1
check "folder of two runs: exit 2" test $? -eq 2
check "folder of two runs: lists both folders" py "
t = open('$tmp/two.out').read()
assert 'event files in more than one folder ($tmp/two/runA, $tmp/two/runB)' in t, t
assert 'pass the event files explicitly' in t, t
"
"$bin" import --dry-run --platform gpu "$tmp/runs/exp" >"$tmp/dry.out"
# the training file (first wall time 1742826235.9) before the eval file
# (1742884204.9), whatever their names sort as
check "dry-run folder: wall-time order" py "
t = open('$tmp/dry.out').read().splitlines()
assert 'folder, 2 file(s): TensorBoard event files, in wall-time order' in t[0], t
assert 'exp/events.out.tfevents.9: tfevents, 1726 points' in t[1], t
assert any('events.out.tfevents.2: tfevents, 10 points' in l for l in t[2:]), t
"
"$bin" --db "$db" import --platform gpu "$tmp/runs/exp" >/dev/null
"$bin" --db "$db" import --platform gpu "$tmp/ll/lightning_logs" >/dev/null
"$bin" --db "$db" import --platform gpu "$tmp/wandb/run-1/files" >"$tmp/wb.out"
check "W&B summary stored as facts" grep -q "no training curve: imported as 7 run fact(s)" "$tmp/wb.out"
"$bin" --db "$db" runs --json >"$tmp/runs.json"
check "folder runs: segments and ranges" py "
import json
r = {x['name']: x for x in json.load(open('$tmp/runs.json'))['runs']}
e = r['exp']; l = e['metrics']['loss']
# One segment count everywhere (issue 9): the run's segments are the loss
# curve's; the second event file holds eval values only (no loss), so the
# loss has 1 segment (epoch, logged in both files, has 2).
assert (e['files'], e['segments'], l['points'], l['first_step'], l['last_step']) == (2, 1, 430, 500, 215000), e
assert (l['segments'], e['metrics']['epoch']['segments']) == (1, 2), e
# Lightning: 2814 + 1126 train_loss_step rows, version 5 resumes after 140699;
# Lightning's 0-based step + 1 = optimizer steps 50..197000
ll = r['ll']; l = ll['metrics']['loss']
assert (ll['segments'], l['points'], l['first_step'], l['last_step']) == (2, 3940, 50, 197000), ll
w = r['run-1']
assert w['format'] == 'wandb' and 'loss' not in w['metrics'], w
"
finish

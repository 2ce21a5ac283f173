#!/usr/bin/env bash
# cli_grad_accum_unknown.sh: a gradient accumulation neither the log
# states nor anyone gave reads "unknown" (JSON null) in every output, as
# the global batch and the logging interval do: runs --json, evidence.json
# and report.md's "Baseline and pilot side by side" (they said 1, the
# store's default for the step arithmetic; dt_run_grad_accum_shown).
# A G given at import (--grad-accum 4) or stated by the log (MLPerf
# gradient_accumulation_steps 2, the HF Trainer banner's "Gradient
# Accumulation steps = 4", now a run fact) is shown as such; so is a G
# of 1 typed at import (--grad-accum 1: it read unknown, the store holding
# 1 for "none given" too; run.grad_accum_given).
# Runs: "b" (gpu) and "p" (trn2), step,loss CSVs with no G, pilot "f";
# "m" a micro-batch CSV imported with --grad-accum 4; "ml" an MLLOG with
# gradient_accumulation_steps 2, global_batch_size 16, train_loss at
# samples 32 and 64 (steps 2, 4); "hf" an HF Trainer console log whose
# banner says Gradient Accumulation steps = 4, total batch 8; "one" the
# step,loss CSV imported with --grad-accum 1.
# usage: cli_grad_accum_unknown.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=ana DUALTRACK_NOW=2026-11-29T10:00:00Z

printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/b.csv"
cp "$tmp/b.csv" "$tmp/p.csv"
printf 'step,loss\n1,2.5\n2,2.5\n3,2.5\n4,2.5\n5,2.25\n6,2.25\n7,2.25\n8,2.25\n' >"$tmp/m.csv"
{ printf ':::MLLOG {"time_ms": 1, "key": "global_batch_size", "value": 16, "metadata": {}}\n'
  printf ':::MLLOG {"time_ms": 2, "key": "gradient_accumulation_steps", "value": 2, "metadata": {}}\n'
  printf ':::MLLOG {"time_ms": 3, "key": "train_loss", "value": 3.5, "metadata": {"samples_count": 32}}\n'
  printf ':::MLLOG {"time_ms": 4, "key": "train_loss", "value": 3.25, "metadata": {"samples_count": 64}}\n'
} >"$tmp/ml.txt"
{ printf '***** Running training *****\n  Num examples = 24\n  Num Epochs = 1\n'
  printf '  Instantaneous batch size per device = 2\n'
  printf '  Total train batch size (w. parallel, distributed & accumulation) = 8\n'
  printf '  Gradient Accumulation steps = 4\n  Total optimization steps = 3\n'
  printf "{'loss': 2.5, 'learning_rate': 1e-05, 'epoch': 0.33}\n"
  printf "{'loss': 2.4, 'learning_rate': 1e-05, 'epoch': 0.67}\n"
  printf "{'loss': 2.3, 'learning_rate': 1e-05, 'epoch': 1.0}\n"
} >"$tmp/hf.log"
dt import --platform gpu --run hf "$tmp/hf.log" >/dev/null 2>&1 &&
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run m --grad-accum 4 "$tmp/m.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run ml "$tmp/ml.txt" >/dev/null 2>&1 &&
dt import --platform trn2 --run one --grad-accum 1 "$tmp/p.csv" >/dev/null 2>&1 &&
dt pilot new f >/dev/null && dt attach f b --role baseline >/dev/null &&
dt attach f p --role pilot >/dev/null &&
dt export f --out "$tmp/pack" >/dev/null 2>&1 || { echo "setup failed"; exit 1; }

dt runs --json >"$tmp/runs.json"
check "runs --json: grad_accum null for b and p, 4 for m, 2 for ml, 4 for hf, 1 for one" py "
import json
r = {x['name']: x for x in json.load(open('$tmp/runs.json'))['runs']}
got = {n: r[n]['grad_accum'] for n in r}
assert got == {'b': None, 'p': None, 'm': 4, 'ml': 2, 'hf': 4, 'one': 1}, got
assert r['ml']['facts'].get('mlperf.gradient_accumulation_steps') == '2', r['ml']['facts']
assert r['hf']['facts'].get('hf.gradient_accumulation_steps') == '4', r['hf']['facts']
assert r['hf']['global_batch'] == 8, r['hf']['global_batch']
"
check "evidence.json: grad_accum, global_batch, logging_steps null for b and p" py "
import json
e = json.load(open('$tmp/pack/evidence.json'))['runs']
got = [(x['name'], x['grad_accum'], x['global_batch'], x['logging_steps']) for x in e]
assert got == [('b', None, None, None), ('p', None, None, None)], got
"
check "report.md: gradient accumulation unknown on both sides" \
  grep -qxF "| gradient accumulation | unknown | unknown |" "$tmp/pack/report.md"
check "report.md: global batch, logging steps unknown too" sh -c \
  "grep -qxF '| global batch | unknown | unknown |' '$tmp/pack/report.md' &&
   grep -qxF '| logging steps | unknown | unknown |' '$tmp/pack/report.md'"
check "report.md: no 'gradient accumulation | 1'" sh -c \
  "! grep -qF 'gradient accumulation | 1' '$tmp/pack/report.md'"
# one as the pilot: --grad-accum 1 typed is 1 in the evidence pack too
{ dt pilot new f1 && dt attach f1 b --role baseline && dt attach f1 one --role pilot &&
  dt export f1 --out "$tmp/pack1"; } >/dev/null 2>&1 || { echo "setup f1 failed"; exit 1; }
check "evidence.json: grad_accum 1 for one (typed), null for b" py "
import json
e = json.load(open('$tmp/pack1/evidence.json'))['runs']
got = [(x['name'], x['grad_accum']) for x in e]
assert got == [('b', None), ('one', 1)], got
"
check "report.md: gradient accumulation unknown | 1 (marked as differing)" \
  grep -qxF "| **≠** gradient accumulation | unknown | 1 |" "$tmp/pack1/report.md"
"$bin" --db "$db" verify >/dev/null 2>&1
check "verify: intact (the run records with and without grad_accum_given)" test $? -eq 0
# the micro-batch run still steps by G = 4: micro 1..8 -> effective 1..2
check "m: effective steps 1..2 (the arithmetic keeps G)" sh -c \
  "test \"\$('$bin' --db '$db' series m --csv | tr '\n' ' ')\" = 'step,value,segment 1,2.5,1 2,2.25,1 '"
finish

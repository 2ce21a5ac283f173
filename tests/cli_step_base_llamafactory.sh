#!/usr/bin/env bash
# cli_step_base_llamafactory.sh: LLaMA-Factory's trainer_log.jsonl is a
# known optimizer-step producer (README "The rules"): its LogCallback
# writes current_steps = the HF Trainer's state.global_step, 1 after the
# first update, beside total_steps = state.max_steps. The import report
# says so (it said "step base unknown: kept as logged"); steps stay as
# logged. A JSON-lines file with a plain "step" key (no total_steps)
# still has an unknown base. With ../shared/corpus, its Mistral LoRA
# trainer_log.jsonl (current_steps 10..8660) reads the same way.
# usage: cli_step_base_llamafactory.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
rule="steps: optimizer step (JSON key current_steps); as logged: LLaMA-Factory logs the HF Trainer's update count (1-based)"
for s in 1 2 3; do
  echo "{\"current_steps\": $s, \"total_steps\": 3, \"loss\": 2.$s, \"learning_rate\": 1e-05, \"epoch\": 0.$s, \"percentage\": 33.3, \"elapsed_time\": \"0:00:0$s\", \"remaining_time\": \"0:00:02\"}"
done >"$tmp/trainer_log.jsonl"
dt import --platform gpu --run lf "$tmp/trainer_log.jsonl" >"$tmp/i.out" 2>&1
check "import exits 0" test $? -eq 0
check "the report line names the producer's rule" grep -qF "$tmp/trainer_log.jsonl: jsonl, 9 points in 3 metrics (loss 3, lr 3, epoch 3); $rule" "$tmp/i.out"
check "  steps as logged: 1..3" grep -qx "  step range: loss 1..3, all metrics 1..3; 1 segment(s) in the file" "$tmp/i.out"
check "  no 'step base unknown'" sh -c "! grep -q 'step base unknown' '$tmp/i.out'"
dt import --platform gpu --run lf-dry --dry-run "$tmp/trainer_log.jsonl" >"$tmp/d.out" 2>&1
check "the dry run says the same" grep -qF "$rule" "$tmp/d.out"

printf '{"step": 1, "loss": 2.0}\n{"step": 2, "loss": 1.9}\n' >"$tmp/other.jsonl"
dt import --platform gpu --run other "$tmp/other.jsonl" >"$tmp/o.out" 2>&1
check "a plain step key: base still unknown" grep -qF "; step base unknown: kept as logged (--step-base 0|1 decides)" "$tmp/o.out"

corpus=${DT_SHARED:-$(dirname "$0")/../../shared}/corpus
lf=$corpus/llamafactory_trainer_log/mistral7b-instruct-v0.2_lora_trainer_log.jsonl
if [ -f "$lf" ]; then
  dt import --platform gpu --run mistral-lf "$lf" >"$tmp/c.out" 2>&1
  check "corpus Mistral trainer_log.jsonl: the rule" grep -qF "(loss 866, lr 866, epoch 866); $rule" "$tmp/c.out"
  check "  steps 10..8660 as logged" grep -qx "  step range: loss 10..8660, all metrics 10..8660; 1 segment(s) in the file" "$tmp/c.out"
else
  echo "no corpus: its file not tried"
fi
finish

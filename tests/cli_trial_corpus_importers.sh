#!/usr/bin/env bash
# cli_trial_corpus_importers.sh: the second new-user trial's importer
# repros on the real logs of ../shared/corpus (skipped, exit 77, without
# it): --grad-accum 8 on the NxD HyperPod log and the torch-neuronx BERT
# LOG lines is ignored with a warning (they count optimizer steps), so
# the restart stays at step 6 and the steps as logged; no real text log
# has a value that is not a number (decimal comma, word after loss).
# usage: cli_trial_corpus_importers.sh DUALTRACK
corpus=${DT_SHARED:-$(dirname "$0")/../../shared}/corpus
[ -d "$corpus/neuron" ] || { echo "no corpus: skipped"; exit 77; }
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
hp=$corpus/neuron/trn1_nxd-llama3-70b_tp32pp8_hyperpod-autoresume_excerpt_anon.log
bert=$corpus/neuron/trn1_dp-bert-large_LOG-step_loss_doc-excerpt.log

dt import --platform trn2 --run pilot --grad-accum 8 "$hp" >"$tmp/hp.out" 2>&1
check "HyperPod NxD log, --grad-accum 8: ignored, said so; loss 1..9 kept" py "
import re; t = open('$tmp/hp.out').read()
assert '--grad-accum 8 ignored: neuronx-distributed logs optimizer steps' in t, t
assert re.search(r'^  loss +9 points, steps 1\.\.9$', t, re.M), t"
dt resume-check pilot >"$tmp/rc.out"
check "  restart 1 at step 6, not a restart from the beginning" py "
t = open('$tmp/rc.out').read()
assert 'restart 1 at step 6: FAIL' in t, t
assert 'from the beginning' not in t, t"
dt import --dry-run --platform trn2 --grad-accum 8 "$bert" >"$tmp/bert.out" 2>&1
check "BERT LOG lines, --grad-accum 8: ignored, 78..85 kept" py "
t = open('$tmp/bert.out').read()
assert '--grad-accum 8 ignored: torch-neuronx logs optimizer steps' in t, t
assert 'step range: loss 78..85' in t and 'effective steps' not in t, t"
for f in "$corpus"/neuron/*.log "$corpus"/megatron_nemo_deepspeed/*.log; do
	dt import --dry-run --format textlog "$f" >>"$tmp/tl.out" 2>&1
done
check "corpus text logs: no value warned as not a number" py "
t = open('$tmp/tl.out').read()
assert t.count(': textlog, ') == 11, t
assert 'not numbers skipped' not in t, t"
finish

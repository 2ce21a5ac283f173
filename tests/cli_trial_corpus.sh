#!/usr/bin/env bash
# cli_trial_corpus.sh: the new-user trial's repros on the real logs of
# ../shared/corpus (skipped, exit 77, without it): a HyperPod restart
# judged the same with and without a GPU baseline logged at other steps;
# a checkpoint trainer_state.json then the final one of the same training
# read as the same log grown; --grad-accum on an HF trainer_state.json
# ignored alike by the dry run and the import; compare --interpolate with
# no baseline step in the pilot's range says so.
# usage: cli_trial_corpus.sh DUALTRACK
corpus=${DT_SHARED:-$(dirname "$0")/../../shared}/corpus
[ -d "$corpus/hf_trainer_state" ] || { echo "no corpus: skipped"; exit 77; }
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
hf=$corpus/hf_trainer_state
ckpt=$hf/mistral7b-instruct-v0.2_lora_checkpoint-4000_trainer_state.json
final=$hf/mistral7b-instruct-v0.2_lora_llamafactory_4gpu_ga4_trainer_state.json
hp=$corpus/neuron/trn1_nxd-llama3-70b_tp32pp8_hyperpod-autoresume_excerpt_anon.log

dt import --platform gpu --run mistral-gpu "$final" >/dev/null
dt import --platform trn2 --run hyperpod "$hp" >/dev/null
# HyperPod: loss 13.41 over steps 1..5, 1.69 after the restart at 6: the
# baseline logs steps 10..8660, none of 1..9, so the same rule decides
for opt in "" "--baseline mistral-gpu"; do
	# shellcheck disable=SC2086
	dt resume-check hyperpod $opt >"$tmp/rc.out"
	check "hyperpod resume-check $opt: exit 1" test $? -eq 1
	check "  restart 1 at step 6 fails on the loss (-87.41%)" py "
t = open('$tmp/rc.out').read()
assert 'restart 1 at step 6: FAIL' in t, t
assert '(13.41 over 5 point(s)) to its least-squares trend at the same steps (13.41): -87.41% (limit 5.00%)' in t, t"
done
dt compare mistral-gpu hyperpod --interpolate --json >"$tmp/ip.json"
check "compare --interpolate: the true reason" py "
import json; s = json.load(open('$tmp/ip.json'))['summary']
assert s['reason'] == \"nothing to interpolate: no baseline step lies within the pilot's steps: baseline 10..8660, pilot 1..9\", s['reason']"

dt import --platform gpu --run m2 "$ckpt" >/dev/null
dt import --platform gpu --run m2 "$final" >"$tmp/m2.out"
check "checkpoint then final trainer_state: the same log grown" grep -qF \
	"400 points already held (same log grown; as stored from $(basename "$ckpt"), bit for bit), 466 new" "$tmp/m2.out"
dt resume-check m2 >/dev/null
check "  no restart to judge: exit 0" test $? -eq 0

dt import --dry-run --platform trn2 --grad-accum 4 "$final" >"$tmp/d.out" 2>&1
dt import --platform trn2 --run ga --grad-accum 4 "$final" >"$tmp/i.out" 2>&1
check "--grad-accum on trainer_state: dry run and import agree on 10..8660" py "
d = open('$tmp/d.out').read(); i = open('$tmp/i.out').read()
assert 'step range: loss 10..8660' in d and '--grad-accum 4 ignored' in d, d
assert 'steps 10..8660' in i and '--grad-accum 4 ignored' in i, i"
finish

#!/usr/bin/env bash
# cli_grad_accum.sh: --grad-accum G has one meaning in the dry run and
# the import: the log counts micro-batches, micro-step m is effective step
# ceil(m / G). A producer known to log the optimizer update count (here
# the HF Trainer's trainer_state.json) already gives effective steps: G is
# ignored there, with a warning, in both. A file of each kind in one
# import is refused.
# usage: cli_grad_accum.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }

# HF trainer_state: optimizer steps 10, 20, 30, 40
printf '{"global_step": 40, "log_history": [%s]}\n' \
	'{"loss": 2.0, "step": 10}, {"loss": 1.9, "step": 20}, {"loss": 1.8, "step": 30}, {"loss": 1.7, "step": 40}' \
	>"$tmp/trainer_state.json"
# an NxD-style log counting micro-batches 1..8 (step base unknown)
for m in 1 2 3 4 5 6 7 8; do echo "step $m loss 2.$m"; done >"$tmp/micro.log"

dt import --dry-run --platform trn2 --grad-accum 4 "$tmp/trainer_state.json" >"$tmp/d1.out" 2>&1
check "HF dry run: exit 0" test $? -eq 0
check "HF dry run: G ignored, said so" grep -qF -- \
	"--grad-accum 4 ignored: HF Trainer logs optimizer steps (the update count), so a logged step is already an effective step" "$tmp/d1.out"
check "HF dry run: the steps as they will be stored, 10..40" grep -qF \
	"  step range: loss 10..40, all metrics 10..40; 1 segment(s) in the file" "$tmp/d1.out"
check "HF dry run: no effective-step line" py "
assert 'effective steps' not in open('$tmp/d1.out').read()"
dt import --platform trn2 --run hf --grad-accum 4 "$tmp/trainer_state.json" >"$tmp/i1.out" 2>&1
check "HF import: the same warning" grep -qF -- "--grad-accum 4 ignored: HF Trainer" "$tmp/i1.out"
check "HF import: steps 10..40 as the dry run said (not 3..10)" grep -qE \
	"^  loss +4 points, steps 10\.\.40$" "$tmp/i1.out"
dt runs --json >"$tmp/r.json"
check "HF import: grad_accum unknown (G ignored, the log states none), the warning kept with the run" py "
import json; r = [x for x in json.load(open('$tmp/r.json'))['runs'] if x['name'] == 'hf'][0]
assert r['grad_accum'] is None, r['grad_accum']
assert any('--grad-accum 4 ignored' in w for w in r['warnings']), r['warnings']
"

# micro-batches 1..8 with G = 4: effective steps ceil(m/4) = 1 (m 1..4)
# and 2 (m 5..8): both the dry run and the import say 1..2
dt import --dry-run --platform trn2 --grad-accum 4 "$tmp/micro.log" >"$tmp/d2.out" 2>&1
check "micro-batch dry run: logged and effective ranges" py "
t = open('$tmp/d2.out').read()
assert '  step range: loss 1..8, all metrics 1..8; 1 segment(s) in the file' in t, t
assert '  effective steps (--grad-accum 4): loss 1..2, all metrics 1..2' in t, t
assert 'ignored' not in t, t
"
dt import --platform trn2 --run mb --grad-accum 4 "$tmp/micro.log" >"$tmp/i2.out" 2>&1
check "micro-batch import: 2 effective steps, 1..2" grep -qE \
	"^  loss +2 points, steps 1\.\.2$" "$tmp/i2.out"

dt import --platform trn2 --run mix --grad-accum 4 "$tmp/trainer_state.json" "$tmp/micro.log" >/dev/null 2>"$tmp/mix.err"
check "one import of both kinds: exit 2" test $? -eq 2
check "  names both files and says what to do" grep -qF \
	"trainer_state.json logs optimizer steps (HF Trainer) while $tmp/micro.log may count micro-batches: import them separately" "$tmp/mix.err"
finish

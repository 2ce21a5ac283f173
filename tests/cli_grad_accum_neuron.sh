#!/usr/bin/env bash
# cli_grad_accum_neuron.sh: the Trainium text lines that count optimizer
# steps (LOG-FORMATS.md section 9): neuronx-distributed `step N step_time
# ... loss ...` lines and torch-neuronx `LOG <ctime> - (epoch, step)`
# lines. --grad-accum G is ignored for them with the HF Trainer's warning
# words, in the dry run and the import (the steps stay as logged); a
# plain `step N loss X` line (producer unknown) still takes G.
# usage: cli_grad_accum_neuron.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }

# neuronx-distributed steps 1..4, then a HyperPod auto-resume and 5..6
{
	for s in 1 2 3 4; do
		echo "step $s step_time 24${s}.5s throughput 3.9 seq/s loss 2.${s}0 grad norm 1.5"
	done
	echo "[Auto Resume] Info: JobID: 7 StepID: 0 Retrying step. Attempt number: 1"
	for s in 5 6; do
		echo "step $s step_time 45${s}.5s throughput 2.1 seq/s loss 1.${s}0 grad norm 1.5"
	done
} >"$tmp/nxd.log"
# torch-neuronx (epoch, step) lines 78..81
for s in 78 79 80 81; do
	echo "LOG Thu Sep 29 22:30:${s#7} 2022 - (0, $s) step_loss : 9.${s}  learning_rate : 1.5e-05  throughput : 2873.14"
done >"$tmp/tnx.log"

dt import --dry-run --platform trn2 --grad-accum 8 "$tmp/nxd.log" >"$tmp/d1.out" 2>&1
check "NxD dry run: --grad-accum ignored with HF's words" grep -qF -- \
	"$tmp/nxd.log: --grad-accum 8 ignored: neuronx-distributed logs optimizer steps (the update count), so a logged step is already an effective step" "$tmp/d1.out"
check "  steps as logged, 1..6, no effective-step line" py "
t = open('$tmp/d1.out').read()
assert '  step range: loss 1..6, all metrics 1..6; 2 segment(s) in the file' in t, t
assert 'effective steps' not in t, t"
dt import --platform trn2 --run nxd --grad-accum 8 "$tmp/nxd.log" >"$tmp/i1.out" 2>&1
check "NxD import: the same warning" grep -qF -- "--grad-accum 8 ignored: neuronx-distributed" "$tmp/i1.out"
check "  6 loss points, steps 1..6 (not 1..1 averaged)" grep -qE \
	"^  loss +6 points, steps 1\.\.6$" "$tmp/i1.out"
dt resume-check nxd >"$tmp/rc.out"
check "  resume-check: the restart is at step 5, not 'from the beginning'" py "
t = open('$tmp/rc.out').read()
assert 'restart 1 at step 5' in t, t
assert 'from the beginning' not in t, t"
dt runs --json >"$tmp/r.json"
check "  grad_accum unknown, the warning kept with the run" py "
import json; r = [x for x in json.load(open('$tmp/r.json'))['runs'] if x['name'] == 'nxd'][0]
assert r['grad_accum'] is None, r['grad_accum']
assert any('--grad-accum 8 ignored' in w for w in r['warnings']), r['warnings']"

dt import --dry-run --platform trn2 --grad-accum 8 "$tmp/tnx.log" >"$tmp/d2.out" 2>&1
check "torch-neuronx dry run: ignored, steps 78..81" py "
t = open('$tmp/d2.out').read()
assert '$tmp/tnx.log: --grad-accum 8 ignored: torch-neuronx logs optimizer steps (the update count), so a logged step is already an effective step' in t, t
assert '  step range: loss 78..81, all metrics 78..81; 1 segment(s) in the file' in t, t
assert 'effective steps' not in t, t"
dt import --platform trn2 --run tnx --grad-accum 8 "$tmp/tnx.log" >"$tmp/i2.out" 2>&1
check "torch-neuronx import: 4 points, steps 78..81" grep -qE \
	"^  loss +4 points, steps 78\.\.81$" "$tmp/i2.out"

# without --grad-accum: no word about it
dt import --dry-run --platform trn2 "$tmp/nxd.log" >"$tmp/d3.out" 2>&1
check "no --grad-accum: no warning about it" py "
assert 'grad-accum' not in open('$tmp/d3.out').read()"

# a plain step line (producer unknown) may count micro-batches: G applies
for m in 1 2 3 4; do echo "step $m loss 2.$m"; done >"$tmp/plain.log"
dt import --dry-run --platform trn2 --grad-accum 2 "$tmp/plain.log" >"$tmp/d4.out" 2>&1
check "plain step lines: G applies (effective 1..2)" py "
t = open('$tmp/d4.out').read()
assert '  effective steps (--grad-accum 2): loss 1..2, all metrics 1..2' in t, t
assert 'ignored' not in t, t"
# NxD lines and plain lines in one import: refused as HF + micro-batch is
dt import --platform trn2 --run mix --grad-accum 2 "$tmp/nxd.log" "$tmp/plain.log" >/dev/null 2>"$tmp/mix.err"
check "NxD + plain log in one --grad-accum import: exit 2, named" py "
t = open('$tmp/mix.err').read()
assert '$tmp/nxd.log logs optimizer steps (neuronx-distributed) while $tmp/plain.log may count micro-batches' in t, t"
finish

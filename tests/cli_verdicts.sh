#!/usr/bin/env bash
# cli_verdicts.sh: issue 5's command-line contracts: resume-check exit
# codes and JSON, compare findings / interpolation / noise ratio JSON,
# ledger JSON on the demo store, ledger set errors, scenario guide.
# usage: cli_verdicts.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }

dt demo --no-tui >"$tmp/demo.out" 2>&1
check "demo builds" grep -q "demo store ready" "$tmp/demo.out"

# --- resume-check -----------------------------------------------------
dt resume-check llama3-8b-lora-trn2-pilot --baseline llama3-8b-lora-gpu-a100 \
  --json >"$tmp/rc.json"; rc=$?
check "resume-check demo pilot passes, exit 0" test "$rc" -eq 0
check "resume-check JSON contract (demo: resume at 1201, 200 replayed)" py "
import json
j = json.load(open('$tmp/rc.json'))
assert j['run'] == 'llama3-8b-lora-trn2-pilot' and j['verdict'] == 'pass'
r = j['restarts']; assert len(r) == 1, r
r = r[0]
assert r['at_step'] == 1201 and r['verdict'] == 'pass' and r['replayed_steps'] == 200
assert set(r['checks']) == {'step', 'lr', 'loss', 'replay', 'data_cursor'}
assert all(v in ('pass', 'fail', 'n/a') for v in r['checks'].values())
assert r['checks']['lr'] == 'pass' and r['checks']['replay'] == 'pass'
assert r['checks']['data_cursor'] == 'n/a' and r['reason']
assert r['lost_steps'] == 0 and r['offset_factor'] is None
"
dt resume-check llama3-8b-lora-gpu-a100 --json >"$tmp/rc0.json"; rc=$?
check "run without restarts: exit 0, no restarts" py "
import json; j = json.load(open('$tmp/rc0.json'))
assert $rc == 0 and j['restarts'] == [] and j['verdict'] == 'no_restarts'"

# Lost state: resume from checkpoint 8 at step 9 with the LR warm-up and
# consumed_samples restarted and a different loss at step 9:
# |1.45 - 1.38| / 1.38 = 5.07 % > 2 %.
{ echo "step,loss,learning_rate,consumed_samples"
  l=(2.0 1.8 1.6 1.5 1.45 1.42 1.40 1.39 1.38 1.37)
  for s in $(seq 1 10); do echo "$s,${l[$((s-1))]},$(python3 -c "print(0.001*$s)"),$((16*s))"; done
  echo "9,1.45,0.0001,16"; echo "10,1.37,0.0002,32"; echo "11,1.36,0.0003,48"; echo "12,1.36,0.0004,64"
} >"$tmp/lost.csv"
dt import --platform trn2 --run lost "$tmp/lost.csv" >/dev/null
dt resume-check lost --checkpoint 8 --json >"$tmp/lost.json"; rc=$?
check "lost state: exit 1" test "$rc" -eq 1
check "lost state: lr, replay, data_cursor fail; step passes" py "
import json
r = json.load(open('$tmp/lost.json'))['restarts'][0]
c = r['checks']
assert r['verdict'] == 'fail' and r['at_step'] == 9 and r['confirmed_checkpoint_step'] == 8, r
# the step going back (10 -> 9) is the only launch evidence: no line
assert r['checkpoint_step'] is None and r['evidence'] == [{'kind': 'step_back', 'marker': None, 'line': None, 'checkpoint_step': None}], r
assert (c['step'], c['lr'], c['replay'], c['data_cursor']) == ('pass', 'fail', 'fail', 'fail'), c
assert abs(r['replay_max_rel_diff'] - 0.07 / 1.38) < 1e-9
assert 'went backwards' in r['details']['data_cursor'] and 'replay' in r['reason']
"
dt resume-check lost --checkpoint 8 >"$tmp/lost.txt"
check "resume-check text lists each check" grep -q "data_cursor  fail" "$tmp/lost.txt"

# Counter offset: 1..10, a new launch (repeated header), then 40, 44, 48
# (G = 4) with the LR of steps 10, 11, 12.
{ echo "step,loss,learning_rate"
  for s in $(seq 1 10); do echo "$s,1.37,$(python3 -c "print(1e-4*$s)")"; done
  echo "step,loss,learning_rate"; echo "40,1.37,0.001"; echo "44,1.36,0.0011"; echo "48,1.36,0.0012"
} >"$tmp/off.csv"
dt import --platform trn2 --run off "$tmp/off.csv" >/dev/null
dt resume-check off --json >"$tmp/off.json"; rc=$?
check "offset x4 recognised, not 29 lost steps (exit 1)" py "
import json
r = json.load(open('$tmp/off.json'))['restarts'][0]
assert $rc == 1 and r['offset_factor'] == 4 and r['true_step'] == 10, r
assert r['lost_steps'] == 0 and r['checks']['step'] == 'fail' and r['checks']['lr'] == 'pass'
assert 'not 29 lost steps' in r['details']['step']
"
dt resume-check >/dev/null 2>&1
check "resume-check without RUN: exit 2" test $? -eq 2
dt resume-check nosuchrun >/dev/null 2>"$tmp/err"; rc=$?
check "resume-check unknown run: exit 2, named" bash -c "test $rc -eq 2 && grep -q nosuchrun '$tmp/err'"
dt resume-check lost --checkpoint x >/dev/null 2>&1
check "resume-check bad --checkpoint: exit 2" test $? -eq 2

# --- compare findings ---------------------------------------------------
dt compare llama3-8b-lora-gpu-a100 llama3-8b-lora-trn2-pilot --json >"$tmp/cmp.json"
check "demo compare: existing keys kept, non_finite finding at 1733" py "
import json
s = json.load(open('$tmp/cmp.json'))['summary']
assert s['verdict'] == 'pass' and s['compared'] == 2000 and s['first_breach_step'] == 1733
f = [x for x in s['findings'] if x['kind'] == 'non_finite']
assert len(f) == 1 and f[0]['step'] == 1733 and f[0]['run'] == 'pilot' and f[0]['detail']
assert s['interpolated'] is False and s['noise_ratio'] is None and s['rule'] == 'rtol'
"
# Pilot = 4 x baseline (loss summed over 4 micro-batches), same LR and eval.
printf 'step,loss,learning_rate,eval_loss\n1,2.0,0.0001,\n2,1.8,0.0002,\n3,1.6,0.0003,1.7\n4,1.5,0.0004,\n5,1.4,0.0005,\n6,1.3,0.0006,1.45\n' >"$tmp/sb.csv"
printf 'step,loss,learning_rate,eval_loss\n1,8.0,0.0001,\n2,7.2,0.0002,\n3,6.4,0.0003,1.7\n4,6.0,0.0004,\n5,5.6,0.0005,\n6,5.2,0.0006,1.45\n' >"$tmp/sp.csv"
dt import --platform gpu --run sb "$tmp/sb.csv" >/dev/null
dt import --platform trn2 --run sp "$tmp/sp.csv" >/dev/null
dt compare sb sp --json >"$tmp/scale.json"; rc=$?
check "logging-scale mismatch: factor 4, never a silent pass (exit 1)" py "
import json
s = json.load(open('$tmp/scale.json'))['summary']
f = [x for x in s['findings'] if x['kind'] == 'logging_scale_mismatch']
assert $rc == 1 and len(f) == 1, s
f = f[0]
assert f['factor'] == 4 and f['step'] == 1 and f['lr_agrees'] is True and f['eval_loss_agrees'] is True
assert s['verdict_note'] == 'logging-scale mismatch (x 4)' and s['verdict'] == 'fail'
"
dt compare sb sp >"$tmp/scale.txt"
check "text verdict names the mismatch" grep -qF "verdict FAIL (logging-scale mismatch (x 4)): " "$tmp/scale.txt"
printf 'step,loss\n1,2.0\n2,0.0\n3,nan\n4,1.5\n5,1.5\n6,1.5\n7,1.5\n8,1.5\n' >"$tmp/traps.csv"
dt import --platform trn2 --run traps "$tmp/traps.csv" >/dev/null
dt compare sb traps --json >"$tmp/traps.json"
check "zero_loss, non_finite, constant_values with steps" py "
import json
f = {x['kind']: x for x in json.load(open('$tmp/traps.json'))['summary']['findings']}
assert f['zero_loss']['step'] == 2 and f['non_finite']['step'] == 3
assert f['constant_values']['step'] == 4 and f['constant_values']['count'] == 1
assert all(set(x) >= {'kind', 'step', 'detail'} for x in f.values())
"

# --- interpolation, windows, noise ratio --------------------------------
printf 'step,loss\n' >"$tmp/b10.csv"; for s in $(seq 1 10); do echo "$s,$((20-s)).0" >>"$tmp/b10.csv"; done
printf 'step,loss\n' >"$tmp/p5.csv"; for s in 2 4 6 8 10; do echo "$s,$((20-s)).0" >>"$tmp/p5.csv"; done
dt import --platform gpu --run b10 "$tmp/b10.csv" >/dev/null
dt import --platform trn2 --run p5 "$tmp/p5.csv" >/dev/null
dt compare b10 p5 --json >"$tmp/common.json"
dt compare b10 p5 --interpolate --json >"$tmp/interp.json"
check "different intervals: 5 common steps; --interpolate: 9, 4 interpolated" py "
import json
c = json.load(open('$tmp/common.json'))['summary']; i = json.load(open('$tmp/interp.json'))
assert c['compared'] == 5 and c['interpolated'] is False
s = i['summary']
assert s['compared'] == 9 and s['interpolated'] is True and s['interpolated_points'] == 4
p = {x['step']: x for x in i['points']}
assert p[3]['pilot'] == 17.0 and s['breaches'] == 0
"
dt compare b10 p5 --window 5 --json >"$tmp/win.json"
check "--window 5: means at steps 5 and 10" py "
import json
j = json.load(open('$tmp/win.json'))
assert j['summary']['window'] == 5 and [p['step'] for p in j['points']] == [5, 10]
# baseline (19+18+17+16+15)/5 = 17, pilot (18+16)/2 = 17
assert j['points'][0]['baseline'] == 17.0 and j['points'][0]['pilot'] == 17.0
"
# Noise: B1 1.0 2.0 3.0, B2 1.1 2.0 2.9, P 1.05 2.1 3.0; gap to the
# pilot's own baseline B1: 0.05, 0.1, 0 -> R = sqrt(0.0125 / 0.02) =
# sqrt(0.625) (test_noise.c).
printf 'step,loss\n1,1.0\n2,2.0\n3,3.0\n' >"$tmp/n1.csv"
printf 'step,loss\n1,1.1\n2,2.0\n3,2.9\n' >"$tmp/n2.csv"
printf 'step,loss\n1,1.05\n2,2.1\n3,3.0\n' >"$tmp/np.csv"
dt import --platform gpu --run n1 "$tmp/n1.csv" >/dev/null
dt import --platform gpu --run n2 "$tmp/n2.csv" >/dev/null
dt import --platform trn2 --run np "$tmp/np.csv" >/dev/null
dt compare n1 np --also-baseline n2 --json >"$tmp/noise.json"
check "noise ratio beside the rtol rule" py "
import json, math
s = json.load(open('$tmp/noise.json'))['summary']
assert abs(s['noise_ratio'] - math.sqrt(0.625)) < 1e-9 and s['noise']['gpu_runs'] == 2
assert s['noise']['band'] == 'within GPU noise' and s['rule'] == 'rtol'
"
dt compare n1 np --also-baseline n2 --rule noise >/dev/null
check "--rule noise decides: exit 0" test $? -eq 0
dt compare n1 np --rule noise >/dev/null 2>&1
check "--rule noise without --also-baseline: exit 2" test $? -eq 2

# --- ledger -------------------------------------------------------------
dt ledger llama3-8b-lora-trn2 --json >"$tmp/ledger.json"; rc=$?
check "ledger on the demo pilot: exit 0" test "$rc" -eq 0
check "ledger JSON contract and arithmetic" py "
import json
j = json.load(open('$tmp/ledger.json'))
assert j['pilot'] == 'llama3-8b-lora-trn2' and len(j['runs']) == 2
g, t = j['sides']['gpu'], j['sides']['trn2']
cats = ['env_prep', 'compile', 'warmup_data', 'training', 'checkpoint', 'queue', 'reruns', 'manual']
for side in (g, t):
    assert list(side['time']) == cats
    c = side['cost']; i = side['inputs']
    billed = sum(side['time'][k]['value'] for k in cats if k != 'queue') / 3600
    assert abs(c['billed_hours'] - billed) < 1e-9
    inst = i['instance_hour']['value'] * i['instances']['value'] * billed
    assert abs(c['instance_usd'] - inst) < 1e-6
    tot = inst + sum(i[p]['value'] * i[q]['value'] for p, q in
                     (('storage', 'storage_gb_months'), ('transfer', 'transfer_gb'), ('logs', 'logs_gb')))
    assert abs(c['lifecycle_usd'] - tot) < 1e-6 and c['complete'] is True, c
    assert abs(c['per_useful_step_usd'] - tot / c['useful_steps']) < 1e-12
# the pilot's training and redone steps come from its logs, compile was entered
assert t['time']['training']['source'] == 'log' and t['time']['reruns']['source'] == 'log'
assert t['time']['compile']['source'] == 'entered' and t['time']['compile']['value'] == 4320
assert g['time']['training']['source'] == 'entered'
assert j['equal_steps'] == 2000 and j['warnings'] == []
assert 'gpu.instance_hour' in j['assumptions'] and 'trn2.instance_hour' in j['assumptions']
assert j['sensitivity'][0]['input'] in ('instance_hour', 'instances')
tr = [r for r in j['runs'] if r['side'] == 'trn2'][0]
assert tr['step_time_metric'] == 'throughput' and tr['useful_steps'] == 2000
"
dt ledger llama3-8b-lora-trn2 >"$tmp/ledger.txt"
check "ledger text shows the categories" grep -q "checkpoint save and verification" "$tmp/ledger.txt"
dt ledger set p2 gpu compile 0 >/dev/null 2>&1
check "ledger set without --basis: exit 2" test $? -eq 2
dt ledger set p2 gpu gpu_hours 3 --basis measured >/dev/null 2>&1
check "ledger set unknown key: exit 2" test $? -eq 2
dt ledger set p2 gpu compile 0 --basis measured && dt ledger set p2 trn2 training 90m --basis measured
dt ledger p2 --json >"$tmp/p2.json"
check "fair-compare warning; missing inputs listed, not filled in" py "
import json
j = json.load(open('$tmp/p2.json'))
assert any('gpu counts compilation' in w for w in j['warnings']), j['warnings']
t = j['sides']['trn2']
assert t['time']['training']['value'] == 5400 and t['time']['compile']['basis'] == 'missing'
assert t['cost']['complete'] is False and 'instance_hour' in t['cost']['missing']
assert t['cost']['instance_usd'] is None
"
dt ledger llama3-8b-lora-trn2-pilot --json >"$tmp/run.json"
check "ledger of one run" py "
import json; j = json.load(open('$tmp/run.json'))
assert j['per_run'] is True and len(j['runs']) == 1"
dt ledger nothing-here >/dev/null 2>&1
check "ledger of an unknown name: exit 2" test $? -eq 2

# --- scenario -----------------------------------------------------------
dt scenario llama3-8b-lora-trn2 --json >"$tmp/sc.json"
check "demo scenario stored: dual_track" py "
import json; j = json.load(open('$tmp/sc.json'))
assert j['recommendation'] == 'dual_track' and j['answers']['stable'] == 'yes'"
dt scenario p3 --stable yes --custom-cuda no --graph-changes no --high-cost-of-error no \
  --agreed-metrics yes --experienced-team yes --long-cycle yes --training full --json >"$tmp/sc3.json"
check "scenario: trn2_pilot with the full-training condition" py "
import json; j = json.load(open('$tmp/sc3.json'))
assert j['recommendation'] == 'trn2_pilot' and 'recovery' in j['condition'] and j['missing'] == []"
dt scenario p3 --custom-cuda yes >/dev/null && dt scenario p3 --json >"$tmp/sc4.json"
check "scenario: the latest answers count (custom CUDA -> gpu)" py "
import json; j = json.load(open('$tmp/sc4.json'))
assert j['recommendation'] == 'gpu' and j['answers']['custom_cuda'] == 'yes'"
dt scenario p3 --stable perhaps >/dev/null 2>&1
check "scenario bad answer: exit 2" test $? -eq 2

finish

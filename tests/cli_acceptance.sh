#!/usr/bin/env bash
# cli_acceptance.sh: the acceptance workflow through the command line:
# the demo pilot, pilot/taskcard, attach, check with evidence, drills
# pre-filled from the logs, the run journal, decisions (go refused while
# items block), the hash chain and tamper detection, JSON contracts.
# usage: cli_acceptance.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="meeting-room"

dt demo --no-tui >"$tmp/demo.out" 2>&1
check "demo builds with a pilot" grep -q "demo store ready" "$tmp/demo.out"

dt pilot list --json >"$tmp/list.json"
check "pilot list --json: array of objects with name" py "
import json
v = json.load(open('$tmp/list.json'))
assert v['schema_version'] == 1; v = v['pilots']
assert isinstance(v, list) and v[0]['name'] == 'llama3-8b-lora-trn2', v
assert v[0]['baselines'] == 1 and v[0]['pilots'] == 1
assert v[0]['latest_decision'] == 'continue'
"

dt pilot show llama3-8b-lora-trn2 --json >"$tmp/show.json"
check "demo pilot: task card, checklist, drills, decision" py "
import json
p = json.load(open('$tmp/show.json'))
assert p['taskcard']['recovery-seconds'] == '900' and p['taskcard']['rtol'] == '0.02'
roles = {r['name']: r['role'] for r in p['runs']}
assert roles == {'llama3-8b-lora-gpu-a100': 'baseline', 'llama3-8b-lora-trn2-pilot': 'pilot'}
assert p['verdicts'][0]['verdict'] == 'pass' and p['verdicts'][0]['compared'] == 2000
items = {c['id']: c for c in p['checklist']}
assert len(items) == 12
assert items['step6']['computed'] and items['step6']['status'] == 'pass'
assert items['trial1']['status'] == 'pass' and items['trial5']['status'] == 'pass'
assert p['blocking'] == ['step4', 'step7', 'trial4'], p['blocking']
assert p['counts'] == {'pending': 3, 'pass': 9, 'fail': 0, 'waived': 0}
d = p['drills']; assert len(d) == 2
n = d[0]
assert n['kind'] == 'node-loss' and n['checkpoint']['step'] == 1200 and n['resumed_step'] == 1201
assert n['recovery_seconds'] == 690 and n['recovery_ok'] is True   # 10:41:00 -> 10:52:30
assert n['checks']['effective_step']['status'] == 'pass'
assert n['checks']['effective_step']['source'] == 'data'
assert n['checks']['lr_schedule']['status'] == 'pass'
assert n['checks']['control_loss']['status'] == 'pass'
assert d[1]['kind'] == 'manual-interrupt'
dec = p['decisions']; assert len(dec) == 1 and dec[0]['kind'] == 'continue'
assert {k['role'] for k in dec[0]['deciders']} == {'researcher', 'training-engineer', 'platform'}
assert len(dec[0]['hash']) == 64 and len(dec[0]['evidence_digest']) == 64
"

# A new pilot from scratch.
dt pilot new trial --model llama-3-8b --training-type lora --rtol 0.05 \
  --recovery-seconds 600 >/dev/null
check "pilot new with task card fields" test $? -eq 0
dt pilot new trial >/dev/null 2>&1
check "pilot new: duplicate name exits 2" test $? -eq 2
dt pilot set trial --grad-accum 8.5 2>"$tmp/err" >/dev/null
check "pilot set: bad integer exits 2" test $? -eq 2
check "pilot set: error names the field" grep -q "grad-accum: expected a whole number >= 1" "$tmp/err"
dt pilot set trial --warmup 10 >/dev/null
dt attach trial llama3-8b-lora-gpu-a100 --role baseline >/dev/null &&
dt attach trial llama3-8b-lora-trn2-pilot --role pilot >/dev/null
check "attach baseline and pilot" test $? -eq 0
dt attach trial nosuchrun --role pilot 2>/dev/null
check "attach unknown run exits 2" test $? -eq 2

printf 'abc' >"$tmp/eval.txt"
dt check trial step1 pass --note "baseline fixed" --evidence "file:$tmp/eval.txt" \
  --evidence run:llama3-8b-lora-gpu-a100 >/dev/null
check "check with evidence" test $? -eq 0
dt check trial step2 waived >/dev/null 2>&1
check "waived without reason exits 2" test $? -eq 2
dt check trial step6 pass >/dev/null 2>&1
check "override of a computed item without reason exits 2" test $? -eq 2
dt check trial step4 fail --note "async save lost the optimizer shard" >/dev/null
dt check trial trial5 pass --reason "recorded in the wiki" >/dev/null
check "override with reason" test $? -eq 0

dt drill add trial --kind restart-from-confirmed --run llama3-8b-lora-trn2-pilot \
  --checkpoint-step 1200 --checkpoint-id step_1200 --fault-time 2026-11-02T10:41:00Z \
  --resumed-time 2026-11-02T10:55:00Z --check data_cursor=fail:cursor\ reset >"$tmp/drill.out"
check "drill add" test $? -eq 0
dt drill add trial --kind fire 2>/dev/null
check "drill add: unknown kind exits 2" test $? -eq 2
dt drill list trial --json >"$tmp/drills.json"
check "drill pre-filled from the restart at step 1201" py "
import json
d = json.load(open('$tmp/drills.json'))['drills'][0]
assert d['resumed_step'] == 1201 and d['checks']['effective_step']['status'] == 'pass'
assert d['checks']['lr_schedule']['status'] == 'pass'
assert d['checks']['data_cursor'] == {'status': 'fail', 'note': 'cursor reset', 'source': 'user', 'set_by': 'meeting-room'}
assert d['recovery_seconds'] == 840 and d['recovery_ok'] is False   # 14 min > 600 s
"

dt journal set llama3-8b-lora-trn2-pilot neuron.cache_misses 7 >/dev/null
dt journal set llama3-8b-lora-trn2-pilot "Bad Key" 1 >/dev/null 2>&1
check "journal set: invalid key exits 2" test $? -eq 2
dt journal set llama3-8b-lora-trn2-pilot neuron.compile_seconds "not measured" >/dev/null 2>"$tmp/jn.err"
check "journal set: a duration that is not a number exits 2" test $? -eq 2
check "journal set: says the duration must be a number" grep -q "neuron.compile_seconds must be a number of seconds >= 0, got 'not measured'" "$tmp/jn.err"
dt journal show llama3-8b-lora-trn2-pilot --json >"$tmp/j.json"
check "journal show --json" py "
import json
j = json.load(open('$tmp/j.json')); f = {x['key']: x for x in j['facts']}
assert f['neuron.cache_misses']['value'] == '7' and f['neuron.cache_misses']['source'] == 'user'
assert f['neuron.cache_misses']['set_by'] == 'meeting-room'
assert f['neuron.sdk_version']['value'] == '2.21.0'
assert f['data.prep_seconds']['label'] == 'data preparation time (s)'
"

dt pilot show trial --json >"$tmp/trial.json"
check "trial pilot: evidence sha256, override visible, step6 fails on a drill" py "
import json
p = json.load(open('$tmp/trial.json')); c = {x['id']: x for x in p['checklist']}
ev = c['step1']['evidence']
assert ev[0]['kind'] == 'file' and ev[0]['sha256'] == 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
assert ev[1] == {'kind': 'run', 'ref': 'llama3-8b-lora-gpu-a100', 'sha256': '', 'added_by': 'meeting-room'}
assert c['trial5']['overridden'] and c['trial5']['reason'] == 'recorded in the wiki'
assert c['step6']['status'] == 'fail' and 'data_cursor failed' in c['step6']['computed_detail']
assert c['step4']['status'] == 'fail'
assert p['taskcard']['warmup'] == '10'
"

dt decide trial go --rationale "ship it" --decider "Ana:researcher" 2>"$tmp/go.err" >/dev/null
check "go refused while items fail or are pending (exit 1)" test $? -eq 1
check "go refusal names the items" grep -q "go blocked by step4 (fail)" "$tmp/go.err"
dt decide trial continue --rationale "cursor must be fixed first" \
  --decider "Ana:researcher" --decider "Ken:training-engineer" >"$tmp/dec.out"
check "decide continue" test $? -eq 0
check "decide continue: the first decision of a new pilot says so" grep -q "(first decision)" "$tmp/dec.out"
dt decide trial defer --rationale "x" --decider "Ana:boss" 2>/dev/null
check "decide: bad role exits 2" test $? -eq 2
dt decide trial roll-back --rationale "no" 2>/dev/null
check "decide: decider required" test $? -eq 2
dt decide trial go --force --rationale "ship anyway" --decider "Ana:researcher" >"$tmp/go2.out" 2>/dev/null
check "go --force recorded" test $? -eq 0
check "go --force supersedes #2 (the continue) and names what it was forced past" py "
t = open('$tmp/go2.out').read()
assert '(supersedes #2)' in t and 'forced past: ' in t and 'step4 (fail)' in t, t
"
dt pilot show trial >"$tmp/show.out"
check "pilot show: the forced go lists the open items" grep -q "forced past: .*step4 (fail)" "$tmp/show.out"
check "pilot show: the first decision says so" grep -q "first decision" "$tmp/show.out"

dt verify >"$tmp/v.out"
check "verify intact exits 0" test $? -eq 0
check "verify counts 3 records" grep -q "intact: 3 records" "$tmp/v.out"
check "verify prints the integrity head" grep -qE "^integrity head #[0-9]+ sha256 [0-9a-f]{64} \(the chain of every record; --expect-head checks it\)$" "$tmp/v.out"
head=$(sed -n 's/^integrity head #[0-9]* sha256 \([0-9a-f]*\) .*/\1/p' "$tmp/v.out")
dt verify --expect-head "$head" >/dev/null
check "verify --expect-head with the head exits 0" test $? -eq 0
dt verify --expect-head 0000000000000000000000000000000000000000000000000000000000000000 >"$tmp/v2.out"
check "verify --expect-head with another head exits 1" test $? -eq 1
check "verify says the head differs" grep -q "head differs from the expected" "$tmp/v2.out"
if command -v sqlite3 >/dev/null; then
  sqlite3 "$db" "DROP TRIGGER decision_no_update;
    UPDATE decision SET rationale = replace(rationale, 'cursor', 'cursoR') WHERE id = 2;"
  dt verify --json >"$tmp/v.json"
  check "verify after tampering exits 1" test $? -eq 1
  check "verify --json names record 2" py "
import json
v = json.load(open('$tmp/v.json'))
assert v['intact'] is False and v['decisions_intact'] is False, v
assert v['reason'].startswith('decision 2 ('), v
assert v['expected_head'] is None and v['head_matches'] is True, v
"
fi

for c in pilot attach check drill journal decide verify; do
  "$bin" $c --help >/dev/null
  check "$c --help" test $? -eq 0
done

finish

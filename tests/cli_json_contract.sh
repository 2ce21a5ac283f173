#!/usr/bin/env bash
# cli_json_contract.sh: every --json output is one RFC 8259 object with
# schema_version first (no bare arrays: runs, pilots, drills, keys under a
# named key); non-finite values are null and listed in non_finite (JSON
# Pointer + text), so pandas reads the value column as float64;
# journal keys --json; journal diff lists only differing facts and marks
# those the task card fixes. The list of commands below covers every
# command whose --help names --json (checked at the end).
. "$(dirname "$0")/lib_cli.sh"
"$bin" --db "$db" demo --no-tui >/dev/null 2>&1 || { echo "demo failed"; exit 1; }
# a run with NaN and inf: steps 1..4, values 2.5 nan inf 2.4
printf 'step,loss\n1,2.5\n2,nan\n3,inf\n4,2.4\n' >"$tmp/n.csv"
"$bin" --db "$db" import --platform gpu --run nf "$tmp/n.csv" >/dev/null
covered= outs=
g=llama3-8b-lora-gpu-a100; p=llama3-8b-lora-trn2-pilot; pil=llama3-8b-lora-trn2
i=0
printf 'step,loss\n1,2.6\n2,2.5\n3,2.45\n4,2.4\n' >"$tmp/g.csv"
for cmd in "runs" "series nf" "series $p" "compare $g $p" "resume-check $p" \
           "pilot list" "pilot show $pil" "drill list $pil" "journal show $p" \
           "journal keys" "journal diff $g $p" "ledger $pil" "scenario $pil" "verify" \
           "series nf $p --metric loss" "gate $pil" \
           "gate --baseline $tmp/g.csv --pilot $tmp/n.csv" \
           "import --platform gpu --dry-run $tmp/n.csv"; do
  i=$((i+1))
  "$bin" --db "$db" $cmd --json >"$tmp/o$i.json" 2>"$tmp/e$i"
  covered="$covered ${cmd%% *}"
  outs="$outs ${cmd%% *}=$tmp/o$i.json"
  check "$cmd --json: one object, schema_version first, strict RFC 8259" py "
import json
def bad(c): raise ValueError('non-standard constant ' + c)
t = open('$tmp/o$i.json').read()
d = json.loads(t, parse_constant=bad)
assert isinstance(d, dict) and list(d)[0] == 'schema_version' and d['schema_version'] == 1, list(d)[:3]
"
done
check "runs / pilots / drills / keys under named keys" py "
import json
L = lambda k: json.load(open('$tmp/o%d.json' % k))
assert [r['name'] for r in L(1)['runs']][-1] == 'nf'
assert L(6)['pilots'][0]['name'] == '$pil'
assert len(L(8)['drills']) == 2
assert L(10)['keys'][0] == {'key': 'image.id', 'label': 'container image id'}
"
# series nf: values 2.5, null, null, 2.4; the facts at the end
check "non-finite: null, listed by JSON Pointer with its text" py "
import json
d = json.load(open('$tmp/o2.json'))
assert [x['value'] for x in d['points']] == [2.5, None, None, 2.4]
assert d['non_finite_count'] == 2
assert d['non_finite'] == [{'path': '/points/1/value', 'value': 'nan'},
                           {'path': '/points/2/value', 'value': 'inf'}]
"
pyd=python3
/usr/bin/python3 -c "import pandas" 2>/dev/null && pyd=/usr/bin/python3
if $pyd -c "import pandas" 2>/dev/null; then
  check "pandas: the value column is float64 (NaN for null)" $pyd -c "
import json, pandas as pd
d = json.load(open('$tmp/o2.json'))
df = pd.DataFrame(d['points'])
assert str(df['value'].dtype) == 'float64', df.dtypes
assert df['value'].isna().sum() == 2
"
  # pandas.read_json on every array of points: numbers are float64
  # (o2 series nf: 2.5 null null 2.4; o4 compare; o15 tidy series, nf
  # then the pilot; o18 the dry run's metrics)
  check "pandas.read_json on point arrays: float64 value columns" $pyd -c "
import io, json, pandas as pd
L = lambda k: json.load(open('$tmp/o%d.json' % k))
rj = lambda a: pd.read_json(io.StringIO(json.dumps(a)), orient='records', dtype=False)
df = rj(L(2)['points'])
assert str(df['value'].dtype) == 'float64' and df['value'].isna().sum() == 2, df.dtypes
df = rj(L(4)['points'])
for k in ('baseline', 'pilot', 'rel_diff'):
    assert str(df[k].dtype) == 'float64', df.dtypes
for c in L(15)['series']:
    df = rj(c['points'])
    assert str(df['value'].dtype) == 'float64', (c['run'], df.dtypes)
assert [c['run'] for c in L(15)['series']] == ['nf', '$p']
m = L(18)['files'][0]['metrics']
assert m == [{'metric': 'loss', 'points': 4, 'first_step': 1, 'last_step': 4, 'non_finite': 2}], m
"
else
  echo "pandas not installed: dtype check skipped"
fi
# every command whose --help names --json is in the list above
for c in $("$bin" --help | awk '/^commands:/{on=1; next} on && /^  [a-z]/{print $1} on && /^$/{on=0}'); do
  if "$bin" "$c" --help 2>&1 | grep -q -- "--json"; then
    check "$c --json is covered by this test" sh -c 'case " $1 " in *" $0 "*) exit 0;; esac; exit 1' "$c" "$covered"
  fi
done
# every key of every output above is named in its command's part of
# dualtrack(1) (maps keyed by data, such as facts, excepted)
check "every JSON key is documented in dualtrack(1)" \
  python3 "$(dirname "$0")/man_json_keys.py" "$(dirname "$0")/../cli/man/dualtrack.1.scd" $outs
# journal diff: the demo's journals differ (hand-checked in the demo
# pilot's facts); equal values are not listed; a task-card fact is marked
"$bin" --db "$db" journal set $g hf.gradient_accumulation_steps 8 >/dev/null
"$bin" --db "$db" journal set $p hf.gradient_accumulation_steps 4 >/dev/null
"$bin" --db "$db" journal set $g neuron.sdk_version 2.21.0 >/dev/null
"$bin" --db "$db" journal diff $g $p --json >"$tmp/diff.json"
check "journal diff: differing facts only, task card ones marked" py "
import json
d = json.load(open('$tmp/diff.json'))
assert d['base'] == '$g' and d['pilot'] == '$p'
k = {x['key']: x for x in d['differences']}
assert k['hf.gradient_accumulation_steps'] == {'key': 'hf.gradient_accumulation_steps', 'base': '8', 'pilot': '4', 'taskcard': 'grad-accum'}
assert 'neuron.sdk_version' not in k          # 2.21.0 on both sides
assert k['gpu.cuda_version']['pilot'] is None and k['gpu.cuda_version']['taskcard'] is None
"
check "journal diff text: task card facts starred" sh -c '"$0" --db "$1" journal diff "$2" "$3" | grep -q "^\* hf.gradient_accumulation_steps *8 *4   task card: grad-accum"' "$bin" "$db" $g $p
finish

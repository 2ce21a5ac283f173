#!/usr/bin/env bash
# cli_series_tidy.sh: series for several runs and metrics as one tidy
# table (run,metric,step,value,segment; JSON: curves under "series"),
# --metric all; the single-run forms are unchanged.
. "$(dirname "$0")/lib_cli.sh"
# a: steps 1..3, loss 3 2.5 nan, lr 0.001 0.002 0.003 (one segment)
# b: loss 4 3 2 at steps 1..3, then the step goes back to 2 (a restart):
#    3.5 2.5 at steps 2..3. Resolved (the later segment supersedes from
#    its first step on): 1 -> 4 (segment 1), 2 -> 3.5, 3 -> 2.5 (segment 2)
printf 'step,loss,lr\n1,3.0,0.001\n2,2.5,0.002\n3,nan,0.003\n' >"$tmp/a.csv"
printf 'step,loss\n1,4.0\n2,3.0\n3,2.0\n2,3.5\n3,2.5\n' >"$tmp/b.csv"
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >/dev/null
"$bin" --db "$db" import --platform trn2 --run b "$tmp/b.csv" >/dev/null
"$bin" --db "$db" series a b --csv >"$tmp/ab.csv"
cat >"$tmp/want_ab.csv" <<'W'
run,metric,step,value,segment
a,loss,1,3,1
a,loss,2,2.5,1
a,loss,3,nan,1
b,loss,1,4,1
b,loss,2,3.5,2
b,loss,3,2.5,2
W
check "series a b --csv: hand-computed tidy rows" cmp -s "$tmp/want_ab.csv" "$tmp/ab.csv"
"$bin" --db "$db" series a --metric loss --metric lr --csv >"$tmp/a2.csv"
"$bin" --db "$db" series a --metric all --csv >"$tmp/aall.csv"
cat >"$tmp/want_a2.csv" <<'W'
run,metric,step,value,segment
a,loss,1,3,1
a,loss,2,2.5,1
a,loss,3,nan,1
a,lr,1,0.001,1
a,lr,2,0.002,1
a,lr,3,0.003,1
W
check "series a --metric loss --metric lr --csv" cmp -s "$tmp/want_a2.csv" "$tmp/a2.csv"
check "--metric all: the same rows (every metric of the run)" sh -c \
  'sort "$0" | cmp -s - "$1"' "$tmp/aall.csv" <(sort "$tmp/want_a2.csv")
"$bin" --db "$db" series a b --json >"$tmp/ab.json"
check "series a b --json: curves under series, same points as the CSV" py "
import json, csv, math
d = json.load(open('$tmp/ab.json'))
assert list(d)[:2] == ['schema_version', 'series'] and d['schema_version'] == 1, list(d)
assert [(c['run'], c['metric'], c['segments']) for c in d['series']] == [('a', 'loss', 1), ('b', 'loss', 2)]
rows = [(c['run'], c['metric'], p['step'], p['value'], p['segment']) for c in d['series'] for p in c['points']]
want = [(r['run'], r['metric'], int(r['step']), float(r['value']), int(r['segment'])) for r in csv.DictReader(open('$tmp/want_ab.csv'))]
for x, y in zip(rows, want):
    assert x[:3] == y[:3] and x[4] == y[4] and (x[3] == y[3] or (x[3] is None and math.isnan(y[3]))), (x, y)
assert len(rows) == len(want) == 6
assert d['non_finite'] == [{'path': '/series/0/points/2/value', 'value': 'nan'}]
"
# the single-run forms as before
"$bin" --db "$db" series b --csv >"$tmp/b1.csv"
check "single run --csv unchanged: step,value,segment" sh -c \
  'printf "step,value,segment\n1,4,1\n2,3.5,2\n3,2.5,2\n" | cmp -s - "$0"' "$tmp/b1.csv"
"$bin" --db "$db" series b --json >"$tmp/b1.json"
check "single run --json unchanged: run, metric, points" py "
import json
d = json.load(open('$tmp/b1.json'))
assert list(d)[:6] == ['schema_version', 'run', 'metric', 'segments', 'replayed_steps', 'points'], list(d)
assert [(p['step'], p['value'], p['segment']) for p in d['points']] == [(1, 4, 1), (2, 3.5, 2), (3, 2.5, 2)]
"
"$bin" --db "$db" series a b --metric lr --csv >"$tmp/miss.csv" 2>"$tmp/miss.err"
rc=$?
check "a run without an asked metric: exit 2, nothing printed, named" sh -c \
  'test "$0" -eq 2 && test ! -s "$1" && grep -qx "dualtrack: run '"'"'b'"'"' has no metric '"'"'lr'"'"'; its metrics: loss" "$2"' \
  "$rc" "$tmp/miss.csv" "$tmp/miss.err"
# a run name with a comma and a quote is quoted (RFC 4180)
"$bin" --db "$db" import --platform gpu --run 'x,"y"' "$tmp/b.csv" >/dev/null
"$bin" --db "$db" series a 'x,"y"' --csv >"$tmp/q.csv"
check "CSV quoting of run names" grep -qx '"x,""y""",loss,1,4,1' "$tmp/q.csv"
pyd=python3
/usr/bin/python3 -c "import pandas" 2>/dev/null && pyd=/usr/bin/python3
if $pyd -c "import pandas" 2>/dev/null; then
  check "pandas.read_csv: value float64, step and segment int64" $pyd -c "
import pandas as pd
df = pd.read_csv('$tmp/ab.csv')
assert str(df['value'].dtype) == 'float64' and str(df['step'].dtype) == 'int64', df.dtypes
assert df['value'].isna().sum() == 1 and list(df['run']) == ['a'] * 3 + ['b'] * 3
"
  check "pandas.json_normalize on series[].points: value float64" $pyd -c "
import json, pandas as pd
d = json.load(open('$tmp/ab.json'))
df = pd.json_normalize(d['series'], 'points', ['run', 'metric'])
assert str(df['value'].dtype) == 'float64', df.dtypes
assert len(df) == 6
"
else
  echo "pandas not installed: dtype checks skipped"
fi
finish

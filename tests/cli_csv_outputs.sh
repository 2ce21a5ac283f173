#!/usr/bin/env bash
# cli_csv_outputs.sh: compare --csv (step,baseline,pilot,rel_diff,breach,
# one row per compared effective step, the same points as compare --json);
# pandas reads the number columns as float64.
. "$(dirname "$0")/lib_cli.sh"
# baseline steps 1..6: 8 4 2 1 0.5 0; pilot steps 1..7: 9 4.25 2.03125 1
# nan 0.5 0.25. With --warmup 1 and the default rtol 0.02, atol 0, steps
# 2..6 are compared (step 7 has no baseline). By hand, rel_diff =
# (pilot - baseline) / |baseline|, breach when |pilot - baseline| >
# 0.02 * |baseline| or a value is not finite (all values binary-exact):
#   2: 0.25/4 = 0.0625, 0.25 > 0.08 breach
#   3: 0.03125/2 = 0.015625, 0.03125 <= 0.04 no breach
#   4: 0, no breach
#   5: pilot nan -> rel_diff nan, breach
#   6: baseline 0, pilot 0.5 -> rel_diff inf, breach
printf 'step,loss\n1,8.0\n2,4.0\n3,2.0\n4,1.0\n5,0.5\n6,0\n' >"$tmp/b.csv"
printf 'step,loss\n1,9.0\n2,4.25\n3,2.03125\n4,1.0\n5,nan\n6,0.5\n7,0.25\n' >"$tmp/p.csv"
"$bin" --db "$db" import --platform gpu --run base "$tmp/b.csv" >/dev/null
"$bin" --db "$db" import --platform trn2 --run pil "$tmp/p.csv" >/dev/null
"$bin" --db "$db" compare base pil --warmup 1 --csv >"$tmp/c.csv"
rc=$?
check "compare --csv exits 1 (fail: 3 breaches > 1 allowed)" [ "$rc" -eq 1 ]
cat >"$tmp/want.csv" <<'W'
step,baseline,pilot,rel_diff,breach
2,4,4.25,0.0625,1
3,2,2.03125,0.015625,0
4,1,1,0,0
5,0.5,nan,nan,1
6,0,0.5,inf,1
W
check "compare --csv: hand-computed rows" cmp -s "$tmp/want.csv" "$tmp/c.csv"
"$bin" --db "$db" compare base pil --warmup 1 --json >"$tmp/c.json"
check "compare --csv has the points of compare --json" py "
import csv, json, math
rows = list(csv.DictReader(open('$tmp/c.csv')))
pts = json.load(open('$tmp/c.json'))['points']
assert len(rows) == len(pts) == 5
for r, p in zip(rows, pts):
    assert int(r['step']) == p['step']
    for k in ('baseline', 'pilot', 'rel_diff'):
        v = float(r[k])
        assert (p[k] is None and not math.isfinite(v)) or v == p[k], (r, p)
    assert (r['breach'] == '1') == p['breach']
"
check "compare --csv --help names the option" sh -c '"$0" compare --help | grep -q -- "--csv"' "$bin"
pyd=python3
/usr/bin/python3 -c "import pandas" 2>/dev/null && pyd=/usr/bin/python3
if $pyd -c "import pandas" 2>/dev/null; then
  check "pandas.read_csv: compare columns float64, nan and inf kept" $pyd -c "
import math, pandas as pd
df = pd.read_csv('$tmp/c.csv')
for k in ('baseline', 'pilot', 'rel_diff'):
    assert str(df[k].dtype) == 'float64', df.dtypes
assert str(df['step'].dtype) == 'int64' and list(df['breach']) == [1, 0, 0, 1, 1]
assert math.isnan(df['rel_diff'][3]) and df['rel_diff'][4] == math.inf
"
else
  echo "pandas not installed: dtype checks skipped"
fi
finish

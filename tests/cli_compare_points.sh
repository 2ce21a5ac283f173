#!/usr/bin/env bash
# cli_compare_points.sh: compare --json / --csv with --max-points N (min/max
# decimation keeping every breach and every non-finite point) and
# --no-points; the summary object is byte-identical whatever is asked.
. "$(dirname "$0")/lib_cli.sh"
# Hand-checked case, steps 1..8 (default rtol 0.02, atol 0):
#   baseline 5 8   8.1 1    1.01 3 4 2
#   pilot    5 8.1 8   1.01 1    3 5 nan
# steps 1..6 are within 2 % (largest: step 2, 0.1 <= 0.16); step 7 breaches
# (1 > 0.08), step 8 is non-finite (a breach). 8 points > --max-points 4:
# one bucket of all 8 points keeps the lowest / highest finite baseline
# (step 4: 1, step 3: 8.1) and pilot (step 5: 1, step 2: 8.1), then the
# breaches 7 and 8: steps 2 3 4 5 7 8.
printf 'step,loss\n1,5\n2,8\n3,8.1\n4,1\n5,1.01\n6,3\n7,4\n8,2\n' >"$tmp/b.csv"
printf 'step,loss\n1,5\n2,8.1\n3,8\n4,1.01\n5,1\n6,3\n7,5\n8,nan\n' >"$tmp/p.csv"
"$bin" --db "$db" import --platform gpu --run b "$tmp/b.csv" >/dev/null
"$bin" --db "$db" import --platform trn2 --run p "$tmp/p.csv" >/dev/null
"$bin" --db "$db" compare b p --json --max-points 4 >"$tmp/h.json"
check "--max-points 4 exits 1 (2 breaches > 1 allowed)" [ $? -eq 1 ]
check "--max-points 4: hand-picked steps 2 3 4 5 7 8" py "
import json
d = json.load(open('$tmp/h.json'))
assert [x['step'] for x in d['points']] == [2, 3, 4, 5, 7, 8], d['points']
assert d['summary']['compared'] == 8 and d['summary']['breaches'] == 2
assert d['non_finite'][0]['path'] == '/points/5/pilot', d['non_finite']
"
"$bin" --db "$db" compare b p --csv --max-points 4 >"$tmp/h.csv"
check "--csv --max-points 4: the same rows" py "
import csv
assert [r['step'] for r in csv.DictReader(open('$tmp/h.csv'))] == ['2', '3', '4', '5', '7', '8']
"
"$bin" --db "$db" compare b p --json --max-points 8 >"$tmp/all8.json"
"$bin" --db "$db" compare b p --json >"$tmp/all.json"
check "--max-points N >= points: the full output" cmp -s "$tmp/all.json" "$tmp/all8.json"
# A bigger pair: 5000 steps, breaches every 97th step, nan every 389th
# pilot step, inf every 1201st baseline step (generated, so the check is
# against the full output, not by hand).
python3 - "$tmp" <<'PY'
import math, sys
t = sys.argv[1]
with open(t + '/B.csv', 'w') as b, open(t + '/P.csv', 'w') as p:
    b.write('step,loss\n'); p.write('step,loss\n')
    for s in range(1, 5001):
        v = 3 + math.sin(s / 50) + 1 / s
        w = v * (1.001 if s % 3 else 0.999)
        if s % 97 == 0: w = v * 1.5
        b.write('%d,%s\n' % (s, 'inf' if s % 1201 == 0 else repr(v)))
        p.write('%d,%s\n' % (s, 'nan' if s % 389 == 0 else repr(w)))
PY
"$bin" --db "$db" import --platform gpu --run B "$tmp/B.csv" >/dev/null
"$bin" --db "$db" import --platform trn2 --run P "$tmp/P.csv" >/dev/null
"$bin" --db "$db" compare B P --json >"$tmp/full.json"
"$bin" --db "$db" compare B P --json --max-points 50 >"$tmp/m50.json"
"$bin" --db "$db" compare B P --json --no-points >"$tmp/none.json"
check "summary byte-identical: full, --max-points 50, --no-points" py "
import json
def summary(f):
    t = open(f).read()
    i = t.index('\"summary\":') + len('\"summary\":')
    while t[i] == ' ': i += 1
    _, end = json.JSONDecoder().raw_decode(t, i)
    return t[i:end]
s = summary('$tmp/full.json')
assert '\"compared\":5000' in s.replace(' ', ''), s[:80]
assert summary('$tmp/m50.json') == s and summary('$tmp/none.json') == s
"
check "--max-points 50: every breach and non-finite step kept, count bounded" py "
import json
F = json.load(open('$tmp/full.json'))
M = json.load(open('$tmp/m50.json'))
fin = lambda v: v is not None
must = {x['step'] for x in F['points'] if x['breach'] or not
        (fin(x['baseline']) and fin(x['pilot']) and fin(x['rel_diff']))}
br = sum(x['breach'] for x in F['points'])
nf = sum(1 for x in F['points'] if not (fin(x['baseline']) and fin(x['pilot']) and fin(x['rel_diff'])))
steps = [x['step'] for x in M['points']]
assert br == 5000 // 97 + 5000 // 389 + 5000 // 1201, br   # no two coincide below 5000
assert must <= set(steps), sorted(must - set(steps))
assert len(steps) <= 50 + br + nf, (len(steps), br, nf)
assert len(steps) > len(must), 'the envelope points are there too'
assert steps == sorted(steps)
full = {x['step']: x for x in F['points']}
assert all(full[x['step']] == x for x in M['points'])
"
check "--no-points: points empty" py "
import json
assert json.load(open('$tmp/none.json'))['points'] == []
"
"$bin" --db "$db" compare B P --json --max-points 1000000000000 >"$tmp/huge.json"
check "--max-points far above the 5000 points: the full output" cmp -s "$tmp/full.json" "$tmp/huge.json"
"$bin" --db "$db" compare B P --csv --max-points 5000 >"$tmp/m5000.csv"
"$bin" --db "$db" compare B P --csv >"$tmp/full.csv"
check "--csv --max-points 5000 (= the points): every row" cmp -s "$tmp/full.csv" "$tmp/m5000.csv"
# Budgets below one bucket's four extremes, and values that are not a
# count: refused with exit 2 and a message naming the option.
for n in 3 1 0 -4 abc 12x '' 99999999999999999999; do
  "$bin" --db "$db" compare B P --json --max-points "$n" >"$tmp/o1" 2>"$tmp/e1"
  check "--max-points '$n' refused (exit 2)" [ $? -eq 2 ]
  check "--max-points '$n': the message names the option and the value" \
    grep -qF -- "--max-points expects an integer >= 4, got '$n'" "$tmp/e1"
  check "--max-points '$n': nothing on stdout" [ ! -s "$tmp/o1" ]
done
"$bin" --db "$db" compare B P --no-points >/dev/null 2>"$tmp/e2"
check "--no-points without --json or --csv refused (exit 2)" [ $? -eq 2 ]
check "the refusal says why" grep -q "need --json or --csv" "$tmp/e2"
finish

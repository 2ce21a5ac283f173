#!/usr/bin/env bash
# cli_pack_runs.sh: the evidence pack charts every pilot run against the
# baseline, not only the first. Pilot "acc": baseline "base" (gpu) and
# three pilot runs (trn2), attached in this order: "pilot" (its loss as
# the baseline's: 0 breaches, PASS), "qwen" (2.5, 3.4, 3.3, 3.2 against
# 2.5, 2.4, 2.3, 2.2: steps 2..4 breach rtol 0.02, 3 > 1 allowed of 4:
# FAIL) and 'q/<b>&"x' (the baseline's loss again: PASS; a hostile name:
# '/' '<' '>' '&' '"' become '_' in its file name, and are escaped in
# SVG, HTML and Markdown). Files: chart.svg (the first pilot run, as
# before), chart-2-qwen.svg, chart-3-q__b___x.svg; report.md lists each
# under its own verdict (the assessment's); evidence.json "comparisons";
# every chart in MANIFEST.sha256 and the attestation, so verify names a
# changed or deleted one.
# usage: cli_pack_runs.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=ana DUALTRACK_NOW=2026-11-29T10:00:00Z
unset DUALTRACK_ALLOWED_SIGNERS
export XDG_CONFIG_HOME="$tmp/cfg"
hostile='q/<b>&"x'

printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n4,2.2\n' >"$tmp/b.csv"
sed 's/$/\r/' "$tmp/b.csv" >"$tmp/p.csv" # the same values, another file
printf 'step,loss\n1,2.5\n2,3.4\n3,3.3\n4,3.2\n' >"$tmp/q.csv"
dt import --platform gpu --run base "$tmp/b.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run pilot "$tmp/p.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run qwen "$tmp/q.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run "$hostile" "$tmp/p.csv" >/dev/null 2>&1 &&
dt pilot new acc >/dev/null && dt attach acc base --role baseline >/dev/null &&
dt attach acc pilot --role pilot >/dev/null &&
dt attach acc qwen --role pilot >/dev/null &&
dt attach acc "$hostile" --role pilot >/dev/null &&
dt export acc --out "$tmp/pack" >/dev/null 2>&1 || { echo "setup failed"; exit 1; }

check "the pack's top level: one chart per pilot run" test "$(cd "$tmp/pack" && ls | tr '\n' ' ')" = \
  "MANIFEST.sha256 attestation.json chart-2-qwen.svg chart-3-q__b___x.svg chart.svg evidence.json logs report.html report.md "
check "report.md: each pilot run under its own verdict, with its chart" diff - <(sed -n '/^## Loss comparison$/,/^## Parity verdict$/p' "$tmp/pack/report.md") <<'EOF'
## Loss comparison

### pilot vs base

**PASS** Parity verdict of pilot run pilot against baseline base (the pilot's assessment); chart: chart.svg.

![Loss by effective step: baseline base (blue) and pilot pilot (orange); dashed lines: restarts; below: the relative difference (pilot - baseline) / \|baseline\| with the tolerance band (green); red dots: breaches; purple triangles: NaN or infinite values.](chart.svg)

### qwen vs base

**FAIL** Parity verdict of pilot run qwen against baseline base (the pilot's assessment); chart: chart-2-qwen.svg.

![Loss by effective step: baseline base (blue) and pilot qwen (orange); dashed lines: restarts; below: the relative difference (pilot - baseline) / \|baseline\| with the tolerance band (green); red dots: breaches; purple triangles: NaN or infinite values.](chart-2-qwen.svg)

### q/\<b\>\&"x vs base

**PASS** Parity verdict of pilot run q/\<b\>\&"x against baseline base (the pilot's assessment); chart: chart-3-q\_\_b\_\_\_x.svg.

![Loss by effective step: baseline base (blue) and pilot q/\<b\>\&"x (orange); dashed lines: restarts; below: the relative difference (pilot - baseline) / \|baseline\| with the tolerance band (green); red dots: breaches; purple triangles: NaN or infinite values.](chart-3-q__b___x.svg)

## Parity verdict
EOF
check "chart.svg: pilot against base" sh -c "grep -qF '<title>loss comparison: pilot vs base</title>' '$tmp/pack/chart.svg' &&
  grep -qF '>pilot pilot</text>' '$tmp/pack/chart.svg'"
check "chart-2-qwen.svg: qwen against base" sh -c "grep -qF '<title>loss comparison: qwen vs base</title>' '$tmp/pack/chart-2-qwen.svg' &&
  grep -qF '>baseline base</text>' '$tmp/pack/chart-2-qwen.svg' && grep -qF '>pilot qwen</text>' '$tmp/pack/chart-2-qwen.svg'"
check "chart-3: the hostile name escaped in SVG" sh -c "grep -qF '>pilot q/&lt;b&gt;&amp;&quot;x</text>' '$tmp/pack/chart-3-q__b___x.svg' &&
  ! grep -qF '<b>' '$tmp/pack/chart-3-q__b___x.svg'"
check "report.html: the three charts inline, names escaped" py "
h = open('$tmp/pack/report.html').read()
assert h.count('<svg') == 3, h.count('<svg')
assert '<title>loss comparison: qwen vs base</title>' in h
assert '<h3>q/&lt;b&gt;&amp;&quot;x vs base</h3>' in h
assert '<b>' not in h
"
check "evidence.json: comparisons, one per pilot run, the assessment's verdicts" py "
import json
e = json.load(open('$tmp/pack/evidence.json'))
c = [(x['pilot'], x['baseline'], x['chart'], x['verdict'], x['compared'], x['breaches']) for x in e['comparisons']]
assert c == [('pilot', 'base', 'chart.svg', 'pass', 4, 0),
             ('qwen', 'base', 'chart-2-qwen.svg', 'fail', 4, 3),
             ('$hostile', 'base', 'chart-3-q__b___x.svg', 'pass', 4, 0)], c
assert e['comparison'] == e['comparisons'][0]
"
check "MANIFEST.sha256 and the attestation list every chart with its digest" py "
import json, hashlib
root = '$tmp/pack/'
h = lambda n: hashlib.sha256(open(root + n, 'rb').read()).hexdigest()
m = open(root + 'MANIFEST.sha256').read().splitlines()
a = {s['name']: s['digest']['sha256'] for s in json.load(open(root + 'attestation.json'))['subject']}
for n in ['chart.svg', 'chart-2-qwen.svg', 'chart-3-q__b___x.svg']:
    assert h(n) + '  ' + n in m, n
    assert a[n] == h(n), n
"
"$bin" verify "$tmp/pack" >"$tmp/v0.out" 2>&1
check "verify: the 11 files match (4 logs, 3 charts, 2 reports, evidence, attestation)" \
  grep -qxF "  11 files match MANIFEST.sha256" "$tmp/v0.out"
# one byte of the second chart: the run behind the FAIL
cp -a "$tmp/pack" "$tmp/t1"
sed -i 's/>pilot qwen</>pilot pilot</' "$tmp/t1/chart-2-qwen.svg"
old=$(sha256sum "$tmp/pack/chart-2-qwen.svg" | cut -c1-64)
new=$(sha256sum "$tmp/t1/chart-2-qwen.svg" | cut -c1-64)
"$bin" verify "$tmp/t1" >"$tmp/v1.out" 2>&1
check "a changed chart-2-qwen.svg: verify exit 1" test $? -eq 1
check "  named with both digests" grep -qxF "  changed file: chart-2-qwen.svg (sha256 $new, the manifest says $old)" "$tmp/v1.out"
cp -a "$tmp/pack" "$tmp/t2"
rm "$tmp/t2/chart-3-q__b___x.svg"
"$bin" verify "$tmp/t2" >"$tmp/v2.out" 2>&1
check "a deleted chart-3: verify exit 1, missing file" sh -c "test $? -eq 1 &&
  grep -qxF '  missing file: chart-3-q__b___x.svg' '$tmp/v2.out'"
finish

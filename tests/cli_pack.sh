#!/usr/bin/env bash
# cli_pack.sh: evidence packs (issue 10): export of the demo pilot (files,
# manifest readable by sha256sum -c, evidence.json and the in-toto
# statement, logs copied with their import digests, --no-logs), log text
# escaped for HTML and Markdown.
# usage: cli_pack.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="pack-test"
P=llama3-8b-lora-trn2

dt demo --no-tui >"$tmp/demo.out" 2>&1
check "demo keeps its logs beside the store" test -f "$db.logs/trn2-pilot.log"

dt export "$P" --out "$tmp/pack" >"$tmp/export.out" 2>&1
check "export exits 0" test $? -eq 0
for f in report.html report.md chart.svg evidence.json attestation.json \
         MANIFEST.sha256 logs/llama3-8b-lora-gpu-a100/gpu-baseline.csv \
         logs/llama3-8b-lora-trn2-pilot/trn2-pilot.log; do
  check "pack holds $f" test -s "$tmp/pack/$f"
done
check "sha256sum -c reads the manifest" \
  sh -c "cd '$tmp/pack' && sha256sum --strict -c MANIFEST.sha256 >/dev/null"
# every file but the manifest itself is listed, nothing else
check "manifest lists exactly the pack's files" py "
import os
root = '$tmp/pack'
listed = sorted(l.split('  ', 1)[1].strip() for l in open(root + '/MANIFEST.sha256')
                if not l.startswith('#'))
found = sorted(os.path.relpath(os.path.join(d, f), root)
               for d, _, fs in os.walk(root) for f in fs if f != 'MANIFEST.sha256')
assert listed == found, (listed, found)
"
# the copied logs are the imported bytes: the digests the store recorded
# at import are the digests of the files in logs/
dt pilot show "$P" --json >"$tmp/show.json"
check "evidence.json: schema_version, verdicts as pilot show, frozen evidence" py "
import json, hashlib
e = json.load(open('$tmp/pack/evidence.json'))
s = json.load(open('$tmp/show.json'))
assert e['schema_version'] == 1 and e['pilot']['name'] == '$P'
assert [v['verdict'] for v in e['verdicts']] == [v['verdict'] for v in s['verdicts']] == ['pass']
assert e['verdicts'][0]['compared'] == 2000
assert e['counts'] == s['counts'] == {'pending': 3, 'pass': 9, 'fail': 0, 'waived': 0}
d = e['decisions'][0]
assert d['kind'] == 'continue'
assert hashlib.sha256(d['evidence_text'].encode()).hexdigest() == d['evidence_digest']
assert e['chain']['intact'] and e['chain']['head_hash'] == d['hash']
pil = [r for r in e['runs'] if r['role'] == 'pilot'][0]
# demo pilot: one restart at step 1201 (crash after 1400, resumed from 1200)
assert pil['resume']['restarts'] == 1 and pil['resume']['verdicts'][0]['at_step'] == 1201
assert e['comparison']['restarts'] == [1201]
# demo pilot logs one NaN loss at step 1733 (cli/demo.c DEMO_NAN_STEP)
assert [(n['run'], n['step']) for n in e['comparison']['non_finite']] == [('llama3-8b-lora-trn2-pilot', 1733)]
for r in e['runs']:
    for f in r['files']:
        assert f['included'], f
        got = hashlib.sha256(open('$tmp/pack/' + f['pack_path'], 'rb').read()).hexdigest()
        assert got == f['sha256'], (f, got)
"
check "attestation: in-toto Statement v1 over files and logs" py "
import json, hashlib
a = json.load(open('$tmp/pack/attestation.json'))
assert a['_type'] == 'https://in-toto.io/Statement/v1'
assert a['predicateType'].startswith('https://')
names = {s['name']: s['digest']['sha256'] for s in a['subject']}
for n in ['report.html', 'report.md', 'chart.svg', 'evidence.json',
          'logs/llama3-8b-lora-trn2-pilot/trn2-pilot.log']:
    assert names[n] == hashlib.sha256(open('$tmp/pack/' + n, 'rb').read()).hexdigest(), n
p = a['predicate']
assert p['decision']['kind'] == 'continue' and p['parity'][0]['verdict'] == 'pass'
assert p['resume'][0]['verdict'] == 'pass' and p['chain_head']['intact'] is True
assert p['chain_head']['hash'] == json.load(open('$tmp/pack/evidence.json'))['chain']['head_hash']
"
check "report.html: no script, nothing fetched, chart inline" py "
import re
h = open('$tmp/pack/report.html').read()
assert '<script' not in h.lower()
assert not re.search(r'(src|href)\s*=', h, re.I)
assert h.count('<svg') == 1 and '<path' in h
assert 'default-src \'none\'' in h and '@page{size:A4' in h
"
check "report.md points at chart.svg" grep -q '](chart.svg)' "$tmp/pack/report.md"

dt export "$P" --out "$tmp/pack" >/dev/null 2>"$tmp/again.err"
check "export into a non-empty folder is refused (exit 2)" test $? -eq 2
check "  and says why" grep -q "not empty" "$tmp/again.err"
dt export nope --out "$tmp/nope" >/dev/null 2>"$tmp/nope.err"
check "export of an unknown pilot: exit 2, names the pilots" \
  sh -c "test $? -eq 2 && grep -q \"no pilot named 'nope'\" '$tmp/nope.err'"

dt export "$P" --out "$tmp/nologs" --no-logs >/dev/null 2>&1
check "--no-logs: no logs/ folder" test ! -e "$tmp/nologs/logs"
check "--no-logs: manifest lists the log digests as comments" py "
m = open('$tmp/nologs/MANIFEST.sha256').read()
import hashlib
want = hashlib.sha256(open('$db.logs/trn2-pilot.log', 'rb').read()).hexdigest()
assert '# absent ' + want + '  logs/llama3-8b-lora-trn2-pilot/trn2-pilot.log' in m, m
"
check "--no-logs: sha256sum -c still passes" \
  sh -c "cd '$tmp/nologs' && sha256sum --strict -c MANIFEST.sha256 >/dev/null"

# a log changed after its import is not copied, and the pack says so
echo "step 2001 | loss 1.0" >>"$db.logs/trn2-pilot.log"
dt export "$P" --out "$tmp/changed" >/dev/null 2>&1
check "a log changed since import is listed by digest only" py "
import json
e = json.load(open('$tmp/changed/evidence.json'))
f = [f for r in e['runs'] for f in r['files'] if f['path'].endswith('trn2-pilot.log')][0]
assert not f['included'] and 'changed since its import' in f['note'], f
"

# hostile names: HTML and Markdown escaping, terminal escapes sanitised
h="$tmp/h.db"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n4,1.7\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.0\n2,1.91\n3,1.8\n4,1.71\n' >"$tmp/p.csv"
bad='<img src=x onerror=alert(1)>|*_'
lnk='pilot-[x](javascript:alert(1))'
"$bin" --db "$h" import --platform gpu --run "$bad" "$tmp/b.csv" >/dev/null
"$bin" --db "$h" import --platform trn2 --run "$lnk" "$tmp/p.csv" >/dev/null
"$bin" --db "$h" pilot new 'evil<script>' >/dev/null
"$bin" --db "$h" attach 'evil<script>' "$bad" --role baseline >/dev/null
"$bin" --db "$h" attach 'evil<script>' "$lnk" --role pilot >/dev/null
"$bin" --db "$h" journal set "$lnk" image.id 'sha RED <b>x</b> `c`' >/dev/null
"$bin" --db "$h" export 'evil<script>' --out "$tmp/evil" >/dev/null 2>&1
check "hostile names are escaped in HTML" py "
h = open('$tmp/evil/report.html').read()
assert '<img' not in h and '<script' not in h and '<b>' not in h
assert '&lt;img src=x onerror=alert(1)&gt;|*_' in h
assert 'evil&lt;script&gt;' in h
assert '\x1b' not in h
"
check "hostile names are escaped in Markdown" py "
m = open('$tmp/evil/report.md').read()
assert '\\\\<img src=x onerror=alert(1)\\\\>\\\\|\\\\*\\\\_' in m, m[:2000]
assert 'pilot-\\\\[x\\\\](javascript:alert(1))' in m
assert '<b>' not in m and '\x1b' not in m
"
check "the difference in image.id is marked in the side-by-side table" \
  grep -q '^| \*\*≠\*\* image\.id ' "$tmp/evil/report.md"
finish

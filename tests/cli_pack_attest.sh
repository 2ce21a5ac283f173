#!/usr/bin/env bash
# cli_pack_attest.sh: the evidence pack's attestation.json says what the
# rest of the pack says. A go recorded past open checklist items reads
# "go FORCED" in report.md and evidence.json: the attestation's decision
# carries "forced": true and the same items in "forced_past" (it read a
# plain {"kind": "go"}). A pilot run without restarts is not judged:
# report.md says just "no restarts" with no verdict (it read "no
# restarts; checkpoint unknown": with no restart there is no checkpoint
# to know; new-user trial), and so does resume-check, the
# attestation's resume verdict is the service's key "no_restarts", as
# resume-check --json (it read "pass"). verify holds the attestation's
# decision to the pack's (evidence.json, checked against its hash and,
# with --against, the store): an attestation rewritten to a plain go, its
# digest fixed in the manifest, is named.
# Store: pilot "f" fresh (12 checklist items pending); baseline "b" (gpu)
# and pilot run "p" (trn2), steps 1..3, no restart; decision #1 go
# --force.
# usage: cli_pack_attest.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
bin=$(readlink -f "$bin")
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=ana DUALTRACK_NOW=2026-11-29T10:00:00Z
unset DUALTRACK_ALLOWED_SIGNERS
export XDG_CONFIG_HOME="$tmp/cfg"
open="step1 (pending), step2 (pending), step3 (pending), step4 (pending), step5 (pending), step6 (pending), step7 (pending), trial1 (pending), trial2 (pending), trial3 (pending), trial4 (pending), trial5 (pending)"

printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/p.csv"
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null 2>&1 &&
dt pilot new f >/dev/null && dt attach f b --role baseline >/dev/null &&
dt attach f p --role pilot >/dev/null &&
dt decide f go --force --rationale "ship anyway" --decider "Ana:researcher" >/dev/null 2>&1 &&
dt export f --out "$tmp/pack" >/dev/null 2>&1 || { echo "setup failed"; exit 1; }

check "report.md: the current decision reads go FORCED" grep -qF "go FORCED" "$tmp/pack/report.md"
check "report.md: run p: no restarts" grep -qxF "p: no restarts." "$tmp/pack/report.md"
check "report.md: no 'checkpoint unknown'" eval '! grep -qF "checkpoint unknown" "$tmp/pack/report.md"'
dt resume-check p >"$tmp/rc.txt" 2>&1
check "resume-check p: no restarts, nothing to check" grep -qxF "no restarts: nothing to check" "$tmp/rc.txt"
check "resume-check p: no 'checkpoint unknown'" eval '! grep -qF "checkpoint unknown" "$tmp/rc.txt"'
check "evidence.json: decision #1 forced past the 12 items" py "
import json
d = json.load(open('$tmp/pack/evidence.json'))['decisions']
assert [(x['id'], x['kind'], x['forced_past']) for x in d] == [(1, 'go', '$open')], d
"
check "attestation: decision #1 go, forced, past the same 12 items" py "
import json
d = json.load(open('$tmp/pack/attestation.json'))['predicate']['decision']
assert (d['id'], d['kind'], d['forced'], d['forced_past']) == (1, 'go', True, '$open'), d
"
check "attestation: resume of p not judged: no_restarts, 0 restarts" py "
import json
r = json.load(open('$tmp/pack/attestation.json'))['predicate']['resume']
assert r == [{'run': 'p', 'restarts': 0, 'verdict': 'no_restarts'}], r
"
dt resume-check p --json >"$tmp/rc.json" 2>/dev/null
check "  the word resume-check --json gives" py "
import json
assert json.load(open('$tmp/rc.json'))['verdict'] == 'no_restarts'
"
dt verify --against "$tmp/pack" >"$tmp/v0.out" 2>&1
check "verify --against: store checked, no problem with the attestation" sh -c "grep -q 'store holds the pack' '$tmp/v0.out' && ! grep -q attestation '$tmp/v0.out'"

# the attestation rewritten to a plain go, its digest fixed in the manifest
cp -a "$tmp/pack" "$tmp/plain"
(cd "$tmp/plain" && py "
import hashlib, json
a = json.load(open('attestation.json'))
d = a['predicate']['decision']
d['forced'] = False; d['forced_past'] = ''
json.dump(a, open('attestation.json', 'w'))
h = hashlib.sha256(open('attestation.json', 'rb').read()).hexdigest()
m = open('MANIFEST.sha256').read().splitlines()
m = [h + '  attestation.json' if l.endswith('  attestation.json') else l for l in m]
open('MANIFEST.sha256', 'w').write('\n'.join(m) + '\n')")
"$bin" verify "$tmp/plain" >"$tmp/v1.out" 2>&1
check "plain go attested: verify exit 1" test $? -eq 1
check "  the files match the manifest" grep -qF "files match MANIFEST.sha256" "$tmp/v1.out"
check "  names both readings" grep -qxF "  attestation decision #1 go differs from the pack's decision #1 go FORCED past $open (evidence.json, as recorded)" "$tmp/v1.out"
dt verify --against "$tmp/plain" >"$tmp/v2.out" 2>&1
check "  verify --against names it too" grep -qF "attestation decision #1 go differs" "$tmp/v2.out"
# the items changed, still forced
(cd "$tmp/plain" && py "
import hashlib, json
a = json.load(open('attestation.json'))
d = a['predicate']['decision']
d['forced'] = True; d['forced_past'] = 'step7 (pending)'
json.dump(a, open('attestation.json', 'w'))
h = hashlib.sha256(open('attestation.json', 'rb').read()).hexdigest()
m = open('MANIFEST.sha256').read().splitlines()
m = [h + '  attestation.json' if l.endswith('  attestation.json') else l for l in m]
open('MANIFEST.sha256', 'w').write('\n'.join(m) + '\n')")
"$bin" verify "$tmp/plain" >"$tmp/v3.out" 2>&1
check "other forced-past items attested: named" grep -qxF "  attestation decision #1 go FORCED past step7 (pending) differs from the pack's decision #1 go FORCED past $open (evidence.json, as recorded)" "$tmp/v3.out"
finish

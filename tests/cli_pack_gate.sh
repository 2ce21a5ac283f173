#!/usr/bin/env bash
# cli_pack_gate.sh: `dualtrack gate` (issue 10): exit 0 / 1 / 2 on a
# passing and a failing pilot, with a store and from log files alone (no
# store created), --json reasons.
# usage: cli_pack_gate.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="gate-test"
P=llama3-8b-lora-trn2
dt demo --no-tui >/dev/null 2>&1
B="$db.logs/gpu-baseline.csv"; L="$db.logs/trn2-pilot.log"

# with a store: the demo pilot passes (parity pass with 2 breaches of 20
# allowed, its one restart at step 1201 passes, no item failed: 9 pass,
# 3 pending; cli_acceptance.sh checks those figures through pilot show)
dt gate "$P" >"$tmp/g1.out" 2>&1
check "store, demo pilot: exit 0" test $? -eq 0
check "  says PASS" grep -q "^gate $P: PASS" "$tmp/g1.out"
dt gate "$P" --json >"$tmp/g1.json"
check "  --json: pass, reasons for parity, resume, checklist" py "
import json
g = json.load(open('$tmp/g1.json'))
assert g['verdict'] == 'pass' and g['pass'] is True and g['store'] is True
assert [(r['check'], r['pass']) for r in g['reasons']] == [('parity', True), ('resume', True), ('checklist', True)], g
assert g['reasons'][1]['subject'] == 'llama3-8b-lora-trn2-pilot step 1201'
"
dt check "$P" step4 fail --note "interrupt drill lost the optimizer state" >/dev/null 2>&1
dt gate "$P" --json >"$tmp/g2.json"
check "store, a failed checklist item: exit 1" test $? -eq 1
check "  the reason names the item" py "
import json
g = json.load(open('$tmp/g2.json'))
assert g['verdict'] == 'fail'
bad = [(r['check'], r['subject']) for r in g['reasons'] if not r['pass']]
assert bad == [('checklist', 'step4')], bad
"
dt check "$P" step4 pending >/dev/null 2>&1
# rtol 0.001: the demo pilot drifts up to +1.2 %, so nearly every step breaches
dt pilot set "$P" --rtol 0.001 >/dev/null 2>&1
dt gate "$P" >"$tmp/g3.out" 2>&1
check "store, parity failing under the task card's rule: exit 1" test $? -eq 1
check "  names the parity failure" grep -q "FAIL parity" "$tmp/g3.out"
dt pilot set "$P" --rtol 0.02 >/dev/null 2>&1
dt gate nope >/dev/null 2>"$tmp/g4.err"
check "store, unknown pilot: exit 2" test $? -eq 2

# without a store: HOME points at an empty folder, no --db, no DUALTRACK_DB
mkdir -p "$tmp/home" "$tmp/tmpdir"
nostore() { env -u DUALTRACK_DB -u XDG_DATA_HOME HOME="$tmp/home" TMPDIR="$tmp/tmpdir" "$bin" gate "$@"; }
nostore --baseline "$B" --pilot "$L" >"$tmp/f1.out" 2>&1
check "files, passing pair: exit 0" test $? -eq 0
# the demo logs record no compile or data-preparation time: trial5 is
# pending (as on a fresh store-backed pilot), so no checklist item fails
check "  trial5 pending, not failed: no checklist item fails" \
  grep -q "^  ok   checklist 12 items: no item failed (.* pending" "$tmp/f1.out"
check "  no reason is reported without counting" py "
assert '(-)' not in open('$tmp/f1.out').read()"
nostore --baseline "$B" --pilot "$L" --rtol 0.001 --json >"$tmp/f2.json" 2>&1
check "files, failing pair (--rtol 0.001): exit 1" test $? -eq 1
check "  --json reasons: parity fail, store false" py "
import json
g = json.load(open('$tmp/f2.json'))
assert g['verdict'] == 'fail' and g['store'] is False
p = [r for r in g['reasons'] if r['check'] == 'parity'][0]
assert not p['pass'] and p['subject'] == 'trn2-pilot vs gpu-baseline', p
"
# a pilot restarted from scratch (its log starts over at step 1): the
# resume check fails ('restart from scratch'), parity on the later copy
{ cat "$L"; sed -n '2,400p' "$L"; } >"$tmp/scratch.log"
nostore --baseline "$B" --pilot "$tmp/scratch.log" --json >"$tmp/f3.json" 2>&1
check "files, a restart from scratch: exit 1 with a resume failure" py "
import json
g = json.load(open('$tmp/f3.json'))
assert g['verdict'] == 'fail'
assert any(r['check'] == 'resume' and not r['pass'] for r in g['reasons']), g
"
check "files: no store was created" test ! -e "$tmp/home/.local"
nostore --baseline "$B" --pilot "$tmp/missing.log" >/dev/null 2>"$tmp/f4.err"
check "files, a missing file: exit 2" test $? -eq 2
nostore --baseline "$B" >/dev/null 2>&1
check "files, --baseline without --pilot: exit 2" test $? -eq 2
nostore --baseline "$B" --pilot "$L" --rtol abc >/dev/null 2>&1
check "files, a bad --rtol: exit 2" test $? -eq 2
check "no temporary store left behind" test -z "$(ls -A "$tmp/tmpdir")"
finish

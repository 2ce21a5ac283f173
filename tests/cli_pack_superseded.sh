#!/usr/bin/env bash
# cli_pack_superseded.sh: verify --against DIR says when the pack's
# decision is no longer the pilot's current decision. A pack of p1
# exported after #1 go (forced: its label is "go FORCED"), signed; the
# store then records a check note on p1 and #2 continue on another
# pilot (newer records, not a decision of p1: still verified, exit 0,
# "(and newer records)"), then #3 roll-back on p1: the pack's decision
# is superseded, named with the newer one (time, deciders, who
# recorded it) on its own line, exit 4; --json carries it (decision).
# Without --allowed-signers a superseded pack exits 4 too (not 3). A
# pack exported before p1's first decision is superseded by it. A store
# restored without the pack's decision: exit 1 (a problem), not 4.
# Times are fixed (DUALTRACK_NOW), so the reports are compared whole.
# usage: cli_pack_superseded.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
command -v ssh-keygen >/dev/null || { echo "skip: no ssh-keygen"; exit 77; }
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="rel-eng"
unset DUALTRACK_ALLOWED_SIGNERS
export XDG_CONFIG_HOME="$tmp/cfg"   # no user's config (allowed_signers)
export DUALTRACK_NOW=2026-03-01T10:00:00Z
# p1 is fresh: its 12 checklist items pending (step6: no drill; trial1:
# fewer than 10 loss values), the go is forced past all of them
open="step1 (pending), step2 (pending), step3 (pending), step4 (pending), step5 (pending), step6 (pending), step7 (pending), trial1 (pending), trial2 (pending), trial3 (pending), trial4 (pending), trial5 (pending)"

printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/g.csv"
cp "$tmp/g.csv" "$tmp/t.csv"
dt import --platform gpu --run base "$tmp/g.csv" >/dev/null 2>&1
dt import --platform trn2 --run pil "$tmp/t.csv" >/dev/null 2>&1
for p in p1 p2; do
  dt pilot new $p >/dev/null 2>&1
  dt attach $p base --role baseline >/dev/null 2>&1
  dt attach $p pil --role pilot >/dev/null 2>&1
done
ssh-keygen -q -t ed25519 -N '' -C 'alice' -f "$tmp/alice"
echo "alice $(cat "$tmp/alice.pub")" >"$tmp/allowed"
fp=$(ssh-keygen -l -E sha256 -f "$tmp/alice.pub" | awk '{print $2}')
dt export p1 --out "$tmp/pack0" >/dev/null 2>&1   # before any decision
"$bin" sign "$tmp/pack0" --key "$tmp/alice" >/dev/null 2>&1

dt decide p1 go --force --rationale "parity holds" \
  --decider "A. Rivera:researcher" >/dev/null 2>&1
check "decision #1 go recorded" test $? -eq 0
dt export p1 --out "$tmp/pack" >/dev/null 2>&1
"$bin" sign "$tmp/pack" --key "$tmp/alice" --role researcher >/dev/null 2>&1
check "pack signed" test -f "$tmp/pack/signatures/alice.sig"
h1=$(py "import json; print(json.load(open('$tmp/pack/evidence.json'))['chain']['head_hash'])")
# sign --db: while the pack's decision is current a second signer signs
# (on a copy: the reports below list the pack's signatures)
ssh-keygen -q -t ed25519 -N '' -C 'bob' -f "$tmp/bob"
cp -r "$tmp/pack" "$tmp/packb"
dt sign "$tmp/packb" --key "$tmp/bob" >/dev/null 2>"$tmp/s1.err"
check "sign --db, decision current: exit 0, signed" sh -c "test $? -eq 0 &&
  test -f '$tmp/packb/signatures/bob.sig' && test ! -s '$tmp/s1.err'"
# the head of this pack is p1's decision #1
check "the pack's head is #1 (p1's decision)" py "
import json; e = json.load(open('$tmp/pack/evidence.json'))
assert e['chain']['head_id'] == 1 and [d['id'] for d in e['decisions']] == [1], e['chain']"

dt verify --against "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v1.out" 2>&1
check "just signed: exit 0" test $? -eq 0
check "  the whole report" diff - "$tmp/v1.out" <<EOF
evidence pack $tmp/pack
  allowed signers: $tmp/allowed
  7 files match MANIFEST.sha256
  good signature: signatures/alice.sig, principal alice (allowed signers), role researcher, key $fp (ED25519)
  decision chain holds: 1 decision of the pilot, 1 record in the chain, decision-log head #1 sha256 $h1
store
  store holds the pack's decision-log head #1 sha256 $h1
  pack decision #1 go FORCED is the pilot's current decision
verified: the pack's decision #1 go FORCED past $open
EOF

# newer records that are not a decision of p1: a check note on p1, a
# decision of p2
export DUALTRACK_NOW=2026-03-01T11:00:00Z
dt check p1 step1 pass --note "dataset and eval script pinned" >/dev/null 2>&1
check "check note recorded" test $? -eq 0
dt verify --against "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v2.out" 2>&1
check "after a check note: exit 0" test $? -eq 0
check "  still current, verified" sh -c "grep -qxF '  pack decision #1 go FORCED is the pilot'\''s current decision' '$tmp/v2.out' &&
  test \"\$(tail -n 1 '$tmp/v2.out')\" = \"verified: the pack's decision #1 go FORCED past $open\""
dt decide p2 continue --rationale "needs the step 4 drill" \
  --decider "K. Sato:training-engineer" >/dev/null 2>&1
check "decision #2 continue on p2 recorded" test $? -eq 0
dt verify --against "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v3.out" 2>&1
check "after another pilot's decision: exit 0" test $? -eq 0
check "  the store part, exactly" diff - <(sed -n '/^store$/,$p' "$tmp/v3.out") <<EOF
store
  store holds the pack's decision-log head #1 sha256 $h1 (and newer records)
  pack decision #1 go FORCED is the pilot's current decision
verified: the pack's decision #1 go FORCED past $open
EOF

# the pilot rolled back after the sign-off
export DUALTRACK_NOW=2026-03-02T09:30:00Z
dt decide p1 roll-back --rationale "eval regression found after sign-off" \
  --decider "T. Lead:researcher" --decider "M. Okafor:platform" >/dev/null 2>&1
check "decision #3 roll-back on p1 recorded" test $? -eq 0
dt verify --against "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v4.out" 2>&1
check "superseded: exit 4" test $? -eq 4
check "  the whole report" diff - "$tmp/v4.out" <<EOF
evidence pack $tmp/pack
  allowed signers: $tmp/allowed
  7 files match MANIFEST.sha256
  good signature: signatures/alice.sig, principal alice (allowed signers), role researcher, key $fp (ED25519)
  decision chain holds: 1 decision of the pilot, 1 record in the chain, decision-log head #1 sha256 $h1
store
  store holds the pack's decision-log head #1 sha256 $h1 (and newer records)
  pack decision #1 go FORCED superseded by #3 roll-back (2026-03-02T09:30:00Z, by T. Lead (researcher), M. Okafor (platform); recorded by rel-eng)
NOT verified: the pack's decision is no longer the pilot's current decision (#3 roll-back)
EOF
# sign --db refuses to sign off a decision the store has superseded
dt sign "$tmp/pack" --key "$tmp/bob" >/dev/null 2>"$tmp/s2.err"
check "sign --db, superseded: exit 4" test $? -eq 4
check "  not signed" test ! -e "$tmp/pack/signatures/bob.sig"
check "  says why, as verify does" diff - "$tmp/s2.err" <<EOF
dualtrack: sign: pack decision #1 go FORCED superseded by #3 roll-back (2026-03-02T09:30:00Z, by T. Lead (researcher), M. Okafor (platform); recorded by rel-eng); not signed: export the pilot again and sign the new pack
EOF
dt verify --against "$tmp/pack" --allowed-signers "$tmp/allowed" --json >"$tmp/v4.json" 2>&1
check "--json: exit 4" test $? -eq 4
check "--json: decision {pilot, current false, pack #1, store #3}" py "
import json; j = json.load(open('$tmp/v4.json'))
assert j['verified'] is False and j['exit'] == 4, j
d = j['decision']
assert d['pilot'] == 'p1' and d['standing'] == 'superseded' and d['current'] is False, d
assert d['pack'] == {'id': 1, 'kind': 'go', 'label': 'go FORCED', 'decided_at': '2026-03-01T10:00:00Z'}, d['pack']
s = d['store']
assert (s['id'], s['kind'], s['label'], s['decided_at'], s['recorded_by']) == \
  (3, 'roll-back', 'roll-back', '2026-03-02T09:30:00Z', 'rel-eng'), s
assert s['deciders'] == [{'name': 'T. Lead', 'role': 'researcher'},
                         {'name': 'M. Okafor', 'role': 'platform'}], s
assert d['decisions_since'] == 1, d
assert j['report'][-2].startswith('pack decision #1 go FORCED superseded by #3 roll-back'), j['report']
"
dt verify --against "$tmp/pack" >"$tmp/v5.out" 2>&1
check "superseded, no --allowed-signers: exit 4, not 3" test $? -eq 4
check "  the last line names both" test "$(tail -n 1 "$tmp/v5.out")" = \
  "NOT verified: the pack's decision is no longer the pilot's current decision (#3 roll-back); 1 signer NOT checked against any trust list (no --allowed-signers)"
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/allowed" --json >"$tmp/v6.json" 2>&1
check "verify DIR without --against: exit 0, decision null" sh -c "test $? -eq 0 && python3 -c \"
import json; j = json.load(open('$tmp/v6.json')); assert j['decision'] is None and j['verified'], j\""
# a pack exported after the roll-back: its decision is current
export DUALTRACK_NOW=2026-03-02T10:00:00Z
dt export p1 --out "$tmp/pack3" >/dev/null 2>&1
"$bin" sign "$tmp/pack3" --key "$tmp/alice" >/dev/null 2>&1
dt verify --against "$tmp/pack3" --allowed-signers "$tmp/allowed" >"$tmp/v8.out" 2>&1
check "a pack of the roll-back: exit 0, current" sh -c "test $? -eq 0 &&
  grep -qxF '  pack decision #3 roll-back is the pilot'\''s current decision' '$tmp/v8.out'"
dt verify --against "$tmp/pack3" --allowed-signers "$tmp/allowed" --json >"$tmp/v8.json" 2>&1
check "  --json: current true, decisions_since 0" py "
import json; d = json.load(open('$tmp/v8.json'))['decision']
assert d['standing'] == 'current' and d['current'] is True and d['decisions_since'] == 0, d
assert d['pack']['id'] == 3 and d['store']['id'] == 3, d"

# two decisions since: the newest is named, the count said
dt decide p1 go --force --rationale "regression was a harness bug" \
  --decider "T. Lead:researcher" >/dev/null 2>&1
dt verify --against "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v9.out" 2>&1
check "two decisions since: exit 4" test $? -eq 4
check "  the newest named, both counted" grep -qxF \
  "  pack decision #1 go FORCED superseded by #4 go FORCED (2026-03-02T10:00:00Z, by T. Lead (researcher); recorded by rel-eng; 2 decisions of the pilot since the pack's)" \
  "$tmp/v9.out"

# a pack exported before the pilot's first decision
dt verify --against "$tmp/pack0" --allowed-signers "$tmp/allowed" >"$tmp/v10.out" 2>&1
check "pack from before any decision: exit 4" test $? -eq 4
check "  the store part, exactly" diff - <(sed -n '/^store$/,$p' "$tmp/v10.out") <<EOF
store
  the pack was exported before any decision
  pack holds no decision of the pilot, superseded by #4 go FORCED (2026-03-02T10:00:00Z, by T. Lead (researcher); recorded by rel-eng; 3 decisions of the pilot since the pack's)
NOT verified: the pack's decision is no longer the pilot's current decision (#4 go FORCED)
EOF

# a superseded decision and a changed report.md: both are problems, the
# count says 2 (it said "1 problem" while listing both)
cp -r "$tmp/pack" "$tmp/packc"
echo "edited" >>"$tmp/packc/report.md"
dt verify --against "$tmp/packc" --allowed-signers "$tmp/allowed" >"$tmp/v12.out" 2>&1
check "changed file and superseded: exit 1" test $? -eq 1
check "  both listed" sh -c "grep -q '^  changed file: report.md ' '$tmp/v12.out' &&
  grep -qF '  pack decision #1 go FORCED superseded by #4 go FORCED' '$tmp/v12.out'"
check "  the count is the problems listed" test "$(tail -n 1 "$tmp/v12.out")" = \
  "NOT verified: 2 problems"

# a store restored from before the pack's decision: a problem (exit 1)
rm -f "$tmp/old.db"
"$bin" --db "$tmp/old.db" import --platform gpu --run base "$tmp/g.csv" >/dev/null 2>&1
"$bin" --db "$tmp/old.db" verify --against "$tmp/pack3" --allowed-signers "$tmp/allowed" >"$tmp/v11.out" 2>&1
check "a store without the pack's decision: exit 1" test $? -eq 1
check "  the head is missing, nothing superseded" sh -c "grep -q \"store lacks the pack's decision-log head #3\" '$tmp/v11.out' &&
  ! grep -q superseded '$tmp/v11.out'"
finish

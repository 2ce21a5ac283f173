#!/usr/bin/env bash
# cli_pack_verify_lines.sh: what `verify DIR` says, line by line, for
# what a new user meets. A folder that is not a pack (none of
# MANIFEST.sha256, evidence.json, attestation.json) is a wrong argument:
# one line on stderr, exit 2, as --help says (it read "attestation.json is
# not an in-toto Statement", 3 problems, exit 1). A pack whose
# attestation.json was deleted: "missing file: attestation.json" once;
# so is one whose evidence.json was deleted (it also read "broken chain:
# evidence.json is missing or not JSON"), also with --against (its store
# part read "the pack was exported before any decision" and "broken
# chain: evidence.json names no pilot"). One whose evidence.json is not
# JSON: said once, on the manifest's "changed file" line (it also read
# "broken chain: evidence.json is not JSON"). A folder holding only
# attestation.json is "not signed" as an unsigned pack is (the line was
# left out: no manifest to check a signature against); a signed pack
# whose manifest was deleted: "signature not checked" (it said nothing of
# the signature).
# The verified line names the decision verified, as the pack records it
# (it read a plain "verified" for a go FORCED past a failed step6).
# One edit of the decision in evidence.json is one problem naming the
# file and the field, found by putting the attestation's value back
# until the record hash holds (it read "changed file", "fields do not
# hash" and "attestation decision #1 is not the pack's decision #0").
# Store: pilot "f": baseline "b" (gpu) 2.5, 2.4, 2.3 and pilot run "p"
# (trn2) 2.5, 3.4, 3.3 at steps 1..3: steps 2 and 3 breach rtol 0.02,
# 2 > 1 allowed: parity FAIL, so step6 computed fail; pack0 exported
# before any decision, then #1 go --force, pack exported.
# usage: cli_pack_verify_lines.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_pack.sh"
pack_env
pack_pilot &&
dt export f --out "$tmp/pack0" >/dev/null 2>&1 &&
dt decide f go --force --rationale "ship" --decider "Ana:researcher" >/dev/null 2>&1 &&
dt export f --out "$tmp/pack" >/dev/null 2>&1 || { echo "setup failed"; exit 1; }
open="step1 (pending), step2 (pending), step3 (pending), step4 (pending), step5 (pending), step6 (fail), step7 (pending), trial1 (pending), trial2 (pending), trial3 (pending), trial4 (pending), trial5 (pending)"
ssh-keygen -q -t ed25519 -N '' -C 'ana' -f "$tmp/ana"
echo "ana $(cat "$tmp/ana.pub")" >"$tmp/allowed"

# not a pack
mkdir "$tmp/notes" "$tmp/empty"
echo hi >"$tmp/notes/readme.txt"
for d in notes empty; do
  "$bin" verify "$tmp/$d" >"$tmp/$d.out" 2>"$tmp/$d.err"
  check "$d/: not a pack: exit 2" test $? -eq 2
  check "  one line on stderr naming the folder" diff - "$tmp/$d.err" <<EOF
dualtrack: verify: $tmp/$d: not an evidence pack (no MANIFEST.sha256, evidence.json or attestation.json; dualtrack export PILOT --out DIR writes one)
EOF
  check "  nothing on stdout" test ! -s "$tmp/$d.out"
done
"$bin" verify "$tmp/notes" --json >"$tmp/nj.out" 2>"$tmp/nj.err"
check "--json: exit 2, the same line" sh -c "test $? -eq 2 && test ! -s '$tmp/nj.out' &&
  grep -qF ': not an evidence pack (no MANIFEST.sha256' '$tmp/nj.err'"
dt verify --against "$tmp/notes" >/dev/null 2>"$tmp/na.err"
check "--against: exit 2, the same line" sh -c "test $? -eq 2 &&
  grep -qF ': not an evidence pack (no MANIFEST.sha256' '$tmp/na.err'"
"$bin" verify --help >"$tmp/help.out"
check "--help documents exit 2 for it" grep -qxF \
  "pack (none of MANIFEST.sha256, evidence.json, attestation.json)," "$tmp/help.out"

# a pack without its attestation
cp -a "$tmp/pack" "$tmp/noatt"
rm "$tmp/noatt/attestation.json"
"$bin" verify "$tmp/noatt" >"$tmp/noatt.out" 2>&1
check "attestation.json deleted: exit 1" test $? -eq 1
check "  the problems, exactly" diff - <(grep -v "decision chain holds" "$tmp/noatt.out") <<EOF
evidence pack $tmp/noatt
  allowed signers: none (give --allowed-signers FILE, or allowed_signers in the config file)
  missing file: attestation.json
  not signed: no signatures/NAME.sig (dualtrack sign DIR --key KEY)
NOT verified: 2 problems
EOF

# a pack without its evidence.json
cp -a "$tmp/pack" "$tmp/noev"
rm "$tmp/noev/evidence.json"
"$bin" verify "$tmp/noev" >"$tmp/noev.out" 2>&1
check "evidence.json deleted: exit 1" test $? -eq 1
check "  the problems, exactly: missing file once" diff - "$tmp/noev.out" <<EOF
evidence pack $tmp/noev
  allowed signers: none (give --allowed-signers FILE, or allowed_signers in the config file)
  missing file: evidence.json
  not signed: no signatures/NAME.sig (dualtrack sign DIR --key KEY)
NOT verified: 2 problems
EOF
dt verify --against "$tmp/noev" >"$tmp/noeva.out" 2>&1
check "  --against: exit 1" test $? -eq 1
check "  --against: nothing derived from the missing file" diff - "$tmp/noeva.out" <<EOF
evidence pack $tmp/noev
  allowed signers: none (give --allowed-signers FILE, or allowed_signers in the config file)
  missing file: evidence.json
  not signed: no signatures/NAME.sig (dualtrack sign DIR --key KEY)
store
  the pack's decision-log head and decision not looked up (no readable evidence.json)
NOT verified: 2 problems
EOF

# a pack whose evidence.json is not JSON: said once, on the manifest's line
cp -a "$tmp/pack" "$tmp/nojs"
printf '{"chain": ' >"$tmp/nojs/evidence.json"
old=$(sha256sum "$tmp/pack/evidence.json" | cut -c1-64)
new=$(sha256sum "$tmp/nojs/evidence.json" | cut -c1-64)
"$bin" verify "$tmp/nojs" >"$tmp/nojs.out" 2>&1
check "evidence.json not JSON: exit 1" test $? -eq 1
check "  the problems, exactly: not JSON once" diff - "$tmp/nojs.out" <<EOF
evidence pack $tmp/nojs
  allowed signers: none (give --allowed-signers FILE, or allowed_signers in the config file)
  changed file: evidence.json (sha256 $new, the manifest says $old): not JSON
  not signed: no signatures/NAME.sig (dualtrack sign DIR --key KEY)
NOT verified: 2 problems
EOF
dt verify --against "$tmp/nojs" >"$tmp/nojsa.out" 2>&1
check "  --against: exit 1" test $? -eq 1
check "  --against: nothing derived from it" diff - <(sed -n '/^store$/,$p' "$tmp/nojsa.out") <<EOF
store
  the pack's decision-log head and decision not looked up (no readable evidence.json)
NOT verified: 2 problems
EOF

# a folder holding only attestation.json: each missing file, and not
# signed, as for an unsigned pack; a signature there without the
# manifest it signs: not checked
mkdir "$tmp/attonly"
cp "$tmp/pack/attestation.json" "$tmp/attonly/"
"$bin" verify "$tmp/attonly" >"$tmp/attonly.out" 2>&1
check "attestation.json alone: exit 1" test $? -eq 1
check "  the problems, exactly: not signed said" diff - "$tmp/attonly.out" <<EOF
evidence pack $tmp/attonly
  allowed signers: none (give --allowed-signers FILE, or allowed_signers in the config file)
  missing file: MANIFEST.sha256
  not signed: no signatures/NAME.sig (dualtrack sign DIR --key KEY)
  missing file: evidence.json (the pack's decision chain)
NOT verified: 3 problems
EOF

# the verified line names the decision
"$bin" sign "$tmp/pack" --key "$tmp/ana" --role researcher >/dev/null 2>&1 &&
"$bin" sign "$tmp/pack0" --key "$tmp/ana" --role researcher >/dev/null 2>&1 || { echo "sign failed"; exit 1; }
want="verified: the pack's decision #1 go FORCED past $open"
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v.out" 2>&1
check "go FORCED past a failed step6, signed: exit 0" test $? -eq 0
check "  the last line names it" test "$(tail -n 1 "$tmp/v.out")" = "$want"
dt verify --against "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/va.out" 2>&1
check "  --against: exit 0" test $? -eq 0
check "  --against: the same last line" test "$(tail -n 1 "$tmp/va.out")" = "$want"
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/allowed" --json >"$tmp/v.json" 2>&1
check "  --json: the report's last line" python3 -c "
import json, sys; j = json.load(open('$tmp/v.json'))
assert j['verified'] is True and j['report'][-1] == sys.argv[1], j['report'][-1]
" "$want"
"$bin" verify "$tmp/pack0" --allowed-signers "$tmp/allowed" >"$tmp/v0.out" 2>&1
check "a pack from before any decision: exit 0" test $? -eq 0
check "  says it holds none" test "$(tail -n 1 "$tmp/v0.out")" = \
  "verified: the pack holds no decision of the pilot (exported before its first)"

# a signed pack without its manifest: the signature is there, not checked
cp -a "$tmp/pack" "$tmp/noman"
rm "$tmp/noman/MANIFEST.sha256"
"$bin" verify "$tmp/noman" --allowed-signers "$tmp/allowed" >"$tmp/noman.out" 2>&1
check "signed, MANIFEST.sha256 deleted: exit 1" test $? -eq 1
check "  the signature not checked, 2 problems" diff - <(grep -v "decision chain holds" "$tmp/noman.out") <<EOF
evidence pack $tmp/noman
  allowed signers: $tmp/allowed
  missing file: MANIFEST.sha256
  signature not checked: signatures/ana.sig (no MANIFEST.sha256, the file it signs)
NOT verified: 2 problems
EOF

# one edit of the decision in evidence.json (the signed pack copied)
fp=$(ssh-keygen -l -E sha256 -f "$tmp/ana.pub" | awk '{print $2}')
old=$(sha256sum "$tmp/pack/evidence.json" | cut -c1-64)
edit() { # edit NAME FROM TO: one string of evidence.json replaced, once
  rm -rf "$tmp/$1"; cp -a "$tmp/pack" "$tmp/$1"
  python3 -c "
import sys
p, a, b = sys.argv[1:]
t = open(p).read()
assert t.count(a) == 1, a
open(p, 'w').write(t.replace(a, b))" "$tmp/$1/evidence.json" "$2" "$3"
  new=$(sha256sum "$tmp/$1/evidence.json" | cut -c1-64)
  "$bin" verify "$tmp/$1" --allowed-signers "$tmp/allowed" >"$tmp/$1.out" 2>&1
}
edit kind '"kind": "go"' '"kind": "roll-back"'
check "kind go -> roll-back: exit 1" test $? -eq 1
check "  one problem: the file and the field, no decision #0" diff - "$tmp/kind.out" <<EOF
evidence pack $tmp/kind
  allowed signers: $tmp/allowed
  changed file: evidence.json (sha256 $new, the manifest says $old): decision #1's kind reads 'roll-back'; its record hash and attestation.json hold 'go'
  good signature: signatures/ana.sig, principal ana (allowed signers), role researcher, key $fp (ED25519)
NOT verified: 1 problem
EOF
edit forced "\"forced_past\": \"$open\"" '"forced_past": ""'
check "forced_past emptied (the go no longer forced): exit 1" test $? -eq 1
check "  one problem naming forced_past" diff - <(sed -n '3p;$p' "$tmp/forced.out") <<EOF
  changed file: evidence.json (sha256 $new, the manifest says $old): decision #1's forced_past reads ''; its record hash and attestation.json hold '$open'
NOT verified: 1 problem
EOF
edit why '"rationale": "ship"' '"rationale": "ship it"'
check "rationale edited (not in the attestation): exit 1" test $? -eq 1
check "  one problem: the fields do not hash" diff - <(sed -n '3p;$p' "$tmp/why.out") <<EOF
  changed file: evidence.json (sha256 $new, the manifest says $old): decision #1's fields do not hash to its record hash
NOT verified: 1 problem
EOF
# the manifest made to agree (not re-signed): the chain names the field
edit man '"kind": "go"' '"kind": "roll-back"'
sed -i "s/^$old  evidence.json\$/$new  evidence.json/" "$tmp/man/MANIFEST.sha256"
"$bin" verify "$tmp/man" >"$tmp/man.out" 2>&1
check "kind edited, manifest fixed: exit 1" test $? -eq 1
check "  the chain names the field" grep -qxF "  broken chain: evidence.json's decision #1's kind reads 'roll-back'; its record hash and attestation.json hold 'go'" "$tmp/man.out"
check "  no phantom decision #0" sh -c "! grep -qF '#0' '$tmp/man.out'"
finish

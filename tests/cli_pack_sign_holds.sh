#!/usr/bin/env bash
# cli_pack_sign_holds.sh: what a new user's trial of sign and verify
# found. `sign` on a folder that does not exist or is no pack says what
# verify says (one line on stderr, exit 2; it read "missing file:
# MANIFEST.sha256 ... the pack does not hold (1 problem above)", exit 1).
# Store: pilot "f": baseline "b" (gpu) and pilot run "p" (trn2), #1 go
# --force, exported to pack/.
# sign checks the pack as verify does (dt_pack_check, one function):
# a decision edited in evidence.json with the manifest made to agree is
# refused with verify's problems, exit 1 (it was signed, exit 0).
# A role statement left without its signer's signature is a problem; an
# edited role statement is said as altered, not as signed by another key.
# verify --against a pack from another store (its pilot not in this one)
# fails, exit 1.
# usage: cli_pack_sign_holds.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_pack.sh"
pack_env
pack_pilot &&
dt decide f go --force --rationale "ship" --decider "Ana:researcher" >/dev/null 2>&1 &&
dt export f --out "$tmp/pack" >/dev/null 2>&1 || { echo "setup failed"; exit 1; }
ssh-keygen -q -t ed25519 -N '' -C 'lee@example.org' -f "$tmp/lee"
ssh-keygen -q -t ed25519 -N '' -C 'kt@example.org' -f "$tmp/kt"
{ echo "lee@example.org $(cat "$tmp/lee.pub")"
  echo "kt@example.org $(cat "$tmp/kt.pub")"; } >"$tmp/team.allowed"

# sign on no folder, an empty folder, a folder of other files: verify's
# line with sign's name, exit 2, nothing signed
mkdir "$tmp/emptyd" "$tmp/notes"
echo hi >"$tmp/notes/readme.txt"
"$bin" sign "$tmp/nodir" --key "$tmp/lee" >"$tmp/n.out" 2>"$tmp/n.err"
check "sign on no folder: exit 2" test $? -eq 2
check "  verify's line, with sign's name" diff - "$tmp/n.err" <<EOF2
dualtrack: sign: $tmp/nodir is not a folder
EOF2
check "  nothing on stdout" test ! -s "$tmp/n.out"
for d in emptyd notes; do
  "$bin" sign "$tmp/$d" --key "$tmp/lee" >"$tmp/$d.out" 2>"$tmp/$d.err"
  check "sign on $d/: exit 2" test $? -eq 2
  check "  verify's line, with sign's name" diff - "$tmp/$d.err" <<EOF2
dualtrack: sign: $tmp/$d: not an evidence pack (no MANIFEST.sha256, evidence.json or attestation.json; dualtrack export PILOT --out DIR writes one)
EOF2
  check "  nothing signed" test ! -e "$tmp/$d/signatures"
done
"$bin" verify "$tmp/emptyd" >/dev/null 2>"$tmp/ve.err"
check "  verify says the same with its name" diff - "$tmp/ve.err" <<EOF2
dualtrack: verify: $tmp/emptyd: not an evidence pack (no MANIFEST.sha256, evidence.json or attestation.json; dualtrack export PILOT --out DIR writes one)
EOF2
# A pack whose decision was edited and the manifest made to agree
# (unsigned): sign makes verify's checks (one function, dt_pack_check)
# and refuses it, listing verify's problems, exit 1 (it signed it, exit
# 0, and a later verify found the broken chain and the attestation).
rm -rf "$tmp/ed"; cp -a "$tmp/pack" "$tmp/ed"
(cd "$tmp/ed" && python3 -c "
t = open('evidence.json').read()
assert t.count('\"kind\": \"go\"') == 1
open('evidence.json', 'w').write(t.replace('\"kind\": \"go\"', '\"kind\": \"roll-back\"'))" &&
 sed -i "s/^[0-9a-f]*  evidence.json\$/$(sha256sum evidence.json | cut -c1-64)  evidence.json/" MANIFEST.sha256)
"$bin" sign "$tmp/ed" --key "$tmp/lee" --role researcher >"$tmp/ed.out" 2>"$tmp/ed.err"
check "sign of an edited decision, manifest made to agree: exit 1" test $? -eq 1
check "  verify's problems, then why it is not signed" diff - "$tmp/ed.err" <<EOF2
  broken chain: evidence.json's decision #1's kind reads 'roll-back'; its record hash and attestation.json hold 'go'
  attestation subject evidence.json: digest differs from MANIFEST.sha256
dualtrack: sign: the pack does not hold (2 problems above); not signed
EOF2
check "  nothing signed, nothing on stdout" sh -c "test ! -s '$tmp/ed.out' && test -z \"\$(ls -A '$tmp/ed/signatures' 2>/dev/null)\""
"$bin" verify "$tmp/ed" >"$tmp/edv.out" 2>&1
check "  verify lists the same problems" sh -c "grep -qxF \"  broken chain: evidence.json's decision #1's kind reads 'roll-back'; its record hash and attestation.json hold 'go'\" '$tmp/edv.out' &&
  grep -qxF '  attestation subject evidence.json: digest differs from MANIFEST.sha256' '$tmp/edv.out'"
# the pack as exported signs; a second signer signs beside the first
"$bin" sign "$tmp/pack" --key "$tmp/lee" --role researcher >"$tmp/s1.out" 2>&1
check "the pack as exported: sign exits 0" test $? -eq 0
"$bin" sign "$tmp/pack" --key "$tmp/kt" --role platform >"$tmp/s2.out" 2>&1
check "  a second signer beside the first: exit 0" test $? -eq 0
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/team.allowed" >"$tmp/v2.out" 2>&1
check "  both verify (exit 0)" test $? -eq 0
# One co-signer's signature removed (lee and kt signed): their role
# statement left behind is a problem, as any other stray file in
# signatures/ is (it verified, the role files unmentioned).
rm -rf "$tmp/co"; cp -a "$tmp/pack" "$tmp/co"; rm "$tmp/co/signatures/kt@example.org.sig"
"$bin" verify "$tmp/co" --allowed-signers "$tmp/team.allowed" >"$tmp/co.out" 2>&1
check "kt's signature removed: exit 1" test $? -eq 1
check "  the role statement left without its signature, once" sh -c "
  grep -cxF \"  role statement without its signature: signatures/kt@example.org.role (kt@example.org's signature of MANIFEST.sha256 is missing)\" '$tmp/co.out' | grep -qx 1 &&
  ! grep -q 'kt@example.org.role.sig' '$tmp/co.out'"
check "  lee's signature still good; 1 problem" sh -c "grep -q '  good signature: signatures/lee@example.org.sig' '$tmp/co.out' &&
  test \"\$(tail -n 1 '$tmp/co.out')\" = 'NOT verified: 1 problem'"
rm "$tmp/co/signatures/kt@example.org.role"
"$bin" verify "$tmp/co" --allowed-signers "$tmp/team.allowed" >"$tmp/co2.out" 2>&1
check "  only kt's .role.sig left: exit 1, named" sh -c "test $? -eq 1 &&
  grep -qxF \"  role statement signature without its signature: signatures/kt@example.org.role.sig (kt@example.org's signature of MANIFEST.sha256 is missing)\" '$tmp/co2.out'"

# A role statement's text changed: said as altered (it read "not signed
# by the same key"); signed by another key over its text: that case;
# its signature deleted: a missing file.
role_case() { # role_case NAME COMMAND (run in a copy of the pack)
  rm -rf "$tmp/rl"; cp -a "$tmp/pack" "$tmp/rl"
  (cd "$tmp/rl/signatures" && eval "$2")
  "$bin" verify "$tmp/rl" --allowed-signers "$tmp/team.allowed" >"$tmp/$1.out" 2>&1
}
role_case alt "sed -i s/researcher/platform/ lee@example.org.role"
check "role text changed: exit 1" test $? -eq 1
check "  said as altered, not as another key" sh -c "grep -qxF '  bad signature: signatures/lee@example.org.role.sig (the role statement was altered: its signature does not match its text)' '$tmp/alt.out' &&
  ! grep -q 'same key' '$tmp/alt.out'"
role_case key "rm lee@example.org.role.sig && ssh-keygen -q -Y sign -n dualtrack -f '$tmp/kt' lee@example.org.role >/dev/null 2>&1"
check "role statement signed by kt's key: exit 1" test $? -eq 1
check "  said as another key" grep -qxF '  bad signature: signatures/lee@example.org.role.sig (the role statement is not signed by the same key)' "$tmp/key.out"
role_case gone "rm lee@example.org.role.sig"
check "role statement's signature deleted: exit 1" test $? -eq 1
check "  a missing file" grep -qxF "  missing file: signatures/lee@example.org.role.sig (the role statement's signature)" "$tmp/gone.out"
# verify --against a pack made from another store, whose pilot this
# store does not hold: a problem, exit 1 (it read "no decision of the
# pilot, in the pack or the store" and "verified", exit 0).
zz="$tmp/zz.db"
"$bin" --db "$zz" import --platform gpu --run zb "$tmp/b.csv" >/dev/null 2>&1 &&
"$bin" --db "$zz" import --platform trn2 --run zp "$tmp/p.csv" >/dev/null 2>&1 &&
"$bin" --db "$zz" pilot new zz >/dev/null && "$bin" --db "$zz" attach zz zb --role baseline >/dev/null &&
"$bin" --db "$zz" attach zz zp --role pilot >/dev/null &&
"$bin" --db "$zz" export zz --out "$tmp/zzpack" >/dev/null 2>&1 &&
"$bin" sign "$tmp/zzpack" --key "$tmp/lee" --role researcher >/dev/null 2>&1 || echo "zz setup failed"
dt verify --against "$tmp/zzpack" --allowed-signers "$tmp/team.allowed" >"$tmp/zz.out" 2>&1
check "verify --against another store's pack: exit 1" test $? -eq 1
check "  the store part names the missing pilot" diff - <(sed -n '/^store$/,$p' "$tmp/zz.out") <<EOF2
store
  the pack was exported before any decision
  the store has no pilot 'zz' (the pack is from another store?)
NOT verified: 1 problem
EOF2
"$bin" --db "$zz" verify --against "$tmp/zzpack" --allowed-signers "$tmp/team.allowed" >/dev/null 2>&1
check "  against its own store: exit 0" test $? -eq 0
dt verify --against "$tmp/zzpack" --allowed-signers "$tmp/team.allowed" --json >"$tmp/zz.json" 2>&1
check "  --json: exit 1, standing not-in-store" py "
import json; j = json.load(open('$tmp/zz.json'))
assert j['exit'] == 1 and not j['verified'], j
assert j['decision']['standing'] == 'not-in-store' and j['decision']['pilot'] == 'zz', j['decision']"
finish

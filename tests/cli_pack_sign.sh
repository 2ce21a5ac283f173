#!/usr/bin/env bash
# cli_pack_sign.sh: signing and verifying evidence packs (issue 10): the
# demo pilot's pack signed by two keys made here (ssh-keygen -t ed25519
# -N ''), verified with and without an allowed signers file; then one
# byte of the report, of an input log and of a signature changed, a file
# deleted, a file added, an unknown signer, an edited decision: each
# named, exit 1. verify --against a store restored without its newest
# decision fails.
# usage: cli_pack_sign.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
command -v ssh-keygen >/dev/null || { echo "skip: no ssh-keygen"; exit 77; }
bin=$(readlink -f "$bin")   # the tamper commands run inside the pack
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="pack-test"
unset DUALTRACK_ALLOWED_SIGNERS
export XDG_CONFIG_HOME="$tmp/cfg"   # no user's config (allowed_signers)
P=llama3-8b-lora-trn2

dt demo --no-tui >/dev/null 2>&1
dt export "$P" --out "$tmp/pack" >/dev/null 2>&1
ssh-keygen -q -t ed25519 -N '' -C 'alice@example.org' -f "$tmp/alice"
ssh-keygen -q -t ed25519 -N '' -C 'kenji' -f "$tmp/kenji"
ssh-keygen -q -t ed25519 -N '' -C 'mallory' -f "$tmp/mallory"
{ echo "alice@example.org $(cat "$tmp/alice.pub")"
  echo "kenji $(cat "$tmp/kenji.pub")"; } >"$tmp/allowed"

"$bin" verify "$tmp/pack" >"$tmp/v0.out" 2>&1
check "an unsigned pack does not verify (exit 1)" test $? -eq 1
check "  and says it is not signed" grep -q "not signed" "$tmp/v0.out"

"$bin" sign "$tmp/pack" --key "$tmp/alice" --role researcher >"$tmp/s1.out" 2>&1
check "sign exits 0" test $? -eq 0
check "signature in ssh-keygen's own format" \
  grep -q "BEGIN SSH SIGNATURE" "$tmp/pack/signatures/alice@example.org.sig"
check "ssh-keygen itself verifies the manifest's signature" sh -c \
  "ssh-keygen -Y verify -f '$tmp/allowed' -I alice@example.org -n dualtrack \
   -s '$tmp/pack/signatures/alice@example.org.sig' <'$tmp/pack/MANIFEST.sha256' >/dev/null 2>&1"
check "the role is recorded" grep -qx "role researcher" \
  "$tmp/pack/signatures/alice@example.org.role"
"$bin" sign "$tmp/pack" --key "$tmp/kenji" --role training-engineer >/dev/null 2>&1
check "a second signer signs the same pack" test -f "$tmp/pack/signatures/kenji.sig"
"$bin" sign "$tmp/pack" --key "$tmp/alice" >"$tmp/s2.out" 2>&1
check "signing twice with one name is refused (exit 2)" test $? -eq 2

"$bin" verify "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v1.out" 2>&1
check "signed pack verifies (exit 0)" test $? -eq 0
check "  principals printed" sh -c "grep -q 'principal alice@example.org (allowed signers), role researcher' '$tmp/v1.out' &&
  grep -q 'principal kenji (allowed signers), role training-engineer' '$tmp/v1.out'"
check "  the chain carried in the pack holds" grep -q "decision chain holds: 1 decision" "$tmp/v1.out"
# Without --allowed-signers a valid signature says nothing about who
# signed: never "verified", exit 3, each signer named as it named itself
# with its key's fingerprint as ssh-keygen -l prints it.
fpr() { ssh-keygen -l -E sha256 -f "$1.pub" | awk '{print $2}'; }
fp_alice=$(fpr "$tmp/alice"); fp_kenji=$(fpr "$tmp/kenji"); fp_mallory=$(fpr "$tmp/mallory")
"$bin" verify "$tmp/pack" >"$tmp/v2.out" 2>&1
check "without allowed signers: exit 3 (signers not checked)" test $? -eq 3
check "  alice: valid, signer unknown, principal, role, fingerprint" grep -qxF \
  "  signature valid, signer unknown: signatures/alice@example.org.sig, principal alice@example.org (as the signer named itself), role researcher, key $fp_alice (ED25519): NOT checked against any allowed signers" "$tmp/v2.out"
check "  kenji: the same" grep -qxF \
  "  signature valid, signer unknown: signatures/kenji.sig, principal kenji (as the signer named itself), role training-engineer, key $fp_kenji (ED25519): NOT checked against any allowed signers" "$tmp/v2.out"
check "  last line: NOT verified, 2 signers not checked" test \
  "$(tail -n 1 "$tmp/v2.out")" = "NOT verified: signatures valid, signers unknown (no --allowed-signers): 2 signers NOT checked against any trust list"
check "  never a plain 'verified' line" sh -c "! grep -qx 'verified' '$tmp/v2.out'"
check "with allowed signers: the key's fingerprint and type" grep -qxF \
  "  good signature: signatures/alice@example.org.sig, principal alice@example.org (allowed signers), role researcher, key $fp_alice (ED25519)" "$tmp/v1.out"
check "  last line: verified, naming the demo pilot's decision" test "$(tail -n 1 "$tmp/v1.out")" = "verified: the pack's decision #1 continue"
# A pack edited and re-signed by an unknown key that calls itself alice:
# the old signatures removed, the manifest rewritten, mallory signs as
# alice@example.org. Without allowed signers: exit 3, mallory's key named;
# with them: an unknown signer, exit 1.
rm -rf "$tmp/rs"; cp -a "$tmp/pack" "$tmp/rs"
(cd "$tmp/rs" && rm -f signatures/* && echo "go anyway" >>report.md && py "
import hashlib, json
h = lambda p: hashlib.sha256(open(p, 'rb').read()).hexdigest()
a = json.load(open('attestation.json'))
for s in a['subject']:
    if s['name'] == 'report.md': s['digest']['sha256'] = h('report.md')
json.dump(a, open('attestation.json', 'w'))
m = open('MANIFEST.sha256').read().splitlines()
for i, l in enumerate(m):
    p = l.partition('  ')[2]
    if not l.startswith('#') and p in ('report.md', 'attestation.json'):
        m[i] = h(p) + '  ' + p
open('MANIFEST.sha256', 'w').write('\\n'.join(m) + '\\n')")
"$bin" sign "$tmp/rs" --key "$tmp/mallory" --name alice@example.org --role researcher >/dev/null 2>&1
check "re-signed by an unknown key: sign exits 0" test $? -eq 0
"$bin" verify "$tmp/rs" >"$tmp/rs.out" 2>&1
check "  verify without allowed signers: exit 3" test $? -eq 3
check "  the whole report, exactly" diff - "$tmp/rs.out" <<EOF2
evidence pack $tmp/rs
  allowed signers: none (give --allowed-signers FILE, or allowed_signers in the config file)
  7 files match MANIFEST.sha256
  signature valid, signer unknown: signatures/alice@example.org.sig, principal alice@example.org (as the signer named itself), role researcher, key $fp_mallory (ED25519): NOT checked against any allowed signers
  decision chain holds: 1 decision of the pilot, 1 record in the chain, decision-log head #1 sha256 $(py "import json; print(json.load(open('$tmp/rs/evidence.json'))['chain']['head_hash'])")
NOT verified: signature valid, signer unknown (no --allowed-signers): 1 signer NOT checked against any trust list
EOF2
"$bin" verify "$tmp/rs" --allowed-signers "$tmp/allowed" >"$tmp/rs2.out" 2>&1
check "  with allowed signers: exit 1" test $? -eq 1
check "  names the unknown key" grep -qxF \
  "  unknown signer: signatures/alice@example.org.sig: key $fp_mallory (ED25519) is not in $tmp/allowed" "$tmp/rs2.out"
# The trust list from $DUALTRACK_ALLOWED_SIGNERS, else the config file's
# allowed_signers (as git's gpg.ssh.allowedSignersFile): named on the
# second line; --allowed-signers wins; a missing file is a usage error.
DUALTRACK_ALLOWED_SIGNERS="$tmp/allowed" "$bin" verify "$tmp/rs" >"$tmp/e1.out" 2>&1
check "\$DUALTRACK_ALLOWED_SIGNERS: the re-signed pack fails (exit 1)" test $? -eq 1
check "  its file named as the trust list" test "$(sed -n 2p "$tmp/e1.out")" = \
  "  allowed signers: $tmp/allowed (\$DUALTRACK_ALLOWED_SIGNERS or the config file's allowed_signers)"
mkdir -p "$tmp/cfg/dualtrack"
printf '[defaults]\nallowed_signers = %s\n' "$tmp/allowed" >"$tmp/cfg/dualtrack/config"
"$bin" verify "$tmp/pack" >"$tmp/e2.out" 2>&1
check "config allowed_signers: the signed pack verifies (exit 0)" test $? -eq 0
check "  principals from it, last line verified" sh -c "grep -q 'principal kenji (allowed signers)' '$tmp/e2.out' &&
  test \"\$(tail -n 1 '$tmp/e2.out')\" = \"verified: the pack's decision #1 continue\""
"$bin" verify "$tmp/rs" >/dev/null 2>&1
check "  the re-signed pack fails with it (exit 1)" test $? -eq 1
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/nope" >/dev/null 2>"$tmp/e3.err"
check "--allowed-signers wins; a missing file: exit 2" sh -c "test $? -eq 2 &&
  grep -qxF 'dualtrack: verify: allowed signers $tmp/nope is not a readable file' '$tmp/e3.err'"
rm -rf "$tmp/cfg/dualtrack"
"$bin" verify --help >"$tmp/vh.out" 2>&1
check "verify --help shows the pack usage" sh -c \
  "grep -qxF '       dualtrack verify DIR [--allowed-signers FILE] [--json]' '$tmp/vh.out' &&
   grep -qF '3 all holds but no --allowed-signers' '$tmp/vh.out'"

# tamper: each in a fresh copy; verify names it and exits 1
tamper() { # tamper NAME EXPECTED-TEXT COMMAND (run inside the copy)
  local name=$1 want=$2; shift 2
  rm -rf "$tmp/t"; cp -a "$tmp/pack" "$tmp/t"
  (cd "$tmp/t" && eval "$*")
  "$bin" verify "$tmp/t" --allowed-signers "$tmp/allowed" >"$tmp/t.out" 2>&1
  local rc=$?
  check "$name: exit 1" test $rc -eq 1
  check "$name: says '$want'" grep -qF "$want" "$tmp/t.out"
}
flip() { # flip FILE OFFSET: change one byte
  python3 -c "
import sys
p, o = sys.argv[1], int(sys.argv[2])
b = bytearray(open(p, 'rb').read()); b[o] ^= 0x01; open(p, 'wb').write(b)" "$1" "$2"
}
tamper "one byte of the report" "changed file: report.html" flip report.html 200
tamper "one byte of an input log" \
  "changed file: logs/llama3-8b-lora-trn2-pilot/trn2-pilot.log" \
  flip logs/llama3-8b-lora-trn2-pilot/trn2-pilot.log 1000
# the base64 body of the signature starts on line 2
tamper "one byte of a signature" "bad signature: signatures/kenji.sig" \
  flip signatures/kenji.sig 60
tamper "a deleted file" "missing file: chart.svg" rm chart.svg
tamper "an added file" "extra file: notes.txt" "echo hi >notes.txt"
tamper "an added file in logs/" "extra file: logs/x.log" "echo hi >logs/x.log"
tamper "a signer not in allowed signers" "unknown signer: signatures/mallory.sig" \
  "'$bin' sign . --key '$tmp/mallory' >/dev/null 2>&1"
tamper "a re-signed manifest after an edit" "bad signature: signatures/alice@example.org.sig" \
  "echo >>report.md; sed -i \"s/^[0-9a-f]*  report.md\$/\$(sha256sum report.md | cut -c1-64)  report.md/\" MANIFEST.sha256"
tamper "an edited decision" "changed file: evidence.json (sha256" "python3 -c \"
import json; e = json.load(open('evidence.json')); e['decisions'][0]['rationale'] = 'go anyway'
json.dump(e, open('evidence.json', 'w'))\""
check "  the same line names the decision, once" sh -c "grep -qF \"the manifest says\" '$tmp/t.out' &&
  grep -qF \"): decision #1's fields do not hash to its record hash\" '$tmp/t.out' && grep -qxF 'NOT verified: 1 problem' '$tmp/t.out'"
tamper "a role statement of another signer" "bad signature: signatures/kenji.role.sig" \
  "cp signatures/alice@example.org.role signatures/kenji.role"

# a store restored without its newest decision
cp "$db" "$tmp/old.db"
dt decide "$P" defer --rationale "wait for the step 4 drill" \
  --decider "A. Rivera:researcher" >/dev/null 2>&1
dt export "$P" --out "$tmp/pack2" >/dev/null 2>&1
"$bin" sign "$tmp/pack2" --key "$tmp/alice" >/dev/null 2>&1
dt verify --against "$tmp/pack2" --allowed-signers "$tmp/allowed" >"$tmp/a1.out" 2>&1
check "verify --against the store it came from: exit 0" test $? -eq 0
check "  says the store holds the head" grep -q "store holds the pack's decision-log head #2" "$tmp/a1.out"
"$bin" --db "$tmp/old.db" verify --against "$tmp/pack2" >"$tmp/a2.out" 2>&1
check "verify --against a store restored from before: exit 1" test $? -eq 1
check "  says the head is missing" grep -q "store lacks the pack's decision-log head #2" "$tmp/a2.out"
# Run names holding "..": 'llama3..v2' keeps its name in logs/, and
# '../../evil' is exported as logs/_._.._evil/ (dt_pack_safe_name: '/'
# and a leading '.' become '_'); both packs verify and sign. The outside-
# the-pack check is per path component: a manifest naming "..", ".", an
# absolute path, a backslash or an empty component is refused.
d2="$tmp/dots.db"
printf 'step,loss\n1,2.5\n2,2.4\n' >"$tmp/dd.csv"
"$bin" --db "$d2" import --platform gpu --run 'llama3..v2' "$tmp/dd.csv" >/dev/null 2>&1
"$bin" --db "$d2" import --platform trn2 --run '../../evil' "$tmp/dd.csv" >/dev/null 2>&1
"$bin" --db "$d2" pilot new p4 >/dev/null 2>&1
"$bin" --db "$d2" attach p4 'llama3..v2' --role baseline >/dev/null 2>&1
"$bin" --db "$d2" attach p4 '../../evil' --role pilot >/dev/null 2>&1
"$bin" --db "$d2" export p4 --out "$tmp/p4pack" >/dev/null 2>&1
check "run names with '..': export exits 0" test $? -eq 0
check "  logs/llama3..v2/dd.csv and logs/_._.._evil/dd.csv in the pack" \
  test -f "$tmp/p4pack/logs/llama3..v2/dd.csv" -a -f "$tmp/p4pack/logs/_._.._evil/dd.csv"
"$bin" verify "$tmp/p4pack" >"$tmp/p4v0.out" 2>&1
check "  unsigned: the only problem is the missing signature" \
  sh -c "grep -q 'not signed' '$tmp/p4v0.out' && ! grep -q 'outside' '$tmp/p4v0.out'"
"$bin" sign "$tmp/p4pack" --key "$tmp/alice" --role researcher >"$tmp/p4s.out" 2>&1
check "  sign exits 0" test $? -eq 0
"$bin" verify "$tmp/p4pack" --allowed-signers "$tmp/allowed" >"$tmp/p4v.out" 2>&1
check "  signed: verifies (exit 0)" test $? -eq 0
for bad in '../x' 'logs/../../x' '/etc/passwd' 'logs/./dd.csv' 'logs//dd.csv' \
           'logs\dd.csv' '.' 'logs/'; do
  rm -rf "$tmp/t"; cp -a "$tmp/p4pack" "$tmp/t"
  printf '%s  %s\n' "$(printf '0%.0s' $(seq 64))" "$bad" >>"$tmp/t/MANIFEST.sha256"
  "$bin" verify "$tmp/t" >"$tmp/t.out" 2>&1
  rc=$?
  check "manifest path '$bad': exit 1, outside the pack" \
    sh -c "test $rc -eq 1 && grep -qF 'names a path outside the pack: $bad' '$tmp/t.out'"
done
"$bin" verify "$tmp/nope" >/dev/null 2>&1
check "verify of a folder that does not exist: exit 2" test $? -eq 2
finish

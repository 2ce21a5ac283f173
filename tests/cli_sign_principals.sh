#!/usr/bin/env bash
# cli_sign_principals.sh: verify checks a signature the way ssh-keygen
# does for an allowed-signers line with several principals
# ("alice@x,alice@corp KEY", ssh-keygen(1) ALLOWED SIGNERS: a
# comma-separated list): good, exit 0, both principals named (it said
# "bad signature", the principals passed to -I joined by ';'; reliability
# trial). A key whose line has expired (valid-before in the past) is not
# accepted, with ssh-keygen's reason (it read "is not in FILE", though the
# key is in it). A manifest with CRLF line ends is named as such.
# usage: cli_sign_principals.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_pack.sh"
pack_env
pack_pilot || exit 1
dt export f --out "$tmp/pack" >/dev/null 2>&1 || { echo "FAIL: export"; exit 1; }
ssh-keygen -q -t ed25519 -N '' -C 'alice@x' -f "$tmp/alice"
"$bin" sign "$tmp/pack" --key "$tmp/alice" --role researcher >/dev/null 2>&1 ||
	{ echo "FAIL: sign"; exit 1; }
echo "alice@x,alice@corp $(cat "$tmp/alice.pub")" >"$tmp/allowed"
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/allowed" >"$tmp/v.out" 2>&1
check "two principals on the line: exit 0" test $? -eq 0
check "  good, both principals" grep -q "good signature: signatures/alice@x.sig, principal alice@x,alice@corp (allowed signers), role researcher" "$tmp/v.out"
echo "alice@x valid-before=\"20200101\" $(cat "$tmp/alice.pub")" >"$tmp/expired"
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/expired" >"$tmp/e.out" 2>&1
check "an expired line: exit 1" test $? -eq 1
check "  ssh-keygen's reason" grep -q "not accepted by $tmp/expired: $tmp/expired:1: key has expired" "$tmp/e.out"
check "  no stray byte at its end" grep -qE "valid-before 2020-01-01T00:00:00$" "$tmp/e.out"
check "  not 'is not in'" sh -c "! grep -q 'is not in' '$tmp/e.out'"
# a manifest re-saved with CRLF line ends: said so, not "a path outside
# the pack: chart.svg?" (reliability trial)
cp -r "$tmp/pack" "$tmp/crlf"
sed -i 's/$/\r/' "$tmp/crlf/MANIFEST.sha256"
"$bin" verify "$tmp/crlf" --allowed-signers "$tmp/allowed" >"$tmp/c.out" 2>&1
check "CRLF manifest: exit 1" test $? -eq 1
check "  the carriage return named" grep -q "MANIFEST.sha256: the line of report.md ends with a carriage return (CRLF line ends; sha256sum writes LF): the manifest was rewritten" "$tmp/c.out"
check "  not 'outside the pack'" sh -c "! grep -q 'outside the pack' '$tmp/c.out'"
finish

#!/usr/bin/env bash
# cli_pack_sign_holds.sh: what a new user's trial of sign and verify
# found. `sign` on a folder that does not exist or is no pack says what
# verify says (one line on stderr, exit 2; it read "missing file:
# MANIFEST.sha256 ... the pack does not hold (1 problem above)", exit 1).
# Store: pilot "f": baseline "b" (gpu) and pilot run "p" (trn2), #1 go
# --force, exported to pack/.
# usage: cli_pack_sign_holds.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
command -v ssh-keygen >/dev/null || { echo "skip: no ssh-keygen"; exit 77; }
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=ana DUALTRACK_NOW=2026-11-29T10:00:00Z
unset DUALTRACK_ALLOWED_SIGNERS
export XDG_CONFIG_HOME="$tmp/cfg"

printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.5\n2,3.4\n3,3.3\n' >"$tmp/p.csv"
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null 2>&1 &&
dt pilot new f >/dev/null && dt attach f b --role baseline >/dev/null &&
dt attach f p --role pilot >/dev/null &&
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
finish

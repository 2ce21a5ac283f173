#!/usr/bin/env bash
# cli_pack_verify_lines.sh: what `verify DIR` says, line by line, for
# what a new user meets. A folder that is not a pack (none of
# MANIFEST.sha256, evidence.json, attestation.json) is a wrong argument:
# one line on stderr, exit 2, as --help says (it read "attestation.json is
# not an in-toto Statement", 3 problems, exit 1). A pack whose
# attestation.json was deleted: "missing file: attestation.json" once.
# Store: pilot "f": baseline "b" (gpu), pilot run "p" (trn2), steps 1..3.
# usage: cli_pack_verify_lines.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=ana DUALTRACK_NOW=2026-11-29T10:00:00Z
unset DUALTRACK_ALLOWED_SIGNERS
export XDG_CONFIG_HOME="$tmp/cfg"

printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/b.csv"
cp "$tmp/b.csv" "$tmp/p.csv"
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null 2>&1 &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null 2>&1 &&
dt pilot new f >/dev/null && dt attach f b --role baseline >/dev/null &&
dt attach f p --role pilot >/dev/null || { echo "setup failed"; exit 1; }

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
dt export f --out "$tmp/pack" >/dev/null 2>&1
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
finish

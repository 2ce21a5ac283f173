#!/usr/bin/env bash
# cli_heads.sh: the two chains' heads are named apart. verify prints
# "integrity head #N" (the chain of every record, the one --expect-head
# checks) and "decision-log head #N" (the decisions' own chain, the head
# an evidence pack carries); the pack, verify DIR and verify --against
# say "decision-log head". A user keeping the integrity head for
# --expect-head gets exit 0; the decision-log head given there is another
# head (exit 1, "integrity head differs"). README's sign-off steps work
# as written: step 4 with --allowed-signers, and with allowed_signers in
# the config file, exits 0 "verified" (without either: exit 3).
# usage: cli_heads.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
command -v ssh-keygen >/dev/null || { echo "skip: no ssh-keygen"; exit 77; }
dt() { "$bin" --db "$db" "$@"; }
export XDG_CONFIG_HOME="$tmp/cfg" DUALTRACK_USER=heads-test
unset DUALTRACK_ALLOWED_SIGNERS
P=llama3-8b-lora-trn2
dt demo --no-tui >/dev/null 2>&1
dt verify --json >"$tmp/v.json"
ih=$(py "import json; print(json.load(open('$tmp/v.json'))['head_hash'])")
iid=$(py "import json; print(json.load(open('$tmp/v.json'))['head_id'])")
dh=$(py "import json; print(json.load(open('$tmp/v.json'))['decisions_head_hash'])")
check "verify --json: the decision-log head is #1" py "
import json; j = json.load(open('$tmp/v.json'))
assert j['decisions_head_id'] == 1 and len(j['decisions_head_hash']) == 64, j
assert j['head_id'] > 1 and j['head_hash'] != j['decisions_head_hash'], j"
dt verify >"$tmp/v.out"
check "verify names the integrity head" grep -qxF "integrity head #$iid sha256 $ih (the chain of every record; --expect-head checks it)" "$tmp/v.out"
check "verify names the decision-log head" grep -qxF "decision-log head #1 sha256 $dh (the decisions' own chain; an evidence pack carries it)" "$tmp/v.out"
check "no bare 'head #'" sh -c "! grep -q '^head' '$tmp/v.out'"
dt verify --expect-head "$ih" >/dev/null
check "--expect-head the integrity head: exit 0" test $? -eq 0
dt verify --expect-head "$dh" >"$tmp/x.out"
check "--expect-head the decision-log head: exit 1" test $? -eq 1
check "  says the integrity head differs" grep -qxF "integrity head differs from the expected $dh: the newest record(s) were removed, replaced or added" "$tmp/x.out"

dt export "$P" --out "$tmp/pack" >/dev/null 2>&1
ssh-keygen -q -t ed25519 -N '' -C 'alice@example.org' -f "$tmp/alice"
echo "alice@example.org $(cat "$tmp/alice.pub")" >"$tmp/team.allowed"
dt sign "$tmp/pack" --key "$tmp/alice" --role researcher >/dev/null 2>&1
"$bin" verify "$tmp/pack" --allowed-signers "$tmp/team.allowed" >"$tmp/p.out"
check "verify DIR: exit 0" test $? -eq 0
check "  the pack's decision-log head" grep -qxF "  decision chain holds: 1 decision of the pilot, 1 record in the chain, decision-log head #1 sha256 $dh" "$tmp/p.out"
# README step 4, as written
dt verify --against "$tmp/pack" --allowed-signers "$tmp/team.allowed" >"$tmp/a.out"
check "verify --against --allowed-signers: exit 0" test $? -eq 0
check "  the store holds the pack's decision-log head" grep -qxF "  store holds the pack's decision-log head #1 sha256 $dh" "$tmp/a.out"
check "  verified: the demo pilot's decision #1 continue" test "$(tail -1 "$tmp/a.out")" = "verified: the pack's decision #1 continue"
mkdir -p "$tmp/cfg/dualtrack"
printf '[defaults]\nallowed_signers = %s\n' "$tmp/team.allowed" >"$tmp/cfg/dualtrack/config"
dt verify --against "$tmp/pack" >"$tmp/c.out"
check "with allowed_signers in the config: exit 0, verified" sh -c "[ $? -eq 0 ] && [ \"\$(tail -1 '$tmp/c.out')\" = \"verified: the pack's decision #1 continue\" ]"
rm -f "$tmp/cfg/dualtrack/config"
dt verify --against "$tmp/pack" >"$tmp/n.out"
check "without either: exit 3" test $? -eq 3
finish

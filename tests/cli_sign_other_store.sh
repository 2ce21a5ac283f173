#!/usr/bin/env bash
# cli_sign_other_store.sh: sign --db STORE DIR of a pack whose pilot
# STORE lacks (the pack is from another store) signed it; verify
# --against STORE DIR already calls that a problem. sign --db now refuses
# it with verify's words (dt_pack_standing -> the service's judgement,
# no_pilot): "dualtrack: sign: the store has no pilot 'p1' (the pack is
# from another store?); not signed", exit 1, no signature written. The
# pack's own store still signs. So with a store that has the pilot but
# not the pack's decision (restored from before it): refused.
# usage: cli_sign_other_store.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
command -v ssh-keygen >/dev/null || { echo "skip: no ssh-keygen"; exit 77; }
export DUALTRACK_USER="rel-eng" XDG_CONFIG_HOME="$tmp/cfg"
unset DUALTRACK_ALLOWED_SIGNERS DUALTRACK_DB DUALTRACK_TEAM
other="$tmp/other.db"
printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/g.csv"
cp "$tmp/g.csv" "$tmp/t.csv"
for s in "$db" "$other"; do
  "$bin" --db "$s" import --platform gpu --run base "$tmp/g.csv" >/dev/null 2>&1
  "$bin" --db "$s" import --platform trn2 --run pil "$tmp/t.csv" >/dev/null 2>&1
done
"$bin" --db "$db" pilot new p1 >/dev/null 2>&1
"$bin" --db "$other" pilot new p2 >/dev/null 2>&1
ssh-keygen -q -t ed25519 -N '' -C 'alice' -f "$tmp/alice"
"$bin" --db "$db" export p1 --out "$tmp/pack" >/dev/null 2>&1
check "export exit 0" test $? -eq 0
"$bin" --db "$other" verify --against "$tmp/pack" >"$tmp/v.out" 2>&1
check "verify --against the other store: exit 1" test $? -eq 1
check "  names the missing pilot" grep -qF \
  "the store has no pilot 'p1' (the pack is from another store?)" "$tmp/v.out"
"$bin" --db "$other" sign "$tmp/pack" --key "$tmp/alice" >"$tmp/s.out" 2>"$tmp/s.err"
rc=$?
check "sign --db the other store: exit 1" test $rc -eq 1
check "  verify's words" test "$(cat "$tmp/s.err")" = \
  "dualtrack: sign: the store has no pilot 'p1' (the pack is from another store?); not signed"
check "  no signature written" test ! -e "$tmp/pack/signatures/alice.sig"
"$bin" --db "$db" sign "$tmp/pack" --key "$tmp/alice" >"$tmp/s2.out" 2>"$tmp/s2.err"
check "sign --db the pack's store: exit 0" test $? -eq 0
check "  signed" test -f "$tmp/pack/signatures/alice.sig"
# a store with pilot p1 but not the pack's decision (a store restored
# from before it): verify --against calls it a problem, sign refuses
older="$tmp/older.db"
"$bin" --db "$older" import --platform gpu --run base "$tmp/g.csv" >/dev/null 2>&1
"$bin" --db "$older" pilot new p1 >/dev/null 2>&1
"$bin" --db "$db" decide p1 continue --rationale "more steps" --decider "A:researcher" >/dev/null 2>&1
"$bin" --db "$db" export p1 --out "$tmp/pack2" >/dev/null 2>&1
"$bin" --db "$older" verify --against "$tmp/pack2" >"$tmp/v2.out" 2>&1
check "verify --against a store without the decision: exit 1" test $? -eq 1
"$bin" --db "$older" sign "$tmp/pack2" --key "$tmp/alice" >"$tmp/s3.out" 2>"$tmp/s3.err"
rc=$?
check "sign --db a store without the pack's decision: exit 1" test $rc -eq 1
check "  verify's words" test "$(cat "$tmp/s3.err")" = "dualtrack: sign: pack decision #1 is not in the store (it holds no decision of the pilot); not signed"
check "  no signature written" test ! -e "$tmp/pack2/signatures/alice.sig"
finish

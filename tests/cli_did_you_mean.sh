#!/usr/bin/env bash
# cli_did_you_mean.sh: a mistyped status or choice word gets the nearest
# known word (within two edits, fewer for short words, case ignored:
# model/util/nearest.h, the same rule as a mistyped command). `check P step6 waive` said only "unknown status
# 'waive'" while the TUI's key reads "w waive". Each refusal is exit 2 and
# one line; a word near nothing keeps the plain message.
# usage: cli_did_you_mean.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/g.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/g.csv" >/dev/null &&
dt pilot new P >/dev/null || exit 1
said() { # said NAME EXPECTED-STDERR COMMAND...: exit 2, that one line
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/o" 2>"$tmp/e"
  local rc=$?
  check "$name: exit 2" test "$rc" -eq 2
  check "  '$want'" test "$(cat "$tmp/e")" = "$want"
}
said "check status waive" "dualtrack: unknown status 'waive'; did you mean 'waived'? (dualtrack check --help)" \
  dt check P step6 waive --reason x
said "check status Pass" "dualtrack: unknown status 'Pass'; did you mean 'pass'? (dualtrack check --help)" \
  dt check P step1 Pass
said "check status far off" "dualtrack: unknown status 'accepted' (dualtrack check --help)" \
  dt check P step1 accepted
said "check item stpe6" "dualtrack: unknown item 'stpe6'; did you mean 'step6'? (dualtrack check --help)" \
  dt check P stpe6 pass
said "attach --role" "dualtrack: --role 'pilto': expected baseline or pilot; did you mean 'pilot'?" \
  dt attach P g --role pilto
said "decide kind" "dualtrack: 'rollback': expected go, continue, roll-back, compare-other-instance or defer; did you mean 'roll-back'?" \
  dt decide P rollback --rationale r --decider a:researcher
said "drill --kind" "dualtrack: unknown drill kind 'node-los'; did you mean 'node-loss'?" \
  dt drill add P --kind node-los
said "drill check status" "dualtrack: drill check: status 'passed': expected pass, fail or not_checked; did you mean 'pass'?" \
  dt drill check 1 effective_step passed
said "import --platform" "dualtrack: --platform 'trn3' is not a platform: expected gpu, trn2, trn1 or other; did you mean 'trn2'?" \
  dt import --platform trn3 --run x "$tmp/g.csv"
said "import --platform tpu: no hint (a short word, one letter off)" "dualtrack: --platform 'tpu' is not a platform: expected gpu, trn2, trn1 or other" \
  dt import --platform tpu --run x "$tmp/g.csv"
said "compare --rule" "dualtrack: --rule expects rtol or noise; did you mean 'noise'?" \
  dt compare g g --rule nois
# a name the store does not hold: the names it does hold (run and pilot
# rows read alike: dt_cli_not_found_rows)
said "series: unknown run" "dualtrack: no run named 'gt'; runs: g, t" \
  dt series gt
dt pilot new Q >/dev/null || exit 1
said "pilot show: unknown pilot" "dualtrack: no pilot named 'R'; pilots: P, Q" \
  dt pilot show R
# ledger: a sub-command, SIDE, KEY or --basis near a known word, or the
# only one it begins (3 bytes or more: 'att' for 'attach', 'off' for
# official); they said only "unknown ledger key 'compil'", "SIDE must be
# gpu or trn2, got 'gpux'", "ledger set needs --basis ..." for a --basis
# given, and 'att' read as a PILOT with extra arguments
said "ledger att (the only sub-command it begins)" "dualtrack: unknown ledger sub-command 'att'; did you mean 'attach'?" \
  dt ledger att P g
said "ledger sett alone" "dualtrack: 'sett' is neither a ledger, a pilot nor a run; did you mean 'set'? (ledger set / ledger attach create one)" \
  dt ledger sett
said "ledger set SIDE gpux" "dualtrack: SIDE must be gpu or trn2, got 'gpux'; did you mean 'gpu'?" \
  dt ledger set P gpux compile 1h --basis measured
said "ledger set SIDE trn" "dualtrack: SIDE must be gpu or trn2, got 'trn'; did you mean 'trn2'?" \
  dt ledger set P trn compile 1h --basis measured
said "ledger set KEY compil" "dualtrack: unknown ledger key 'compil'; did you mean 'compile'? (ledger --help)" \
  dt ledger set P gpu compil 1h --basis measured
said "ledger set KEY useful (the only key it begins)" "dualtrack: unknown ledger key 'useful'; did you mean 'useful_steps'? (ledger --help)" \
  dt ledger set P gpu useful 100 --basis measured
said "ledger set KEY inst (begins two keys): no hint" "dualtrack: unknown ledger key 'inst' (ledger --help)" \
  dt ledger set P gpu inst 2 --basis official
said "ledger --basis measure" "dualtrack: --basis 'measure': expected official, measured or assumption; did you mean 'measured'?" \
  dt ledger set P gpu compile 1h --basis measure
said "ledger --basis off" "dualtrack: --basis 'off': expected official, measured or assumption; did you mean 'official'?" \
  dt ledger set P gpu compile 1h --basis off
said "ledger --basis far off" "dualtrack: --basis 'guess': expected official, measured or assumption" \
  dt ledger set P gpu compile 1h --basis guess
# a 3-letter option with a letter left out (new-user trial: export and
# sign gave no hint)
dt export P --ot x 2>"$tmp/e" >/dev/null
check "export --ot: did you mean --out" grep -qxF "dualtrack export: unrecognized option '--ot'; did you mean '--out'?" "$tmp/e"
dt sign x --ky k 2>"$tmp/e" >/dev/null
check "sign --ky: did you mean --key" grep -qxF "dualtrack sign: unrecognized option '--ky'; did you mean '--key'?" "$tmp/e"
said "ledger set without --basis: as before" "dualtrack: ledger set needs --basis official, measured or assumption" \
  dt ledger set P gpu compile 1h
finish

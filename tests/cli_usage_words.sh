#!/usr/bin/env bash
# cli_usage_words.sh: a usage error says what is wrong and only that
# (new-user trial): decide names only the part missing (the rationale was
# given); a mistyped sub-command of any family (pilot, drill, journal,
# store, ledger, complete) or long option of any command gets the nearest
# one (model/util/nearest.h, as a mistyped command); an extra operand is
# named as unexpected, not reported as a missing one. Each is exit 2, the
# first line of stderr compared whole.
# usage: cli_usage_words.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/g.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/g.csv" >/dev/null &&
dt pilot new P >/dev/null || exit 1
said() { # said NAME EXPECTED-FIRST-STDERR-LINE COMMAND...: exit 2
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/o" 2>"$tmp/e"
  local rc=$?
  check "$name: exit 2" test "$rc" -eq 2
  check "  '$want'" test "$(head -n 1 "$tmp/e")" = "$want"
}
# 1. decide: only what is missing
said "decide with --rationale, no --decider" \
  "dualtrack: decide needs at least one --decider NAME:ROLE (e.g. --decider 'A. Lee:researcher')" \
  dt decide P go --rationale "try"
said "decide with --decider, no --rationale" \
  "dualtrack: decide needs --rationale TEXT" \
  dt decide P go --decider "A. Lee:researcher"
said "decide with neither" \
  "dualtrack: decide needs --rationale TEXT and at least one --decider NAME:ROLE (e.g. --decider 'A. Lee:researcher')" \
  dt decide P go

# 2. sub-commands and long options: the nearest one
said "pilot shwo" "dualtrack: unknown pilot sub-command 'shwo'; did you mean 'show'?" \
  dt pilot shwo P
said "pilot far off" "dualtrack: unknown pilot sub-command 'frob'; pilot needs new NAME, set NAME, list or show NAME" \
  dt pilot frob P
said "pilot with none" "dualtrack: pilot needs new NAME, set NAME, list or show NAME" \
  dt pilot
said "drill lsit" "dualtrack: unknown drill sub-command 'lsit'; did you mean 'list'?" \
  dt drill lsit P
said "journal shwo" "dualtrack: unknown journal sub-command 'shwo'; did you mean 'show'?" \
  dt journal shwo g
said "store cpoy" "dualtrack: unknown store sub-command 'cpoy'; did you mean 'copy'?" \
  dt store cpoy a b
said "ledger sett" "dualtrack: unknown ledger sub-command 'sett'; did you mean 'set'?" \
  dt ledger sett P gpu compile 1 --basis measured
said "complete piltos" "dualtrack: unknown complete sub-command 'piltos'; did you mean 'pilots'?" \
  dt complete piltos
said "import --platfrom" "dualtrack import: unrecognized option '--platfrom'; did you mean '--platform'?" \
  dt import --platfrom gpu --run x "$tmp/g.csv"
said "import --platfrom=gpu" "dualtrack import: unrecognized option '--platfrom=gpu'; did you mean '--platform'?" \
  dt import --platfrom=gpu --run x "$tmp/g.csv"
said "compare --rtl" "dualtrack compare: unrecognized option '--rtl'; did you mean '--rtol'?" \
  dt compare g t --rtl 0.1
said "pilot set --modle" "dualtrack pilot set: unrecognized option '--modle'; did you mean '--model'?" \
  dt pilot set P --modle m
said "runs --jsno" "dualtrack runs: unrecognized option '--jsno'; did you mean '--json'?" \
  dt runs --jsno
said "export --outt" "dualtrack export: unrecognized option '--outt'; did you mean '--out'?" \
  dt export P --outt "$tmp/x"
said "far off: getopt's words" "dualtrack compare: unrecognized option '--bogus'" \
  dt compare g t --bogus
said "an option's value is not an option" "dualtrack: pilot new: unexpected extra argument 'x' (pilot new needs one NAME)" \
  dt pilot new Q --model --modle x

# 3. an extra operand is unexpected, named
said "compare extra" "dualtrack: compare: unexpected extra argument 'extra' (compare needs BASELINE and PILOT run names)" \
  dt compare g t extra
said "compare too few" "dualtrack: compare needs BASELINE and PILOT run names" \
  dt compare g
said "resume-check extra" "dualtrack: resume-check: unexpected extra argument 'x' (resume-check needs one RUN name)" \
  dt resume-check t x
said "pilot show extra" "dualtrack: pilot show: unexpected extra argument 'x' (pilot show needs one NAME)" \
  dt pilot show P x
said "pilot list extra" "dualtrack: pilot list: unexpected extra argument 'x' (pilot list takes no NAME)" \
  dt pilot list x
said "check extra, two more" "dualtrack: check: unexpected extra argument 'x' (and 1 more) (check needs PILOT ITEM STATUS)" \
  dt check P step1 pass x y
said "decide extra" "dualtrack: decide: unexpected extra argument 'x' (decide needs PILOT and a KIND: go, continue, roll-back, compare-other-instance, defer)" \
  dt decide P go x --rationale r --decider a:platform
said "attach extra" "dualtrack: attach: unexpected extra argument 'x' (attach needs PILOT RUN --role baseline|pilot)" \
  dt attach P g x --role baseline
said "drill list extra" "dualtrack: drill list: unexpected extra argument 'x' (drill list needs PILOT)" \
  dt drill list P x
said "journal show extra" "dualtrack: journal show: unexpected extra argument 'x' (journal show needs RUN)" \
  dt journal show g x
said "scenario extra" "dualtrack: scenario: unexpected extra argument 'x' (scenario needs one PILOT name)" \
  dt scenario P x
said "ledger extra" "dualtrack: ledger: unexpected extra argument 'x' (ledger needs one PILOT name)" \
  dt ledger P x
said "ledger set extra" "dualtrack: ledger set: unexpected extra argument 'x' (ledger set needs PILOT SIDE KEY VALUE)" \
  dt ledger set P gpu compile 1 x --basis measured
said "store init extra" "dualtrack: store init: unexpected extra argument 'x' (store init takes no argument)" \
  dt store init x
said "runs extra" "dualtrack: runs: unexpected extra argument 'x' (runs takes no argument)" \
  dt runs x
said "gate extra" "dualtrack: gate: unexpected extra argument 'x' (gate needs PILOT (its rule is the task card's), or --baseline-log FILE --pilot-log FILE)" \
  dt gate P x
said "verify DIR extra" "dualtrack: verify: unexpected extra argument 'x' (verify takes one pack folder (DIR or --against DIR))" \
  dt verify "$tmp" x
said "demo extra" "dualtrack: demo: unexpected extra argument 'x' (demo takes no argument)" \
  dt demo --no-tui x
said "tui extra" "dualtrack: tui: unexpected extra argument 'x' (tui takes no argument)" \
  dt tui x
said "export extra" "dualtrack: export: unexpected extra argument 'x' (export needs PILOT and --out DIR)" \
  dt export P x --out "$tmp/x"
finish

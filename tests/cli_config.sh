#!/usr/bin/env bash
# cli_config.sh: $XDG_CONFIG_HOME/dualtrack/config: the default store,
# the compare tolerances (never a pilot's), precedence (option > env >
# file) and errors naming the file and line.
. "$(dirname "$0")/lib_cli.sh"
export XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_USER DUALTRACK_THEME
mkdir -p "$XDG_CONFIG_HOME/dualtrack"
cfg=$XDG_CONFIG_HOME/dualtrack/config
# baseline 2.00 at every step; pilot 2.10: |p-b|/|b| = 0.05 > 0.02 (default
# rtol, all 10 steps breach, fail) and < 0.1 (the config's rtol, pass).
{ echo step,loss; for s in $(seq 10); do echo "$s,2.00"; done; } >"$tmp/b.csv"
{ echo step,loss; for s in $(seq 10); do echo "$s,2.10"; done; } >"$tmp/p.csv"
printf '[defaults]\ndb = ~/viacfg.db\nuser = cfg-user\n' >"$cfg"
"$bin" import --platform gpu --run b "$tmp/b.csv" >/dev/null
"$bin" import --platform trn2 --run p "$tmp/p.csv" >/dev/null
check "db from the config file (~/ is HOME)" test -f "$tmp/viacfg.db"
"$bin" compare b p >/dev/null; rc=$?
check "default rtol 0.02: fail" test $rc -eq 1
printf '[defaults]\ndb = ~/viacfg.db\n[tolerances]\nrtol = 0.1\n' >"$cfg"
"$bin" compare b p >"$tmp/c.txt"; rc=$?
check "config rtol 0.1: pass" test $rc -eq 0
check "--rtol on the line wins" sh -c '"$0" compare b p --rtol 0.01 >/dev/null; test $? -eq 1' "$bin"
# a reading command names the store it looked for, and creates none
check "DUALTRACK_DB wins over the file" sh -c 'DUALTRACK_DB="$1/env.db" "$0" runs 2>&1 >/dev/null | grep -qF "no store at $1/env.db" && test ! -e "$1/env.db"' "$bin" "$tmp"
"$bin" pilot new pp --rtol 0.02 >/dev/null && "$bin" attach pp b --role baseline >/dev/null &&
  "$bin" attach pp p --role pilot >/dev/null
check "a pilot's verdict ignores [tolerances]" sh -c '"$0" pilot show pp --json | python3 -c "import json,sys; d=json.load(sys.stdin); v=d[\"verdicts\"][0]; sys.exit(v[\"verdict\"] != \"fail\")"' "$bin"
printf '[defaults]\ndb = x\n[tolerances]\nrtol = -1\n' >"$cfg"
"$bin" runs >/dev/null 2>"$tmp/e.txt"; rc=$?
check "bad value: exit 2" test $rc -eq 2
check "bad value: file and line named" grep -qF "$cfg:4: expected a number >= 0 for [tolerances] rtol" "$tmp/e.txt"
printf '[display]\ncolour = 1\n' >"$cfg"
"$bin" runs >/dev/null 2>"$tmp/e.txt"
check "unknown section named with its line" grep -qF "$cfg:2: unknown section" "$tmp/e.txt"
check "--version works whatever the config" sh -c '"$0" --version >/dev/null' "$bin"
finish

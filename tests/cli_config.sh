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
check "bad value: file and line named" grep -qF "$cfg:4: [tolerances] rtol must be a number in [0, 0.5] (a fraction of the baseline), got '-1'" "$tmp/e.txt"
printf '[display]\ncolour = 1\n' >"$cfg"
"$bin" runs >/dev/null 2>"$tmp/e.txt"
check "unknown section named with its line" grep -qF "$cfg:2: unknown section" "$tmp/e.txt"
# The README's example config, copied as is (the ```ini block under
# "Configuration and environment"): its `# comments` after values are not
# part of the values (libinih strips only " ;" comments: ini_value.h).
readme=$(dirname "$0")/../README.md
awk '/^### Configuration/{f=1} f&&/^```ini/{g=1;next} g&&/^```/{exit} g' \
  "$readme" >"$cfg"
check "README example config extracted" grep -q '^user .*# who acts' "$cfg"
unset DUALTRACK_TEAM DUALTRACK_ASCII
out=$("$bin" pilot new cfgpilot 2>&1); rc=$?
check "README config: a command runs" test $rc -eq 0
check "README config: the user is 'A. Rivera', no comment" \
  test "$out" = "pilot cfgpilot: created, 0 task card fields set by A. Rivera"
check "README config: the store is ~/acceptance/team.db" \
  test -f "$tmp/acceptance/team.db"
check "README config: no store named after a comment" \
  test -z "$(find "$tmp" -name '*#*')"
# The theme: `theme = mono   # ...` resolves to mono (the TUI would stop
# with "no theme named ..." before opening the screen).
if command -v tmux >/dev/null; then
  T="tmux -L dtcfg$$ -f /dev/null"
  $T new-session -d -x 80 -y 24 -s t "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME $bin 2>$tmp/tui.err"
  ok=0
  for i in $(seq 100); do $T capture-pane -p -t t | grep -q "pilots (1)" && { ok=1; break; }; sleep 0.1; done
  check "README config: the TUI opens with theme mono" test $ok -eq 1
  $T send-keys -t t q
  for i in $(seq 50); do $T has-session -t t 2>/dev/null || break; sleep 0.1; done
  check "README config: the TUI printed no error" test ! -s "$tmp/tui.err"
  $T kill-server 2>/dev/null
fi
# `#` inside a value (no blank before it) and a value starting with `#`
# stay; `;` comments too; the theme error lists each theme once though
# two folders hold the same themes (data home and the build tree).
printf '[defaults]\ndb = ~/a#b.db ; where\nuser = x#1\t# tab comment\n' >"$cfg"
out=$("$bin" pilot new p2 2>&1)
check "a # without a blank before it is part of the value" \
  test "$out" = "pilot p2: created, 0 task card fields set by x#1" -a -f "$tmp/a#b.db"
mkdir -p "$tmp/data/dualtrack/themes"
cp "$(dirname "$bin")"/themes/*.theme "$tmp/data/dualtrack/themes/"
XDG_DATA_HOME=$tmp/data DUALTRACK_THEME=nosuch "$bin" </dev/null >/dev/null 2>"$tmp/e.txt"
check "unknown theme: exit 2" test $? -eq 2
check "unknown theme: each theme named once" \
  py "import re,sys; t=open('$tmp/e.txt').read(); l=t.rsplit('themes: ',1)[1].strip().split(', '); sys.exit(not('mono' in l and 'default' in l and len(l)==len(set(l))))"
check "--version works whatever the config" sh -c '"$0" --version >/dev/null' "$bin"
finish

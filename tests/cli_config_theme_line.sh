#!/usr/bin/env bash
# cli_config_theme_line.sh: a theme the config file names that does not
# exist stops the TUI (exit 2, before the screen) with the file and line
# the value came from: "dualtrack: CONFIG:3: no theme named 'nosuch'
# (looked in ...)" (it named neither, the reader left to guess where
# 'nosuch' was set). Set by $DUALTRACK_THEME (which wins over the file)
# the message names no config line. A valid line before it counts
# (comments and the section header too: line 3).
. "$(dirname "$0")/lib_cli.sh"
export XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_USER DUALTRACK_THEME DUALTRACK_ASCII
# the view opens only a --db that exists (tui_db_missing.sh)
"$bin" --db "$db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
mkdir -p "$XDG_CONFIG_HOME/dualtrack"
cfg=$XDG_CONFIG_HOME/dualtrack/config
printf '# mine\n[defaults]\ntheme = nosuch   # a typo\nuser = me\n' >"$cfg"
"$bin" --db "$db" </dev/null >/dev/null 2>"$tmp/e.txt"; rc=$?
check "theme from the config: exit 2" test $rc -eq 2
check "theme from the config: CONFIG:3: named first" \
  grep -qF "dualtrack: $cfg:3: no theme named 'nosuch' (looked in " "$tmp/e.txt"
printf '[defaults]\ntheme = nosuch\n' >"$cfg"
"$bin" --db "$db" </dev/null >/dev/null 2>"$tmp/e.txt"
check "line 2 when it is the second line" \
  grep -qF "dualtrack: $cfg:2: no theme named 'nosuch'" "$tmp/e.txt"
DUALTRACK_THEME=other "$bin" --db "$db" </dev/null >/dev/null 2>"$tmp/e.txt"; rc=$?
check "theme from the environment: exit 2" test $rc -eq 2
check "theme from the environment: no config line" \
  grep -qE "^dualtrack: no theme named 'other' \(looked in " "$tmp/e.txt"
finish

#!/usr/bin/env bash
# cli_trial_inputs.sh: inputs a new user gave in the trial of 2026-12-02
# and the exact words dualtrack answers them with: --db naming a folder.
# usage: cli_trial_inputs.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=trial-test XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/b.csv"

# --db DIR: said once, naming --db, for a reading and a writing command
mkdir "$tmp/dir"
"$bin" --db "$tmp/dir" runs >"$tmp/o" 2>"$tmp/e"
check "--db DIR, runs: exit 2" test $? -eq 2
check "  says it is a directory" test "$(cat "$tmp/e")" = \
  "dualtrack: --db $tmp/dir: is a directory; expected a store file"
"$bin" --db "$tmp/dir" import --platform gpu --run b "$tmp/b.csv" >"$tmp/o" 2>"$tmp/e"
check "--db DIR, import: exit 2, nothing on stdout" test $? -eq 2 -a ! -s "$tmp/o"
check "  says it is a directory" test "$(cat "$tmp/e")" = \
  "dualtrack: --db $tmp/dir: is a directory; expected a store file"
check "  nothing made in the folder" test -z "$(ls -A "$tmp/dir")"
DUALTRACK_DB=$tmp/dir "$bin" pilot list >"$tmp/o" 2>"$tmp/e"
check "\$DUALTRACK_DB a folder: exit 2" test $? -eq 2
check "  names the store, not --db" test "$(cat "$tmp/e")" = \
  "dualtrack: store $tmp/dir: is a directory; expected a store file"

finish

#!/usr/bin/env bash
# cli_trial_inputs.sh: inputs a new user gave in the trial of 2026-12-02
# and the exact words dualtrack answers them with: --db naming a folder,
# a dry run without --platform.
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

# import --dry-run needs no --platform (nothing is stored)
dt import --dry-run --run b "$tmp/b.csv" >"$tmp/o" 2>"$tmp/e"
check "dry run without --platform, no store: exit 0" test $? -eq 0 -a ! -s "$tmp/e"
check "  last line: platform not given" test "$(tail -n 1 "$tmp/o")" = \
  "platform: not given (an import needs --platform gpu|trn2|trn1|other)"
check "  no store created" test ! -e "$db"
dt import --dry-run --json --run b "$tmp/b.csv" >"$tmp/o"
check "  --json: platform null" py "import json,sys
d = json.load(open('$tmp/o')); assert d['platform'] is None and d['points'] == 2, d"
dt import --dry-run --platform trn9 --run b "$tmp/b.csv" >/dev/null 2>"$tmp/e"
check "  a bad --platform is still refused (exit 2)" test $? -eq 2
dt import --dry-run --platform trn2 --run b "$tmp/b.csv" >"$tmp/o"
check "  with --platform: no platform line (the file's two lines only)" \
  test "$(wc -l <"$tmp/o")" -eq 2 -a -z "$(grep '^platform' "$tmp/o")"
dt import --platform trn2 --run b "$tmp/b.csv" >/dev/null
printf 'step,loss\n3,1.8\n' >"$tmp/b2.csv"
dt import --dry-run --run b "$tmp/b2.csv" >"$tmp/o"
check "dry run, the store holds the run: its platform shown" \
  test "$(tail -n 1 "$tmp/o")" = "platform: trn2 (run 'b' in the store)"
dt import --dry-run --json --run b "$tmp/b2.csv" >"$tmp/o"
check "  --json: platform trn2" py "import json
assert json.load(open('$tmp/o'))['platform'] == 'trn2'"
dt import --dry-run --platform gpu --run b "$tmp/b2.csv" >"$tmp/o"
check "dry run, --platform gpu but the run is trn2: says the import refuses" \
  test "$(tail -n 1 "$tmp/o")" = \
  "platform: gpu; run 'b' in the store is trn2: the import would be refused"
dt import --platform gpu --run b "$tmp/b2.csv" >/dev/null 2>"$tmp/e"
check "  and the import does refuse it" grep -q "run 'b' exists with platform trn2, not gpu" "$tmp/e"
dt import --run b "$tmp/b2.csv" >/dev/null 2>"$tmp/e"
check "an import (not dry) still needs --platform" test $? -eq 2

finish

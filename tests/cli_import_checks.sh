#!/usr/bin/env bash
# cli_import_checks.sh: import input checks: --run names with control
# bytes or invalid UTF-8 are refused (exit 2); a valid UTF-8 name is kept.
# usage: cli_import_checks.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
printf 'step 1 loss 2.0\nstep 2 loss 1.5\n' >"$tmp/a.log"

dt import --platform gpu --run $'bad\x1b[31mname' "$tmp/a.log" 2>"$tmp/e1" >/dev/null
check "--run with ESC: exit 2" test $? -eq 2
check "--run with ESC: message" grep -qx "dualtrack: --run must be printable UTF-8 text without control characters (tab, newline, escape ...)" "$tmp/e1"
dt import --platform gpu --run $'a\tb' "$tmp/a.log" >/dev/null 2>&1
check "--run with a tab: exit 2" test $? -eq 2
dt import --platform gpu --run $'bad\xff' "$tmp/a.log" >/dev/null 2>&1
check "--run with invalid UTF-8: exit 2" test $? -eq 2
dt import --platform gpu --run 'lauf-ä' "$tmp/a.log" >/dev/null
check "--run valid UTF-8: imported" test $? -eq 0
dt runs --json >"$tmp/r.json"
check "only the valid name stored" py "
import json; r = json.load(open('$tmp/r.json'))['runs']
assert [x['name'] for x in r] == ['lauf-ä'], r
"
finish

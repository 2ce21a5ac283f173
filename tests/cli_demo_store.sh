#!/usr/bin/env bash
# cli_demo_store.sh: the demo keeps working after something is imported
# into its store (the demo's TUI offers import at once). The default demo
# store ($XDG_DATA_HOME/dualtrack/demo.db) is built; a user's run is
# imported into it; demo opens it again (exit 0, a line naming what was
# added: it was refused, exit 2, for good). demo --reset moves it aside
# to demo.db.1 (the user's run still in it, nothing deleted) and builds a
# new demo store. A store that is not the demo's (only the user's run)
# is still refused, the message naming a new --db; demo --reset on it is
# refused too (exit 2, naming what it holds), the store left in place: a
# team's store is never swapped for the demo (a config naming its path
# would then read the demo).
# usage: cli_demo_store.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export XDG_DATA_HOME="$tmp/xdg" XDG_CONFIG_HOME="$tmp/cfg" HOME="$tmp/home"
unset DUALTRACK_DB
mkdir -p "$HOME"
d=$XDG_DATA_HOME/dualtrack/demo.db
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/mine.csv"

"$bin" demo --no-tui >"$tmp/o1" 2>&1
check "demo: exit 0" test $? -eq 0
check "  the default demo store" grep -qx "demo store ready: $d" "$tmp/o1"
"$bin" --db "$d" import --platform gpu --run mine "$tmp/mine.csv" >/dev/null 2>&1
"$bin" demo --no-tui >"$tmp/o2" 2>"$tmp/e2"
check "demo after an import into its store: exit 0 (was 2)" test $? -eq 0
check "  says what was added and how to start anew" grep -qxF "dualtrack: demo: $d also holds run 'mine', added after the demo (kept); dualtrack demo --reset starts a new demo store and keeps this one as $d.N" "$tmp/e2"
check "  ready" grep -qx "demo store ready: $d" "$tmp/o2"
"$bin" demo --no-tui --reset >"$tmp/o3" 2>"$tmp/e3"
check "demo --reset: exit 0" test $? -eq 0
check "  says where the old store went" grep -qxF "dualtrack: demo: the old store is kept as $d.1 (nothing deleted); a new demo store is built" "$tmp/e3"
check "  nothing else on stderr" test "$(wc -l <"$tmp/e3")" -eq 1
"$bin" --db "$d.1" runs >"$tmp/r1"
check "  the old store keeps the user's run" grep -q "^mine " "$tmp/r1"
"$bin" --db "$d" runs >"$tmp/r2"
check "  the new demo store has only the demo's runs" test "$(grep -c llama3-8b-lora "$tmp/r2") $(grep -c '^mine ' "$tmp/r2")" = "2 0"

"$bin" --db "$tmp/own.db" import --platform gpu --run mine "$tmp/mine.csv" >/dev/null 2>&1
"$bin" demo --no-tui --db "$tmp/own.db" >/dev/null 2>"$tmp/e4"
check "a store that is not the demo's: still refused (exit 2)" test $? -eq 2
check "  naming what it holds and a new --db" grep -qxF "dualtrack: demo: store $tmp/own.db holds data that is not the demo's (run 'mine'); the demo's records are append-only and could never be removed from it: give the demo a new store with --db PATH (a file that does not exist yet)" "$tmp/e4"
"$bin" demo --no-tui --db "$tmp/own.db" --reset >"$tmp/o5" 2>"$tmp/e5"
check "demo --reset on a store that is not the demo's: refused (exit 2)" test $? -eq 2
check "  naming what it holds and a new --db" grep -qxF "dualtrack: demo: --reset refused: store $tmp/own.db holds data that is not the demo's (run 'mine'), and --reset moves aside only a demo store: give the demo a new store with --db PATH (a file that does not exist yet)" "$tmp/e5"
check "  nothing else on stderr, nothing on stdout" test "$(wc -l <"$tmp/e5") $(wc -c <"$tmp/o5")" = "1 0"
check "  the store is not moved aside" test ! -e "$tmp/own.db.1"
"$bin" --db "$tmp/own.db" runs >"$tmp/r5"
check "  and still holds only the user's run" test "$(grep -c llama3-8b-lora "$tmp/r5") $(grep -c '^mine ' "$tmp/r5")" = "0 1"
finish

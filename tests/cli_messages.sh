#!/usr/bin/env bash
# cli_messages.sh: messages a new user met (trial of 2026-12-02) name what
# was wrong: a drill that does not exist (on a SQLite store, and on a
# PostgreSQL one when a server answers), an unknown option with the
# command it was given to, a bad --platform value, the unit of a ledger
# time, the config file as the source of compare's rules, who imported a
# run (as every write command says who stored it), and a refused import
# that prints nothing on stdout.
# usage: cli_messages.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=msg-test XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.1\n2,2.0\n' >"$tmp/p.csv"
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null
dt pilot new p3 >/dev/null

# no_drill STORE BACKEND: the same words from either backend
no_drill() {
  "$bin" --db "$1" drill check 99 rng_state fail >/dev/null 2>"$tmp/e1"
  check "$2: drill check of a drill that does not exist: exit 2" test $? -eq 2
  check "  says 'no drill #99'" grep -qx "dualtrack: no drill #99 (dualtrack drill list PILOT)" "$tmp/e1"
}
no_drill "$db" sqlite
# and on a PostgreSQL store when a server answers (pg_virtualenv sets PG*)
if [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
   psql -Atqc 'select 1' >/dev/null 2>&1; then
  pgdb="dtt_msg_$$"
  createdb "$pgdb"
  trap 'dropdb --if-exists "$pgdb" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
  "$bin" --db "dbname=$pgdb" pilot new p3 >/dev/null
  no_drill "dbname=$pgdb" postgresql
else
  echo "skip postgresql: no server (run under pg_virtualenv)"
fi

dt pilot set p3 --bogus 1 >/dev/null 2>"$tmp/e2"
check "pilot set --bogus: exit 2" test $? -eq 2
check "  names the command and the option" \
  grep -qx "dualtrack pilot set: unrecognized option '--bogus'" "$tmp/e2"
dt compare b p --bogus >/dev/null 2>"$tmp/e3"
check "compare --bogus: names 'dualtrack compare'" \
  grep -qx "dualtrack compare: unrecognized option '--bogus'" "$tmp/e3"

# import says who stored the run, as attach / journal set / decide do
DUALTRACK_USER="T. Lead" dt import --platform gpu --run w "$tmp/b.csv" >"$tmp/i1"
check "import: says who imported the run" grep -qx \
  "run 'w' (gpu, csv) imported by T. Lead: 1 file(s), 1 segment(s), 0 replayed step(s)" "$tmp/i1"

dt import --platform tpu --run t "$tmp/b.csv" >/dev/null 2>"$tmp/e4"
check "--platform tpu: exit 2" test $? -eq 2
check "  names the bad value and the platforms" grep -qx \
  "dualtrack: --platform 'tpu' is not a platform: expected gpu, trn2, trn1 or other" "$tmp/e4"

# 1.2 h = 4320 s: times are stored (and echoed) in seconds
out=$(dt ledger set p3 trn2 compile 1.2h --basis measured)
check "ledger set compile 1.2h echoes 4320 s" \
  test "$out" = "ledger p3 trn2 compile = 4320 s (measured) recorded by msg-test"
out=$(dt ledger set p3 gpu instance_hour 32.77 --basis official)
check "ledger set instance_hour echoes its unit" \
  test "$out" = "ledger p3 gpu instance_hour = 32.77 USD/instance-hour (official) recorded by msg-test"

dt compare b p >"$tmp/c0.txt"
check "compare without a config: rules: defaults" \
  grep -qxF "rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (the runs are not both attached to one pilot)" "$tmp/c0.txt"
mkdir -p "$XDG_CONFIG_HOME/dualtrack"
printf '[tolerances]\nrtol = 0.5\nwarmup = 50\n' >"$XDG_CONFIG_HOME/dualtrack/config"
dt compare b p >"$tmp/c1.txt"
check "compare with [tolerances] in the config: names the config file" \
  grep -qxF "rules: the config file's [tolerances]: rtol 0.5, warm-up 50; built-in default: atol 0 (the runs are not both attached to one pilot)" "$tmp/c1.txt"
dt compare b p --rtol 0.1 >"$tmp/c2.txt"
check "  and with --rtol: the config file for the rest" \
  grep -qxF "rules: as given: rtol 0.1; the config file's [tolerances]: warm-up 50; built-in default: atol 0 (the runs are not both attached to one pilot)" "$tmp/c2.txt"
rm "$XDG_CONFIG_HOME/dualtrack/config"

# a 9th --decider: the one limit (dt_decider_add), the TUI form's words
nine=()
for i in 1 2 3 4 5 6 7 8 9; do nine+=(--decider "D$i:platform"); done
dt decide p3 continue --rationale r "${nine[@]}" >/dev/null 2>"$tmp/e6"
check "decide with 9 deciders: exit 2" test $? -eq 2
check "  says a decision needs 1..8 deciders" grep -qx \
  "dualtrack: a decision needs 1..8 deciders" "$tmp/e6"
check "  nothing recorded" test "$(dt pilot show p3 | grep -c '^decisions: 0$')" -eq 1

dt import --platform gpu --run b "$tmp/b.csv" >"$tmp/o5" 2>"$tmp/e5"
check "importing a file the run holds: exit 2" test $? -eq 2
check "  nothing on stdout" test ! -s "$tmp/o5"
check "  the refusal on stderr" grep -qF "refused, run 'b' already holds this file" "$tmp/e5"
finish

#!/usr/bin/env bash
# cli_pg_demo_home.sh: `demo --db CONNINFO` on an account whose data home
# does not exist yet (no ~/.local): the demo logs' folder is made with its
# parents (~/.local/share/dualtrack/demo.logs) and the demo is built; it
# said 'cannot create .../demo.logs' with no reason (reliability trial).
# Needs a server (pg_virtualenv sets PG*); skipped (77) without one.
# usage: cli_pg_demo_home.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
dbname="dtt_demohome_$$"
createdb "$dbname"
trap 'dropdb --if-exists "$dbname" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
mkdir "$tmp/home"
HOME="$tmp/home" XDG_DATA_HOME= XDG_CONFIG_HOME= DUALTRACK_USER=tester \
	"$bin" demo --db "dbname=$dbname" --no-tui >"$tmp/o" 2>"$tmp/e"
check "demo on a fresh account: exit 0" test $? -eq 0
check "  the logs' folder made with its parents" \
	test -d "$tmp/home/.local/share/dualtrack/demo.logs"
check "  the pilot is there" sh -c "'$bin' --db 'dbname=$dbname' pilot list | grep -q llama3-8b-lora-trn2"
finish

#!/usr/bin/env bash
# cli_pg_teams.sh: two teams on one PostgreSQL store. An administrator
# runs README's statements (team roles, users, dualtrack_users); alice
# (team a) and bob (team b) each import a run, make a pilot, attach, set
# the checklist and decide. Bob's role sees none of team a's pilots, runs
# or decisions (lists and queries return nothing) and cannot change them
# (writes refused by row-level security), while both teams work normally
# and each verifies its own chain. Needs a server (pg_virtualenv sets
# PG*); skipped (77) without one.
# usage: cli_pg_teams.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }

dbname="dtt_teams_$$"
admin() { psql -X -v ON_ERROR_STOP=1 -Atq -d "$dbname" "$@"; }
createdb "$dbname"
u=$$
# Roles belong to the whole cluster, not to the database: drop this run's
# (and a killed earlier run's team roles) so that a second run in the same
# cluster (test.sh runs the plain and the ASan suites in one
# pg_virtualenv) starts clean.
drop_roles() {
  psql -X -Atq -d postgres -c "DROP ROLE IF EXISTS alice_$u, bob_$u" \
    -c "DROP ROLE IF EXISTS dt_team_a, dt_team_b" >/dev/null 2>&1
}
drop_roles
trap 'dropdb --if-exists "$dbname" >/dev/null 2>&1; drop_roles; rm -rf "$tmp"' EXIT
# README "A shared PostgreSQL store": the administrator's statements.
admin -c "CREATE ROLE dualtrack_users NOLOGIN" 2>/dev/null || true
admin <<SQL
CREATE ROLE dt_team_a NOLOGIN;
CREATE ROLE dt_team_b NOLOGIN;
CREATE ROLE alice_$u LOGIN PASSWORD 'pw-a' IN ROLE dt_team_a, dualtrack_users;
CREATE ROLE bob_$u LOGIN PASSWORD 'pw-b' IN ROLE dt_team_b, dualtrack_users;
SQL
# A reading command creates nothing: "no store", named.
"$bin" --db "dbname=$dbname" runs >/dev/null 2>"$tmp/read.err"
rc=$?
if grep -q "not built in" "$tmp/read.err"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
check "runs on an empty database: exit 2, no store, store init named" \
  sh -c 'test $0 -eq 2 && grep -q "no dualtrack store in this database; create it with .dualtrack --db ... store init" "$1"' "$rc" "$tmp/read.err"
check "... and it created no table" test "$(admin -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")" = 0
# The administrator creates the store (schema and grants).
"$bin" --db "dbname=$dbname" store init >"$tmp/admin.out" 2>"$tmp/admin.err"
if grep -q "not built in" "$tmp/admin.err"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
check "admin creates the store" sh -c '[ ! -s "$0" ] && grep -qx "store ready (postgresql backend)" "$1"' "$tmp/admin.err" "$tmp/admin.out"

host=${PGHOST:-localhost}
A="host=$host dbname=$dbname user=alice_$u password=pw-a"
B="host=$host dbname=$dbname user=bob_$u password=pw-b"
printf 'step,loss\n1,4.0\n2,3.0\n3,2.5\n' >"$tmp/a.csv"
printf 'step,loss\n1,4.1\n2,3.1\n3,2.4\n' >"$tmp/b.csv"
export DUALTRACK_USER=tester

team_work() { # team_work DB RUN PILOT CSV
  "$bin" --db "$1" import --run "$2" --platform gpu "$4" >/dev/null &&
  "$bin" --db "$1" pilot new "$3" >/dev/null &&
  "$bin" --db "$1" attach "$3" "$2" --role baseline >/dev/null &&
  "$bin" --db "$1" check "$3" step1 pass --note ok >/dev/null &&
  "$bin" --db "$1" decide "$3" continue --rationale "keep going" \
    --decider "$2:platform" >/dev/null 2>"$tmp/decide.err"
}
team_work "$A" run-a pilot-a "$tmp/a.csv"
check "team a imports, makes a pilot, checks and decides" [ $? -eq 0 ]
# a decision is one transaction with the blocking check inside it
# (nested begin: a savepoint); the server warned "there is already a
# transaction in progress" when the inner begin was a second BEGIN
check "decide: no server warning" [ ! -s "$tmp/decide.err" ]
team_work "$B" run-b pilot-b "$tmp/b.csv"
check "team b does the same on the same store" [ $? -eq 0 ]

"$bin" --db "$B" pilot list >"$tmp/b.list"
check "team b lists its pilot only" sh -c "grep -q pilot-b '$tmp/b.list' &&
  ! grep -q pilot-a '$tmp/b.list'"
"$bin" --db "$B" runs >"$tmp/b.runs"
check "team b lists its run only" sh -c "grep -q run-b '$tmp/b.runs' &&
  ! grep -q run-a '$tmp/b.runs'"
"$bin" --db "$B" pilot show pilot-a >/dev/null 2>"$tmp/b.show"
check "team b cannot read team a's pilot" [ $? -ne 0 ]
"$bin" --db "$B" decide pilot-a go --rationale x --decider b:platform \
  >/dev/null 2>&1
check "team b cannot decide on team a's pilot" [ $? -ne 0 ]
"$bin" --db "$B" verify >"$tmp/b.verify"
check "team b's chain verifies: 1 record" grep -q "intact: 1 record" "$tmp/b.verify"
"$bin" --db "$A" verify >"$tmp/a.verify"
check "team a's chain verifies: 1 record" grep -q "intact: 1 record" "$tmp/a.verify"

# Below the command line: bob's role, straight SQL.
bob() { psql -X -Atq "$B" -c "$1" 2>&1; }
alice() { psql -X -Atq "$A" -c "$1" 2>&1; }
# Each team's integrity chain is its own: bob's role reads none of team
# a's chain records (its pilot and run are named in their texts).
check "team b's role reads no chain record of team a" test "$(bob "SELECT
  count(*) FROM chain_record WHERE canon LIKE '%pilot-a%' OR canon LIKE '%run-a%'")" = 0
check "team a's role reads its own" test "$(alice "SELECT count(*) FROM
  chain_record WHERE canon LIKE '%pilot-a%'")" -gt 0
aid=$(admin -c "SELECT id FROM pilot WHERE name = 'pilot-a'")
b_sees_nothing() {
  [ "$(bob "SELECT count(*) FROM pilot WHERE id = $aid")" = 0 ] &&
  [ "$(bob "SELECT count(*) FROM decision WHERE pilot_id = $aid")" = 0 ] &&
  [ "$(bob "SELECT count(*) FROM check_entry WHERE pilot_id = $aid")" = 0 ] &&
  [ "$(bob "SELECT count(*) FROM run WHERE name = 'run-a'")" = 0 ] &&
  [ "$(bob "SELECT count(*) FROM raw_series")" = 1 ]
}
check "queries as team b return nothing of team a" b_sees_nothing
refused() { # refused DB SQL: the server refuses by row-level security
  psql -X -Atq "$1" -c "$2" 2>&1 | grep -q 'row-level security'
}
check "team b's insert into team a's checklist is refused" refused "$B" \
  "INSERT INTO check_entry(pilot_id, item, status) VALUES($aid, 'step1', 'fail')"
b_update_void() {
  bob "UPDATE run SET format = 'x' WHERE name = 'run-a'" >/dev/null &&
  [ "$(admin -c "SELECT format FROM run WHERE name = 'run-a'")" = csv ]
}
check "team b's update of team a's run changes nothing" b_update_void
check "a row for team a written by team b is refused" refused "$B" \
  "INSERT INTO pilot(team, name) VALUES('a', 'x')"
append_only() {
  psql -X -Atq "$A" -c "UPDATE decision SET rationale = 'forged'" 2>&1 |
    grep -q 'append-only'
}
check "decisions stay append-only for their own team" append_only
"$bin" --db "$A" --team b runs >/dev/null 2>"$tmp/a.team"
check "alice cannot work in team b" grep -q "not a member of team 'b'" "$tmp/a.team"
finish

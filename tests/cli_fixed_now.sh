#!/usr/bin/env bash
# cli_fixed_now.sh: with DUALTRACK_NOW set, every time a write records is
# that time (dt_time_now_iso, model/util/clock.c), never the machine's
# clock through a column default: import (run, file, journal facts),
# pilot new, attach, pilot set, check with evidence, journal set, drill
# add and drill check, ledger set, scenario, decide. DUALTRACK_NOW is a
# past time (2026-12-01T10:00:00Z), so a real-clock time differs from it.
# Checked in every *_at column of the SQLite store, and in pilot show; on
# a PostgreSQL store too when a server answers (pg_virtualenv sets PG*).
# usage: cli_fixed_now.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
now="2026-12-01T10:00:00Z"
export DUALTRACK_USER="clock-test" DUALTRACK_NOW="$now"
unset DUALTRACK_DB DUALTRACK_TEAM
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.0\n2,1.91\n' >"$tmp/p.csv"

# writes STORE LABEL: one write of every kind that records a time
writes() {
  local s=$1 l=$2
  d() { "$bin" --db "$s" "$@" >/dev/null; }
  d import --platform gpu --run b "$tmp/b.csv" &&
  d import --platform trn2 --run p "$tmp/p.csv" &&
  d pilot new P && d attach P b --role baseline &&
  d attach P p --role pilot && d pilot set P --recovery-seconds 900 &&
  d check P step1 pass --note n --evidence run:b &&
  d journal set p neuron.compile_seconds 12 &&
  d drill add P --kind manual-interrupt --run p --no-prefill \
    --checkpoint-step 1 --resumed-step 2 &&
  d drill check 1 rng_state pass --note ok &&
  d ledger set P gpu instance_hour 32.77 --basis official &&
  d scenario P --stable yes &&
  d decide P continue --rationale r --decider "Ana:researcher"
  check "$l: every write exits 0" test $? -eq 0
  "$bin" --db "$s" pilot show P >"$tmp/$l.show"
  check "$l: pilot show: created and set at DUALTRACK_NOW" py "
t = open('$tmp/$l.show').read()
assert 'pilot P (created by clock-test at $now)' in t, t
assert '           set by clock-test at $now\n' in t, t
assert '  #1 continue at $now by clock-test: r' in t, t
"
}

writes "$db" sqlite
check "sqlite: every *_at column holds DUALTRACK_NOW" py "
import sqlite3
c = sqlite3.connect('$db')
seen, bad = set(), []
for (t,) in c.execute(\"SELECT name FROM sqlite_master WHERE type='table'\"):
    for col in [r[1] for r in c.execute('PRAGMA table_info(%s)' % t)]:
        if col.endswith('_at'):
            for (v,) in c.execute('SELECT %s FROM %s' % (col, t)):
                seen.add(t)
                if v != '$now':
                    bad.append((t, col, v))
assert not bad, bad
want = {'run', 'run_file', 'run_fact', 'pilot', 'taskcard_value', 'pilot_run',
        'check_entry', 'check_evidence', 'drill', 'drill_check', 'decision',
        'ledger_entry', 'scenario', 'chain_record'}
assert want <= seen, want - seen
"

if [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
   psql -Atqc 'select 1' >/dev/null 2>&1; then
  pgdb="dtt_now_$$"
  createdb "$pgdb"
  trap 'dropdb --if-exists "$pgdb" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
  writes "dbname=$pgdb" postgresql
  # every *_at column of the public tables: the rows that are not now
  q() { psql -X -Atq -v ON_ERROR_STOP=1 -d "$pgdb" -c "$1"; }
  bad="" cols=0
  for tc in $(q "SELECT c.table_name || '.' || c.column_name FROM
      information_schema.columns c JOIN information_schema.tables t USING
      (table_schema, table_name) WHERE c.table_schema = 'public' AND
      t.table_type = 'BASE TABLE' AND c.column_name LIKE '%\_at'"); do
    cols=$((cols + 1))
    n=$(q "SELECT count(*) FROM ${tc%%.*} WHERE ${tc#*.} <> '$now'")
    [ "$n" = 0 ] || bad="$bad ${tc}:$n"
  done
  check "postgresql: the *_at columns found (14 tables or more)" test "$cols" -ge 14
  check "postgresql: every *_at column holds DUALTRACK_NOW (bad:$bad)" test -z "$bad"
else
  echo "skip postgresql: no server (run under pg_virtualenv)"
fi
finish

#!/usr/bin/env bash
# cli_hot_journal.sh: an import killed inside its transaction (Ctrl-C while
# SQLite writes a big run through the rollback journal) leaves a hot
# journal beside the store. A read-only command (runs, verify, compare)
# must read the store as it was before that import: it read the
# half-written pages ("?immutable=1" fallback) and showed a phantom run and
# "integrity ALTERED ... not in the chain" (new-user trial). The kill is
# made deterministic with python's sqlite3: rows written with a 1-page
# cache spill to the file, then the process exits without commit.
# usage: cli_hot_journal.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/b.csv"
dt import --platform gpu --run base "$tmp/b.csv" >/dev/null || exit 1
interrupted_write() {
  py "
import sqlite3, os
c = sqlite3.connect('$db', isolation_level=None)
c.execute('pragma journal_mode=delete')
c.execute('pragma cache_size=1')
c.execute('begin immediate')
c.execute(\"insert into run(name,platform,format,segments,replayed_steps,created_at) values('phantom','trn2','csv',0,0,'2026-12-03T00:00:00Z')\")
c.execute('create table junk(x)')
for i in range(20000):
    c.execute('insert into junk values (randomblob(200))')
os._exit(0)"
}
interrupted_write
check "setup: a hot journal is left" test -s "$db-journal"
dt runs >"$tmp/r" 2>"$tmp/re"
check "runs: exit 0" test $? -eq 0
check "runs: no phantom run" sh -c '! grep -q phantom "$0"' "$tmp/r"
check "runs: the committed run" grep -q '^base ' "$tmp/r"
check "runs: no ALTERED" sh -c '! grep -q ALTERED "$0" "$1"' "$tmp/r" "$tmp/re"
dt verify >"$tmp/v" 2>&1
check "verify: exit 0" test $? -eq 0
check "verify: intact" grep -q '^integrity intact' "$tmp/v"
check "the journal was rolled back" test ! -s "$db-journal"
# a store that cannot be written cannot be rolled back: refused, naming
# the interrupted write, never read half-written (not as root: root
# writes a 0444 file)
if [ "$(id -u)" -ne 0 ]; then
  mkdir "$tmp/ro"; db=$tmp/ro/s.db
  dt import --platform gpu --run base "$tmp/b.csv" >/dev/null || exit 1
  interrupted_write
  chmod 0444 "$db"; chmod 0555 "$tmp/ro"
  dt runs >"$tmp/r2" 2>"$tmp/e2"
  rc=$?
  chmod 0755 "$tmp/ro"; chmod 0644 "$db"
  check "read-only hot journal: exit 2" test $rc -eq 2
  check "  names the interrupted write" grep -q "interrupted write" "$tmp/e2"
  check "  no phantom" sh -c '! grep -q phantom "$0"' "$tmp/r2"
fi
# SIGTERM (or Ctrl-C) during an import says that nothing of it is
# stored and still dies of the signal (it printed nothing)
mkfifo "$tmp/fifo"
db=$tmp/s.db
"$bin" --db "$db" import --platform trn2 --run cut - <"$tmp/fifo" 2>"$tmp/ie" >/dev/null &
pid=$!
exec 3>"$tmp/fifo"
printf 'step,loss\n1,2.0\n' >&3
sleep 0.5
kill -TERM $pid
wait $pid
rc=$?
exec 3>&-
check "interrupted import: exit 143" test $rc -eq 143
check "  says nothing is stored" grep -qF "dualtrack: import interrupted: nothing of it is stored" "$tmp/ie"
check "  the run is not there" sh -c '! "$0" --db "$1" runs | grep -q "^cut "' "$bin" "$db"
finish

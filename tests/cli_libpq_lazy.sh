#!/usr/bin/env bash
# cli_libpq_lazy.sh: libpq is loaded only when a PostgreSQL store opens
# (model/store/postgresql/libpq_dl.h). The binary has no libpq NEEDED
# entry and none of its libraries (krb5, gssapi, ldap) come along;
# --version and a SQLite store never load it; with the library missing
# (DUALTRACK_LIBPQ, test-only) or without libpq's functions, opening a
# PostgreSQL store fails with one clear line and exit 2, never a crash,
# and SQLite stores still work. With a server (pg_virtualenv sets PG*) a
# PostgreSQL store opens, loading libpq.so.5 then. Skipped (77) when
# built without PostgreSQL.
# usage: cli_libpq_lazy.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
"$bin" --version >"$tmp/version" 2>&1
grep -q "libpq" "$tmp/version" || {
  echo "skipped: built without PostgreSQL"; exit 77; }

readelf -d "$bin" >"$tmp/dyn"
check "readelf: the binary's NEEDED entries read" grep -q "(NEEDED)" "$tmp/dyn"
check "readelf: no libpq NEEDED entry" \
  bash -c '! grep "(NEEDED)" "$0" | grep -q libpq' "$tmp/dyn"
ldd "$bin" >"$tmp/ldd"
check "ldd: neither libpq nor its libraries (krb5, gssapi, ldap)" \
  bash -c '! grep -Eq "libpq|libkrb5|libgssapi|libldap" "$0"' "$tmp/ldd"

# What the loader maps (LD_DEBUG=files: one "file=NAME" line per library).
loads() { LD_DEBUG=files "$@" 2>&1 >/dev/null | grep -c "file=libpq" ; }
check "--version: libpq named, not loaded" \
  grep -q "libpq (libpq.so.5, loaded when a PostgreSQL store opens)" "$tmp/version"
check "--version loads no libpq" test "$(loads "$bin" --version)" = 0

# A SQLite store: steps 1..3, loss 3,2,1.
printf 'step,loss\n1,3\n2,2\n3,1\n' >"$tmp/a.csv"
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >"$tmp/imp" 2>&1
check "SQLite import (exit 0)" test $? -eq 0
check "a SQLite command loads no libpq" test "$(loads "$bin" --db "$db" runs)" = 0

# No libpq: one line naming the library and dlerror()'s reason, exit 2.
DUALTRACK_LIBPQ=/nonexistent/libpq.so.5 "$bin" --db "host=/nonexistent dbname=x" \
  runs >"$tmp/out" 2>"$tmp/err"
rc=$?
check "missing libpq: exit 2 (no crash)" test $rc -eq 2
check "missing libpq: the message" test "$(cat "$tmp/err")" = "dualtrack: PostgreSQL store: cannot load libpq, the PostgreSQL client library: /nonexistent/libpq.so.5: cannot open shared object file: No such file or directory (install libpq5)"
check "missing libpq: nothing on stdout" test ! -s "$tmp/out"

# A library without libpq's functions (zlib, which the binary maps anyway):
# the first function of the table is named.
DUALTRACK_LIBPQ=libz.so.1 "$bin" --db "postgresql://localhost/x" \
  runs >"$tmp/out" 2>"$tmp/err"
rc=$?
check "no PQ functions: exit 2 (no crash)" test $rc -eq 2
check "no PQ functions: the message names the file and the symbol" \
  grep -Eqx "dualtrack: PostgreSQL store: cannot use libpq, the PostgreSQL client library: (/.*/)?libz\.so\.1: undefined symbol: PQbackendPID" "$tmp/err"

# SQLite stores do not need libpq at all.
DUALTRACK_LIBPQ=/nonexistent/libpq.so.5 "$bin" --db "$db" runs >"$tmp/runs" 2>&1
check "missing libpq: a SQLite store still reads (exit 0)" test $? -eq 0
check "missing libpq: the SQLite run listed" grep -q "^a\b" "$tmp/runs"

# With a server: a PostgreSQL store opens and loads libpq.so.5 then.
if [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
   psql -Atqc 'select 1' >/dev/null 2>&1; then
  d="dtt_libpq_$$"
  createdb "$d"
  trap 'dropdb --if-exists "$d" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
  DUALTRACK_USER=tester "$bin" --db "dbname=$d" import --platform gpu --run a \
    "$tmp/a.csv" >"$tmp/imp" 2>&1
  check "PostgreSQL import (exit 0)" test $? -eq 0
  check "a PostgreSQL command loads libpq.so.5" \
    test "$(loads "$bin" --db "dbname=$d" runs)" -ge 1
  check "PostgreSQL: the run listed" \
    grep -q "^a\b" <("$bin" --db "dbname=$d" runs 2>&1)
else
  echo "(no PostgreSQL server: the open with libpq is not checked here)"
fi
finish

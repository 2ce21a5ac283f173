#!/usr/bin/env bash
# test.sh: install dependencies, build, and run the whole test suite twice:
# once as built for users, once under AddressSanitizer + UBSan, inside a
# temporary PostgreSQL server when pg_virtualenv is installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/deps.sh
# The PostgreSQL suites (*_pg, cli_pg_*) need a server: build and test
# inside a throw-away cluster (pg_virtualenv from postgresql-common sets
# PGHOST, PGPORT, PGUSER, PGPASSWORD); without PostgreSQL binaries they
# are skipped (exit 77) and the rest runs as before.
if [ -z "${DT_IN_PG_VIRTUALENV:-}" ] && command -v pg_virtualenv >/dev/null 2>&1; then
  export DT_IN_PG_VIRTUALENV=1
  exec pg_virtualenv bash "$0" "$@"
fi
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DDT_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$jobs")

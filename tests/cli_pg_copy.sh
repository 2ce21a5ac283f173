#!/usr/bin/env bash
# cli_pg_copy.sh: the demo store copied to PostgreSQL and back with
# `store copy`: verify reports the same head on all three, the runs and
# the pilot overview read the same; a second copy into the filled
# database is refused. Needs a server (pg_virtualenv sets PG*); skipped
# (77) without one.
# usage: cli_pg_copy.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
dbname="dtt_copy_$$"
createdb "$dbname"
trap 'dropdb --if-exists "$dbname" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
pg="dbname=$dbname"
export DUALTRACK_USER=tester

"$bin" --db "$db" demo --no-tui >/dev/null 2>&1
"$bin" --db "$db" verify >"$tmp/v0" 2>&1
check "demo store verifies" grep -q "^integrity head #[0-9]* sha256 " "$tmp/v0"
"$bin" store copy "$db" "$pg" >"$tmp/c1" 2>&1
check "copied to PostgreSQL" grep -q "decision chain intact on both ends" "$tmp/c1"
"$bin" --db "$pg" verify >"$tmp/v1" 2>&1
check "PostgreSQL copy: verify exit 0" [ $? -eq 0 ]
# The same history gives the same verify head on both backends: the
# PostgreSQL store checks the copied chain against its own rows (record
# texts built from PostgreSQL's columns, a REAL as SQLite renders it).
check "PostgreSQL copy: same head as the SQLite store" \
  diff <(grep -E '^(integrity|decision-log) head' "$tmp/v0") <(grep -E '^(integrity|decision-log) head' "$tmp/v1")
check "PostgreSQL copy: the same verify text" diff "$tmp/v0" "$tmp/v1"
"$bin" store copy "$pg" "$tmp/back.db" >"$tmp/c2" 2>&1
check "copied back to a file" grep -q "decision chain intact on both ends" "$tmp/c2"
"$bin" --db "$tmp/back.db" verify >"$tmp/v2" 2>&1
check "file copy: verify exit 0" [ $? -eq 0 ]
check "file copy: same head" diff <(grep -E '^(integrity|decision-log) head' "$tmp/v0") <(grep -E '^(integrity|decision-log) head' "$tmp/v2")
for s in "$db" "$pg" "$tmp/back.db"; do
  "$bin" --db "$s" runs >>"$tmp/runs.$(echo "$s" | md5sum | cut -c1-8)"
  "$bin" --db "$s" pilot show llama3-8b-lora-trn2 --json |
    grep -v '"created_at"\|generated\|"head_\|"records"' >"$tmp/show.$(echo "$s" | md5sum | cut -c1-8)"
done
same_on_all() { # same_on_all PREFIX
  local first="" f
  for f in "$tmp/$1".*; do
    [ -z "$first" ] && { first=$f; continue; }
    cmp -s "$first" "$f" || { diff "$first" "$f" | head -5; return 1; }
  done
}
check "runs read the same on the three stores" same_on_all runs
check "pilot show --json reads the same on the three stores" same_on_all show
"$bin" store copy "$db" "$pg" >"$tmp/c3" 2>&1
rc=$?
check "a second copy into the filled database is refused (exit 2)" [ $rc -eq 2 ]
check "refusal names the reason" grep -q "not empty" "$tmp/c3"
finish

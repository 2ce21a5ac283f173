#!/usr/bin/env bash
# cli_pg_series_tamper.sh: cli_series_tamper.sh on a PostgreSQL store.
# The demo store (SQLite) is copied into a fresh database (`store copy`:
# the same history, the same chain record ids); the owner swaps the first
# two stored loss values of the pilot run (series 2/loss; bytea of the
# same length: raw_series has no update trigger on PostgreSQL), and every
# front-end says what it says on SQLite (tamper_series, lib_tamper.sh).
# Needs a server (pg_virtualenv sets PG*); skipped (77) without one.
# usage: cli_pg_series_tamper.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  command -v sqlite3 >/dev/null && psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
export DUALTRACK_USER="auditor"
G=llama3-8b-lora-gpu-a100 T=llama3-8b-lora-trn2-pilot P=llama3-8b-lora-trn2
base="$tmp/base.db"
"$bin" --db "$base" demo --no-tui >/dev/null 2>&1
sqlite3 "$base" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
d="dtt_series_$$"
trap 'dropdb --if-exists "$d" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
createdb "$d"
pg="dbname=$d"
"$bin" store copy "$base" "$pg" >"$tmp/copy" 2>&1
if grep -q "not built in" "$tmp/copy"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
q() { psql -X -v ON_ERROR_STOP=1 -Atq -d "$d" -c "$1"; }
id=$(q "SELECT id FROM chain_record WHERE kind = 'raw_series' AND ref = '2/loss'")
check "the copy keeps the series' chain record id" test "$id" = \
  "$(sqlite3 "$base" "SELECT id FROM chain_record WHERE kind = 'raw_series'
     AND ref = '2/loss'")"
"$bin" --db "$pg" compare $G $T >/dev/null 2>&1
check "intact: compare exits 0" test $? -eq 0
# the stored levels (chain kind series_lod): one bit of the baseline's
# first level-0 minimum flipped (byte 16, after the 16-byte header):
# verify names the levels' record; flipped back, intact again
lid=$(q "SELECT id FROM chain_record WHERE kind = 'series_lod' AND ref = '1/loss'")
flip="UPDATE series_lod SET lod = set_byte(lod, 16, get_byte(lod, 16) # 1)
   WHERE file_id = 1 AND metric = 'loss' AND part = 0"
q "$flip"
"$bin" --db "$pg" verify >"$tmp/lv" 2>/dev/null
check "levels: verify exits 1 naming the record" test "$?:$(head -n 1 "$tmp/lv")" = \
  "1:integrity ALTERED: first altered record: stored levels 1/loss (loss): the stored row differs from chain record $lid (altered)"
q "$flip"
"$bin" --db "$pg" verify >/dev/null 2>&1
check "levels flipped back: verify exits 0" test $? -eq 0
q "UPDATE raw_series SET vals = substring(vals from 9 for 8) ||
   substring(vals from 1 for 8) || substring(vals from 17)
   WHERE file_id = 2 AND metric = 'loss'"
check "swapped: the bytea keeps its length" test \
  "$(q "SELECT length(vals) FROM raw_series WHERE file_id = 2 AND metric = 'loss'")" = 17600
tamper_series pg "$pg" "$id"
tamper_series_ack pg "$pg" "$id"
finish

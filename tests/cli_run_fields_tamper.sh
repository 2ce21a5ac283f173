#!/usr/bin/env bash
# cli_run_fields_tamper.sh: every column of a run that a view shows is in
# the run's chain record (SQLite user_version 17, chain_store.c): format,
# segments, replayed_steps, step_source and created_at beside the
# settings. Before, a plain UPDATE of them (no trigger on the run table)
# hid the pilot run's restart (segments 2 -> 1, 200 replayed steps -> 0)
# while verify said intact and runs, pilot show and the evidence pack
# showed the forged values. Each edit below: verify exits 1 naming the
# run, runs and pilot show print the store ALTERED, export refuses, and
# verify --against calls the store ALTERED. A store of user_version 16
# (those columns outside the run records, made here from an intact store
# as no older dualtrack is at hand) is sealed by its migration: intact,
# then the same edit is found; a run altered before the migration stays
# ALTERED (the seal takes only a run whose record still matches).
# usage: cli_run_fields_tamper.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER="auditor"
pilot=llama3-8b-lora-trn2
run2="run 2 (llama3-8b-lora-trn2-pilot)"
"$bin" demo --db "$db" --no-tui >/dev/null 2>&1
check "demo store (exit 0)" test $? -eq 0
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
check "the pilot run as imported: textlog, 2 segments, 200 replayed steps" test \
  "$(sqlite3 "$db" "SELECT format, segments, replayed_steps FROM run WHERE id = 2")" = "textlog|2|200"
"$bin" --db "$db" verify >"$tmp/v0" 2>&1
check "verify: intact (exit 0)" test $? -eq 0
"$bin" --db "$db" export "$pilot" --out "$tmp/pack" >/dev/null 2>&1
check "a pack of the intact store (exit 0)" test $? -eq 0

# altered NAME SQL: the edit SQL on a copy of the demo store is found by
# verify, runs, pilot show, export and verify --against
altered() {
  local name=$1 sql=$2 t="$tmp/$1.db"
  cp "$db" "$t"
  sqlite3 "$t" "$sql"
  run_altered_views "$name" "$t" "$pilot" "$run2"
  "$bin" --db "$t" export "$pilot" --out "$tmp/$name.pk" >/dev/null 2>&1
  check "$name: export refuses (exit 2), no pack" test \
    "$?:$(test -e "$tmp/$name.pk/report.md" && echo pack)" = "2:"
  "$bin" --db "$t" verify --against "$tmp/pack" >"$tmp/$name.a" 2>/dev/null
  check "$name: verify --against exits 1, the store ALTERED" test \
    "$?:$(grep -c "^  store ALTERED: first altered record: $run2" "$tmp/$name.a")" = "1:1"
}
altered segments "UPDATE run SET segments = 1 WHERE id = 2"
altered replayed "UPDATE run SET replayed_steps = 0 WHERE id = 2"
altered format "UPDATE run SET format = 'csv' WHERE id = 2"
altered step_source "UPDATE run SET step_source = 'row index' WHERE id = 2"
altered created_at "UPDATE run SET created_at = '2020-01-01T00:00:00Z' WHERE id = 2"
altered all "UPDATE run SET segments = 1, replayed_steps = 0, format = 'csv' WHERE id = 2"

# A store of user_version 16: the run records without those columns.
old="$tmp/old.db"
cp "$db" "$old"
store_before_run_seal "$old"
check "made a version-16 store: no run record names segments" test \
  "$(sqlite3 "$old" "PRAGMA user_version; SELECT count(*) FROM chain_record WHERE kind = 'run' AND canon LIKE '%segments%'" | tr '\n' ' ')" = "16 0 "
bad="$tmp/oldbad.db"
cp "$old" "$bad"
sqlite3 "$bad" "UPDATE run SET platform = 'trn1' WHERE id = 2"
n0=$(sqlite3 "$old" "SELECT count(*) FROM chain_record")
"$bin" --db "$old" store init >"$tmp/i" 2>&1
check "store init migrates it (exit 0)" test $? -eq 0
check "user_version 17; one new record per run, run by run" test \
  "$(sqlite3 "$old" "PRAGMA user_version; SELECT group_concat(kind || ':' || ref, ' ') FROM (SELECT * FROM chain_record WHERE id > $n0 ORDER BY id)" | tr '\n' ' ')" = \
  "17 run:1 run:2 "
"$bin" --db "$old" verify >/dev/null 2>&1
check "migrated: verify intact (exit 0)" test $? -eq 0
"$bin" --db "$old" store init >/dev/null 2>&1
check "opened again: nothing sealed twice" test \
  "$(sqlite3 "$old" "SELECT count(*) FROM chain_record")" = $((n0 + 2))
sqlite3 "$old" "UPDATE run SET segments = 1 WHERE id = 2"
"$bin" --db "$old" verify >"$tmp/v6" 2>/dev/null
check "migrated, then segments edited: verify exits 1 naming the run" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v6")" = \
  "1:integrity ALTERED: first altered record: $run2: the stored row differs from chain record $((n0 + 2)) (altered)"
"$bin" --db "$bad" store init >/dev/null 2>&1
check "a version-16 store with an altered run: migrated (exit 0), that run not sealed" test \
  "$?:$(sqlite3 "$bad" "SELECT group_concat(ref, ' ') FROM chain_record WHERE id > $n0")" = "0:1"
"$bin" --db "$bad" verify >"$tmp/v7" 2>/dev/null
check "  verify still exits 1 naming it" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v7" | sed 's/record [0-9]*/record N/')" = \
  "1:integrity ALTERED: first altered record: $run2: the stored row differs from chain record N (altered)"
finish

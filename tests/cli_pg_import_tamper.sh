#!/usr/bin/env bash
# cli_pg_import_tamper.sh: cli_import_tamper.sh on a PostgreSQL store
# (schema version 9: what an import derived from a file is chained, its
# tables append-only). The database owner disables the append-only
# trigger of launch_evidence (ALTER TABLE ... DISABLE TRIGGER, the owner's
# way round it) and deletes the resume's evidence: verify exits 1 naming
# the row and the disabled trigger, and compare and resume-check print
# the store ALTERED. A count of a metric edited (its counts are rewritten
# by dualtrack, so only the key is refused an update) is found the same
# way. Needs a server (pg_virtualenv sets PG*); skipped (77) without one.
# usage: cli_pg_import_tamper.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
export DUALTRACK_USER=auditor
d="dtt_imptamper_$$"
createdb "$d"
trap 'dropdb --if-exists "$d" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
pg="dbname=$d"
q() { psql -X -v ON_ERROR_STOP=1 -Atq -d "$d" -c "$1"; }
log="$(dirname "$0")/fixtures/resume/megatron_batch_change.log"

# (by hand, cli_import_tamper.sh: 3 launch evidence, 4 settings, 2
# messages, 5 counts; records 12..26 after run, series and levels, the
# file's among them; 27 the run with its format and segments)
"$bin" --db "$pg" import --platform trn2 --run p "$log" >"$tmp/out" 2>&1
rc=$?
if grep -q "not built in" "$tmp/out"; then
  echo "skipped: built without PostgreSQL"; exit 77; fi
check "import (exit 0)" test $rc -eq 0
check "schema version 11 (the newest)" test "$(q "SELECT version FROM dt_schema_version")" = 11
check "each derived row has its chain record, as on SQLite" test \
  "$(q "SELECT string_agg(id || ':' || kind || ':' || ref, ' ' ORDER BY id) FROM chain_record WHERE id > 11")" = \
  "12:launch_evidence:1/0 13:launch_evidence:1/1 14:launch_evidence:1/2 15:launch_setting:1/0 16:launch_setting:1/1 17:launch_setting:1/2 18:launch_setting:1/3 19:run_warning:1 20:run_warning:2 21:run_file:1 22:run_metric:1/consumed_samples 23:run_metric:1/elapsed_time_per_iteration 24:run_metric:1/lr 25:run_metric:1/loss 26:run_metric:1/loss_scale 27:run:1"
"$bin" --db "$pg" verify >"$tmp/v0" 2>&1
check "intact: verify exits 0" test $? -eq 0
check "the owner's delete is refused by the trigger" \
  sh -c '! psql -X -v ON_ERROR_STOP=1 -Atq -d "$0" -c "DELETE FROM launch_evidence" 2>/dev/null' "$d"
check "... and an update of a count's key" \
  sh -c '! psql -X -v ON_ERROR_STOP=1 -Atq -d "$0" -c "UPDATE run_metric SET metric = metric || 1" 2>/dev/null' "$d"

q "UPDATE run_metric SET points = 6 WHERE metric = 'loss'"
"$bin" --db "$pg" verify >"$tmp/v1" 2>/dev/null
check "count edited: verify exits 1 naming the row" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v1")" = \
  "1:integrity ALTERED: first altered record: metric counts 1/loss (loss): the stored row differs from chain record 25 (altered)"
q "UPDATE run_metric SET points = 5 WHERE metric = 'loss'"
"$bin" --db "$pg" verify >/dev/null 2>&1
check "count put back: verify exits 0" test $? -eq 0

q "ALTER TABLE launch_evidence DISABLE TRIGGER launch_evidence_append_only;
   DELETE FROM launch_evidence WHERE file_id = 1 AND seq = 2;"
why="launch evidence 1/2 (marker): deleted (chain record 14 has no row)"
"$bin" --db "$pg" verify >"$tmp/v2" 2>&1
check "evidence deleted: verify exits 1 naming the row" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v2")" = "1:integrity ALTERED: first altered record: $why"
check "... and the disabled trigger" grep -q "launch_evidence_append_only" "$tmp/v2"
line="integrity ALTERED: $why; the verdict rests on records that are not genuine (dualtrack verify lists all)"
"$bin" --db "$pg" compare p p >"$tmp/c" 2>/dev/null
check "evidence deleted: compare exits 1 with the integrity line" test \
  "$?:$(tail -n 1 "$tmp/c")" = "1:$line"
"$bin" --db "$pg" resume-check p >"$tmp/k" 2>/dev/null
check "evidence deleted: resume-check exits 1 with the integrity line" test \
  "$?:$(tail -n 1 "$tmp/k")" = "1:$line"
finish

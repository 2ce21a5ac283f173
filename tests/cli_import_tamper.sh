#!/usr/bin/env bash
# cli_import_tamper.sh: what an import derived from a file is in the
# integrity chain (SQLite user_version 15, core/chain.h): importer
# messages (run_warning), launch evidence, launch settings and a run's
# counts of each metric (run_metric). Before, a row of them deleted or
# edited with sqlite3 went unseen by verify and every screen; the launch
# evidence is what resume-check reads to see a resume the log announced.
# Each tamper below is done as an attacker would (the append-only trigger
# dropped first where there is one): verify exits 1 naming the row in its
# words, and runs, compare and resume-check print the store ALTERED. A
# store of user_version 14 (those rows outside the chain, made here from
# an intact store as no older dualtrack is at hand) is sealed by its
# migration: intact, then the same deletion is found.
# usage: cli_import_tamper.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER="auditor"
log="$(dirname "$0")/fixtures/resume/megatron_batch_change.log"
# The log (by hand): 5 metrics of 5 points, launches at lines 1 and 9
# (Megatron argument banners) and a checkpoint load at line 12
# (megatron_loading, step 30): 3 rows of launch evidence; global batch and
# total steps logged by each launch: 4 launch settings; 2 warnings (the
# new launch, the batch change).
"$bin" --db "$db" import --platform trn2 --run p "$log" >/dev/null 2>&1
check "import (exit 0)" test $? -eq 0
sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
check "rows: 3 launch evidence, 4 launch settings, 2 messages, 5 metric counts" test \
  "$(sqlite3 "$db" "SELECT (SELECT count(*) FROM launch_evidence), (SELECT count(*) FROM launch_setting), (SELECT count(*) FROM run_warning), (SELECT count(*) FROM run_metric)")" = "3|4|2|5"
# run 1, series and levels 2..11, then in import order: launch evidence
# 12..14, settings 15..18, messages 19..20, the file once its SHA-256 is
# known 21, counts 22..26, the run with its format and segments 27
check "each row has its chain record, in import order" test \
  "$(sqlite3 "$db" "SELECT group_concat(id || ':' || kind || ':' || ref, ' ') FROM (SELECT * FROM chain_record WHERE id > 11 ORDER BY id)")" = \
  "12:launch_evidence:1/0 13:launch_evidence:1/1 14:launch_evidence:1/2 15:launch_setting:1/0 16:launch_setting:1/1 17:launch_setting:1/2 18:launch_setting:1/3 19:run_warning:1 20:run_warning:2 21:run_file:1 22:run_metric:1/consumed_samples 23:run_metric:1/elapsed_time_per_iteration 24:run_metric:1/lr 25:run_metric:1/loss 26:run_metric:1/loss_scale 27:run:1"
"$bin" --db "$db" verify >"$tmp/v0" 2>&1
check "intact: verify exits 0, 27 records" test \
  "$?:$(sed -n 1p "$tmp/v0")" = "0:integrity intact: 27 records (people's records, runs, files and what their import found, series)"
check "the tables refuse a change: delete of launch evidence" \
  sh -c '! sqlite3 "$0" "DELETE FROM launch_evidence" 2>/dev/null' "$db"
check "... update of a message, of a count's key" sh -c \
  '! sqlite3 "$0" "UPDATE run_warning SET text = 1" 2>/dev/null &&
   ! sqlite3 "$0" "UPDATE run_metric SET metric = 1" 2>/dev/null &&
   ! sqlite3 "$0" "DELETE FROM run_metric" 2>/dev/null &&
   ! sqlite3 "$0" "DELETE FROM launch_setting" 2>/dev/null' "$db"

# 1. The resume's evidence deleted (launch 2's checkpoint load, seq 2).
t1="$tmp/t1.db"
cp "$db" "$t1"
sqlite3 "$t1" "DROP TRIGGER launch_evidence_no_delete;
  DELETE FROM launch_evidence WHERE file_id = 1 AND seq = 2;"
why="launch evidence 1/2 (marker): deleted (chain record 14 has no row)"
"$bin" --db "$t1" verify >"$tmp/v1" 2>"$tmp/v1.err"
check "evidence deleted: verify exits 1 naming the row" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v1")" = "1:integrity ALTERED: first altered record: $why"
line="integrity ALTERED: $why; the verdict rests on records that are not genuine (dualtrack verify lists all)"
"$bin" --db "$t1" runs >"$tmp/r1" 2>/dev/null
check "evidence deleted: runs ends with the integrity line" test \
  "$(tail -n 1 "$tmp/r1")" = "integrity ALTERED: $why; records of this store are not genuine (dualtrack verify lists all)"
"$bin" --db "$t1" compare p p >"$tmp/c1" 2>/dev/null
check "evidence deleted: compare exits 1 with the integrity line" test \
  "$?:$(tail -n 1 "$tmp/c1")" = "1:$line"
"$bin" --db "$t1" resume-check p >"$tmp/k1" 2>/dev/null
check "evidence deleted: resume-check exits 1 with the integrity line" test \
  "$?:$(tail -n 1 "$tmp/k1")" = "1:$line"

# 2. A warning's text edited.
t2="$tmp/t2.db"
cp "$db" "$t2"
sqlite3 "$t2" "DROP TRIGGER run_warning_no_update;
  UPDATE run_warning SET text = 'all fine' WHERE id = 2;"
"$bin" --db "$t2" verify >"$tmp/v2" 2>/dev/null
check "warning edited: verify exits 1 naming the row" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v2")" = \
  "1:integrity ALTERED: first altered record: importer message 2 (warning): the stored row differs from chain record 20 (altered)"

# 3. A metric's count edited (no trigger to drop: the counts of a run are
# rewritten by dualtrack as its files change, each version chained).
t3="$tmp/t3.db"
cp "$db" "$t3"
sqlite3 "$t3" "UPDATE run_metric SET points = 6 WHERE metric = 'loss';"
"$bin" --db "$t3" verify >"$tmp/v3" 2>/dev/null
check "count edited: verify exits 1 naming the row" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v3")" = \
  "1:integrity ALTERED: first altered record: metric counts 1/loss (loss): the stored row differs from chain record 25 (altered)"

# 4. A launch setting deleted.
t4="$tmp/t4.db"
cp "$db" "$t4"
sqlite3 "$t4" "DROP TRIGGER launch_setting_no_delete;
  DELETE FROM launch_setting WHERE file_id = 1 AND seq = 3;"
"$bin" --db "$t4" verify >"$tmp/v4" 2>/dev/null
check "setting deleted: verify exits 1 naming the row" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v4")" = \
  "1:integrity ALTERED: first altered record: launch setting 1/3 (total_steps): deleted (chain record 18 has no row)"

# A store of user_version 14: 12 records (run, file, series, levels), the
# 14 rows above outside the chain, no triggers on their tables.
old="$tmp/old.db"
cp "$db" "$old"
store_before_import_seal "$old"
check "made a version-14 store: 12 records" test \
  "$(sqlite3 "$old" "PRAGMA user_version; SELECT count(*) FROM chain_record" | tr '\n' ' ')" = "14 12 "
"$bin" --db "$old" store init >"$tmp/i" 2>&1
check "store init migrates it (exit 0), no trigger reported missing" test \
  "$?:$(grep -ci trigger "$tmp/i")" = "0:0"
check "user_version 17 (the newest); the 14 rows chained after the 12 records, kind by kind, then the run's record of its format and segments (user_version 17)" test \
  "$(sqlite3 "$old" "PRAGMA user_version; SELECT group_concat(id || ':' || kind || ':' || ref, ' ') FROM (SELECT * FROM chain_record WHERE id > 12 ORDER BY id)" | tr '\n' ' ')" = \
  "17 13:run_warning:1 14:run_warning:2 15:launch_evidence:1/0 16:launch_evidence:1/1 17:launch_evidence:1/2 18:launch_setting:1/0 19:launch_setting:1/1 20:launch_setting:1/2 21:launch_setting:1/3 22:run_metric:1/consumed_samples 23:run_metric:1/elapsed_time_per_iteration 24:run_metric:1/lr 25:run_metric:1/loss 26:run_metric:1/loss_scale 27:run:1 "
check "the 8 append-only triggers made" test \
  "$(sqlite3 "$old" "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('run_warning', 'launch_evidence', 'launch_setting', 'run_metric')")" = 8
"$bin" --db "$old" verify >"$tmp/v5" 2>&1
check "migrated: verify intact (exit 0)" test $? -eq 0
"$bin" --db "$old" store init >/dev/null 2>&1
check "opened again: nothing chained twice" test \
  "$(sqlite3 "$old" "SELECT count(*) FROM chain_record")" = 27
sqlite3 "$old" "DROP TRIGGER launch_evidence_no_delete;
  DELETE FROM launch_evidence WHERE file_id = 1 AND seq = 2;"
"$bin" --db "$old" verify >"$tmp/v6" 2>/dev/null
check "migrated, then the evidence deleted: verify exits 1 naming it" test \
  "$?:$(grep -E '^integrity (ALTERED|intact)' "$tmp/v6")" = \
  "1:integrity ALTERED: first altered record: launch evidence 1/2 (marker): deleted (chain record 17 has no row)"
finish

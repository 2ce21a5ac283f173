#!/usr/bin/env bash
# cli_series_tamper.sh: stored series values altered behind the
# append-only triggers are never shown as genuine. On a copy of the demo
# store the trigger is dropped and the first two stored loss values of
# the pilot run (series 2/loss: 2200 values, 17600 bytes) are swapped by
# sqlite3, so the BLOB keeps its length and only its SHA-256 tells. The
# cheap chain check every command runs skips the series; each reader
# hashes the series it reads and compares the digest with its chain
# record (tamper_series, lib_tamper.sh: compare, pilot show, gate,
# export, decide, verify --against, sign). The intact demo store says
# intact everywhere, and verify names the same record.
# usage: cli_series_tamper.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
. "$(dirname "$0")/lib_tamper.sh"
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER="auditor"
G=llama3-8b-lora-gpu-a100 T=llama3-8b-lora-trn2-pilot P=llama3-8b-lora-trn2
base="$tmp/base.db"
"$bin" --db "$base" demo --no-tui >/dev/null 2>&1
sqlite3 "$base" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
id=$(sqlite3 "$base" "SELECT id FROM chain_record WHERE kind = 'raw_series'
  AND ref = '2/loss'")
check "the demo's pilot loss is series 2/loss of $T, 2200 values" test \
  "$(sqlite3 "$base" "SELECT r.name || ' ' || s.n || ' ' || length(s.vals)
     FROM raw_series s JOIN run_file f ON f.id = s.file_id
     JOIN run r ON r.id = f.run_id WHERE s.file_id = 2 AND s.metric = 'loss'")" \
  = "$T 2200 17600"

# intact: nothing said
"$bin" --db "$base" compare $G $T >"$tmp/ok.c" 2>"$tmp/ok.err"
check "intact: compare exits 0" test $? -eq 0
check "intact: compare says nothing of integrity" test \
  "$(grep -c "ALTERED" "$tmp/ok.c" "$tmp/ok.err" | awk -F: '{s += $2} END {print s}')" = 0
"$bin" --db "$base" compare $G $T --json --no-points >"$tmp/ok.cj" 2>/dev/null
check "intact: compare --json integrity intact" py "
import json
g = json.load(open('$tmp/ok.cj'))['integrity']
assert g['checked'] is True and g['intact'] is True, g
assert g['first_bad_id'] is None and g['reason'] is None, g
"
"$bin" --db "$base" pilot show $P >"$tmp/ok.show" 2>/dev/null
check "intact: pilot show integrity: intact" grep -qx "integrity: intact" "$tmp/ok.show"

# (|| makes text: CAST keeps every byte, a BLOB of the same length)
db="$tmp/swap.db"
cp "$base" "$db"
sqlite3 "$db" "DROP TRIGGER raw_series_no_update;
  UPDATE raw_series SET vals = CAST(substr(vals, 9, 8) || substr(vals, 1, 8) ||
  substr(vals, 17) AS BLOB) WHERE file_id = 2 AND metric = 'loss'"
check "swapped: the BLOB keeps its length, its values differ" test \
  "$(sqlite3 "$db" "SELECT typeof(vals) || ' ' || length(vals) FROM raw_series WHERE file_id = 2 AND
     metric = 'loss'") $(sqlite3 "$base" "SELECT hex(substr(vals, 1, 8)) FROM
     raw_series WHERE file_id = 2 AND metric = 'loss'")" = \
  "blob 17600 $(sqlite3 "$db" "SELECT hex(substr(vals, 9, 8)) FROM raw_series
     WHERE file_id = 2 AND metric = 'loss'")"
"$bin" --db "$db" verify >"$tmp/v" 2>/dev/null
check "swapped: verify exits 1 naming chain record $id" grep -qxF \
  "integrity ALTERED: first altered record: stored series 2/loss (loss): the stored row differs from chain record $id (altered)" \
  "$tmp/v"
tamper_series swap "$db" "$id" "$base"
tamper_series_ack swap "$db" "$id"

# the baseline's loss swapped: read by the one-pass comparison
cp "$base" "$tmp/lean.db"
sqlite3 "$tmp/lean.db" "DROP TRIGGER raw_series_no_update;
  UPDATE raw_series SET vals = CAST(substr(vals, 9, 8) || substr(vals, 1, 8) ||
  substr(vals, 17) AS BLOB) WHERE file_id = 1 AND metric = 'loss'"
lid=$(sqlite3 "$base" "SELECT id FROM chain_record WHERE kind = 'raw_series'
  AND ref = '1/loss'")
"$bin" --db "$tmp/lean.db" compare $G $G --json --no-points >"$tmp/lean.j" 2>/dev/null
check "one pass: compare exits 1" test $? -eq 1
check "one pass: the baseline's series is named" py "
import json
g = json.load(open('$tmp/lean.j'))['integrity']
assert g['intact'] is False and g['first_bad_id'] == $lid, g
assert g['reason'] == 'stored series 1/loss (loss): the stored row differs from chain record $lid (altered)', g
"
finish

#!/usr/bin/env bash
# cli_integrity_lines.sh: compare --csv / --json say on stderr why they
# exit 1 on an altered store (the text's integrity line, the same
# formatter: dt_print_integrity_text), and runs prints that line when the
# store's cheap check finds a record altered. Each says only what is true
# of its output: compare and resume-check that the verdict rests on
# records that are not genuine, series (no verdict) whether the values it
# shows are the ones imported, runs that records are not genuine. The
# record is named once (verify's words say "chain record N"). Demo store copies: the
# pilot's loss values swapped (series 2/loss), decision 1's rationale
# changed (both behind a dropped trigger, sqlite3).
# usage: cli_integrity_lines.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER="auditor"
G=llama3-8b-lora-gpu-a100 T=llama3-8b-lora-trn2-pilot
base="$tmp/base.db"
"$bin" --db "$base" demo --no-tui >/dev/null 2>&1
"$bin" --db "$base" compare $G $T --csv >/dev/null 2>"$tmp/ok.err"
check "intact: compare --csv exits 0, nothing on stderr" test "$?:$(wc -c <"$tmp/ok.err")" = "0:0"
"$bin" --db "$base" runs >"$tmp/ok.runs" 2>&1
check "intact: runs says nothing of integrity" test "$(grep -c integrity "$tmp/ok.runs")" = 0

cp "$base" "$tmp/s.db"
sqlite3 "$tmp/s.db" "DROP TRIGGER raw_series_no_update;
  UPDATE raw_series SET vals = CAST(substr(vals, 9, 8) || substr(vals, 1, 8) ||
  substr(vals, 17) AS BLOB) WHERE file_id = 2 AND metric = 'loss'"
sid=$(sqlite3 "$base" "SELECT id FROM chain_record WHERE kind = 'raw_series' AND ref = '2/loss'")
line="integrity ALTERED: stored series 2/loss (loss): the stored row differs from chain record $sid (altered); the verdict rests on records that are not genuine (dualtrack verify lists all)"
"$bin" --db "$tmp/s.db" compare $G $T --csv >"$tmp/s.csv" 2>"$tmp/s.err"
check "series swapped: compare --csv exits 1" test $? -eq 1
check "... stdout is the CSV alone" test "$(head -n 1 "$tmp/s.csv")" = "step,baseline,pilot,rel_diff,breach"
check "... stderr says why (the text's line)" grep -qxF "$line" "$tmp/s.err"
"$bin" --db "$tmp/s.db" compare $G $T --json --no-points >/dev/null 2>"$tmp/s.jerr"
check "series swapped: compare --json: the same line on stderr" grep -qxF "$line" "$tmp/s.jerr"

cp "$base" "$tmp/d.db"
sqlite3 "$tmp/d.db" "DROP TRIGGER decision_no_update; UPDATE decision SET rationale = 'forged' WHERE id = 1"
did=$(sqlite3 "$base" "SELECT id FROM chain_record WHERE kind = 'decision' AND ref = '1'")
"$bin" --db "$tmp/d.db" runs >"$tmp/d.runs" 2>/dev/null
check "decision altered: runs exits 0 (a listing)" test $? -eq 0
dline="integrity ALTERED: decision 1 (continue): the stored row differs from chain record $did (altered)"
check "... its last line is the integrity line (a listing: no verdict)" test "$(tail -n 1 "$tmp/d.runs")" = \
  "$dline; records of this store are not genuine (dualtrack verify lists all)"
# series has no verdict: its curve matched its seal, another record did not
"$bin" --db "$tmp/d.db" series $T >"$tmp/d.s" 2>/dev/null
check "decision altered: series exits 1, says its values match their seal" test \
  "$?:$(tail -n 1 "$tmp/d.s")" = \
  "1:$dline; the values shown match their seal; other records are not genuine (dualtrack verify lists all)"
"$bin" --db "$tmp/d.db" series $T --csv >/dev/null 2>"$tmp/d.serr"
check "... series --csv: the same line last on stderr" test "$(tail -n 1 "$tmp/d.serr")" = \
  "$dline; the values shown match their seal; other records are not genuine (dualtrack verify lists all)"
"$bin" --db "$tmp/d.db" resume-check $T >"$tmp/d.r" 2>/dev/null
check "... resume-check keeps the verdict's wording" test "$(tail -n 1 "$tmp/d.r")" = \
  "$dline; the verdict rests on records that are not genuine (dualtrack verify lists all)"
"$bin" --db "$tmp/s.db" series $T $G --metric loss >"$tmp/s.tidy" 2>/dev/null
check "series swapped: series (tidy table) says the values shown are not the ones imported" test \
  "$(tail -n 1 "$tmp/s.tidy")" = \
  "integrity ALTERED: stored series 2/loss (loss): the stored row differs from chain record $sid (altered); the values shown are not the ones imported (dualtrack verify lists all)"
"$bin" --db "$tmp/d.db" runs --json >"$tmp/d.json" 2>"$tmp/d.jerr"
check "... runs --json: JSON on stdout, the line on stderr" py "
import json; json.load(open('$tmp/d.json'))
assert open('$tmp/d.jerr').read().count('integrity ALTERED: decision 1 (continue): the stored row differs from chain record $did (altered);') == 1"
finish

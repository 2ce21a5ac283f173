#!/usr/bin/env bash
# cli_import_named_twice.sh: one file named twice in one import command
# (`import --run tw F F`, or F and ./F, or F and a symlink to it) was
# refused with "FILE: refused, run 'tw' already holds this file" though
# the run did not exist yet (reliability trial). Still refused (exit 2,
# nothing stored), now saying the file was named twice in this import.
# A run that really holds the file is refused as before.
# usage: cli_import_named_twice.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
printf 'step,loss\n1,2.5\n2,2.4\n' >"$tmp/F.csv"
ln -s F.csv "$tmp/L.csv"
sha=$(sha256sum "$tmp/F.csv" | cut -c1-16)

said "the same path twice" \
  "dualtrack: $tmp/F.csv: named twice in this import; nothing imported" \
  "$bin" --db "$db" import --platform gpu --run tw "$tmp/F.csv" "$tmp/F.csv"
check "  not 'already holds'" sh -c "! grep -q 'already holds' '$tmp/e'"

said "F.csv and ./F.csv" \
  "dualtrack: ./F.csv: named twice in this import (the same content as F.csv, SHA-256 $sha...); nothing imported" \
  sh -c 'cd "$1" && "$2" --db "$3" import --platform gpu --run tw F.csv ./F.csv' _ "$tmp" "$bin" "$db"

said "a file and a symlink to it" \
  "dualtrack: $tmp/L.csv: named twice in this import (the same content as $tmp/F.csv, SHA-256 $sha...); nothing imported" \
  "$bin" --db "$db" import --platform gpu --run tw "$tmp/F.csv" "$tmp/L.csv"

# nothing was stored: the run is new to this import
"$bin" --db "$db" import --platform gpu --run tw "$tmp/F.csv" >"$tmp/o" 2>&1
check "then imported once: exit 0" test $? -eq 0
check "  2 points" grep -qF "csv, 2 points in 1 metric" "$tmp/o"

# the run now holds it: the message as before
said "a run that holds the file: as before" \
  "dualtrack: $tmp/F.csv: refused, run 'tw' already holds this file (SHA-256 $sha...); nothing imported" \
  "$bin" --db "$db" import --platform gpu --run tw "$tmp/F.csv"
finish

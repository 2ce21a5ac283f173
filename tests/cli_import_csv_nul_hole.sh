#!/usr/bin/env bash
# cli_import_csv_nul_hole.sh: a block of NUL bytes in the middle of a CSV
# (a hole left by a crash, a preallocated file written past) was refused
# with "FILE:60002: expected an integer step in column 'step', found
# '????...'" (the NULs quoted as '?'; reliability trial). Still refused
# (exit 2, file and line named), now saying how many NUL bytes the line
# holds. A cell that is not a number is quoted as before.
# usage: cli_import_csv_nul_hole.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
python3 -c "
import sys
L = [b'%d,2.5\n' % s for s in range(1, 120001)]
sys.stdout.buffer.write(b'step,loss\n' + b''.join(L[:60000]) + b'\0' * 8192 + b''.join(L[60000:]))
" >"$tmp/m.csv"
said "8192 NUL bytes at line 60002" \
  "dualtrack: $tmp/m.csv:60002: expected an integer step in column 'step', found 8192 NUL bytes (a hole in the file?)" \
  "$bin" --db "$db" import --platform gpu "$tmp/m.csv"

printf 'step,loss\n1,2.5\n2,\0x\n' >"$tmp/one.csv"
said "one NUL in a loss cell" \
  "dualtrack: $tmp/one.csv:3: expected a number in column 'loss', found 1 NUL byte (a hole in the file?)" \
  "$bin" --db "$db" import --platform gpu "$tmp/one.csv"

printf 'step,loss\n1,2.5\nx2,2.4\n' >"$tmp/bad.csv"
said "a cell that is not a number: as before" \
  "dualtrack: $tmp/bad.csv:3: expected an integer step in column 'step', found 'x2'" \
  "$bin" --db "$db" import --platform gpu "$tmp/bad.csv"
check "nothing stored" test "$(sqlite3 "$db" 'SELECT count(*) FROM run' 2>/dev/null || echo 0)" = 0
finish

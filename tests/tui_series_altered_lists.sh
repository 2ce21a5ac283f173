#!/usr/bin/env bash
# tui_series_altered_lists.sh: a stored series altered behind the
# append-only trigger is flagged by the listings from the start (new-user
# trial: `runs` and `pilot list` said nothing, even on stderr; the TUI
# pilot list's title had no mark until the overview had read the series,
# and the run list never showed it). On a copy of the demo store the
# trigger raw_series_no_update is dropped and the first stored loss value
# of the pilot run (series 2/loss, little-endian doubles) is scaled by 1.5
# with python3. The listing check re-hashes every stored series (verify's
# check): runs and pilot list end with the integrity line naming verify's
# record, the TUI pilot list and run list titles say "ALTERED records!"
# at once. The intact store says nothing.
# $1 = dualtrack binary; exit 77 without tmux, sqlite3 or python3.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
command -v sqlite3 >/dev/null 2>&1 || { echo "sqlite3 not found: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tui_setup dtseralt "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
db="$tmp/x.db"
"$BIN" --db "$tmp/base.db" demo --no-tui >/dev/null 2>&1 || { echo "FAIL: demo"; exit 1; }
sqlite3 "$tmp/base.db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
"$BIN" --db "$tmp/base.db" runs >"$tmp/ok.runs" 2>&1
"$BIN" --db "$tmp/base.db" pilot list >"$tmp/ok.list" 2>&1
[ "$(cat "$tmp/ok.runs" "$tmp/ok.list" | grep -c ALTERED)" = 0 ] ||
	{ echo "FAIL: intact store: ALTERED said"; fail=1; }
cp "$tmp/base.db" "$db"
id=$(sqlite3 "$db" "SELECT id FROM chain_record WHERE kind = 'raw_series' AND ref = '2/loss'")
python3 - "$db" <<'PY' || { echo "FAIL: alter"; exit 1; }
import sqlite3, struct, sys
c = sqlite3.connect(sys.argv[1])
c.execute("DROP TRIGGER raw_series_no_update")
v = bytearray(c.execute("SELECT vals FROM raw_series WHERE file_id = 2 AND metric = 'loss'").fetchone()[0])
x = struct.unpack_from('<d', v, 0)[0]
struct.pack_into('<d', v, 0, x * 1.5)
c.execute("UPDATE raw_series SET vals = ? WHERE file_id = 2 AND metric = 'loss'", (bytes(v),))
c.commit()
PY
line="integrity ALTERED: stored series 2/loss (loss): the stored row differs from chain record $id (altered); records of this store are not genuine (dualtrack verify lists all)"
"$BIN" --db "$db" runs >"$tmp/runs.out" 2>/dev/null
[ "$(tail -n 1 "$tmp/runs.out")" = "$line" ] ||
	{ echo "FAIL: runs: last line not: $line"; cat "$tmp/runs.out"; fail=1; }
"$BIN" --db "$db" pilot list >"$tmp/list.out" 2>/dev/null
[ "$(tail -n 1 "$tmp/list.out")" = "$line" ] ||
	{ echo "FAIL: pilot list: last line not: $line"; cat "$tmp/list.out"; fail=1; }
"$BIN" --db "$db" pilot list --json 2>"$tmp/list.err" >/dev/null
grep -qxF "$line" "$tmp/list.err" ||
	{ echo "FAIL: pilot list --json: no line on stderr"; cat "$tmp/list.err"; fail=1; }

tui_start 100 30 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=ana
wait_for "pilots (1)" || exit 1
expect_line '^ ALTERED records! dualtrack — x.db — pilots \(1\)'
keys Tab
wait_for "runs (" || exit 1
expect_line '^ ALTERED records! dualtrack — x.db — runs \('
keys Q
wait_for "EXIT=0"
exit $fail

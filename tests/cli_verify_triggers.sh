#!/usr/bin/env bash
# cli_verify_triggers.sh: verify fails on a store whose append-only
# triggers were dropped (the new-user trial: it printed "integrity
# intact" and exited 0, only stderr said "1 append-only trigger was
# missing"). verify opens the store read-only and restores nothing; it
# names the missing triggers on its first line (text) and in
# triggers_missing (JSON) and exits 1; store init (a writing open)
# restores them and verify exits 0 again.
# usage: cli_verify_triggers.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
command -v sqlite3 >/dev/null || { echo "no sqlite3: skipped"; exit 77; }
export DUALTRACK_USER="auditor"
"$bin" --db "$db" demo --no-tui >/dev/null 2>&1
"$bin" --db "$db" verify >"$tmp/v0" 2>"$tmp/v0.err"
check "intact: verify exits 0" test $? -eq 0
check "intact: no trigger line, nothing on stderr" \
  test "$(grep -c MISSING "$tmp/v0"):$(wc -c <"$tmp/v0.err")" = "0:0"
"$bin" --db "$db" verify --json >"$tmp/j0"
check "intact: triggers_missing []" py "
import json; assert json.load(open('$tmp/j0'))['triggers_missing'] == []"

sqlite3 "$db" "DROP TRIGGER series_lod_no_update"
"$bin" --db "$db" verify >"$tmp/v1" 2>/dev/null
check "one dropped: verify exits 1" test $? -eq 1
check "one dropped: the first line names it" test "$(head -n 1 "$tmp/v1")" = \
  "append-only trigger MISSING: series_lod_no_update (someone removed the protection; dualtrack store init restores it)"
check "one dropped: the records themselves are intact (said as such)" \
  grep -q "^integrity intact: " "$tmp/v1"

sqlite3 "$db" "DROP TRIGGER decision_no_delete"
"$bin" --db "$db" verify >"$tmp/v2" 2>/dev/null
check "two dropped: verify exits 1" test $? -eq 1
check "two dropped: both named" test "$(head -n 1 "$tmp/v2")" = \
  "append-only triggers MISSING: decision_no_delete, series_lod_no_update (someone removed the protection; dualtrack store init restores them)"
"$bin" --db "$db" verify --json >"$tmp/j2" 2>/dev/null
check "two dropped: verify --json exits 1" test $? -eq 1
check "two dropped: triggers_missing names both" py "
import json; d = json.load(open('$tmp/j2'))
assert d['triggers_missing'] == ['decision_no_delete', 'series_lod_no_update'], d
assert d['intact'] is True, d"

"$bin" --db "$db" store init >/dev/null 2>&1
check "store init restores them" test "$(sqlite3 "$db" "SELECT count(*) FROM
  sqlite_master WHERE type = 'trigger' AND name IN ('decision_no_delete',
  'series_lod_no_update')")" = 2
"$bin" --db "$db" verify >"$tmp/v3" 2>/dev/null
check "restored: verify exits 0" test $? -eq 0

# every trigger dropped: more names than the line holds; the list ends
# with a count of the rest, never cut without a mark
all=$(sqlite3 "$db" "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'")
sqlite3 "$db" "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_master WHERE type = 'trigger'" |
  sqlite3 "$db"
"$bin" --db "$db" verify >"$tmp/v4" 2>/dev/null
check "all dropped: verify exits 1" test $? -eq 1
check "all dropped: the first line ends with '+N more' where names did not fit" \
  grep -Eq "^append-only triggers MISSING: chain_record_no_update, .*, \+[0-9]+ more \(someone removed" "$tmp/v4"
"$bin" --db "$db" verify --json >"$tmp/j4" 2>/dev/null
check "all dropped: --json counts all $all, names only real triggers" py "
import json, re; d = json.load(open('$tmp/j4'))
assert d['triggers_missing_count'] == $all, d
assert 0 < len(d['triggers_missing']) < $all, d
assert all(re.fullmatch(r'[a-z_]+_no_(update|delete)', n) for n in d['triggers_missing']), d
shown = re.search(r'\+([0-9]+) more', open('$tmp/v4').read()).group(1)
assert len(d['triggers_missing']) + int(shown) == $all, (shown, d)"
finish

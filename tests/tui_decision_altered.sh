#!/usr/bin/env bash
# tui_decision_altered.sh: a decision forged behind the append-only
# trigger is marked ALTERED on its own row, in every list (new-user
# trial: pilot list printed "roll-back" on stdout with the ALTERED note on
# stderr only, and the TUI decision log showed "#2 roll-back ... current"
# with no mark on the row). Demo store (#1 continue by ana), then #2
# defer by ana; the trigger decision_no_update dropped, #2's kind set to
# roll-back, the trigger made again from its stored SQL. The chain check
# finds decision 2's row altered (its chain record says defer):
# - pilot list: "roll-back ALTERED" in the decision column, on stdout;
#   --json latest_decision_altered true;
# - pilot show: "#2 roll-back ALTERED at ...", #1 unmarked;
# - TUI pilot list: the row's decision "roll-back ALTERED"; the decision
#   log: "#2 roll-back ALTERED ... current", "#1 continue ... superseded
#   by #2" (unmarked).
# $1 = dualtrack binary; exit 77 without tmux or sqlite3.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
command -v sqlite3 >/dev/null 2>&1 || { echo "sqlite3 not found: skipped"; exit 77; }
tui_setup dtdecalt "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
db="$tmp/x.db"
"$BIN" --db "$db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
"$BIN" --db "$db" decide llama3-8b-lora-trn2 defer --rationale "wait" \
	--decider "A. Rivera:researcher" >/dev/null || { echo "FAIL: decide"; exit 1; }
trig=$(sqlite3 "$db" "select sql from sqlite_master where name = 'decision_no_update'")
sqlite3 "$db" "drop trigger decision_no_update;
  update decision set kind = 'roll-back' where id = 2; $trig;" ||
	{ echo "FAIL: forge"; exit 1; }

"$BIN" --db "$db" pilot list >"$tmp/list.out" 2>"$tmp/list.err"
grep -qE '^llama3-8b-lora-trn2 +1/1 +[0-9]+ +[0-9]+ +[0-9]+ +roll-back ALTERED 2026-' "$tmp/list.out" ||
	{ echo "FAIL: pilot list: no 'roll-back ALTERED' on stdout"; cat "$tmp/list.out"; fail=1; }
"$BIN" --db "$db" pilot list --json 2>/dev/null | python3 -c "
import json, sys; p = json.load(sys.stdin)['pilots'][0]
assert p['latest_decision'] == 'roll-back' and p['latest_decision_altered'] is True, p" ||
	{ echo "FAIL: pilot list --json: latest_decision_altered"; fail=1; }
"$BIN" --db "$db" pilot show llama3-8b-lora-trn2 >"$tmp/show.out" 2>/dev/null
grep -qxF '  #2 roll-back ALTERED at 2026-11-29T10:00:00Z by ana: wait' "$tmp/show.out" ||
	{ echo "FAIL: pilot show: #2 not marked"; grep '^  #' "$tmp/show.out"; fail=1; }
grep -qE '^  #1 continue at ' "$tmp/show.out" ||
	{ echo "FAIL: pilot show: #1 marked"; grep '^  #' "$tmp/show.out"; fail=1; }

tui_start 120 40 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=ana
wait_for "pilots (1)" || exit 1
expect_line '^ +llama3-8b-lora-trn2 .* roll-back ALTERED'
keys Enter
wait_for "— overview" || exit 1
keys 5
wait_for "— decision log" || exit 1
expect_line '^ #2    roll-back ALTERED +2026-11-29 10:00 ana +[0-9a-f]{12}… current$'
expect_line '^ #1    continue +2026-11-29 10:00 ana +[0-9a-f]{12}… superseded by #2$'
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_decision_deciders.sh: the decision log shows every decider while
# the screen has rows for them. Demo store, times and actor fixed; a
# 'continue' decided by 6 deciders with long names (4 rows at 80
# columns); Enter opens the pilot, 5 its decision log.
# 1. 80x24: the deciders take their 4 rows, the last 'Lucas
#    Oyelaran-Fitzgerald (platform)', then the evidence digest, the chain
#    hashes and the rationale (they were cut at 2 rows, '… Dmitri
#    Alexandro…', with 9 rows free below); whole screen;
# 2. 120x40: 3 rows, no mark; whole screen;
# 3. 60x16: no room for all: the deciders' last row ends in the cut mark,
#    the evidence digest and the chain hashes are still shown.
# Goldens decisions-deciders-*.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdeciders "${1:-}"
G=$(cd "$(dirname "$0")" && pwd)/golden
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
env $FIX "$BIN" --db "$tmp/x.db" decide llama3-8b-lora-trn2 continue \
	--rationale "loss tracks the baseline; keep going to step 2000" \
	--decider "Alexandra Lee-Whitmore:training-engineer" \
	--decider "Bartholomew Okonkwo-Smith:researcher" \
	--decider "Christina Vanderberg:platform" \
	--decider "Dmitri Alexandrovich Petrov:training-engineer" \
	--decider "Evangeline Thornbury:researcher" \
	--decider "Lucas Oyelaran-Fitzgerald:platform" >/dev/null \
	|| { echo "FAIL: decide"; exit 1; }

open_log() {
	tui_start "$1" "$2" $FIX
	wait_for "pilots (1)" || return 1
	keys Enter
	wait_for "— overview" || return 1
	keys 5
	wait_for "decision log" || return 1
}

open_log 80 24 || exit 1
screen_is "$G/decisions-deciders-80x24.txt"
keys Q
wait_for "EXIT=0"
$T kill-server 2>/dev/null; sleep 0.3

open_log 120 40 || exit 1
screen_is "$G/decisions-deciders-120x40.txt"
keys Q
wait_for "EXIT=0"
$T kill-server 2>/dev/null; sleep 0.3

open_log 60 16 || exit 1
expect_line '^ Bartholomew Okonkwo-Smith \(researcher\), Christina Vanderb…$'
expect_line '^ evidence sha256 \(what the decision rests on\):$'
expect_line '^ record hash$'
expect_line '^ previous$'
keys Q
wait_for "EXIT=0"
exit $fail

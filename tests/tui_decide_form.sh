#!/usr/bin/env bash
# tui_decide_form.sh: the decide form refuses a rationale or deciders as
# they are left, with the record's words (dt_decision_rationale_check,
# dt_decision_deciders_check, dt_decider_add), and the go warning never offers a record
# that would be refused. Demo store (3 items pending, so a go warns),
# 120x40; d opens the form: decision, rationale, deciders (pre-filled
# with the current decision's), [ record decision ].
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdecideform "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 120 40
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
rlo=$(printf '\xe2\x80\xae')

# 1. a go with a rationale holding U+202E (after "ok "): refused on the
# rationale row as it is left; no "y: record go anyway"
keys d
wait_for "current: #1 continue" || exit 1
keys g Enter
keys -l "ok ${rlo}x"
keys Enter
wait_for "rationale: invisible format character U+202E at byte 3" || exit 1
expect_line '!rationale'
keys Enter Enter Enter
sleep 0.3
if screen | grep -qF "record go anyway"; then
	echo "FAIL: the go warning offered a refused record"; screen; fail=1
fi
keys Escape
wait_for "cancelled: no decision recorded"

# 2. a decider name with U+202E appended to the pre-filled deciders:
# refused as the row is left
keys d
wait_for "current: #1 continue" || exit 1
keys Enter "fine" Enter
keys End # the pre-filled deciders are selected: End keeps them
keys -l "; X${rlo}:researcher"
keys Enter
wait_for "deciders: decider name: invisible format character U+202E at byte 1" || exit 1
expect_line '!deciders'
keys Escape
wait_for "cancelled: no decision recorded"

# 2b. eight more deciders appended to the pre-filled ones (nine or more):
# refused as the row is left, with the CLI's words (dt_decider_add)
keys d
wait_for "current: #1 continue" || exit 1
keys Enter "fine" Enter
keys End
keys -l "; D1:platform; D2:platform; D3:platform; D4:platform; D5:platform; D6:platform; D7:platform; D8:platform"
keys Enter
wait_for "deciders: a decision needs 1..8 deciders" || exit 1
expect_line '!deciders'
keys Escape
wait_for "cancelled: no decision recorded"

# 3. a blank rationale on the button: the record's words, the focus on
# the rationale; nothing recorded, no warning
keys d
wait_for "current: #1 continue" || exit 1
keys g Enter Enter Enter Enter
wait_for "a decision needs a rationale that is not blank" || exit 1
expect_line '!rationale'
if screen | grep -qF "record go anyway"; then
	echo "FAIL: the go warning offered a refused record"; screen; fail=1
fi
# typed now, the go warns (3 pending) and records on y
keys "parity passes" Enter Enter Enter
wait_for "y: record go anyway" || exit 1
keys y
wait_for "decision #2 go recorded by" || exit 1
expect_line "^ FORCED past open items: step4 \(pending\), step7 \(pending\), trial4 \(pending\)"

keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_forced_past.sh: the overview wraps what a forced go was forced past
# as it wraps the blocking list above it (dt_layout_items, one helper):
# every item, on as many rows as it needs (it was cut on one row, "step6
# (pending), step…", with blank rows below). Pilot "f" (all 12 items
# pending), go --force; 120x40, then 60x16 (the sections above give way:
# "+N rows not shown"), then the decision log ([5]) at 80x24.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtforcedpast "${1:-}"
dt() { "$BIN" --db "$tmp/x.db" "$@"; }
dt pilot new f >/dev/null || exit 1
dt decide f go --force --rationale "ship anyway" --decider "Ana:researcher" >/dev/null 2>&1 || exit 1
tui_start 120 40
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
# w = 120 - 17 = 103 columns
expect_line '^                blocking go: step1 \(pending\), step2 \(pending\), step3 \(pending\), step4 \(pending\), step5 \(pending\), step6$'
expect_line '^                forced past: step1 \(pending\), step2 \(pending\), step3 \(pending\), step4 \(pending\), step5 \(pending\), step6$'
[ "$(screen | grep -cxF '                (pending), step7 (pending), trial1 (pending), trial2 (pending), trial3 (pending), trial4 (pending),')" = 2 ] ||
	{ echo "FAIL: the second rows of both lists"; screen; fail=1; }
[ "$(screen | grep -cxF '                trial5 (pending)')" = 2 ] ||
	{ echo "FAIL: the third rows of both lists"; screen; fail=1; }
expect_line '^                ship anyway$'
if screen | grep -F 'forced past' | grep -qF '…'; then
	echo "FAIL: forced past cut"; screen; fail=1
fi
# 60x16: w = 43; the list on 8 rows, the sections above cut with a mark
$T resize-window -t t -x 60 -y 16
wait_for "rows not shown: [1]-[4] open the sections" || exit 1
expect_line '^                forced past: step1 \(pending\), step2$'
expect_line '^                \(pending\), step7 \(pending\), trial1$'
expect_line '^                \(pending\)$'
expect_line '^                deciders: Ana \(researcher\)$'
# the decision log shows it whole too
keys 5
wait_for "— decision log" || exit 1
$T resize-window -t t -x 80 -y 24
wait_re '^ FORCED past open items: step1 \(pending\), step2 \(pending\), step3 \(pending\),$'
expect_line '^ \(pending\)$'
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_strip.sh: the comparison's difference strip and loss axis say what
# they draw. Store: baseline "base" (gpu) loss 0.3*(200-s)/199 at steps
# 1..200 (0.3 .. 0: never negative, 0 at step 200); pilot "pilot" (trn2)
# the same except steps 100..120 at a quarter of it (-75 %). rtol 0.02 (the
# default). At 80x24 the strip has 3 rows; its range is narrowed until the
# tolerance band's rows are apart from the zero row (R about 5 %), so:
# - the dashed band rows are labelled with the tolerance, "+2.0%" and
#   "-2.0%" (was: +3.0% / -3.0% rows, or the band on the zero row), the
#   zero row "rel diff", and the legend says "╌ tolerance";
# - -75 % is beyond the range: the bottom row carries the clip mark "↓";
# - the loss axis ends at 0 (the data's minimum), never "-0.015".
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtstrip "${1:-}"
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 200; s++) printf "%d,%.6f\n", s, 0.3 * (200 - s) / 199 }' >"$tmp/b.csv"
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 200; s++) { v = 0.3 * (200 - s) / 199
	if (s >= 100 && s <= 120) v *= 0.25; printf "%d,%.6f\n", s, v } }' >"$tmp/p.csv"
"$BIN" --db "$tmp/x.db" import --platform gpu --run base "$tmp/b.csv" >/dev/null || exit 1
"$BIN" --db "$tmp/x.db" import --platform trn2 --run pilot "$tmp/p.csv" >/dev/null || exit 1
tui_start 80 24 XDG_CONFIG_HOME=$tmp/cfg
wait_for "runs (2)" || exit 1
keys Enter j Enter Enter
wait_for "cursor step 1 " || exit 1
wait_for "verdict FAIL"
# the band rows and their labels, the zero row, the legend
expect_line '^   \+2\.0% │.╌╌╌╌╌╌╌╌╌╌'
expect_line '^   -2\.0% │.*╌╌╌╌╌╌╌╌╌╌'
expect_line '^rel diff │'
expect_line '  ╌ tolerance'
screen | grep -E '^ *[-+][0-9.]+% │' | grep -vE '^   [-+]2\.0% │' &&
	{ echo "FAIL: a strip row is labelled other than the tolerance"; screen; fail=1; }
# -75 % at steps 100..120: clipped on the bottom row
expect_line '^   -2\.0% │.*↓'
# the loss axis: its bottom label is 0, no negative label
expect_line '^       0 ┤'
screen | grep -E '^ *-[0-9.e]+ ┤' &&
	{ echo "FAIL: a negative loss label"; screen; fail=1; }
keys Q
wait_for "EXIT=0"
exit $fail

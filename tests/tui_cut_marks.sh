#!/usr/bin/env bash
# tui_cut_marks.sh: text that does not fit ends in "…", never cut without
# a mark (README, "TUI keys"), on the screens a new-user trial found cut:
# - checklist "who" column: "Remote Lead" and "Meeting Room" (set with
#   DUALTRACK_USER) are "Remote Le…" / "Meeting R…" in the 10 columns of
#   an 80-column screen, whole at 120 columns (the column widens to 20);
# - decision log "entered by": "Alexandra Rivera" is "Alexandra R…" in 12
#   columns at 80, whole at 120 (up to 24 from 100 columns);
# - the findings dialog at 80x24 of a comparison without findings: its
#   sentence wraps whole ("... constant" / "values");
# - the comparison at 60x16 (the demo pilot, a compile note): the verdict
#   sentence gets all its rows, its last clause "warm-up 0" shows;
# - the run list with 22 runs at 80x24: 19 runs, the mark "+3 more (Down
#   scrolls)" under them on the row the picked runs leave (they move to
#   the row above the footer), "3 above (Up scrolls)" at the end (G);
#   with a message on that row, 18 runs and "4 above".
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtmarks "${1:-}"

db="$tmp/x.db"
P=llama3-8b-lora-trn2
"$BIN" --db "$db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
DUALTRACK_USER="Remote Lead" "$BIN" --db "$db" check $P step4 pass --note n \
	>/dev/null || fail=1
DUALTRACK_USER="Meeting Room" "$BIN" --db "$db" check $P step7 pass --note n \
	>/dev/null || fail=1
DUALTRACK_USER="Alexandra Rivera" "$BIN" --db "$db" decide $P continue \
	--rationale r --decider "A. Rivera:researcher" >/dev/null || fail=1
# two clean curves (no finding) and 18 more runs: 22 in all
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++) printf "%d,%.4f\n", s, 3 - s / 100 }' >"$tmp/c.csv"
"$BIN" --db "$db" import --platform gpu --run clean-gpu "$tmp/c.csv" >/dev/null || fail=1
"$BIN" --db "$db" import --platform trn2 --run clean-trn2 "$tmp/c.csv" >/dev/null || fail=1
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/s.csv"
for i in $(seq -w 1 18); do
	"$BIN" --db "$db" import --platform gpu --run "x$i" "$tmp/s.csv" >/dev/null || fail=1
done

tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1

# checklist: the who column at 80, then at 120 columns
keys 2
wait_for "— checklist" || exit 1
expect_line '^ step4    pass     Remote Le… [0-9-]{10} [0-9:]{5} pilot interrupted by hand; async…$'
expect_line '^ step7    pass     Meeting R… [0-9-]{10} [0-9:]{5} inconsistent item -> roll back t…$'
$T resize-window -t t -x 120 -y 40
wait_re "Remote Lead  [0-9-]{10} [0-9:]{5} pilot interrupted by hand; asynchronous checkpoint usable"
expect_line '^ step7    pass     Meeting Room [0-9-]{10} [0-9:]{5} inconsistent item -> roll back to GPU first, no scale-up$'
expect_line '^ step1    pass     root         [0-9-]{10} [0-9:]{5} GPU baseline fixed'

# decision log: entered by
keys 5
wait_for "— decision log" || exit 1
expect_line '^ #2    continue               [0-9-]{10} [0-9:]{5} Alexandra Rivera [0-9a-f]{12}… current$'
expect_line '^ #     decision               decided at \(UTC\) entered by       record hash$'
$T resize-window -t t -x 80 -y 24
wait_for "Alexandra R… current"
expect_line '^ #2    continue               [0-9-]{10} [0-9:]{5} Alexandra R… current$'
expect_line '^ #1    continue               [0-9-]{10} [0-9:]{5} root         superseded by #2$'

# the comparison at 60x16: the verdict sentence whole
keys q c
wait_for "cursor step 1 " || exit 1
$T resize-window -t t -x 60 -y 16
wait_for "|rel diff| 2.07% at step 1961; warm-up 0"
expect_line '^verdict PASS \(with 1 finding\): 2 of 2000 steps breach \|p-b\|$'
expect_line '^> 0 \+ 0\.02\*\|b\| \(allowed 20\); first breach at step 1733; max$'
# the compile note keeps its first row, with the mark
expect_line "^compile: pilot llama3-8b-lora-trn2-pilot's time includes gr…$"
$T resize-window -t t -x 80 -y 24
wait_for "[N] non_finite"

# the run list: 22 runs, 18 rows and the mark; at the end, what is above
keys Tab
wait_for "runs (22)" || exit 1
wait_for "+3 more (Down scrolls)"
[ "$(screen | sed -n 22p)" = "+3 more (Down scrolls)" ] ||
	{ echo "FAIL: the mark is not on row 22"; screen; fail=1; }
[ "$(screen | sed -n 21p | cut -c1-12)" = "   x15      " ] ||
	{ echo "FAIL: row 21 is not run x15"; screen; fail=1; }
[ "$(screen | sed -n 23p)" = "baseline: llama3-8b-lora-gpu-a100   pilot: llama3-8b-lora-trn2-pilot" ] ||
	{ echo "FAIL: row 23 is not the picked runs"; screen; fail=1; }
keys G
wait_for "3 above (Up scrolls)"
[ "$(screen | sed -n 21p | cut -c1-12)" = "   x18      " ] ||
	{ echo "FAIL: row 21 is not run x18"; screen; fail=1; }
# a message takes the row above the footer: the list gives a row
keys a
wait_for "x18 added as an extra GPU baseline"
[ "$(screen | sed -n 21p)" = "4 above (Up scrolls)" ] ||
	{ echo "FAIL: the mark is not on row 21 under a message"; screen; fail=1; }
[ "$(screen | sed -n 20p | cut -c1-12)" = "A  x18      " ] ||
	{ echo "FAIL: row 20 is not run x18"; screen; fail=1; }

# findings dialog of a comparison without findings, at 80x24
keys a
wait_for "x18 is no longer an extra baseline"
keys g j j b j p c
wait_for "loss: clean-gpu vs clean-trn2" || exit 1
keys f
wait_for "┌─ findings ─"
expect_line '^  │ no findings: no logging-scale mismatch, NaN/inf, zero loss or constant +│$'
expect_line '^  │ values +│$'

keys Q
wait_for "EXIT=0"
exit $fail

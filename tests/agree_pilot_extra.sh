#!/usr/bin/env bash
# agree_pilot_extra.sh: the comparison opened with c from a pilot's
# overview judges that pilot's runs only. A GPU run marked with a in the
# run list (an extra baseline for comparisons opened from the run list)
# is not the pilot's: it must not give the noise rule the second GPU run
# the pilot lacks (a new-user trial saw PASS there, "2 GPU runs", while
# the overview, pilot show and compare said INSUFFICIENT).
# $1 = dualtrack binary. Exit 77 (skipped) without tmux or python3.
#
# Store: baseline g, b(s) = 3 - 0.01 s, s = 1..100; pilot t = 1.001 b(s);
# a further GPU run g3 = b(s) (1 + 0.002 ((s mod 7) - 3)), imported but
# not attached. Pilot p (rule noise) has g and t attached: one GPU run,
# so the noise rule cannot decide: INSUFFICIENT, "the noise rule needs a
# second GPU baseline run", 0 of 100 steps breach the defaults
# (|t - b| = 0.001 b <= 0.02 b). With g3 counted the noise ratio would be
# defined and the verdict a PASS or FAIL.
set -u
BIN=${1:?usage: agree_pilot_extra.sh path/to/dualtrack}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtpx$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"

curve() {
	awk -v k="$1" 'BEGIN { print "step,loss"
	  for (s = 1; s <= 100; s++) { b = 3 - 0.01 * s; v = b
	    if (k == "t") v = 1.001 * b
	    if (k == "g3") v = b * (1 + 0.002 * ((s % 7) - 3))
	    printf "%d,%.6f\n", s, v } }'
}
dt() { "$BIN" --db "$tmp/s.db" "$@"; }
for k in g t g3; do curve "$k" >"$tmp/$k.csv"; done
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/t.csv" >/dev/null &&
dt import --platform gpu --run g3 "$tmp/g3.csv" >/dev/null &&
dt pilot new p --rule noise >/dev/null &&
dt attach p g --role baseline >/dev/null &&
dt attach p t --role pilot >/dev/null || exit 1

want="verdict INSUFFICIENT"
dt compare g t >"$tmp/cmp.txt"
has "compare: INSUFFICIENT" "$tmp/cmp.txt" "$want"
dt pilot show p >"$tmp/show.txt"
has "pilot show: INSUFFICIENT" "$tmp/show.txt" "INSUFFICIENT"

$T new-session -d -x 200 -y 50 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$tmp/s.db\"; echo EXIT=\$?" Enter
wait_for "pilots (1)" || { screen; exit 1; }
# the run list: g3 marked as an extra GPU baseline
$T send-keys -t t Tab
wait_for "runs (3)" || { screen; exit 1; }
$T send-keys -t t g
for _ in 1 2 3; do
	screen | grep -qE '^ *> *g3 ' && break
	$T send-keys -t t j; sleep 0.2
done
$T send-keys -t t a
wait_re 'g3.*\+base|extra GPU baseline' || true
screen >"$tmp/runs.txt"
# the pilot's overview, then c
$T send-keys -t t Tab
wait_for "pilots (1)"
$T send-keys -t t Enter
wait_re 'parity +verdict ' || { screen; exit 1; }
screen >"$tmp/ov.txt"
has "TUI overview: INSUFFICIENT" "$tmp/ov.txt" "INSUFFICIENT"
$T send-keys -t t c
wait_re '^verdict ' || { screen; exit 1; }
screen >"$tmp/tuicmp.txt"
has "TUI comparison from the overview: INSUFFICIENT" "$tmp/tuicmp.txt" "$want"
hasnt "TUI comparison: no 2 GPU runs" "$tmp/tuicmp.txt" "2 GPU runs"
[ "$(grep -E '^verdict ' "$tmp/tuicmp.txt")" = "$(grep -E '^verdict ' "$tmp/cmp.txt")" ] &&
	echo "ok   the TUI's verdict row is compare's" ||
	{ echo "FAIL the TUI's verdict row differs from compare's:"; grep -E '^verdict ' "$tmp/tuicmp.txt" "$tmp/cmp.txt"; fail=1; }
$T send-keys -t t q q q
exit $fail

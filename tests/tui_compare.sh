#!/usr/bin/env bash
# tui_compare.sh: drive the full-screen view in tmux on a small store made
# with `dualtrack import` and assert on the screen text.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
# Store: baseline "base" (gpu) loss 2.0 + 0.5*(200-s)/200 at steps 1..200;
# pilot "pilot" (trn2) the same x1.05 at steps 50,51,53,54, x1.10 at 52,
# NaN at 120, and a restart: file 1 logs steps 1..170, file 2 resumes at
# step 150 (so 150..170 are replayed). Verdict by hand: 200 common steps,
# breaches 50..54 + the NaN at 120 = 6, allowed min(max(200//100,1),50) = 2.
set -u
BIN=${1:?usage: tui_compare.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtcmp$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT

awk 'BEGIN { print "step,loss"; for (s = 1; s <= 200; s++) printf "%d,%.4f\n", s, 2.0 + 0.5 * (200 - s) / 200 }' >"$tmp/base.csv"
pilot() { # $1 first step, $2 last step
	awk -v a="$1" -v b="$2" 'BEGIN { print "step,loss"
	  for (s = a; s <= b; s++) { v = 2.0 + 0.5 * (200 - s) / 200
	    if (s == 50 || s == 51 || s == 53 || s == 54) v *= 1.05
	    if (s == 52) v *= 1.10
	    if (s == 120) { printf "%d,nan\n", s; continue }
	    printf "%d,%.4f\n", s, v } }'
}
pilot 1 170 >"$tmp/pilot1.csv"
pilot 150 200 >"$tmp/pilot2.csv"
db="$tmp/s.db"
"$BIN" --db "$db" import --platform gpu --run base "$tmp/base.csv" >/dev/null || exit 1
"$BIN" --db "$db" import --platform trn2 --run pilot "$tmp/pilot1.csv" "$tmp/pilot2.csv" >/dev/null || exit 1

fail=0
. "$(dirname "$0")/tmux_helpers.sh"

$T new-session -d -x 80 -y 24 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter

# run list
wait_for "runs (2)" || exit 1
expect_line '^   base +gpu +csv +200 +1 +0 +0'
expect_line '^   pilot +trn2 +csv +200 +2 +21 +[0-9]+'
$T send-keys -t t '?'
wait_for "keys: run list"
$T send-keys -t t x
wait_gone "keys: run list"

# warnings of the selected run (none here), closed with w
$T send-keys -t t w
wait_for "warnings of base (0)"
wait_for "no warnings"
$T send-keys -t t w
wait_gone "warnings of base"

# pick baseline and pilot with Enter, open with Enter
$T send-keys -t t Enter j Enter
wait_for "baseline: base   pilot: pilot"
$T send-keys -t t Enter
wait_for "verdict FAIL (with 1 finding): 6 of 200 steps breach |p-b| > 0 + 0.02*|b|" || exit 1
# at 80 columns the sentence's last word wraps: "10.00%" (one form of a
# relative difference everywhere) is a column wider than "10.0%" was
wait_for "(allowed 2); first breach at step 50; max |rel diff| 10.00% at step 52; warm-up"
expect_line '^0$'
wait_for "cursor step 1  base 2.4975  pilot 2.4975  rel +0.00%"
expect_line '^eff\.step +1 +101 +200 *$'
# the pilot's restart at step 150 (p) after its NaN finding at step 120 (N)
expect_line '└─*N─*p─*$'
screen | grep -qF '▲' || { echo "FAIL: no NaN mark"; screen; fail=1; }
screen | grep -qF '×' || { echo "FAIL: no breach in the diff strip"; screen; fail=1; }

# zoom in at step 1 (12.5 steps over 70 columns): l moves one step
$T send-keys -t t z z z z
$T send-keys -t t $(printf 'l %.0s' $(seq 51))
wait_for "cursor step 52  base 2.37  pilot 2.607  rel +10.00%  BREACH"
$T send-keys -t t End
wait_for "cursor step 200  base 2  pilot 2  rel +0.00%"
$T send-keys -t t Home
wait_for "cursor step 1  base"

# smoothing (TensorBoard EMA; first point debiased = the point itself)
$T send-keys -t t s
wait_for "EMA 0.60"
wait_for "EMA b 2.4975 p 2.4975"
# at step 52 the readout and its EMA part are 82 columns: cut with a mark
$T send-keys -t t $(printf 'l %.0s' $(seq 51))
wait_re 'rel \+10\.00%  BREACH  EMA b [0-9.]+ p [0-9.]*…$'
$T send-keys -t t Home
wait_for "cursor step 1  base"
$T send-keys -t t .
wait_for "EMA 0.80"
$T send-keys -t t s
wait_gone "EMA 0.80"
$T send-keys -t t L
wait_for "log y"
$T send-keys -t t L 0
wait_gone "log y"

# zoomed at the last step (End + +: windows of 100 then 50 steps, the
# second from x0 150.25): the x axis ends at the last step in view, 200
# (it said 199), and starts at 151, the first whole step in view
$T send-keys -t t End + +
wait_for "cursor step 200  base 2  pilot 2  rel +0.00%"
wait_re '^eff\.step +151 +176 +200 *$'
# a quarter window left (x0 137.75, steps 138..187 in view): step 200
# is out of view, so the cursor moves to the last step in view, 187
# (loss 2 + 0.5*13/200 on both sides)
$T send-keys -t t '['
wait_for "cursor step 187  base 2.0325  pilot 2.0325  rel +0.00%"
wait_re '^eff\.step +138 +163 +187 *$'
# right again twice (x0 150.25, then 151: the window ends at the last
# step): 187 is in view, the cursor stays on it
$T send-keys -t t ']' ']'
wait_re '^eff\.step +151 +176 +200 *$'
expect_line '^cursor step 187  base 2.0325 '
# zoomed out fully, the cursor back on step 1
$T send-keys -t t 0 Home
wait_re '^eff\.step +1 +101 +200 *$'
wait_for "cursor step 1  base"

# resize: 120x40 keeps the state and fills the screen; too small says so
$T resize-window -t t -x 120 -y 40
wait_re '^eff\.step +1 {50,}101 {40,}200 *$'
[ "$(screen | sed -n 40p | cut -c1-12)" = "?:help q:bac" ] ||
	{ echo "FAIL: footer not on row 40 at 120x40"; screen; fail=1; }
$T resize-window -t t -x 50 -y 10
wait_for "terminal too small: need 60x16, have 50x10"
$T resize-window -t t -x 80 -y 24
wait_for "cursor step 1  base"

# back to the list; a write by another process shows up by itself
$T send-keys -t t q
wait_for "runs (2)"
"$BIN" --db "$db" import --platform trn2 --run pilot-b "$tmp/pilot1.csv" >/dev/null || fail=1
wait_for "runs (3)"
$T send-keys -t t q
wait_for "EXIT=0"
# terminal restored: canonical mode and echo back on
$T send-keys -t t "stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(icanon|echo)' | tr '\n' ' '; echo STTY" Enter
wait_for "icanon echo STTY"
# a loss falling to near 0 (10/s at steps 1..200: 10 .. 0.05): 5 % of the
# range 9.95 below 0.05 would be -0.4475; every loss is > 0, so the y axis
# starts at 0 (no negative label)
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 200; s++) printf "%d,%.4f\n", s, 10 / s }' >"$tmp/steep.csv"
"$BIN" --db "$tmp/steep.db" import --platform gpu --run sb "$tmp/steep.csv" >/dev/null || fail=1
"$BIN" --db "$tmp/steep.db" import --platform trn2 --run sp "$tmp/steep.csv" >/dev/null || fail=1
$T send-keys -t t "clear; \"$BIN\" --db \"$tmp/steep.db\"; echo EXIT=\$?" Enter
wait_for "runs (2)"
$T send-keys -t t b j p c
wait_for "cursor step 1  base 10  pilot 10"
expect_line '^ +0 ┤'
if screen | grep -qE '^ *-[0-9.]+ ┤'; then
	echo "FAIL: negative y label for a positive loss"; screen; fail=1
fi
$T send-keys -t t q q
wait_for "EXIT=0"
exit $fail

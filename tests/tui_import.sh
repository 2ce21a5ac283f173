#!/usr/bin/env bash
# tui_import.sh: the import screen and live mode (issue 4) in tmux on a
# private socket: Tab completion of the path, the preview (the same
# report as `dualtrack import --dry-run`), the import, and live mode
# following a CSV that grows while the comparison is open (a partial last
# line held back until its newline arrives), stopped with F.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
#
# Files: gpu-base.csv, loss 3 - s/100 at steps 1..50 (50 points);
# grow.csv, the same curve written in three parts: steps 1..20, then
# 21..40 plus "41,2.59" without its newline, then the newline.
set -u
BIN=${1:?usage: tui_import.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtimp$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT

part() { awk -v a="$1" -v b="$2" 'BEGIN { for (s = a; s <= b; s++) printf "%d,%.2f\n", s, 3 - s / 100 }'; }
{ echo step,loss; part 1 50; } >"$tmp/gpu-base.csv"
{ echo step,loss; part 1 20; } >"$tmp/grow.csv"

fail=0
. "$(dirname "$0")/tmux_helpers.sh"

# an empty store: the view opens only a --db that exists (tui_db_missing.sh)
"$BIN" --db "$tmp/s.db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
$T new-session -d -x 80 -y 24 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"
$T send-keys -t t "cd \"$tmp\" && \"$BIN\" --db s.db; echo EXIT=\$?" Enter
wait_for "runs (0)" || exit 1

# ---- import screen: path with Tab completion, run name, preview ----
$T send-keys -t t i
wait_for "— import"
# the path has the focus and its editor: Enter on it empty stays there
wait_for "type a path; Tab:complete"
$T send-keys -t t Enter
wait_for "type a path (Tab completes)"
# letters are typed into the path, never read as commands ("live2" once
# moved the platform to trn1)
$T send-keys -t t -l "live2"
wait_for "file or folder   live2"
expect_line "platform +< gpu >"
# every printable character is text in a field, Q (quit elsewhere) too:
# all of ASCII 0x20..0x7e typed into the path, 32 at a time, then "Q"
# and "qQ?" into the run name; none is read as a key command
all=$(printf '%b' "$(printf '\\%03o' $(seq 32 126))")
[ ${#all} -eq 95 ] || { echo "FAIL: printable set"; fail=1; }
for k in 0 32 64; do
	$T send-keys -t t C-u
	$T send-keys -t t -l "${all:$k:32}"
	wait_for "file or folder   ${all:$k:32}"
done
expect_line "— import"
$T send-keys -t t C-u
$T send-keys -t t -l "Q"
wait_for "file or folder   Q"
$T send-keys -t t Enter Down
$T send-keys -t t -l "qQ?"
wait_for "run name         qQ?"
$T send-keys -t t C-u Up Up
wait_for "type a path; Tab:complete"
$T send-keys -t t C-u
$T send-keys -t t -l "gpu-b"
$T send-keys -t t Tab
wait_for "file or folder   gpu-base.csv"
wait_for "1 match(es)"
# Enter keeps the path -> platform; Down: run name (edited at once: "jk"
# are text there); Enter -> format; Down Down Down: step base, mode, the
# preview button
$T send-keys -t t Enter Down
$T send-keys -t t -l "jk"
wait_for "run name         jk"
$T send-keys -t t C-u
$T send-keys -t t -l "base"
$T send-keys -t t Enter Down Down Down Down Down Down Down
wait_for "Enter:preview (dry run) Up:previous"
$T send-keys -t t Enter
wait_for "import: preview"
wait_for "dry run: nothing stored yet; Enter imports into run base (gpu)"
# the preview is the report of import --dry-run, line for line
(cd "$tmp" && "$BIN" import --dry-run --platform gpu --run base gpu-base.csv) >"$tmp/dry.out"
[ "$(wc -l <"$tmp/dry.out")" -eq 2 ] || { echo "FAIL: dry-run lines"; cat "$tmp/dry.out"; fail=1; }
# (a line longer than the screen wraps: its start and its last word show)
while IFS= read -r l; do wait_for "${l:0:60}"; wait_for "${l##* }"; done <"$tmp/dry.out"
# by hand: 50 rows -> 50 loss points at steps 1..50, no segment mark
wait_for "gpu-base.csv: csv, 50 points in 1 metric (loss 50)"
wait_for "  step range: loss 1..50, all metrics 1..50; 1 segment(s) in the file"
"$BIN" --db "$tmp/s.db" runs | grep -q '^base ' &&
	{ echo "FAIL: the preview stored something"; fail=1; }
$T send-keys -t t Enter
wait_for "imported into run base"
wait_for "runs (1)"
expect_line '^   base +gpu +csv +50 +1 +0 +0'

# ---- an error names the file and line; nothing is stored ----
printf 'step,loss\n1,2.5\n2,oops\n' >"$tmp/bad.csv"
$T send-keys -t t i
wait_for "— import"
$T send-keys -t t -l "bad.csv"
$T send-keys -t t Enter Down Down Down Down Down Down Down Down Down Enter
wait_for "bad.csv:3:"
$T send-keys -t t Escape
wait_for "runs (1)"

# ---- live mode: follow grow.csv while the comparison is open ----
$T send-keys -t t F
wait_for "mode             < follow (live) >"
$T send-keys -t t -l "grow.csv"
$T send-keys -t t Enter Down Down Down Down Down Down Down Down Down Enter
wait_for "Enter follows into run grow (gpu)"
$T send-keys -t t Enter
wait_for "LIVE grow: 1 update(s), loss 20 pts, last step 20"
wait_for "following grow.csv into run grow; F stops"
expect_line '^   grow +gpu +csv +20 +1'
# compare base (baseline) with grow (pilot): 20 common steps
$T send-keys -t t b j p c
wait_for "cursor step 1  base 2.99  pilot 2.99"
part 21 40 >>"$tmp/grow.csv"
printf '41,2.59' >>"$tmp/grow.csv"
wait_for "LIVE grow: 2 update(s), loss 40 pts, last step 40"
# the comparison reloaded: its last common step is now 40
$T send-keys -t t End
wait_for "cursor step 40  base 2.6  pilot 2.6"
# the partial line waits for its newline
sleep 1.2
wait_for "loss 40 pts, last step 40"
printf '\n' >>"$tmp/grow.csv"
wait_for "LIVE grow: 3 update(s), loss 41 pts, last step 41"
$T send-keys -t t End
wait_for "cursor step 41  base 2.59  pilot 2.59"
# stop: back on the list, F
$T send-keys -t t q
wait_for "runs (2"
expect_line '^P +grow +gpu +csv +41 +1'
$T send-keys -t t F
wait_for "live mode stopped: grow keeps what was read"
wait_gone "LIVE grow"
part 42 45 >>"$tmp/grow.csv"
sleep 1.2
expect_line '^P +grow +gpu +csv +41 +1'
# the store agrees: 41 points, steps 1..41
"$BIN" --db "$tmp/s.db" runs | grep -qE '^grow +gpu +csv +41 +1\.\.41 ' ||
	{ echo "FAIL: store after live mode"; "$BIN" --db "$tmp/s.db" runs; fail=1; }

# live mode on a log that was just created (empty): it waits for lines
: >"$tmp/fresh.csv"
$T send-keys -t t F
wait_for "mode             < follow (live) >"
$T send-keys -t t -l "fresh.csv"
$T send-keys -t t Enter Down Down Down Down Down Down Down Down Down Enter
wait_for "empty so far: live mode imports its lines as they are written"
$T send-keys -t t Enter
wait_for "following fresh.csv into run fresh (waiting for lines); F stops"
wait_for "LIVE fresh: 0 update(s)"
printf 'step,loss\n1,2.0\n2,1.9\n' >>"$tmp/fresh.csv"
wait_for "LIVE fresh: 1 update(s), loss 2 pts, last step 2"
$T send-keys -t t F
wait_gone "LIVE fresh"

# the form has no help overlay (typing goes into the fields): its footer
# names the focused field's keys; 120x40 keeps it on the last row. On
# the platform choice, typing "trn" picks trn2 and leaves the path as it
# was (the trial's "g jumped to the path" bug)
$T send-keys -t t i
wait_for "type a path; Tab:complete"
$T send-keys -t t -l "a.csv"
$T send-keys -t t Down
wait_for "type its start or Space"
$T send-keys -t t -l "trn"
wait_for "platform         < trn2 >"
expect_line "^file or folder +a\.csv *$"
$T send-keys -t t -l "gpu"
wait_for "platform         < gpu >"
$T resize-window -t t -x 120 -y 40
wait_for "file or folder"
[ "$(screen | sed -n 40p | cut -c1-22)" = "type its start or Spac" ] ||
	{ echo "FAIL: import footer not on row 40"; screen; fail=1; }
$T send-keys -t t Escape q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_terminal.sh: what the TUI does with the terminal itself.
# - Esc then j sent together (well inside 100 ms) is two keys: Esc does
#   nothing on the run list and j moves the selection from row 1 to row 2
#   (set_escdelay(25)); Esc then k on the comparison goes back one level
#   and moves the run list's selection; Q quits from there.
# - TERM=dumb, an unknown TERM and no TERM: one line on stderr naming
#   TERM=xterm-256color and the subcommands, exit 2 (not ncurses' error
#   with exit 1, which means "verdict fail").
# - NO_COLOR: the curve where baseline and pilot coincide is drawn with
#   its own shape (U+25C6) instead of the braille dots the baseline uses;
#   with colours it stays braille (told apart by colour).
# - t (next theme) says which theme is now in use.
# - [keys] in the config file rebinds by action name: compare = x opens
#   the comparison with x (c does nothing), and help and footer say x;
#   findings = y opens the comparison's findings with y (f does nothing);
#   a bad line is named in the footer.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
set -u
BIN=${1:?usage: tui_terminal.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtterm$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT

db="$tmp/s.db"
# two identical curves: every plotted cell holds both
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 50; s++) printf "%d,%.3f\n", s, 3 - s / 50 }' >"$tmp/a.csv"
"$BIN" --db "$db" import --platform gpu --run gpu-a "$tmp/a.csv" >/dev/null || exit 1
"$BIN" --db "$db" import --platform gpu --run gpu-b "$tmp/a.csv" >/dev/null || exit 1
"$BIN" --db "$db" import --platform trn2 --run trn2-a "$tmp/a.csv" >/dev/null || exit 1

fail=0
. "$(dirname "$0")/tmux_helpers.sh"
$T new-session -d -x 80 -y 24 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"

# the run list row that is shown reversed (NO_COLOR: selection = reverse)
selected() { $T capture-pane -p -e -t t | grep -F $'\e[7m' | grep -oE 'gpu-[ab]|trn2-a' | head -n 1; }
wait_selected() {
	local i
	for i in $(seq 100); do
		[ "$(selected)" = "$1" ] && return 0
		sleep 0.1
	done
	echo "FAIL: selected row is '$(selected)', expected $1"; screen; fail=1
}

$T send-keys -t t "clear; NO_COLOR=1 \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
wait_for "runs (3)"
wait_selected gpu-a
$T send-keys -t t Escape j
wait_selected gpu-b
$T send-keys -t t Escape k
wait_selected gpu-a

# NO_COLOR: pick gpu-a (b) and trn2-a (p), compare: the overlap glyph
$T send-keys -t t b j j p c
wait_for "loss: gpu-a vs trn2-a"
wait_for "◆ both"
# the legend (row 2) is written before the plot: wait for the plot too
wait_rows 3 16 '◆' || echo "FAIL: no overlap glyph in the plot under NO_COLOR"
# t: the status line names the theme
$T send-keys -t t t
wait_re "theme: [a-z]+"
# Esc then k in one write: Esc goes back from the comparison to the run
# list and k moves its selection from trn2-a up to gpu-b
$T send-keys -t t Escape k
wait_for "runs (3)"
wait_selected gpu-b
# Q quits from a screen deep in the stack (pilots area, run list, compare)
$T send-keys -t t c
wait_for "loss: gpu-a vs trn2-a"
$T send-keys -t t Q
wait_for "EXIT=0"

# with colours too the overlap has its own shape: the legend and the
# plot show both as ◆, never as the baseline's braille block
$T send-keys -t t "clear; \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
wait_for "runs (3)"
$T send-keys -t t b j j p c
wait_for "loss: gpu-a vs trn2-a"
wait_for "◆ both"
wait_rows 3 16 '◆' || echo "FAIL: no overlap glyph in the plot with colours"
if screen | grep -q '⣿ both'; then
	echo "FAIL: both drawn as the baseline's braille block"; screen; fail=1
fi
$T send-keys -t t q q
wait_for "EXIT=0"

# keys rebound in the config file
mkdir -p "$tmp/cfg/dualtrack"
printf '[keys]\ncompare = x\nfindings = y\n' >"$tmp/cfg/dualtrack/config"
$T send-keys -t t "clear; XDG_CONFIG_HOME=\"$tmp/cfg\" \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
wait_for "runs (3)"
wait_for " x:compare "
$T send-keys -t t '?'
wait_re "^ +. x +open the comparison \(both picked\)"
# c then ?: the help that opens is the run list's once c has been read
# (the comparison's help, had c opened it)
$T send-keys -t t Escape b j j p c '?'
wait_for "keys: run list" || echo "FAIL: c still compares after compare = x"
$T send-keys -t t Escape x
wait_for "loss: gpu-a vs trn2-a"
# the comparison dispatches by action too: findings moved from f to y
wait_for " y:findings"
$T send-keys -t t f '?'
wait_for "keys: comparison" ||
	echo "FAIL: f still opens the findings after findings = y"
$T send-keys -t t Escape y
wait_for "┌─ findings ─"
$T send-keys -t t Q
wait_for "EXIT=0"
printf '[keys]\ncompare = x\nzoom-in = F13\n' >"$tmp/cfg/dualtrack/config"
$T send-keys -t t "clear; XDG_CONFIG_HOME=\"$tmp/cfg\" \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
wait_for "config:3: unknown key 'F13'"
$T send-keys -t t Q
wait_for "EXIT=0"

# terminals the full-screen view cannot use: one line, exit 2
# (each run's exit line names its TERM: the previous run's "EXIT=2" is
# on the screen until clear runs, and its err file is cut by the
# redirection before the new run writes it)
for term in dumb no-such-terminal-xyz ''; do
	$T send-keys -t t "clear; TERM='$term' \"$BIN\" --db \"$db\" 2>\"$tmp/err\"; echo EXIT=\$? term=\"[$term]\"; cat \"$tmp/err\"" Enter
	wait_for "EXIT=2 term=[$term]"
	[ "$(wc -l <"$tmp/err")" -eq 1 ] || { echo "FAIL: not one line"; cat "$tmp/err"; fail=1; }
	grep -qF "TERM=xterm-256color, or use the subcommands" "$tmp/err" ||
		{ echo "FAIL: no hint for TERM='$term'"; screen; fail=1; }
	if grep -qi "error opening terminal" "$tmp/err"; then
		echo "FAIL: ncurses' own error for TERM='$term'"; screen; fail=1
	fi
done
exit $fail

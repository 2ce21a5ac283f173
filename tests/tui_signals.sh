#!/usr/bin/env bash
# tui_signals.sh: the terminal is restored whatever ends the TUI: q,
# Ctrl-C (SIGINT, exit 130), SIGTERM (143), SIGHUP (129), and the crash signals SIGSEGV and
# SIGABRT (restore, then die by the signal). Also the ASCII fallback in a
# non-UTF-8 locale and NO_COLOR (no colour escapes at all).
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
set -u
BIN=${1:?usage: tui_signals.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtsig$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT

db="$tmp/s.db"
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 50; s++) printf "%d,%.3f\n", s, 3 - s / 50 }' >"$tmp/a.csv"
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 50; s++) printf "%d,%.3f\n", s, 3.01 - s / 50 }' >"$tmp/b.csv"
"$BIN" --db "$db" import --platform gpu --run gpu-run "$tmp/a.csv" >/dev/null || exit 1
"$BIN" --db "$db" import --platform trn2 --run trn2-run "$tmp/b.csv" >/dev/null || exit 1

fail=0
. "$(dirname "$0")/tmux_helpers.sh"
# start_tui [ENV=VALUE...]: clear the pane, start the TUI, wait for it.
start_tui() {
	$T send-keys -t t "clear; $* \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
	wait_for "runs (2)"
}
tui_pid() { pgrep -P "$($T display-message -p -t t '#{pane_pid}')" | head -n 1; }
# check_restored EXIT_CODE: the shell got the code, the TUI screen is gone
# (alternate screen left) and the tty is back in canonical mode with echo.
check_restored() {
	wait_for "EXIT=$1" || return
	if screen | grep -qF "runs (2)"; then
		echo "FAIL: TUI still on screen after exit $1"; screen; fail=1
	fi
	$T send-keys -t t "stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(icanon|echo)' | tr '\n' ' '; echo STTY$1" Enter
	wait_for "icanon echo STTY$1"
}

$T new-session -d -x 80 -y 24 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"

start_tui
$T send-keys -t t q
check_restored 0

start_tui
$T send-keys -t t C-c
check_restored 130

# quit signals: terminal restored, exit 128 + signo (TERM 15, HUP 1)
start_tui
kill -s TERM "$(tui_pid)"
check_restored 143
start_tui
kill -s HUP "$(tui_pid)"
check_restored 129

# crash signals: terminal restored, then the default action (128 + signo)
start_tui
kill -s SEGV "$(tui_pid)"
check_restored 139
start_tui
kill -s ABRT "$(tui_pid)"
check_restored 134

# C locale: ASCII marks only; NO_COLOR: no colour SGR sequences
start_tui LC_ALL=C LANG=C NO_COLOR=1
# the titles use " - ", never '?' for the em-dash
wait_re "dualtrack - .*s\.db - runs \(2\)"
$T send-keys -t t Enter j Enter Enter
wait_re "dualtrack - .*s\.db - loss: gpu-run vs trn2-run"
wait_for "verdict PASS: 0 of 50 steps breach"
wait_for "dualtrack - "
if screen | LC_ALL=C grep -q '[^[:print:][:space:]]'; then
	echo "FAIL: non-ASCII bytes on screen in the C locale"; screen; fail=1
fi
screen | grep -qF '* gpu-run (gpu)  + trn2-run (trn2)  # both  ! NaN/inf' ||
	{ echo "FAIL: ASCII legend"; screen; fail=1; }
if $T capture-pane -p -e -t t | grep -qE $'\e\\[[0-9;]*(3[0-7]|38;5|4[0-7]|48;5)[;m]'; then
	echo "FAIL: colour escapes despite NO_COLOR"; $T capture-pane -p -e -t t | head -5; fail=1
fi
$T send-keys -t t q q
check_restored 0
exit $fail

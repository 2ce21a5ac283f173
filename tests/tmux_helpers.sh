# tmux_helpers.sh: helpers sourced by the tui_*.sh tests (not a test
# itself). The caller sets T (its tmux command with a private
# -L socket) and fail=0; the session is "t". Polls every 0.1 s, 10 s at
# most.
screen() { $T capture-pane -p -t t; }
# wait_for TEXT: until TEXT (a fixed string) shows
wait_for() {
	local i
	for i in $(seq 100); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: timed out waiting for: $1"; screen; fail=1; return 1
}
# wait_gone TEXT: until TEXT is no longer on the screen
wait_gone() {
	local i
	for i in $(seq 100); do
		screen | grep -qF -- "$1" || return 0
		sleep 0.1
	done
	echo "FAIL: still on screen: $1"; screen; fail=1; return 1
}
# wait_re REGEX: like wait_for, with an extended regex
wait_re() {
	local i
	for i in $(seq 100); do
		screen | grep -qE -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: timed out waiting for a line matching: $1"; screen; fail=1; return 1
}
# wait_rows FROM TO TEXT: until rows FROM..TO (1-based) show TEXT (a
# fixed string): a check on part of a screen whose frame may be half
# written when the text that announced it shows
wait_rows() {
	local i
	for i in $(seq 100); do
		screen | sed -n "$1,$2p" | grep -qF -- "$3" && return 0
		sleep 0.1
	done
	echo "FAIL: rows $1-$2 never showed: $3"; screen; fail=1; return 1
}
# expect_line REGEX: some line matches now (extended grep)
expect_line() {
	screen | grep -qE -- "$1" && return 0
	echo "FAIL: no line matches: $1"; screen; fail=1
}
# screen_is FILE: until the whole screen (capture-pane: trailing blanks
# dropped) is FILE's text; else the difference, and fail=1
screen_is() {
	local i
	for i in $(seq 100); do
		screen | cmp -s "$1" - && return 0
		sleep 0.1
	done
	echo "FAIL: the screen is not $1:"; screen | diff -u "$1" -; fail=1; return 1
}

# tmux_helpers.sh: helpers sourced by the tui_*.sh tests (not a test
# itself). The caller sets T (its tmux command with a private
# -L socket) and fail=0; the session is "t", or $TS (see on). Every check
# polls the screen, every 0.1 s, until it holds or TUI_WAIT tenths of a
# second (300: 30 s, for a loaded machine) have passed: none sleeps a
# fixed time or reads the screen once, so a slow frame is waited for.
TUI_WAIT=${TUI_WAIT:-300}
screen() { $T capture-pane -p -t "${TS:-t}"; }
# on SESSION CMD ARGS...: CMD (wait_for, expect_line, ...) on SESSION, for
# a test that drives more than one session
on() { local TS=$1; shift; "$@"; }
# wait_for TEXT: until TEXT (a fixed string) shows
wait_for() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: timed out waiting for: $1"; screen; fail=1; return 1
}
# wait_gone TEXT: until TEXT is no longer on the screen
wait_gone() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		screen | grep -qF -- "$1" || return 0
		sleep 0.1
	done
	echo "FAIL: still on screen: $1"; screen; fail=1; return 1
}
# wait_re REGEX: like wait_for, with an extended regex
wait_re() {
	local i
	for i in $(seq "$TUI_WAIT"); do
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
	for i in $(seq "$TUI_WAIT"); do
		screen | sed -n "$1,$2p" | grep -qF -- "$3" && return 0
		sleep 0.1
	done
	echo "FAIL: rows $1-$2 never showed: $3"; screen; fail=1; return 1
}
# wait_joined TEXT: until TEXT (a fixed string) shows in the screen read
# as one line (rows joined, runs of blanks one blank): text that may wrap
wait_joined() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		screen | tr -s ' \n' ' ' | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: timed out waiting for (rows joined): $1"; screen; fail=1; return 1
}
# expect_line REGEX: some line matches (extended grep), polled as
# wait_re: a frame still being drawn when the text a test waited for
# showed is waited for
expect_line() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		screen | grep -qE -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: no line matches: $1"; screen; fail=1; return 1
}
# screen_is FILE: until the whole screen (capture-pane: trailing blanks
# dropped) is FILE's text; else the difference, and fail=1
screen_is() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		screen | cmp -s "$1" - && return 0
		sleep 0.1
	done
	echo "FAIL: the screen is not $1:"; screen | diff -u "$1" -; fail=1; return 1
}
# tui_setup NAME BINARY: the start every tui_*.sh test shares (call it
# right after sourcing this file): BIN the dualtrack binary made
# absolute (exit 77, skipped, without tmux), a scratch directory $tmp,
# T the private tmux server "NAME<pid>", both removed on exit, fail=0,
# and keys ARGS... sending keys to session t.
tui_setup() {
	BIN=${2:?usage: $(basename "$0") path/to/dualtrack}
	command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
	BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
	tmp=$(mktemp -d)
	T="tmux -L $1$$ -f /dev/null"
	trap '$T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"' EXIT
	fail=0
}
keys() { $T send-keys -t "${TS:-t}" "$@"; }
# tui_start W H [VAR=VALUE...]: session t, W x H, a shell with a UTF-8
# locale, HOME=$tmp, NO_COLOR and the settings given, running dualtrack
# on $tmp/x.db (then "EXIT=N" when it ends).
tui_start() {
	local w=$1 h=$2
	shift 2
	$T new-session -d -x "$w" -y "$h" -s t \
		"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp $* NO_COLOR=1 bash --norc --noprofile"
	keys "cd \"$tmp\"; \"$BIN\" --db x.db; echo EXIT=\$?" Enter
}
# demo_overview W H: the demo store at $tmp/x.db (clock fixed at
# 2026-11-29T10:00:00Z, user ana), dualtrack on it at W x H (tui_start),
# the pilot's overview open. Returns 1 when a screen did not come.
demo_overview() {
	export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
	"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null ||
		{ echo "FAIL: demo"; fail=1; return 1; }
	tui_start "$1" "$2" DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=ana
	wait_for "pilots (1)" || return 1
	keys Enter
	wait_for "— overview"
}
# Expected screens the tui_*.sh tests share (rows a test assembles with
# its own rows, then compares whole: screen_is). The store is the demo
# store at $tmp/x.db (dualtrack demo), or, for the import form, any
# x.db.
# import_form [SHOWN]: rows 1-13 of the import form as it opens (gpu,
# every other field at its default), at 60 columns or more; SHOWN: what
# its file or folder row shows (nothing typed: none)
import_form() {
	echo " dualtrack — x.db — import"
	echo "type into a text field; Enter/Down:next Up:previous Esc:back"
	echo "file or folder${1:+   $1}"
	cat <<'S'
platform         < gpu >
run name         -
format           < auto (detected from content) >
step base        < auto (producer's rule, else as logged) >
grad accum       -
global batch     -
logging steps    -
loss tag         -
mode             < import once >
                 [ preview (dry run) ]
S
}
# drill_form_fault_time: from a screen of the open pilot, its drill log
# (3), the add-drill form (a), then past kind, runs and checkpoint rows
# to the fault time field. Returns 1 when a screen did not come.
drill_form_fault_time() {
	keys 3
	wait_for "— drill log" || return 1
	keys a
	wait_for "add drill" || return 1
	keys Down Down Down Enter Enter Enter Enter Enter
}
# drill_form_top: rows 1-12 of the demo pilot's add-drill form at 80
# columns, over its drill log: the title to the resumed step, as the form
# opens (the fault time and the rows below are the test's)
drill_form_top() {
	cat <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — drill log
#    kind             run (before)              ckpt resumed recovery

  ┌─ add drill ──────────────────────────────────────────────────────────────┐
  │ kind                 < kill-during-save >                                │
  │ run before           < llama3-8b-lora-trn2-pilot >                       │
  │ run after            < - >                                               │
  │ checkpoint id        -                                                   │
  │ checkpoint location  -                                                   │
  │ checkpoint checksum  -                                                   │
  │ checkpoint step      -                                                   │
  │ resumed step         -                                                   │
S
}

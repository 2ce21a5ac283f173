#!/usr/bin/env bash
# agree_compare_swapped.sh: a comparison whose baseline looks like the
# pilot (a Trainium run, or a pilot's pilot-role run) says that the runs
# look swapped on both front-ends, in the service's words
# (dt_compare_warnings_build, compare.h c->warning): `compare` on stderr
# ('dualtrack: warning: ...', cli_compare_swapped.sh), the TUI comparison
# screen under the legend ('warning: ...', it said nothing). The right
# order warns on neither.
# Store (cli_compare_swapped.sh's): base (gpu) and qwen (trn2), the same
# 3 losses; pilot P, base its baseline, qwen its pilot run. The run list
# (Tab from the pilots): j b picks qwen as baseline, k p base as pilot, c compares: the
# warning, its rows joined, is compare's; whole screens at 80x24 and
# 120x40 (goldens compare-swapped-*). Then q, b j p c: the right order,
# no warning.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtswapped "${1:-}"
G=$(cd "$(dirname "$0")" && pwd)/golden
export DUALTRACK_USER=ana
dt() { "$BIN" --db "$tmp/x.db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/b.csv"
dt import --platform gpu --run base "$tmp/b.csv" >/dev/null &&
sed 's/$/\r/' "$tmp/b.csv" >"$tmp/q.csv" # the same values, another file
dt import --platform trn2 --run qwen "$tmp/q.csv" >/dev/null &&
dt pilot new P >/dev/null && dt attach P base --role baseline >/dev/null &&
dt attach P qwen --role pilot >/dev/null || { echo "FAIL: store"; exit 1; }

W="the baseline given, run 'qwen', is a Trainium (trn2) run and the pilot run of pilot 'P'; compare takes BASELINE (the GPU run) then PILOT: were they given the other way round?"
dt compare qwen base >/dev/null 2>"$tmp/e"
same "compare qwen base: the warning" "$(cat "$tmp/e")" "dualtrack: warning: $W"
dt compare base qwen >/dev/null 2>"$tmp/e"
same "compare base qwen: no warning" "$(cat "$tmp/e")" ""

swapped() { # W H: the swapped comparison on the TUI, its whole screen
	tui_start "$1" "$2" DUALTRACK_USER=ana
	wait_for "pilots (1)" || return 1
	keys Tab
	wait_for "runs (2)" || return 1
	keys j b k p c
	wait_for "loss: qwen vs base" || return 1
	wait_joined "warning: $W" && echo "ok   TUI ${1}x$2: the warning"
	screen_is "$G/compare-swapped-${1}x$2.txt"
}
swapped 80 24 || exit 1
# the right order: no warning
keys q
wait_for "runs (2)" || exit 1
keys b j p c
wait_for "loss: base vs qwen" || exit 1
wait_for "verdict PASS"
screen | grep -qF "warning:" && { echo "FAIL TUI: a warning in the right order"; screen; fail=1; }
keys Q
wait_for "EXIT=0"
$T kill-server 2>/dev/null; sleep 0.3
swapped 120 40 || exit 1
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_long_path.sh: a store path of 150 characters at 80x24. The run
# list's and the comparison's titles cannot hold it: the path is cut
# with the mark "…" and keeps its end (the file name), while the screen
# name and the run names stay whole ("dualtrack — …/pilot.db — runs
# (2)"). Whole screens compared with tests/golden/long-path-*-80x24.txt.
# Store: baseline "base" (gpu) loss 2.0 - 0.001*s at steps 1..100, pilot
# "pilot" (trn2) the same; the path is relative (the same on every
# machine): 4 folders of 34 or 35 characters and "pilot.db".
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
set -u
BIN=${1:?usage: tui_long_path.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
GOLD=$(cd "$(dirname "$0")" && pwd)/golden
tmp=$(mktemp -d)
T="tmux -L dtlong$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
keys() { $T send-keys -t t "$@"; }
# same NAME: the screen equals golden/NAME (polling up to 5 s);
# DT_GOLDEN_UPDATE=1 writes it instead (review with git diff)
same() {
	local i
	if [ "${DT_GOLDEN_UPDATE:-0}" = 1 ]; then
		sleep 1; screen >"$GOLD/$1"; return 0
	fi
	for i in $(seq 50); do
		screen | cmp -s "$GOLD/$1" - && return 0
		sleep 0.1
	done
	echo "FAIL: screen differs from tests/golden/$1"
	screen | diff -u "$GOLD/$1" - | head -40
	fail=1
}

cd "$tmp" || exit 1
d=acceptance-reviews-of-december-2026
rel="$d/llama3-8b-lora-migration-to-trn2-a/team-stores-kept-for-the-board-001/second-phase-of-the-pilot-signed-xy/pilot.db"
[ ${#rel} -eq 150 ] || { echo "FAIL: path is ${#rel} characters, not 150"; exit 1; }
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++) printf "%d,%.3f\n", s, 2.0 - 0.001 * s }' >loss.csv
"$BIN" --db "$rel" import --platform gpu --run base loss.csv >/dev/null || exit 1
# the pilot: the same values in another file (CRLF lines): one log in
# both runs is no comparison (cli_same_log.sh)
sed 's/$/\r/' loss.csv >pilot.csv
"$BIN" --db "$rel" import --platform trn2 --run pilot pilot.csv >/dev/null || exit 1

$T new-session -d -x 80 -y 24 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp NO_COLOR=1 bash --norc --noprofile"
keys "cd \"$tmp\"; clear; \"$BIN\" --db \"$rel\"; echo EXIT=\$?" Enter
wait_for "runs (2)" || exit 1
expect_line '^ dualtrack — …'
same long-path-runs-80x24.txt
keys Enter j Enter
wait_for "baseline: base   pilot: pilot" || exit 1
keys Enter
wait_for "loss: base vs pilot" || exit 1
wait_for "verdict PASS" || exit 1
same long-path-compare-80x24.txt
keys q q
wait_for "EXIT=0"
exit $fail

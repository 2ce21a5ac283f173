#!/usr/bin/env bash
# tui_drill_columns.sh: the drill table gives the recovery column the
# width of its longest text and the run column the rest (a review: the
# run column took every spare cell and "1200 s, OVER the 900 s limit" was
# cut at 19 cells at any width, 200 columns included). The demo store
# plus a node-loss drill recovered in 1200 s (10:00 -> 10:20) against the
# card's 900 s: its row ends in the whole verdict at 80 and 200 columns;
# at 80 the run name gives way with the cut mark.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
set -u
BIN=${1:?usage: tui_drill_columns.sh path/to/dualtrack}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtdc$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
dt() { "$BIN" --db "$tmp/d.db" "$@"; }
dt demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo store"; exit 1; }
dt drill add llama3-8b-lora-trn2 --kind node-loss --run llama3-8b-lora-trn2-pilot \
	--checkpoint-step 1200 --fault-time 2026-11-02T10:00:00Z \
	--resumed-time 2026-11-02T10:20:00Z --no-prefill >/dev/null || exit 1
for size in "80 24" "200 50"; do
	set -- $size
	$T new-session -d -x "$1" -y "$2" -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana \"$BIN\" --db \"$tmp/d.db\""
	wait_for "pilots (1)" || exit 1
	$T send-keys -t t Enter
	wait_re 'parity +verdict ' || exit 1
	$T send-keys -t t 3
	wait_for "— drill log" || exit 1
	if [ "$1" = 80 ]; then
		expect_line '^#3 +node-loss +llama3-8b-lo… +1200 +- 1200 s, OVER the 900 s limit$'
	else
		expect_line '^#3 +node-loss +llama3-8b-lora-trn2-pilot +1200 +- 1200 s, OVER the 900 s limit$'
	fi
	$T kill-session -t t
done
[ $fail -eq 0 ] && echo "ok   the recovery verdict whole at 80 and 200 columns"
exit $fail

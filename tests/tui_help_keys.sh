#!/usr/bin/env bash
# tui_help_keys.sh: the ? help box's title says what its keys do, and
# they do it. A help that fits its box ("keys: pilots (any other key
# closes)" at 80x24 on the demo store) closes on any key, j included; a
# longer one ("keys: run list (j/k scroll, any other key closes)") scrolls
# on j (its "+N more" row changes) and closes on another key (x).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dthelp "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1

# fits: j closes it
keys q
wait_for "pilots (1)" || exit 1
keys '?'
wait_for "keys: pilots (any other key closes)"
keys j
wait_gone "keys: pilots"
wait_for "llama3-8b-lora-trn2 "

# longer than its box: j scrolls, x closes
keys Tab
wait_for "runs (2)" || exit 1
keys '?'
wait_for "keys: run list (j/k scroll, any other key closes)"
before=$(screen | grep -oE '\+[0-9]+ more \((Down scrolls|Up/Down scroll)\)')
keys j
sleep 0.3
wait_for "keys: run list (j/k scroll, any other key closes)"
after=$(screen | grep -oE '\+[0-9]+ more \((Down scrolls|Up/Down scroll)\)')
[ -n "$before" ] && [ "$before" != "$after" ] ||
	{ echo "FAIL: j did not scroll the help ('$before' / '$after')"; screen; fail=1; }
keys x
wait_gone "keys: run list"

keys Q
wait_for "EXIT=0"
exit $fail

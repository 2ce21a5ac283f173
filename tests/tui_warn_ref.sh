#!/usr/bin/env bash
# tui_warn_ref.sh: the warnings overlay (run list, w) never splits a
# FILE:LINE reference across rows: a CSV import of a file named
# "qwen2.5-3b_full-sft_2gpu_interleaved-writers_resumed_metrics_of_node_07.csv"
# (76 columns) whose last line "3,1.8" was cut (2 of 3 fields, no line
# end) warns "FILE:4: last line truncated ...": at 80x24 the box has 72
# columns, so the reference (79 with ":4:") was broken mid-word, its end
# on the next row; now it takes the first row cut in the middle with its
# end "…rs_resumed_metrics_of_node_07.csv:4:" whole and the text wraps
# below. The whole screen is compared.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtwarnref "${1:-}"
f=qwen2.5-3b_full-sft_2gpu_interleaved-writers_resumed_metrics_of_node_07.csv
printf 'step,loss,lr\n1,2.0,0.1\n2,1.9,0.1\n3,1.8' >"$tmp/$f"
"$BIN" --db "$tmp/x.db" import --platform gpu --run r "$tmp/$f" >/dev/null 2>&1 ||
	{ echo "FAIL: import"; exit 1; }
tui_start 80 24
wait_for "runs (1)" || exit 1
keys w
wait_for "warnings of r (1)" || exit 1
{
	cat <<'SCREEN'
 dualtrack — x.db — runs (1)

  ┌─ warnings of r (1) ──────────────────────────────────────────────────────┐
  │ qwen2.5-3b_full-sft_2gpu_interleave…rs_resumed_metrics_of_node_07.csv:4: │
  │ last line truncated (2 of 3 fields, no line end), skipped                │
SCREEN
	for i in $(seq 16); do
		echo "  │                                                                          │"
	done
	cat <<'SCREEN'
  └──────────────────────────────────────────────────────────────────────────┘

?:help w:close
SCREEN
} >"$tmp/warn.txt"
screen_is "$tmp/warn.txt"
keys w
wait_gone "warnings of r"
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# cli_jsonl_step_value.sh: a JSONL line whose step key is there but holds
# no whole number ({"step": "x", ...}) is skipped with a warning saying
# so, with file:line of the first one and the key; it read "line(s) with
# metrics but no step key ... skipped" (new-user trial). A line without
# any step key keeps that warning.
# usage: cli_jsonl_step_value.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
f=$tmp/esc.jsonl
printf '%s\n' '{"step": 1, "loss": 1.0}' '{"step": 2, "loss": 0.9}' \
  '{"step": "x", "loss": 0.8}' '{"step": 4, "loss": 0.7}' \
  '{"global_step": 2.5, "loss": 0.6}' '{"loss": 0.5}' >"$f"
"$bin" --db "$db" import --dry-run "$f" >"$tmp/o" 2>&1
check "step 'x', line 3, and global_step 2.5: 2 lines, the first one's key" grep -qxF \
  "  warning: $f:3: 2 line(s) with metrics skipped: step key 'step' not a whole number" "$tmp/o"
check "line 6, no step key: that warning, 1 line" grep -qxF \
  "  warning: $f:6: 1 line(s) with metrics but no step key (current_steps, step, global_step, iteration, _step) skipped" "$tmp/o"
check "3 points kept (steps 1, 2, 4)" grep -qF "jsonl, 3 points in 1 metric (loss 3)" "$tmp/o"
finish

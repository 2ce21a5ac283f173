#!/usr/bin/env bash
# tui_overview_runs.sh: with two pilot runs on a pilot, the overview lets
# the user pick which one c compares: the runs section marks it ">" (the
# first attached at first), ] / [ move the mark (the footer names ]:
# "]:pilot-run"), the status row says "c compares pilot run pilot-2 (2 of
# 2)", and c opens the baseline against it. Demo store plus a trn2 run
# "pilot-2" (a 3-step CSV) attached as a pilot run.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtovruns "${1:-}"
P=llama3-8b-lora-trn2
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/p2.csv"
"$BIN" --db "$tmp/x.db" import --platform trn2 --run pilot-2 "$tmp/p2.csv" >/dev/null || exit 1
"$BIN" --db "$tmp/x.db" attach $P pilot-2 --role pilot >/dev/null || exit 1
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
expect_line '^    runs        baseline llama3-8b-lora-gpu-a100 \(gpu\)$'
expect_line '^                pilot    > llama3-8b-lora-trn2-pilot \(trn2\)$'
expect_line '^                pilot      pilot-2 \(trn2\)$'
expect_line ' c:compare \]:pilot-run '
# c: the first pilot run
keys c
wait_for "loss: llama3-8b-lora-gpu-a100 vs llama3-8b-lora-trn2-pilot" || exit 1
keys q
wait_for "— overview"
# ]: the second; c opens it
keys ']'
wait_for "c compares pilot run pilot-2 (2 of 2)"
expect_line '^                pilot    > pilot-2 \(trn2\)$'
expect_line '^                pilot      llama3-8b-lora-trn2-pilot \(trn2\)$'
keys c
wait_for "loss: llama3-8b-lora-gpu-a100 vs pilot-2" || exit 1
keys q
wait_for "— overview"
# [ back to the first (it wraps round)
keys '['
wait_for "c compares pilot run llama3-8b-lora-trn2-pilot (1 of 2)"
keys Q
wait_for "EXIT=0"
exit $fail

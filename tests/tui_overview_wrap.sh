#!/usr/bin/env bash
# tui_overview_wrap.sh: the overview wraps into the rows it has rather
# than cutting with "…" above empty rows (README, "TUI keys"): a pilot
# whose run restarted (checkpoint from a drill) and whose journal lacks
# both times, no decision yet, at 80x24. The resume row "1 restart, 1
# fail (step 91: loss+replay); checkpoint 90 (from drill #1)" was cut at
# "(from d…" and the journal line at "(data.pre…" with 2 empty rows under
# the decision; both now wrap whole (the drills give their row first, "all
# in [3]"). The store: a GPU run of 100 steps (loss 3 - s/100) and a
# trn2 run logging steps 1..100 then 91..120 (loss 2.5 - s/100 after the
# restart: the replay and the loss check fail), a node-loss drill at
# checkpoint 90 resumed at 91. The whole screen is compared.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtovwrap "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=wrap
R=llama3-8b-lora-trn2-pilot-resumed
dt() { "$BIN" --db "$tmp/x.db" "$@" >/dev/null || { echo "FAIL: $*"; fail=1; }; }
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++) printf "%d,%.4f\n", s, 3 - s / 100 }' >"$tmp/b.csv"
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++) printf "%d,%.4f\n", s, 3 - s / 100
	for (s = 91; s <= 120; s++) printf "%d,%.4f\n", s, 2.5 - s / 100 }' >"$tmp/p.csv"
dt import --platform gpu --run gpu-base "$tmp/b.csv"
dt import --platform trn2 --run $R "$tmp/p.csv"
dt pilot new wrap --model m
dt attach wrap gpu-base --role baseline
dt attach wrap $R --role pilot
dt drill add wrap --kind node-loss --run $R --checkpoint-step 90 --resumed-step 91
tui_start 80 24 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=wrap
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
cat >"$tmp/ov.txt" <<'SCREEN'
 dualtrack — x.db — wrap — overview
created by wrap at 2026-11-29T10:00:00Z; you act as wrap
[1] task card   m  training type -  seq -  parallelism -
                micro-batch - x accum -, global batch -; target -
                rtol 0.02 atol 0 warm-up 0 (defaults); recovery -; ckpt every -
    runs        baseline gpu-base (gpu)
                pilot    llama3-8b-lora-trn2-pilot-resumed (trn2)
    parity      verdict FAIL: 10 of 100 steps breach |p-b| > 0 + 0.02*|b|
                (allowed 1); first breach at step 91; max |rel diff| 25.00% at
                step 100; warm-up 0
    resume      llama3-8b-lora-trn2-pilot-resumed: 1 restart, 1 FAIL (step 91:
                loss+replay); checkpoint 90 (from drill #1)
[2] checklist   1 pass  1 fail  10 pending  0 waived  (of 12)
                blocking go: step1 (pending), step2 (pending), step3 (pending),
                step4 (pending), step5 (pending), step6 (fail), step7
                (pending), trial2 (pending), trial3 (pending), trial4
                (pending), trial5 (pending)
[3] drills      1 recorded, 1 failing (all in [3])
[4] journal     llama3-8b-lora-trn2-pilot-resumed: journal lacks a compile time
                (neuron.compile_seconds) and a data-preparation time
                (data.prep_seconds)
[5] decisions   none yet: d records one

?:help q:back Enter:open c:compare ]:pilot-run l:ledger X:export d:decide
SCREEN
screen_is "$tmp/ov.txt"
keys Q
wait_for "EXIT=0"
exit $fail

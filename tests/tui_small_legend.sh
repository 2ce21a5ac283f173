#!/usr/bin/env bash
# tui_small_legend.sh: the comparison's legend names both platforms at
# every width; the run names give way, cut with the mark (they show whole
# in the title row). Demo store (llama3-8b-lora-gpu-a100 (gpu) against
# llama3-8b-lora-trn2-pilot (trn2)), fixed clock.
# 1. 60x16: '⣿ …(gpu) • …(trn2) ◆ both ▲ NaN/inf b/p restart ╌ tolerance'
#    (the gaps one blank); it read '⣿ lla…  • llam…  ◆ both ...', both
#    platforms cut off;
# 2. 80x24 and 120x40: as before, each name cut in the middle with its
#    platform at its end, or whole (goldens compare-*).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtsmalllegend "${1:-}"
demo_overview 60 16 || exit 1
keys c
wait_for "cursor step 1 " || exit 1
expect_line '^⣿ …\(gpu\) • …\(trn2\) ◆ both ▲ NaN/inf b/p restart ╌ tolerance$'
$T resize-window -t t -x 80 -y 24
wait_for "[N] non_finite"
expect_line '^⣿ llama3…0 \(gpu\)  • llama3-… \(trn2\)  ◆ both  ▲ NaN/inf  b/p restart  ╌ tolerance$'
$T resize-window -t t -x 120 -y 40
expect_line '^⣿ llama3-8b-lora-gpu-a100 \(gpu\)  • llama3-8b-lora-trn2-pilot \(trn2\)  ◆ both  ▲ NaN/inf  b/p restart  ╌ tolerance$'
keys Q
wait_for "EXIT=0"
exit $fail

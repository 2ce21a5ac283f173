#!/usr/bin/env bash
# tui_ledger_marks.sh: the ledger (overview l) cuts nothing that matters
# for a signature without a mark: on the demo store at 80x24 its 48 table
# rows (8 times, 8 prices and quantities, 10 costs, complete?, 6
# sensitivities, "none" under the warnings, 3 scenario rows: no condition
# and nothing unanswered, so no row for them (it was an empty row), 2
# runs and 7 headings) show 18 at a time and the last body row says what
# is hidden, as the task card and run list do: "+29 more (Down scrolls)"
# on the first screen (the table ends at "useful_steps"), "29 above (Up
# scrolls)" after G (the table ends at the last run), "1 above, +28 more
# (Up/Down scroll)" with the 19th row selected. The whole screens are
# compared.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtledmark "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys l
wait_for "— ledger" || exit 1
cat >"$tmp/top.txt" <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — ledger
lifecycle USD gpu 119.70 trn2 259.20; per useful step gpu 0.0599 trn2 0.1296
                                gpu                      trn2
time (hours)
  environment preparation       1.5 measured             3 measured
  compilation and cache build   0 measured               1.2 measured
  warm-up and data loading      0.08194 measured (hand)  0.08611 measured (hand)
  useful training               0.8 measured             0.2171 measured (log)
  checkpoint save and verific…  0.2 measured             0.3 measured
  queue / quota waits           2 measured               0.1167 measured (hand)
  failed reruns and recovery    0 measured               0.02299 measured (log)
  manual handling               1 assumption             2.5 assumption
prices and quantities
  instance_hour (USD/instance…  32.77 assumption         35 assumption
  instances (instances)         1 measured               1 measured
  storage (USD/GB-month)        0.023 assumption         0.023 assumption
  storage_gb_months (GB-month…  40 measured              60 measured
  transfer (USD/GB)             0.09 assumption          0.09 assumption
  transfer_gb (GB)              10 measured              10 measured
  logs (USD/GB)                 0.5 assumption           0.5 assumption
  logs_gb (GB)                  1 measured               1 measured
+29 more (Down scrolls)

?:help q:back d:decide l:side Enter:value s:scenario
SCREEN
screen_is "$tmp/top.txt"

keys G
wait_for "29 above (Up scrolls)"
cat >"$tmp/end.txt" <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — ledger
lifecycle USD gpu 119.70 trn2 259.20; per useful step gpu 0.0599 trn2 0.1296
                                gpu                      trn2
  equal effective steps E       2000
  complete?                     complete                 complete
sensitivity: +10 % of one input moves that side's total by (USD)
  trn2  instance_hour        +25.64
  trn2  instances            +25.64
  gpu   instance_hour        +11.74
  gpu   instances            +11.74
  trn2  env_prep             +10.50
  trn2  manual               +8.75
fair-compare warnings
  none
scenario guide (s: answer)
  recommendation: dual_track
  high cost of error and a team new to Neuron: run both tracks, GPU stays the f…
  stable yes, custom_cuda no, graph_changes no, high_cost_of_error yes, agreed_…
runs (derived from the logs)
  llama3-8b-lora-gpu-a100 (gpu): no step time logged; 2000 useful steps
  llama3-8b-lora-trn2-pilot (trn2): step time from throughput, ideal 0.39 s, fi…
29 above (Up scrolls)

?:help q:back d:decide l:side Enter:value s:scenario
SCREEN
screen_is "$tmp/end.txt"

# in between: both counts (j 18 times from the top: the 19th row
# selected at the bottom, rows 2..19 shown)
keys g
wait_for "+29 more (Down scrolls)"
keys j j j j j j j j j j j j j j j j j j
wait_for "1 above, +28 more (Up/Down scroll)"

keys Q
wait_for "EXIT=0"
exit $fail

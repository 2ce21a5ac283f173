#!/usr/bin/env bash
# tui_ledger_scenario.sh: the ledger's scenario guide. Its dialog's
# refusal takes the rows it wraps to, the box growing (up to 3 rows), and
# is cut with a mark only when the screen has no more: it was drawn on
# one row cut without a mark ('... paused by the stor │'). The section
# draws no empty row where there is no condition and nothing unanswered
# (tui_ledger_marks.sh: the demo's table). Demo store, fixed clock and
# user; a trigger added to the store refuses every scenario record with a
# long reason (as a store owner's could), so [ save ] is refused:
# 1. at 80x24: the reason on 3 rows, whole; the row beneath blank (the
#    refusal is shown once: tui_dialog_msg_once.sh);
# 2. at 80x19: 2 rows, the second ending in '…'.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtledscen "${1:-}"
command -v sqlite3 >/dev/null 2>&1 || { echo "sqlite3 not found: skipped"; exit 77; }
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
why="scenario writes are paused by the store owner for the quarterly audit of the acceptance records; try again after the audit closes"
sqlite3 "$tmp/x.db" "CREATE TRIGGER scenario_refused BEFORE INSERT ON scenario BEGIN SELECT RAISE(ABORT, '$why'); END;" || exit 1
tui_start 80 24 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=ana
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys l
wait_for "— ledger" || exit 1
keys G
wait_for "above (Up scrolls)" || exit 1
keys s
wait_for "scenario guide:" || exit 1
keys Down Down Down Down Down Down Down Down
wait_for "training type (full:" || exit 1
keys Enter
wait_for "not saved:" || exit 1
cat >"$tmp/s24.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — ledger
lifecycle USD gpu 119.70 trn2 259.20; per useful step gpu 0.0599 trn2 0.1296
                                gpu                      trn2

  ┌─ scenario guide: Left/Right answers, save records, Esc cancels ──────────┐
  │ training type (full: a trn2 pilot only after parallelism, checkpoint and │
  │ recovery checks)                                                         │
  │ stable               < yes >                                             │
  │ custom_cuda          < no >                                              │
  │ graph_changes        < no >                                              │
  │ high_cost_of_error   < yes >                                             │
  │ agreed_metrics       < yes >                                             │
  │ experienced_team     < no >                                              │
  │ long_cycle           < yes >                                             │
  │ training             < lora >                                            │
  │                      [ save ]                                            │
  │ not saved: store: store scenario: scenario writes are paused by the      │
  │ store owner for the quarterly audit of the acceptance records; try again │
  │ after the audit closes                                                   │
  └──────────────────────────────────────────────────────────────────────────┘

29 above (Up scrolls)

type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
S
screen_is "$tmp/s24.txt"
$T resize-window -t t -x 80 -y 19
cat >"$tmp/s19.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — ledger

  ┌─ scenario guide: Left/Right answers, save records, Esc cancels ──────────┐
  │ training type (full: a trn2 pilot only after parallelism, checkpoint and │
  │ recovery checks)                                                         │
  │ stable               < yes >                                             │
  │ custom_cuda          < no >                                              │
  │ graph_changes        < no >                                              │
  │ high_cost_of_error   < yes >                                             │
  │ agreed_metrics       < yes >                                             │
  │ experienced_team     < no >                                              │
  │ long_cycle           < yes >                                             │
  │ training             < lora >                                            │
  │                      [ save ]                                            │
  │ not saved: store: store scenario: scenario writes are paused by the      │
  │ store owner for the quarterly audit of the acceptance records; try agai… │
  └──────────────────────────────────────────────────────────────────────────┘

type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
S
screen_is "$tmp/s19.txt"
keys Escape
wait_for "cancelled: nothing recorded"
keys Q
wait_for "EXIT=0"
exit $fail

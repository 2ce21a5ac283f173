#!/usr/bin/env bash
# agree_pilot_list_counts.sh: 'dualtrack pilot list' and the TUI's pilot
# list give a pilot's checklist the same counts: pass, fail, pending.
# The CLI printed one column 'checks' as 2/12 (pass + waived of 12), so
# a failed item did not show (new-user trial: step6 computed fail, the
# list read '2/12'), and its number was not the TUI's pass count (waived
# items added). Pilot p: step1 pass, step2 waived, step3 fail, nine
# pending; pilot q: nothing set (12 pending). Both lists: p 1 1 9, q 0 0
# 12. $1 = dualtrack binary. Exit 77 (skipped) without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtpilotlist "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
dt() { "$BIN" --db "$tmp/x.db" "$@"; }
dt pilot new p >/dev/null && dt pilot new q >/dev/null &&
dt check p step1 pass --note ok >/dev/null &&
dt check p step2 waived --reason "not in this trial" >/dev/null &&
dt check p step3 fail --note "pilot differs" >/dev/null || { echo "FAIL: setup"; exit 1; }

dt pilot list >"$tmp/list.txt"
same "pilot list: header" "$(head -1 "$tmp/list.txt" | tr -s ' ')" \
	"pilot runs b/p pass fail pending decision created"
same "pilot list: p" "$(grep -E '^p ' "$tmp/list.txt" | tr -s ' ')" \
	"p 0/0 1 1 9 - 2026-11-29T10:00:00Z"
same "pilot list: q" "$(grep -E '^q ' "$tmp/list.txt" | tr -s ' ')" \
	"q 0/0 0 0 12 - 2026-11-29T10:00:00Z"

tui_start 100 20 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=ana
wait_for "pilots (2)" || exit 1
wait_re '^  q ' || exit 1
same "TUI pilot list: p" "$(screen | grep -E '^  p ' | tr -s ' ')" " p 0/0 1 1 9 -"
same "TUI pilot list: q" "$(screen | grep -E '^  q ' | tr -s ' ')" " q 0/0 0 0 12 -"
keys Q
wait_for "EXIT=0"
exit $fail

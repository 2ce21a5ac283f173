#!/usr/bin/env bash
# tui_help_order.sh: the ? help of a screen lists the screen's own keys
# first, then its list moves, then the keys that leave it (q, 1..5, Tab),
# then those of every screen, so what a screen does is never below "+N
# more": the checklist's d p f w u e are its first rows at 80x24 (they
# were below 1..5 and Tab, w last and u e under "+6 more"). The help box
# has its four corners (┌ ┐ └ ┘; "+" in ASCII). The whole screen is
# compared. $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dthelpord "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 2
wait_for "— checklist" || exit 1
keys '?'
wait_for "keys: checklist" || exit 1
cat >"$tmp/help.txt" <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — checklist

  ┌─ keys: checklist (j/k scroll, any other key closes) ─────────────────────┐
  │ d       decide (go / continue / roll-back / ...)                         │
  │ p       pass, with a note                                                │
  │ f       fail, with a reason                                              │
  │ w       waive, with a reason                                             │
  │ u       back to pending                                                  │
  │ e       attach evidence: run:NAME drill:ID file:PATH                     │
  │ j Down  next item                                                        │
  │ k Up    previous item                                                    │
  │ PgDn    one page down                                                    │
  │ PgUp    one page up                                                      │
  │ g Home  first item                                                       │
  │ G End   last item                                                        │
  │ /       search: type; Down or C-n next match; Enter or Esc ends          │
  │ q Esc   back to the overview (1..5, l switch sections in place)          │
  │ 1       task card                                                        │
  │ 2       checklist                                                        │
  │ 3       drill log                                                        │
  │ +7 more (Down scrolls)                                                   │
  └──────────────────────────────────────────────────────────────────────────┘

?:help q:back d:decide p:pass f:fail w:waive u:pending e:evidence
SCREEN
screen_is "$tmp/help.txt"
keys x
wait_gone "keys: checklist"
keys Q
wait_for "EXIT=0"

# ASCII: the corners are "+"
$T kill-session -t t
tui_start 80 24 DUALTRACK_ASCII=1
wait_for "pilots (1)" || exit 1
keys '?'
wait_for "keys: pilots" || exit 1
expect_line '^  \+- keys: pilots \(any other key closes\) -+\+$'
expect_line '^  \+-{74}\+$'
keys x
wait_gone "keys: pilots"
keys Q
wait_for "EXIT=0"
exit $fail

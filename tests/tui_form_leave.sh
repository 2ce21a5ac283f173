#!/usr/bin/env bash
# tui_form_leave.sh: every form's refused row loses its mark and reason as
# soon as the text typed would be taken (dt_form_recheck, as the decide
# form since tui_decide_leave.sh), not at the next Enter. The add-drill
# form: demo store at 80x24, drill log (3), add (a), to the fault time.
# 1. '2026-11-02T10:41:00' (no zone) and Enter: refused, '!fault time'
#    and the reason under the rows (as tui_drill_time.sh);
# 2. 'x' typed after it: still refused, the mark stays and the reason is
#    the one for '2026-11-02T10:41:00x' (Ctrl-U alone would take it: the
#    time may be left empty);
# 3. Ctrl-U, '2026-11-02T10:41:00Z' typed, no Enter: the label reads
#    'fault time', the reason is gone and the key line is back (they
#    stayed until the next Enter); whole screen.
# The import form (i) likewise: grad accum '4x' refused, Backspace: '4'
# unmarked, the reason gone, before any Enter.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtformleave "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
drill_form_fault_time || exit 1
keys -l 2026-11-02T10:41:00
keys Enter
wait_for "with a zone)" || exit 1
expect_line '│ !fault time          2026-11-02T10:41:00 '
# still refused while edited: the mark stays, the reason for the text now
keys -l x
wait_for "fault time '2026-11-02T10:41:00x': expected an ISO"
expect_line '│ !fault time          2026-11-02T10:41:00x '
# the valid time typed, no Enter: mark and reason gone at once
keys C-u; keys -l 2026-11-02T10:41:00Z
{ drill_form_top; cat; } >"$tmp/typed.txt" <<'S'
  │ fault time           2026-11-02T10:41:00Z                                │
  │ resumed time         -                                                   │
  │ note                 -                                                   │
  │                      [ review the pre-fill from the logs ]               │
  │                                                                          │
  │                                                                          │
  │ type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change    │
  │ Esc:cancel                                                               │
  └──────────────────────────────────────────────────────────────────────────┘


type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
S
screen_is "$tmp/typed.txt"
keys Escape
wait_for "cancelled: no drill recorded"
keys Q
wait_for "EXIT=0"
$T kill-server 2>/dev/null; sleep 0.3
# the import form (i) the same way: grad accum '4x' refused as it is
# left, then Backspace, no Enter: '4' would be taken, so the mark and the
# reason are gone at once (they stayed until the next Enter)
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Tab
wait_for "runs (2)" || exit 1
keys i
wait_for "type a path" || exit 1
keys -l micro.log; keys Down Down; keys -l mb; keys Enter
keys Down Down; keys -l 4x; keys Enter
wait_for "grad accum expects an integer >= 1, got '4x'" || exit 1
expect_line '^!grad accum      4x$'
keys BSpace
wait_gone "grad accum expects" || exit 1
expect_line '^grad accum       4$'
keys Escape
wait_for "runs (2)"
keys Q
wait_for "EXIT=0"
exit $fail

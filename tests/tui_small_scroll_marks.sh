#!/usr/bin/env bash
# tui_small_scroll_marks.sh: at 60x16 a list that does not fit says what
# it hides, with the mark the run list and the ledger use
# (dt_layout_scroll_mark). Demo store, fixed clock and user.
# 1. the checklist: 8 of its 12 items, "+4 more (Down scrolls)" on the
#    list's last row above the detail box (the items below step8 were cut
#    with no mark); G: "4 above (Up scrolls)", trial5 the last row shown;
#    a row between: "N above, +M more (Up/Down scroll)";
# 2. the help overlay of the checklist: "+N more (Down scrolls)" as it
#    opens; scrolled to its end, "N above (Up scrolls)" (the box showed
#    its last keys and a blank row, nothing said keys were above).
# At 80x24 and 120x40 the checklist fits (no mark): tui_golden.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtsmallmarks "${1:-}"
demo_overview 60 16 || exit 1

# 1. the checklist
keys 2
wait_for "— checklist" || exit 1
cat >"$tmp/top.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — checklist
 9 pass 0 fail 3 pending 0 waived    *: computed from the d…
 step1    pass     ana        2026-11-29 10:00 GPU baseline…
 step2    pass     ana        2026-11-29 10:00 complete sta…
 step3    pass     ana        2026-11-29 10:00 small Traini…
 step4    pending                              pilot interr…
 step5    pass     ana        2026-11-29 10:00 node failure…
 step6  * pass     (data)                      loss, output…
 step7    pending                              inconsistent…
 trial1 * pass     (data)                      loss appears…
+4 more (Down scrolls)
── step1: GPU baseline fixed: dataset, step count, evalua…──
 pass by ana at 2026-11-29 10:00; note: 2000 steps, eval
 script v3

q:back d:decide p:pass f:fail w:waive u:pending … ?:help
S
screen_is "$tmp/top.txt"
keys G
wait_for "4 above (Up scrolls)"
cat >"$tmp/end.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — checklist
 9 pass 0 fail 3 pending 0 waived    *: computed from the d…
 step5    pass     ana        2026-11-29 10:00 node failure…
 step6  * pass     (data)                      loss, output…
 step7    pending                              inconsistent…
 trial1 * pass     (data)                      loss appears…
 trial2   pass     ana        2026-11-29 10:00 checkpoint h…
 trial3   pass     ana        2026-11-29 10:00 after reload…
 trial4   pending                              final output…
 trial5 * pass     (data)                      compile and …
4 above (Up scrolls)
── trial5: compile and data-preparation time recorded apa…──
 computed pass: compile and data-preparation time recorded
 for 1 pilot run

q:back d:decide p:pass f:fail w:waive u:pending … ?:help
S
screen_is "$tmp/end.txt"
keys k k k k k k k k k k
wait_for "1 above, +3 more (Up/Down scroll)"
expect_line '^ step2    pass     ana        2026-11-29 10:00 complete sta…$'
keys g
wait_for "+4 more (Down scrolls)"

# 2. the help overlay, as it opens and scrolled to its end
keys '?'
wait_for "keys: checklist (j/k scroll" || exit 1
wait_re '^  │ \+[0-9]+ more \(Down scrolls\) +│$'
keys PageDown PageDown PageDown PageDown
wait_re '^  │ [0-9]+ above \(Up scrolls\) +│$'
expect_line '^  │ t       next theme \(named in the footer until a key\) │$'
keys k
wait_re '^  │ [0-9]+ above, \+1 more \(Up/Down scroll\) +│$'
keys x
wait_gone "keys: checklist"
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_card_refusal.sh: the task card's inline editor marks a value the
# store refuses and drops the mark and the reason as soon as the text
# typed would be taken (dt_form_recheck, as the forms since
# tui_form_leave.sh), not at the next Enter. Demo store at 80x24, times
# and actor fixed: 1 opens the task card, j x4 selects micro-batch (4),
# Enter edits.
# 1. Backspace, 'abc' and Enter: refused, '!micro-batch', 'refused: why
#    below' and the store's reason under the rows (it showed the reason
#    only, no mark);
# 2. Backspace ('ab'): still refused, the reason is the one for 'ab';
# 3. Backspace x2, '6' typed, no Enter: the label reads 'micro-batch', the
#    reason is gone (it stayed on screen while the value was corrected);
#    whole screen;
# 4. Enter saves it ('micro-batch saved by trial').
# Esc after a refusal closes the editor without a mark.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtcardrefusal "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 80 24 $FIX
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 1
wait_for "— task card" || exit 1
keys j j j j
wait_for "micro-batch size (samples)" || exit 1
keys Enter BSpace
keys -l abc
keys Enter
wait_for "got 'abc'" || exit 1
expect_line '^!micro-batch +abc +refused: why below$'
# still refused while edited: the mark stays, the reason for the text now
keys BSpace
wait_for "got 'ab'"
expect_line '^!micro-batch +ab +refused: why below$'
# a value that would be taken, no Enter: mark and reason gone at once
keys BSpace BSpace
keys -l 6
cat >"$tmp/typed.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — task card
micro-batch size (samples): a whole number >= 1 (empty clears)
model              meta-llama/Meta-Llama-3-8B           trial 2026-11-29 10:00
code-version       finetune@4c1e9a2                     trial 2026-11-29 10:00
training-type      lora                                 trial 2026-11-29 10:00
seq-len            2048                                 trial 2026-11-29 10:00
micro-batch        6                                    trial 2026-11-29 10:00
grad-accum         8                                    trial 2026-11-29 10:00
global-batch       16                                   trial 2026-11-29 10:00
parallelism        tp=8 pp=1 dp=1                       trial 2026-11-29 10:00
dataset            support-tickets v3 (sha256 9f2c51e0) trial 2026-11-29 10:00
dataset-size       32000 samples                        trial 2026-11-29 10:00
target-steps       2000                                 trial 2026-11-29 10:00
eval-method        exact match on 200 control prompts … trial 2026-11-29 10:00
control-answers    controls/support-v3.jsonl            trial 2026-11-29 10:00
loss-range         1.0-1.3 at step 2000                 trial 2026-11-29 10:00
checkpoint-period  200                                  trial 2026-11-29 10:00
checkpoint-format  NxD sharded: model, optimizer, sche… trial 2026-11-29 10:00
recovery-seconds   900                                  trial 2026-11-29 10:00
custom-ops         none                                 trial 2026-11-29 10:00
rtol               0.02                                 trial 2026-11-29 10:00
+3 more (Down scrolls)

type the value; Enter:save Esc:cancel
S
screen_is "$tmp/typed.txt"
keys Enter
wait_for "micro-batch saved by trial"
expect_line '^micro-batch +6 +trial 2026-11-29 10:00$'
# refused, then Esc: the editor closes, no row keeps the mark
keys k Enter BSpace
keys -l x
keys Enter
wait_for "got 'x'"
keys Escape
wait_for "not saved: micro-batch unchanged"
expect_line '^micro-batch +6 +trial 2026-11-29 10:00$'
screen | grep -q '^!' && { echo "FAIL: a row keeps the mark after Esc"; screen; fail=1; }
keys Q
wait_for "EXIT=0"
exit $fail

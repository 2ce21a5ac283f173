#!/usr/bin/env bash
# tui_resume_refresh.sh: the resume view follows another process' writes,
# as the comparison and the checklist do. The run of tui_resume_scroll.sh
# (one restart at step 11, last step before it 10, no checkpoint known).
# With the view open, `journal set nolr checkpoint.confirmed_step 10` from
# another shell: the view's checkpoint line becomes 'checkpoint 10' and
# the step check passes ('resumed at step 11 (last confirmed checkpoint
# 10)'), as resume-check says; the selected restart is kept. It stayed
# 'checkpoint: unknown' and 'step n/a' until q and r (new-user trial).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtresumerefresh "${1:-}"
{ echo step,loss; for s in $(seq 1 10); do echo "$s,2.0"; done; } >"$tmp/ca.csv"
{ echo step,loss; for s in $(seq 11 16); do echo "$s,1.0"; done; } >"$tmp/cb.csv"
"$BIN" --db "$tmp/x.db" import --platform trn2 --run nolr "$tmp/ca.csv" "$tmp/cb.csv" >/dev/null 2>&1 || { echo "FAIL: import"; exit 1; }
tui_start 100 30
wait_for "runs (1)" || exit 1
keys r
wait_for "resume check: nolr" || exit 1
wait_for "checkpoint: unknown (give --checkpoint or a drill)" || fail=1
"$BIN" --db "$tmp/x.db" journal set nolr checkpoint.confirmed_step 10 >/dev/null || exit 1
"$BIN" --db "$tmp/x.db" resume-check nolr >"$tmp/rc.out"
grep -q "resumed at step 11 (last confirmed checkpoint 10)" "$tmp/rc.out" || { echo "FAIL: resume-check"; fail=1; }
wait_for "checkpoint 10; data cursor n/a" || fail=1
wait_for "step         pass  resumed at step 11 (last confirmed checkpoint 10)" || fail=1
screen | grep -q "checkpoint: unknown" && { echo "FAIL: the old checkpoint line stays"; fail=1; }
keys Q
wait_for "EXIT=0"
exit $fail

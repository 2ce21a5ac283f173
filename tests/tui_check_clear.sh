#!/usr/bin/env bash
# tui_check_clear.sh: the checklist's u (back to pending) on an
# overridden computed item says what `dualtrack check PILOT ITEM pending`
# says, from one service function (dt_check_record's words): "step6:
# override cleared by ana; the status is computed from the data again".
# It said "step6 set to pending by ana". With no override to clear, and
# for a status set, the CLI's words too.
# Demo store, step6 (computed pass: drill #1 verified the resume)
# overridden to fail by the CLI first; 100x30.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtckclr "${1:-}"
P=llama3-8b-lora-trn2
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
DUALTRACK_USER=ana "$BIN" --db "$tmp/x.db" check $P step6 fail --reason "rerun pending" >/dev/null ||
	{ echo "FAIL: override"; exit 1; }
tui_start 100 30 DUALTRACK_USER=ana
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 2
wait_for "— checklist" || exit 1
# step1 .. step6: five rows down
keys j j j j j
wait_for "── step6: loss" || exit 1
keys u
wait_for "step6 -> pending clears the override: note (optional)" || exit 1
keys Enter
wait_for "step6: override cleared by ana; the status is computed from the data again" || exit 1
# again: nothing left to clear, as check says
keys u
wait_for "step6 -> pending clears the override" || exit 1
keys Enter
wait_for "step6: no override to clear (recorded by ana); the status is computed from the data" || exit 1
# a status set: check's words
keys k
wait_for "── step5:" || exit 1
keys p
wait_for "step5 -> pass" || exit 1
keys Enter
wait_for "step5: pass recorded by ana" || exit 1
keys Q
wait_for "EXIT=0"
# the CLI's words for the same clear
DUALTRACK_USER=ana "$BIN" --db "$tmp/x.db" check $P step6 fail --reason "again" >/dev/null
DUALTRACK_USER=ana "$BIN" --db "$tmp/x.db" check $P step6 pending >"$tmp/cli.out"
grep -qxF "step6: override cleared by ana; the status is computed from the data again (0 evidence links added)" \
	"$tmp/cli.out" || { echo "FAIL: CLI words:"; cat "$tmp/cli.out"; fail=1; }
exit $fail

#!/usr/bin/env bash
# cli_check_clear.sh: `check PILOT step6 pending` clears a person's
# override of a computed item (README, ACCEPTANCE.md: the data decides
# again), and the words and the stored state agree. It printed
# "step6: pending recorded by T. Lead" and the checklist (pilot show,
# --json, the TUI) and the evidence pack then showed step6 as set by
# T. Lead. Now check says the override was cleared, and no front-end
# shows a setter for step6; a person's own item (step1) set pending still
# says who recorded it.
# Store: baseline g and pilot run t, the same 20 losses; pilot P, no
#   drill: step6 computed pending (no drill verified a resume).
# usage: cli_check_clear.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER="T. Lead"
dt() { "$bin" --db "$db" "$@"; }
{ echo step,loss; for s in $(seq 1 20); do echo "$s,$((300 - s))"; done; } >"$tmp/g.csv"
cp "$tmp/g.csv" "$tmp/t.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/t.csv" >/dev/null &&
dt pilot new P >/dev/null &&
dt attach P g --role baseline >/dev/null && dt attach P t --role pilot >/dev/null || exit 1

dt check P step6 pending >"$tmp/o0"
check "pending with no override: exit 0" test $? -eq 0
check "  says there was nothing to clear" test "$(cat "$tmp/o0")" = "step6: no override to clear (recorded by T. Lead); the status is computed from the data (0 evidence links added)"
dt check P step6 pass --reason "looked fine" >"$tmp/o1"
check "an override: recorded" test "$(cat "$tmp/o1")" = "step6: pass recorded by T. Lead (0 evidence links added)"
dt check P step6 pending >"$tmp/o2"
check "pending on it: exit 0" test $? -eq 0
check "  says the override was cleared" test "$(cat "$tmp/o2")" = "step6: override cleared by T. Lead; the status is computed from the data again (0 evidence links added)"
dt pilot show P >"$tmp/show"
check "pilot show: step6 as the data gives it" grep -qE '^  step6  pending \* ' "$tmp/show"
check "  no 'set by' line under step6" test "$(sed -n '/^  step6 /,/^  step7 /p' "$tmp/show" | grep -c 'set by')" -eq 0
dt pilot show P --json >"$tmp/show.json"
check "pilot show --json: step6 not overridden, no setter" test "$(py "
import json; d = json.load(open('$tmp/show.json'))
it = [i for i in d['checklist'] if i['id'] == 'step6'][0]
print(it['status'], it['overridden'], repr(it['set_by']), repr(it['set_at']), repr(it['reason']))")" = "pending False '' '' ''"
dt export P --out "$tmp/pk" --no-logs >/dev/null 2>&1
check "report.md: step6 row set by nobody" test "$(grep '^| step6 ' "$tmp/pk/report.md" | awk -F' [|] ' '{print $5 "|" $6}')" = '\-|\-'
check "  and the evidence pack's JSON says so" test "$(py "
import json; d = json.load(open('$tmp/pk/evidence.json'))
print([(i['set_by'], i['overridden']) for i in d['checklist'] if i['id'] == 'step6'])")" = "[(None, False)]"

dt check P step1 pass >/dev/null && dt check P step1 pending >"$tmp/o3"
check "a person's own item set pending: who recorded it" test "$(cat "$tmp/o3")" = "step1: pending recorded by T. Lead (0 evidence links added)"
dt pilot show P >"$tmp/show2"
check "  pilot show names the setter of step1" test "$(sed -n '/^  step1 /,/^  step2 /p' "$tmp/show2" | grep -c 'set by T. Lead at ')" -eq 1
finish

#!/usr/bin/env bash
# agree_override.sh: an override never hides. A person's status on a
# computed checklist item counts as set (step 6 computed fail, overridden
# to pass, passes the gate: README, the way a failed step 6 is accepted)
# but every front-end says it was overridden, in one phrase from the
# service (dt_checklist_overrides_text): `gate` (text: the checklist
# reason and an override line with who, when, what the data gave and
# why; --json: "overridden"), the TUI overview and the evidence pack's
# summary (report.md). `gate` used to print PASS and "no item failed (2
# pass, 10 pending, 0 waived)" and nothing else. $1 = dualtrack binary.
# Exit 77 (skipped) without tmux or python3.
#
# Store: baseline g and pilot run t, the same 20 losses (parity pass: 20
#   compared, 0 breaches). Pilot P (recovery limit 900 s): drill #1
#   node-loss on t, effective_step failed by hand ("lost 1000 steps"),
#   recovery 08:00 -> 09:00 = 3600 s: step 6 computed fail, naming both
#   failures of the drill: "drill #1 (node-loss): effective_step failed,
#   recovery 3600 s over the card's 900 s limit". ana sets step6 pass with a
#   reason. Counts: 2 pass (step6 by the override, trial1: 20 falling
#   losses from step 1), 10 pending.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtover "${1:-}"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
dt() { "$BIN" --db "$tmp/o.db" "$@"; }

{ echo step,loss; for s in $(seq 1 20); do echo "$s,$((300 - s))"; done; } >"$tmp/g.csv"
sed 's/$/\r/' "$tmp/g.csv" >"$tmp/t.csv" # the same values, another file
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/t.csv" >/dev/null &&
dt pilot new P --recovery-seconds 900 >/dev/null &&
dt attach P g --role baseline >/dev/null && dt attach P t --role pilot >/dev/null &&
dt drill add P --kind node-loss --run t --fault-time 2026-11-29T08:00:00Z \
	--resumed-time 2026-11-29T09:00:00Z --check "effective_step=fail:lost 1000 steps" \
	>/dev/null 2>&1 || exit 1
dt gate P >/dev/null
same "gate before the override: exit" "$?" 1
dt check P step6 pass --reason "accepted: slow S3 in the test account" >/dev/null || exit 1

phrase="1 overridden: step6 computed fail, set pass by ana"
dt gate P >"$tmp/gate.txt"
same "gate: exit (an override to pass passes)" "$?" 0
same "gate: verdict line" "$(head -1 "$tmp/gate.txt")" "gate P: PASS"
same "gate: the checklist reason" "$(grep -F ' checklist ' "$tmp/gate.txt")" \
	"  ok   checklist 12 items: no item failed (2 pass, 10 pending, 0 waived; $phrase)"
same "gate: the override line" "$(grep -F ' override ' "$tmp/gate.txt" | sed -E 's/ at [0-9T:Z-]+ over / at T over /')" \
	"  !    override  step6 set pass by ana at T over computed fail (drill #1 (node-loss): effective_step failed, recovery 3600 s over the card's 900 s limit); reason: accepted: slow S3 in the test account"
dt gate P --json >"$tmp/gate.json"
same "gate --json: overridden" "$(python3 -c "
import json; d = json.load(open('$tmp/gate.json'))
print(d['pass'], len(d['overridden']))
for o in d['overridden']:
    print('|'.join([o['item'], o['status'], o['computed_status'], o['computed_detail'], o['set_by'], o['reason'], str(bool(o['set_at']))]))
print([r['detail'] for r in d['reasons'] if r['check'] == 'checklist'][0])")" \
	"True 1
step6|pass|fail|drill #1 (node-loss): effective_step failed, recovery 3600 s over the card's 900 s limit|ana|accepted: slow S3 in the test account|True
no item failed (2 pass, 10 pending, 0 waived; $phrase)"

# a gate that fails for another reason still lists the override
dt check P step1 fail --reason "dataset changed" >/dev/null || exit 1
dt gate P >"$tmp/gate2.txt"
same "gate failing elsewhere: exit" "$?" 1
has "gate failing elsewhere: the override line" "$tmp/gate2.txt" "  !    override  step6 set pass by ana at "
dt check P step1 pending >/dev/null || exit 1

# the evidence pack's summary
dt export P --out "$tmp/pk" --no-logs >/dev/null 2>&1 || { echo "FAIL: export"; fail=1; }
has "report.md: summary" "$tmp/pk/report.md" "Checklist: 2 pass, 0 fail, 10 pending, 0 waived; $phrase."

# the TUI overview
$T new-session -d -x 120 -y 40 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$tmp/o.db\"; echo EXIT=\$?" Enter
if wait_for "pilots (1)"; then
	$T send-keys -t t Enter
	wait_for "— P — overview" &&
		wait_for "2 pass  0 fail  10 pending  0 waived  (of 12)" &&
		wait_for "$phrase" &&
		echo "ok   TUI overview: $phrase"
	$T send-keys -t t Q
	wait_for "EXIT=0"
fi
[ $fail -eq 0 ] && echo "agree_override: all passed"
exit $fail

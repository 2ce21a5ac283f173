#!/usr/bin/env bash
# cli_drill_step_unknown.sh: a drill's checkpoint or resumed step that was
# not recorded (the store's 0) is never shown as step 0: JSON null, text
# "-", in drill add / list, pilot show and the pack (evidence.json,
# report.md, report.html); the pack still verifies.
#
# The demo store's drill #2 (manual-interrupt) records neither step.
# Drill #3 added here: checkpoint step 4000, no resumed step, --no-prefill
# (so nothing fills it from the logs), fault 10:41:00, resumed 10:52:30.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=drill-step-test
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
P=llama3-8b-lora-trn2
"$bin" --db "$db" demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo"; exit 1; }
"$bin" --db "$db" drill add "$P" --kind manual-interrupt --run "$P-pilot" \
	--checkpoint-step 4000 --fault-time 2026-11-02T10:41:00Z \
	--resumed-time 2026-11-02T10:52:30Z --no-prefill >"$tmp/add.txt" 2>&1
check "drill add exit 0" test $? -eq 0
check "drill add: resumed step -" grep -q "checkpoint - step 4000, resumed step -," "$tmp/add.txt"

"$bin" --db "$db" drill list "$P" --json >"$tmp/list.json"
check "drill list --json: unknown steps null" py "
import json; d = {x['id']: x for x in json.load(open('$tmp/list.json'))['drills']}
assert d[1]['checkpoint']['step'] == 1200 and d[1]['resumed_step'] == 1201, d[1]
assert d[2]['checkpoint']['step'] is None and d[2]['resumed_step'] is None, d[2]
assert d[3]['checkpoint']['step'] == 4000 and d[3]['resumed_step'] is None, d[3]"
"$bin" --db "$db" pilot show "$P" --json >"$tmp/show.json"
check "pilot show --json: unknown steps null" py "
import json; d = {x['id']: x for x in json.load(open('$tmp/show.json'))['drills']}
assert d[2]['checkpoint']['step'] is None and d[2]['resumed_step'] is None, d[2]
assert d[3]['checkpoint']['step'] == 4000 and d[3]['resumed_step'] is None, d[3]"
"$bin" --db "$db" pilot show "$P" >"$tmp/show.txt"
check "pilot show: drill #2 steps -" grep -qx \
	"  #2 manual-interrupt: run -, checkpoint - (step -), resumed at step -, recovery -" "$tmp/show.txt"
check "pilot show: drill #3 resumed step -" grep -q \
	"^  #3 manual-interrupt: run $P-pilot, checkpoint - (step 4000), resumed at step -, recovery 690 s" "$tmp/show.txt"

"$bin" --db "$db" export "$P" --out "$tmp/pack" >/dev/null 2>&1
check "export exit 0" test $? -eq 0
check "evidence.json: unknown steps null" py "
import json; d = {x['id']: x for x in json.load(open('$tmp/pack/evidence.json'))['drills']}
assert d[2]['checkpoint']['step'] is None and d[2]['resumed_step'] is None, d[2]
assert d[3]['checkpoint']['step'] == 4000 and d[3]['resumed_step'] is None, d[3]"
check "report.md: drill #2 steps -" grep -qF \
	'| \#2 | manual-interrupt |  | \- (step -), resumed at step - |' "$tmp/pack/report.md"
check "report.md: drill #3 resumed step -" grep -qF \
	"| \\#3 | manual-interrupt | $P-pilot | \\- (step 4000), resumed at step - |" "$tmp/pack/report.md"
check "report.md: no drill row with step 0" sh -c \
	"! grep -E '^\| .*#[23] \| manual-interrupt.*step 0' '$tmp/pack/report.md'"
check "report.html: drill #2 steps -" grep -qF \
	'<td>- (step -), resumed at step -</td>' "$tmp/pack/report.html"
check "report.html: no drill cell with step 0" sh -c \
	"! grep -E '<td>[^<]*\(step 0\)|resumed at step 0<' '$tmp/pack/report.html'"
"$bin" verify "$tmp/pack" >"$tmp/verify.txt" 2>&1
# unsigned: the one problem is the missing signature
check "the pack's files match its manifest" grep -q "files match MANIFEST.sha256" "$tmp/verify.txt"
check "the pack's only problem: not signed" grep -qx "NOT verified: 1 problem" "$tmp/verify.txt"
finish

#!/usr/bin/env bash
# agree_forced_go.sh: a go recorded past open checklist items reads
# "go FORCED" everywhere it is shown (dt_decision_label, one wording),
# never a clean "go": decide's line, pilot list (text), pilot show, the
# TUI pilot list, overview and decision log, and the evidence pack's
# report (its "Current decision" line and its decision table, whose row
# carries the forced mark "!", not "≠", the mark of rows where baseline
# and pilot differ, nor "×", the mark of failed rows; the legend under the
# summary says all three). A go with
# nothing open stays "go". $1 = dualtrack binary. Exit 77 (skipped)
# without tmux.
#
# Store: pilot "f" (fresh: all 12 checklist items pending) with
#   decision #1 go --force (forced past the 12 items); pilot "w" with
#   every item waived, decision #2 go (nothing open: not forced). Then
#   #3 continue on "f": the current decision reads "continue" and #1
#   keeps its mark.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtforced "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
dt() { "$BIN" --db "$tmp/f.db" "$@"; }
open="step1 (pending), step2 (pending), step3 (pending), step4 (pending), step5 (pending), step6 (pending), step7 (pending), trial1 (pending), trial2 (pending), trial3 (pending), trial4 (pending), trial5 (pending)"

dt pilot new f >/dev/null && dt pilot new w >/dev/null || exit 1
for it in step1 step2 step3 step4 step5 step6 step7 trial1 trial2 trial3 trial4 trial5; do
	dt check w "$it" waived --reason "not in this trial" >/dev/null || exit 1
done
dt decide f go --force --rationale "ship anyway" --decider "Ana:researcher" >"$tmp/d1.out" 2>/dev/null
same "decide: the forced go's line" "$(head -1 "$tmp/d1.out" | sed 's/; evidence sha256 .*//')" \
	"decision #1 go FORCED recorded by ana (first decision)"
dt decide w go --rationale "all waived" --decider "Ana:researcher" >"$tmp/d2.out" 2>/dev/null
same "decide: a go with nothing open" "$(head -1 "$tmp/d2.out" | sed 's/; evidence sha256 .*//')" \
	"decision #2 go recorded by ana (first decision)"

# pilot list: the decision column (after name, runs b/p, pass, fail, pending)
dt pilot list >"$tmp/list.txt"
same "pilot list: f" "$(grep -E '^f ' "$tmp/list.txt" | cut -c63-72)" "go FORCED "
same "pilot list: w" "$(grep -E '^w ' "$tmp/list.txt" | cut -c63-72)" "go        "
# pilot list --json: the kind, whether it was forced, and the text column's label
same "pilot list --json: f, w" "$(dt pilot list --json | python3 -c "
import json, sys
for p in json.load(sys.stdin)['pilots']:
    if p['name'] in ('f', 'w'):
        print(p['name'], p['latest_decision'], p['latest_decision_forced'], p['latest_decision_label'])")" \
	"f go True go FORCED
w go False go"
dt pilot show f >"$tmp/show.txt"
has "pilot show: the decision line" "$tmp/show.txt" "  #1 go FORCED at 2026-11-29T10:00:00Z by ana: ship anyway"

# the evidence pack
dt export f --out "$tmp/pk" --no-logs >/dev/null 2>&1 || { echo "FAIL: export"; fail=1; }
has "report.md: current decision" "$tmp/pk/report.md" \
	"Current decision: go FORCED (\\#1 at 2026-11-29T10:00:00Z), recorded past open checklist items: $open."
has "report.md: the legend" "$tmp/pk/report.md" \
	"Marks in the tables: ≠ a row where the baseline and the pilot differ (side by side, the ledger: a difference, not a failure); × a row that failed or is missing (a resume check over its limit, a drill, a checklist item, a log left out, missing inputs); \\! a go recorded past open checklist items (go FORCED)."
has "report.html: the legend" "$tmp/pk/report.html" \
	"missing inputs); ! a go recorded past open checklist items (go FORCED).</p>"
has "report.md: decision row marked !" "$tmp/pk/report.md" "| **!** \\#1 | go FORCED | 2026-11-29T10:00:00Z | ana |"
hasnt "report.md: decision row not marked ≠" "$tmp/pk/report.md" "| **≠** \\#1 |"
has "report.html: decision row forced" "$tmp/pk/report.html" \
	'<tr class="forced"><td><strong>!</strong> #1</td><td>go FORCED</td>'
hasnt "report.md: no clean go" "$tmp/pk/report.md" "Current decision: go ("

# the TUI: pilot list, overview, decision log
$T new-session -d -x 80 -y 24 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp \"$BIN\" --db \"$tmp/f.db\"; sleep 30"
if wait_for "pilots (2)"; then
	same "TUI pilot list: f" "$(screen | grep -E '^  f ' | sed -E 's/ +[0-9]+\/[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +/|/; s/ +$//')" "  f|go FORCED"
	same "TUI pilot list: w" "$(screen | grep -E '^  w ' | sed -E 's/ +[0-9]+\/[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +/|/; s/ +$//')" "  w|go"
	$T send-keys -t t Enter
	wait_for "— f — overview" &&
		expect_line 'decisions +latest #1 go FORCED at 2026-11-29 10:00 by ana \(1 in log\)'
	$T send-keys -t t 5
	wait_for "— decision log" && expect_line '^ #1 +go FORCED +2026-11-29 10:00'
fi
$T kill-session -t t

# a later decision: current "continue"; #1 keeps its mark
dt decide f continue --rationale "wait for trial4" --decider "Ana:researcher" >/dev/null 2>&1
dt pilot list >"$tmp/list2.txt"
same "pilot list after continue: f" "$(grep -E '^f ' "$tmp/list2.txt" | cut -c63-72)" "continue  "
dt export f --out "$tmp/pk2" --no-logs >/dev/null 2>&1
has "report.md after continue: current decision" "$tmp/pk2/report.md" \
	"Current decision: continue (\\#3 at 2026-11-29T10:00:00Z)."
has "report.md after continue: #1 still marked !" "$tmp/pk2/report.md" "| **!** \\#1 | go FORCED |"
[ $fail -eq 0 ] && echo "agree_forced_go: all passed"
exit $fail

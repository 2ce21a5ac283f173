#!/usr/bin/env bash
# cli_drill_no_run.sh: drill add without --run says why nothing was
# pre-filled. A new user's 'drill add acc --kind node-loss' recorded a
# drill with every item not_checked and said nothing on stderr (a drill
# on a run with no restart says 'no pre-fill: no restart found in the
# loss of run R'); the drill is append-only and counts for nothing in
# step6. Now it says: 'dualtrack: no pre-fill: the drill names no run
# (--run RUN): nothing read from the logs, and step6 does not count it
# as a verified resume'. The drill is still recorded (exit 0), as the
# demo's drill #2 is; --no-prefill asks for none and gets no line.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=drill-no-run
"$bin" --db "$db" pilot new acc >/dev/null 2>&1 || { echo "FAIL pilot new"; exit 1; }
"$bin" --db "$db" drill add acc --kind node-loss >"$tmp/o" 2>"$tmp/e"
check "drill add without --run: exit 0" test $? -eq 0
check "  recorded" grep -qF "drill #1 node-loss recorded by drill-no-run" "$tmp/o"
check "  says why nothing was pre-filled" test "$(cat "$tmp/e")" = \
	"dualtrack: no pre-fill: the drill names no run (--run RUN): nothing read from the logs, and step6 does not count it as a verified resume"
"$bin" --db "$db" drill add acc --kind node-loss --no-prefill >"$tmp/o" 2>"$tmp/e"
check "--no-prefill: exit 0" test $? -eq 0
check "  no line on stderr" test ! -s "$tmp/e"
finish

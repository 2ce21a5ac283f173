#!/usr/bin/env bash
# cli_drill_baseline.sh: a drill names the pilot's runs on Trainium, never
# its GPU baseline (ACCEPTANCE.md: drills interrupt the pilot; step 6
# counts every drill of the pilot): `drill add --run B` with B attached
# --role baseline is refused, exit 2, nothing stored (it was recorded with
# only 'no pre-fill'; new-user trial); a pilot run and a run not attached
# are taken. The TUI drill form asks the same service
# (dt_drill_runs_check).
# usage: cli_drill_baseline.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/g.csv"
printf 'step,loss\r\n1,2.0\r\n2,1.9\r\n' >"$tmp/t.csv"
printf 'step,loss\n1,2.5\n2,2.4\n' >"$tmp/o.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/t.csv" >/dev/null &&
dt import --platform trn2 --run other "$tmp/o.csv" >/dev/null &&
dt pilot new P >/dev/null && dt attach P g --role baseline >/dev/null &&
dt attach P t --role pilot >/dev/null || exit 1
dt drill add P --kind node-loss --run g --no-prefill >"$tmp/o" 2>"$tmp/e"
check "baseline run: exit 2" test $? -eq 2
check "  why" test "$(cat "$tmp/e")" = "dualtrack: run 'g' is the pilot's baseline: a drill records a resume of a pilot run (attached --role pilot)"
check "  nothing stored" test "$(dt drill list P | wc -l)" -eq 1
dt drill add P --kind node-loss --run t --run-after g --no-prefill >/dev/null 2>"$tmp/e2"
check "baseline as the run after: exit 2" test $? -eq 2
dt drill add P --kind node-loss --run t --no-prefill >/dev/null 2>&1
check "pilot run: recorded" test $? -eq 0
dt drill add P --kind node-loss --run other --no-prefill >/dev/null 2>&1
check "a run not attached: recorded" test $? -eq 0
finish

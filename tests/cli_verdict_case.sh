#!/usr/bin/env bash
# cli_verdict_case.sh: the verdict words follow verdict_text.h: PASS /
# FAIL in text (pilot show's parity line, gate's parity and resume
# details, as compare, resume-check and the TUI print them), lower case
# in JSON. `pilot show` printed 'parity t vs g: pass' under 'verdict
# PASS: ...', and gate 'ok   parity    t vs g: pass: ...' (now the
# verdict's statement, 'verdict PASS: ...', as pilot show prints it).
# usage: cli_verdict_case.sh DUALTRACK
#
# Logs (by hand): baseline g loss 3.0 - 0.1 s at steps s = 1..10 (2.9 ..
# 2.0). Pilot run t: the same losses, logged 1..6, then a new launch
# logging 5..10 (a restart at 5, steps 5 and 6 replayed equal): parity
# 0 breaches of 10, pass, max |rel diff| 0.00%; the restart passes (ratio
# 1 before and after). Pilot run u: twice the losses at 1..6, then a
# launch logging 5..10 at the baseline's losses: the replay supersedes
# 5 and 6, so steps 1..4 differ by 100 % and 5..10 by 0: 4 breaches >
# allowed 1, fail, max |rel diff| 100.00%; the restart fails (ratio 2 over
# steps 1..4 before, 1 over 5..10 after: -50.00% against the 5 % limit;
# the replayed 5: 2.5 after against 5.0 before, 50.00% over 2 %).
# Task card rtol 0.02, atol 0, warm-up 0.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
loss() { # $1 factor, $2.. steps: factor * (3.0 - 0.1 s)
  local f=$1; shift
  echo step,loss
  for s in "$@"; do awk -v f="$f" -v s="$s" 'BEGIN { printf "%d,%.1f\n", s, f * (3.0 - 0.1 * s) }'; done
}
loss 1 $(seq 1 10) >"$tmp/g.csv"
loss 1 1 2 3 4 5 6 >"$tmp/t1.csv"; loss 1 5 6 7 8 9 10 >"$tmp/t2.csv"
loss 2 1 2 3 4 5 6 >"$tmp/u1.csv"; loss 1 5 6 7 8 9 10 >"$tmp/u2.csv"
{ dt import --platform gpu --run g "$tmp/g.csv" &&
  dt import --platform trn2 --run t "$tmp/t1.csv" "$tmp/t2.csv" &&
  dt import --platform trn2 --run u "$tmp/u1.csv" "$tmp/u2.csv" &&
  dt pilot new p --rtol 0.02 --atol 0 --warmup 0 &&
  dt attach p g --role baseline && dt attach p t --role pilot &&
  dt attach p u --role pilot; } >/dev/null || exit 1

dt pilot show p >"$tmp/show.txt"
check "pilot show: 'parity t vs g: PASS'" grep -qxF "  parity t vs g: PASS" "$tmp/show.txt"
check "pilot show: 'parity u vs g: FAIL'" grep -qxF "  parity u vs g: FAIL" "$tmp/show.txt"
check "pilot show: no lower-case parity word" test "$(grep -cE '^  parity .*: (pass|fail)$' "$tmp/show.txt")" -eq 0
dt pilot show p --json >"$tmp/show.json"
check "pilot show --json: verdicts lower case" py "
import json; d = json.load(open('$tmp/show.json'))
v = [(x['pilot'], x['verdict']) for x in d['verdicts']]
assert v == [('t', 'pass'), ('u', 'fail')], v"

dt gate p >"$tmp/gate.txt"
check "gate: exit 1" test $? -eq 1
check "gate: parity t PASS" grep -qxF "  ok   parity    t vs g: verdict PASS: 0 of 10 steps breach |p-b| > 0 + 0.02*|b| (allowed 1); max |rel diff| 0.00% at step 1; warm-up 0" "$tmp/gate.txt"
check "gate: parity u FAIL" grep -qxF "  FAIL parity    u vs g: verdict FAIL: 4 of 10 steps breach |p-b| > 0 + 0.02*|b| (allowed 1); first breach at step 1; max |rel diff| 100.00% at step 1; warm-up 0" "$tmp/gate.txt"
check "gate: resume t PASS" grep -qE "^  ok   resume    t step 5: PASS: loss: " "$tmp/gate.txt"
check "gate: resume u FAIL" grep -qE "^  FAIL resume    u step 5: FAIL: loss: pilot/baseline ratio mean 1 over 5 point\(s\) after vs before \(2 over 4\): -50.00% " "$tmp/gate.txt"
dt gate p --json >"$tmp/gate.json"
check "gate --json: verdict lower case, details as the text" py "
import json; d = json.load(open('$tmp/gate.json'))
assert d['verdict'] == 'fail', d['verdict']
# a parity detail is the verdict's statement ('verdict PASS: ...')
r = [(x['check'], x['subject'], x['pass'], x['detail'].split(':')[0].replace('verdict ', '')) for x in d['reasons'] if x['check'] != 'checklist']
assert r == [('parity', 't vs g', True, 'PASS'), ('parity', 'u vs g', False, 'FAIL'),
             ('resume', 't step 5', True, 'PASS'), ('resume', 'u step 5', False, 'FAIL')], r"
finish

#!/usr/bin/env bash
# cli_pilot_show_rules.sh: pilot show --json says the rule settings in
# force and which of them are the built-in default, as the text's task
# card rows do ("atol   0 (default)"): taskcard's rtol, atol, warmup and
# rule hold the value in force (they read "" when the card left them
# unset, beside rules.rtol 0.02), and rules.defaults names the settings
# the card leaves unset. The other task card fields stay as entered.
# Pilot A: the card sets rtol 0.05 only; pilot B: none (built-in
# defaults rtol 0.02, atol 0, warm-up 0, rule rtol).
# usage: cli_pilot_show_rules.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
dt pilot new A --rtol 0.05 --model m7 >/dev/null &&
dt pilot new B >/dev/null || { echo "setup failed"; exit 1; }

dt pilot show A >"$tmp/a.txt" && dt pilot show A --json >"$tmp/a.json" &&
dt pilot show B --json >"$tmp/b.json"
check "show: exit 0" test $? -eq 0
check "text: rtol as set, atol, warmup and rule marked default" \
  sh -c "grep -qxE '  rtol +0.05' '$tmp/a.txt' &&
         grep -qxE '  atol +0 \\(default\\)' '$tmp/a.txt' &&
         grep -qxE '  warmup +0 \\(default\\)' '$tmp/a.txt' &&
         grep -qxE '  rule +rtol \\(default\\)' '$tmp/a.txt'"
check "A --json: the values in force, the defaults named" python3 -c "
import json; j = json.load(open('$tmp/a.json'))
t, r = j['taskcard'], j['rules']
assert (t['rtol'], t['atol'], t['warmup'], t['rule']) == ('0.05', '0', '0', 'rtol'), t
assert (r['rtol'], r['atol'], r['warmup'], r['rule']) == (0.05, 0, 0, 'rtol'), r
assert r['defaults'] == ['atol', 'warmup', 'rule'], r
assert t['model'] == 'm7' and t['seq-len'] == '', t"
check "B --json: every setting the built-in default" python3 -c "
import json; j = json.load(open('$tmp/b.json'))
t, r = j['taskcard'], j['rules']
assert (t['rtol'], t['atol'], t['warmup'], t['rule']) == ('0.02', '0', '0', 'rtol'), t
assert r['rtol'] == 0.02 and r['defaults'] == ['rtol', 'atol', 'warmup', 'rule'], r"
finish

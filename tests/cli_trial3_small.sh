#!/usr/bin/env bash
# cli_trial3_small.sh: the small defects of the third new-user trial, on
# the demo store. verify DIR --json is one JSON object (it was
# "unrecognized option '--json'"), with the pack's decision-log head and
# the report's last line; journal diff's text has column headings (key,
# then the two runs by name); drill list's recovery column gives the
# seconds against the limit (the demo's node-loss drill: fault 09:41:10,
# resumed 09:52:40 = 690 s, card limit 900 s: "690 s ≤ 900 s", was
# "within"); sign --key of a missing file says it does not exist (was
# "not an SSH key"); series --metric nosuch names the run; import --help
# has no line over 80 columns.
# usage: cli_trial3_small.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export XDG_CONFIG_HOME="$tmp/cfg"
unset DUALTRACK_ALLOWED_SIGNERS
G=llama3-8b-lora-gpu-a100 T=llama3-8b-lora-trn2-pilot P=llama3-8b-lora-trn2
dt demo --no-tui >/dev/null 2>&1
dt export "$P" --out "$tmp/pack" >/dev/null 2>&1

"$bin" verify "$tmp/pack" --json >"$tmp/v.json" 2>"$tmp/v.err"
check "verify DIR --json: exit 1 (not signed), as the text" test $? -eq 1
check "  no usage error" test ! -s "$tmp/v.err"
check "  one JSON object: verified false, the head, the verdict line" py "
import json
j = json.load(open('$tmp/v.json'))
assert j['pack'] == '$tmp/pack' and j['verified'] is False and j['exit'] == 1, j
assert j['decision_log_head']['id'] == 1 and len(j['decision_log_head']['hash']) == 64, j
assert j['report'][-1] == 'NOT verified: 1 problem', j['report']
assert 'not signed: no signatures/NAME.sig (dualtrack sign DIR --key KEY)' in j['report'], j['report']"

dt journal diff "$G" "$T" >"$tmp/diff.txt"
check "journal diff: the first line is the column headings" test \
  "$(head -1 "$tmp/diff.txt")" = "  key (* a task card field)            $G      $T"
check "  then the rows" grep -qx "  data.prep_seconds                    295                          310" "$tmp/diff.txt"

dt drill list "$P" >"$tmp/drills.txt"
check "drill list: heading" grep -q "^id   kind                     ckpt step  resumed    recovery           checks" "$tmp/drills.txt"
check "  recovery: 690 s ≤ 900 s" grep -qx "1    node-loss                1200       1201       690 s ≤ 900 s      pass pass pass not_checked pass" "$tmp/drills.txt"
check "  unknown stays unknown, columns aligned" grep -q "^2    manual-interrupt         -          -          unknown            not_checked" "$tmp/drills.txt"

dt sign "$tmp/pack" --key "$tmp/nokey" >"$tmp/s.out" 2>&1
check "sign --key missing: exit 2" test $? -eq 2
check "  says it does not exist" grep -qx "dualtrack: sign: $tmp/nokey: no such file (the key does not exist)" "$tmp/s.out"

dt series "$G" --metric nosuch >"$tmp/m.out" 2>&1
check "series --metric nosuch: exit 2" test $? -eq 2
check "  names the run" grep -qx "dualtrack: run '$G' has no metric 'nosuch'; its metrics: eval_loss, grad_norm, loss, lr" "$tmp/m.out"

"$bin" import --help >"$tmp/h.txt"
check "import --help: no line over 80 columns" test "$(awk 'length($0) > 80' "$tmp/h.txt" | wc -l)" -eq 0
check "  the formats' descriptions wrapped under their column" grep -qx "                     curve)" "$tmp/h.txt"
finish

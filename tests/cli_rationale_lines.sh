#!/usr/bin/env bash
# cli_rationale_lines.sh: a decision rationale that holds newlines (the
# README allows them) shows as lines, not '?': pilot show (continuation
# lines indented under the decision), report.md and report.html (a line
# break, <br>, after escaping: the text's own '<' stays escaped); the
# evidence.json keeps the newline (as \u000a).
# usage: cli_rationale_lines.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER="lines-test" DUALTRACK_NOW="2026-12-01T10:00:00Z"
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.0\n2,1.91\n' >"$tmp/p.csv"
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null &&
dt pilot new P >/dev/null && dt attach P b --role baseline >/dev/null &&
dt attach P p --role pilot >/dev/null
check "store made" test $? -eq 0
rat=$'step 4 still open\ncursor <x> not saved\n\nrerun after fix'
dt decide P continue --rationale "$rat" --decider "Ana:researcher" >/dev/null
check "decide with a multi-line rationale exits 0" test $? -eq 0

dt pilot show P >"$tmp/show.txt"
check "pilot show: the rationale's lines, indented under the decision" py "
t = open('$tmp/show.txt').read()
want = ('  #1 continue at 2026-12-01T10:00:00Z by lines-test: step 4 still open\n'
        '    cursor <x> not saved\n'
        '    \n'
        '    rerun after fix\n'
        '      decider Ana (researcher)\n')
assert want in t, t
assert 'open?cursor' not in t
"

dt export P --out "$tmp/pack" >/dev/null 2>&1
check "export exits 0" test $? -eq 0
check "report.md: the lines as <br> line breaks in the table cell" \
  grep -qF '| step 4 still open<br>cursor \<x\> not saved<br><br>rerun after fix |' \
  "$tmp/pack/report.md"
check "report.html: <br> after escaping" \
  grep -qF '>step 4 still open<br>cursor &lt;x&gt; not saved<br><br>rerun after fix<' \
  "$tmp/pack/report.html"
check "evidence.json keeps the newlines" py "
import json
e = json.load(open('$tmp/pack/evidence.json'))
assert e['decisions'][0]['rationale'] == '''$rat''', e['decisions'][0]['rationale']
assert 'still open\\\\u000acursor' in open('$tmp/pack/evidence.json').read()
"
finish

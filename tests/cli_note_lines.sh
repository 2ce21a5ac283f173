#!/usr/bin/env bash
# cli_note_lines.sh: notes and reasons that hold newlines (checklist notes
# and reasons, drill verification notes: DT_TEXT_MULTILINE) show as
# lines, not '?', as a decision's rationale does (cli_rationale_lines.sh):
# pilot show and drill add's echo put each continuation line two blanks
# deeper than the line it continues; report.md and report.html break the
# cell with <br>. Still sanitised: a row written behind the CLI's check
# (an escape sequence, a C1 CSI, U+202E, U+200B in a note) shows '?' for
# the controls and nothing for the invisible characters, on its
# continuation line too.
# usage: cli_note_lines.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER="lines-test" DUALTRACK_NOW="2026-12-01T10:00:00Z"
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.0\n2,1.91\n' >"$tmp/p.csv"
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null &&
dt pilot new P >/dev/null && dt attach P b --role baseline >/dev/null &&
dt attach P p --role pilot >/dev/null &&
dt check P step1 pass --note $'dataset v3 fixed\nsteps 1..2' >/dev/null &&
dt check P step4 waived --reason $'no async save yet\n\nticket 12' \
  --note $'by hand\nonly' >/dev/null
check "store made, items set" test $? -eq 0
dt drill add P --kind manual-interrupt --run p --no-prefill \
  --checkpoint-step 1 --resumed-step 2 \
  --check $'rng_state=fail:seed differs\nrerun with seed 7' >"$tmp/add.txt"
check "drill add exits 0" test $? -eq 0
check "drill add: the note's lines, the second under the check" py "
t = open('$tmp/add.txt').read()
want = ('  lr_schedule     not_checked \n'
        '  rng_state       fail        seed differs\n'
        '    rerun with seed 7\n'
        '  data_cursor     not_checked \n')
assert want in t, t
"

dt pilot show P >"$tmp/show.txt"
check "pilot show: a checklist note's lines, indented under it" py "
t = open('$tmp/show.txt').read()
want = ('           note: dataset v3 fixed\n'
        '             steps 1..2\n'
        '  step2  pending ')
assert want in t, t
assert 'fixed?steps' not in t
"
check "pilot show: a reason's lines (a blank one kept) and the note's" py "
import re
t = open('$tmp/show.txt').read()
want = ('; reason: no async save yet\n'
        '             \n'
        '             ticket 12\n'
        '           note: by hand\n'
        '             only\n'
        '  step5  pending ')
assert want in t, t
assert re.search(r'\n           set by lines-test at \S+; reason: no async', t), t
"
check "pilot show: a drill check's note, continued two blanks deeper" py "
t = open('$tmp/show.txt').read()
want = ('      lr_schedule     not_checked \n'
        '      rng_state       fail        seed differs\n'
        '        rerun with seed 7\n'
        '      data_cursor     not_checked \n')
assert want in t, t
"

dt export P --out "$tmp/pack" >/dev/null 2>&1
check "export exits 0" test $? -eq 0
check "report.md: note / reason cells break with <br>" grep -qF \
  '| by hand<br>only; reason: no async save yet<br><br>ticket 12 |' \
  "$tmp/pack/report.md"
check "report.md: the drill's verification cell too" grep -qF \
  'rng\_state fail: seed differs<br>rerun with seed 7; data\_cursor' \
  "$tmp/pack/report.md"
check "report.html: <br> in the note cell" grep -qF \
  '>dataset v3 fixed<br>steps 1..2<' "$tmp/pack/report.html"

# behind the CLI's check: ESC [31m, C1 CSI (U+009B), U+202E, U+200B
sqlite3 "$db" "INSERT INTO check_entry(pilot_id, item, status, note,
  reason, set_by, set_at) VALUES(1, 'step2', 'pass', CAST(X'$(printf \
  'esc \033[31mred\033[0m\nc1 \302\233x rlo \342\200\256R zw a\342\200\213b' |
  od -An -tx1 | tr -d ' \n')' AS TEXT), '', 'sql', '2026-12-01T10:00:00Z')"
check "a note written behind the check" test $? -eq 0
dt pilot show P >"$tmp/show2.txt" 2>/dev/null
check "pilot show: still sanitised, line by line" py "
t = open('$tmp/show2.txt').read()
want = ('           note: esc ?[31mred?[0m\n'
        '             c1 ?x rlo R zw ab\n')
assert want in t, t
assert '\x1b' not in t and '\u202e' not in t and '\u200b' not in t
assert '\u009b' not in t
"
finish

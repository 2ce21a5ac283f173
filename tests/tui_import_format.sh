#!/usr/bin/env bash
# tui_import_format.sh: the import form has the CLI import's --format and
# --step-base as fields, their choices from the same tables (the
# importers' registry, dt_step_bases) and the values going through the
# same calls (dt_step_base_parse, dt_import), errors shown in the form.
# sb.csv logs steps 1..3 (loss 2.0, 1.9, 1.8). By hand:
# - format csv, step base 0 (the file counts from 0: stored + 1): the
#   preview says "step base 0: +1 (the file counts from 0)" and "step
#   range: loss 2..4"; imported into run "zero": 3 points at steps 2, 3,
#   4 (as `import --format csv --step-base 0` stores them);
# - format textlog for the same file: refused with the importer's reason
#   ("read as textlog: no training lines recognised"), nothing stored;
# - format hf-trainer-state: the JSON error, and "; read as
#   hf-trainer-state (the format field)" says the form's choice caused it;
# - the choices are the CLI's: every name `dualtrack import --help` lists
#   under "formats" is in the format field, in that order (Space cycles).
# Screens at 80x24 compared whole; the widest step base choice whole at
# 60x24. $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtimpf "${1:-}"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/sb.csv"
# an empty store: the view opens only a --db that exists (tui_db_missing.sh)
"$BIN" --db "$tmp/x.db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
tui_start 80 24
wait_for "runs (0)" || exit 1

# format csv (typed "cs"), step base 0 (typed "0"), run "zero"
keys i
wait_for "type a path" || exit 1
keys -l sb.csv; keys Down; keys -l gpu; keys Down; keys -l zero; keys Enter
keys -l cs; keys Down; keys -l 0
cat >"$tmp/form.txt" <<'SCREEN'
 dualtrack — x.db — import
type into a text field; Enter/Down:next Up:previous Esc:back
file or folder   sb.csv
platform         < gpu >
run name         zero
format           < csv >
step base        < 0 (counts from 0: stored + 1) >
grad accum       -
global batch     -
logging steps    -
loss tag         -
mode             < import once >
                 [ preview (dry run) ]










type its start or Space/Left/Right:change Enter/Down:next Up:previous Esc:back
SCREEN
screen_is "$tmp/form.txt"
# mode, the preview button: the dry run
keys Down Down Down Down Down Down Enter
cat >"$tmp/preview.txt" <<'SCREEN'
 dualtrack — x.db — import: preview
dry run: nothing stored yet; Enter imports into run zero (gpu), Esc back to the
form
sb.csv: csv, 3 points in 1 metric (loss 3); steps: logged step (CSV column
'step'); step base 0: +1 (the file counts from 0)
  step range: loss 2..4, all metrics 2..4; 1 segment(s) in the file

















?:help Enter:import q:form
SCREEN
screen_is "$tmp/preview.txt"
keys Enter
wait_for "imported into run zero" || exit 1
"$BIN" --db "$tmp/x.db" series zero --metric loss --csv >"$tmp/zero.csv"
printf 'step,value,segment\n2,2,1\n3,1.9,1\n4,1.8,1\n' | cmp -s - "$tmp/zero.csv" ||
	{ echo "FAIL: run zero's points:"; cat "$tmp/zero.csv"; fail=1; }
"$BIN" --db "$tmp/x.db" runs | grep -qE '^zero +gpu +csv +3 +2\.\.4 ' ||
	{ echo "FAIL: runs"; "$BIN" --db "$tmp/x.db" runs; fail=1; }

# a wrong format for the file: the importer's error in the form
keys i
wait_for "type a path" || exit 1
keys -l sb.csv; keys Down; keys -l gpu; keys Down Down; keys -l text
keys Down Down Down Down Down Down Down Enter
cat >"$tmp/err.txt" <<'SCREEN'
 dualtrack — x.db — import
type into a text field; Enter/Down:next Up:previous Esc:back
file or folder   sb.csv
platform         < gpu >
run name         -
format           < textlog >
step base        < auto (producer's rule, else as logged) >
grad accum       -
global batch     -
logging steps    -
loss tag         -
mode             < import once >
                 [ preview (dry run) ]








sb.csv: refused: expected a loss/step series (metric values by training step) or
run facts, found neither; read as textlog: no training lines recognised
Enter:preview (dry run) Up:previous Esc:back
SCREEN
screen_is "$tmp/err.txt"
# another: the error does not name the format; the form says it was its
keys Up Up Up Up Up Up Up; keys -l hf-t; keys Down Down Down Down Down Down Down Enter
cat >"$tmp/err2.txt" <<'SCREEN'
 dualtrack — x.db — import
type into a text field; Enter/Down:next Up:previous Esc:back
file or folder   sb.csv
platform         < gpu >
run name         -
format           < hf-trainer-state >
step base        < auto (producer's rule, else as logged) >
grad accum       -
global batch     -
logging steps    -
loss tag         -
mode             < import once >
                 [ preview (dry run) ]








sb.csv:1: invalid JSON at byte 0: expected a value; read as hf-trainer-state
(the format field)
Enter:preview (dry run) Up:previous Esc:back
SCREEN
screen_is "$tmp/err2.txt"
keys Escape
wait_for "runs (1)" || exit 1
[ "$("$BIN" --db "$tmp/x.db" runs | grep -c '^sb ')" = 0 ] ||
	{ echo "FAIL: a refused import stored a run"; fail=1; }

# the format choices are the CLI's, in its order: auto, then each name of
# `import --help`'s formats list (Space: the next)
"$BIN" import --help | sed -n '/^formats/,$p' | sed -n 's/^  \([a-z][a-z0-9-]*\) .*/\1/p' >"$tmp/names"
[ "$(wc -l <"$tmp/names")" -ge 8 ] || { echo "FAIL: import --help formats"; cat "$tmp/names"; fail=1; }
keys i
wait_for "type a path" || exit 1
keys -l sb.csv; keys Down Down Down
wait_for "format           < auto (detected from content) >"
while IFS= read -r name; do
	keys Space
	wait_for "format           < $name >"
done <"$tmp/names"
keys Space
wait_for "format           < auto (detected from content) >"

# at 60 columns the widest choice shows whole
$T resize-window -t t -x 60 -y 24
keys Down
wait_for "step base        < auto (producer's rule, else as logged) >"
keys 1
wait_for "step base        < 1 (counts from 1: stored as logged) >"
keys Escape Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_import_error_rows.sh: an import error on the form keeps its reason
# whole, however long the path before it: the message takes the rows the
# form leaves free (it was cut to 3 rows, "… run fa…", losing the reason
# after a long path; new-user trial item 5). Whole screens:
# - 80x24, a missing file under a path of 4 long folders: the path and
#   ": No such file or directory" on 4 rows;
# - 60x16 (the smallest screen), a CSV under 3 long folders with the
#   format forced to textlog: path and refusal on 6 rows, ending in "no
#   training lines recognised"; the form gives way for them: scrolled to
#   its button, the 5 fields above it marked ("5 above (Up scrolls)").
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtimpr "${1:-}"
L=scratch/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/mistral7b-instruct-v0.2_lora_llamafactory_run_with_long_name
mkdir -p "$tmp/$L"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/$L/metrics.csv"
M=$L/cccccccccccccccccccccccccccccccccccccccccccccccccccccccccc/trainer_log.jsonl
# an empty store: the view opens only a --db that exists (tui_db_missing.sh)
"$BIN" --db "$tmp/x.db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
tui_start 80 24
wait_for "runs (0)" || exit 1
# path, platform gpu, then run name, format, step base, mode, preview
keys i
wait_for "type a path" || exit 1
keys -l "$M"; keys Down; keys -l gpu; keys Down Down Down Down Down Down Down Down Down Enter
{ import_form "scratch/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbb…"; cat; } >"$tmp/missing.txt" <<'SCREEN'






scratch/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
b/mistral7b-instruct-v0.2_lora_llamafactory_run_with_long_name/ccccccccccccccccc
ccccccccccccccccccccccccccccccccccccccccc/trainer_log.jsonl: No such file or
directory
Enter:preview (dry run) Up:previous Esc:back
SCREEN
screen_is "$tmp/missing.txt"
keys Escape
wait_for "runs (0)" || exit 1
$T resize-window -t t -x 60 -y 16
keys i
wait_for "type a path" || exit 1
keys -l "$L/metrics.csv"; keys Down; keys -l gpu; keys Down Down; keys -l text
keys Down Down Down Down Down Down Down Enter
cat >"$tmp/refused.txt" <<'SCREEN'
 dualtrack — x.db — import
type into a text field; Enter/Down:next Up:previous Esc:back
grad accum       -
global batch     -
logging steps    -
loss tag         -
mode             < import once >
                 [ preview (dry run) ]
5 above (Up scrolls)
scratch/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/bbbbbbbbbbbbbbbbbbbbb
bbbbbbbbbbbbbbbbbbbbb/mistral7b-instruct-v0.2_lora_llamafact
ory_run_with_long_name/metrics.csv: refused: expected a
loss/step series (metric values by training step) or run
facts, found neither; read as textlog: no training lines
recognised
Enter:preview (dry run) Up:previous Esc:back
SCREEN
screen_is "$tmp/refused.txt"
keys Escape Q
wait_for "EXIT=0"
exit $fail

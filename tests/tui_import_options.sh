#!/usr/bin/env bash
# tui_import_options.sh: the import form has the CLI import's
# --grad-accum, --global-batch, --logging-steps and --loss-tag as fields
# (grad accum, global batch, logging steps, loss tag; empty: not given),
# the counts checked as they are left with the CLI's parser and words
# (dt_import_count_parse): "grad accum expects an integer >= 1, got
# '4x'" where the CLI says "--grad-accum expects ..." (import and
# resume-check alike, the text sanitised). micro.log counts
# micro-batches 1..8 (loss 2.1 .. 2.8); with grad accum 4, micro-step m
# is effective step ceil(m / 4): the preview says "effective steps
# (grad accum 4): loss 1..2" and "loss of run 'mb': 8 points read, 2
# steps kept: 6 averaged ..." (the import's line; a dry run says it for
# a new run) and the run stores grad_accum 4 and the
# same curve as `import --grad-accum 4` (2 points: step 1 the mean of
# micro-steps 1..4, 2.25; step 2 of 5..8, 2.65). Screens
# at 80x24 (the refused field, then the preview) and 60x20 compared
# whole. $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtimpopt "${1:-}"
for m in 1 2 3 4 5 6 7 8; do echo "step $m loss 2.$m"; done >"$tmp/micro.log"

# the CLI's words for the same refusal
"$BIN" --db "$tmp/cli.db" import --platform trn2 --grad-accum 4x "$tmp/micro.log" 2>"$tmp/cli.err"
[ $? -eq 2 ] || { echo "FAIL: the CLI took --grad-accum 4x"; fail=1; }
grep -qxF "dualtrack: --grad-accum expects an integer >= 1, got '4x'" "$tmp/cli.err" ||
	{ echo "FAIL: the CLI's words:"; cat "$tmp/cli.err"; fail=1; }
# resume-check --grad-accum takes the same parser (dt_import_count_parse):
# the same words for the same input, the text sanitised (ESC -> '?', the
# U+202E override dropped), never echoed raw to the terminal
for bad in 4x "$(printf '4\033[2Jx')" "$(printf '4\342\200\256x')"; do
	"$BIN" --db "$tmp/cli.db" import --platform trn2 --grad-accum "$bad" "$tmp/micro.log" 2>"$tmp/imp.err"
	"$BIN" --db "$tmp/cli.db" resume-check r --grad-accum "$bad" 2>"$tmp/rc.err"
	[ $? -eq 2 ] || { echo "FAIL: resume-check took --grad-accum $bad"; fail=1; }
	cmp -s "$tmp/imp.err" "$tmp/rc.err" ||
		{ echo "FAIL: resume-check's words differ from import's:"; cat -v "$tmp/imp.err" "$tmp/rc.err"; fail=1; }
	# gate takes log files with the same options (--grad-accum, --global-batch)
	for opt in --grad-accum --global-batch; do
		"$BIN" --db "$tmp/cli.db" import --platform trn2 $opt "$bad" "$tmp/micro.log" 2>"$tmp/imp.err"
		"$BIN" gate --baseline-log "$tmp/micro.log" --pilot-log "$tmp/micro.log" $opt "$bad" 2>"$tmp/gate.err"
		[ $? -eq 2 ] || { echo "FAIL: gate took $opt $bad"; fail=1; }
		cmp -s "$tmp/imp.err" "$tmp/gate.err" ||
			{ echo "FAIL: gate's words differ from import's:"; cat -v "$tmp/imp.err" "$tmp/gate.err"; fail=1; }
	done
done
"$BIN" --db "$tmp/cli.db" resume-check r --grad-accum "$(printf '4\033[2Jx')" 2>"$tmp/rc.err"
grep -qxF "dualtrack: --grad-accum expects an integer >= 1, got '4?[2Jx'" "$tmp/rc.err" ||
	{ echo "FAIL: resume-check: ESC not sanitised:"; cat -v "$tmp/rc.err"; fail=1; }

# an empty store: the view opens only a --db that exists (tui_db_missing.sh)
"$BIN" --db "$tmp/x.db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
tui_start 80 24
wait_for "runs (0)" || exit 1
keys i
wait_for "type a path" || exit 1
keys -l micro.log; keys Down; keys -l trn2; keys Down; keys -l mb; keys Enter
keys Down Down; keys -l 4x; keys Enter
wait_for "grad accum expects" || exit 1
cat >"$tmp/refused.txt" <<'SCREEN'
 dualtrack — x.db — import
type into a text field; Enter/Down:next Up:previous Esc:back
file or folder   micro.log
platform         < trn2 >
run name         mb
format           < auto (detected from content) >
step base        < auto (producer's rule, else as logged) >
!grad accum      4x
global batch     -
logging steps    -
loss tag         -
mode             < import once >
                 [ preview (dry run) ]









grad accum expects an integer >= 1, got '4x'
type a whole number (empty: not given); Enter/Tab/Down:next Up:previous Esc:back
SCREEN
screen_is "$tmp/refused.txt"
# 0 is refused too; 4 is taken, the other fields left empty
keys BSpace BSpace; keys -l 0; keys Enter
wait_for "grad accum expects an integer >= 1, got '0'" || exit 1
keys BSpace; keys -l 4; keys Enter
wait_gone "expects an integer" || exit 1
keys Enter Enter Enter Down Enter
wait_for "dry run: nothing stored yet" || exit 1
cat >"$tmp/preview.txt" <<'SCREEN'
 dualtrack — x.db — import: preview
dry run: nothing stored yet; Enter imports into run mb (trn2), Esc back to the
form
micro.log: textlog, 8 points in 1 metric (loss 8); steps: logged step (step N
lines); step base unknown: kept as logged (0 or 1 in the step base field
decides)
  step range: loss 1..8, all metrics 1..8; 1 segment(s) in the file
  effective steps (grad accum 4): loss 1..2, all metrics 1..2
loss of run 'mb': 8 points read, 2 steps kept: 6 points averaged into the steps
they share (a row per micro-batch, or several writers of one log)













?:help Enter:import q:form
SCREEN
screen_is "$tmp/preview.txt"
keys Enter
wait_for "imported into run mb" || exit 1
# the same form at 60x20: every field shown
keys i
wait_for "type a path" || exit 1
$T resize-window -t t -x 60 -y 20
{ import_form; cat; } >"$tmp/form60.txt" <<'SCREEN'






type a path; Tab:complete Enter/Down:next Esc:back
SCREEN
screen_is "$tmp/form60.txt"
keys Escape
wait_for "runs (1)" || exit 1
keys Q
wait_for "EXIT=0"

# stored as the CLI stores it: grad_accum 4, the same 2 points
"$BIN" --db "$tmp/x.db" runs --json >"$tmp/runs.json"
python3 - "$tmp/runs.json" <<'PY' || fail=1
import json, sys
runs = json.load(open(sys.argv[1]))['runs']
r = [x for x in runs if x['name'] == 'mb']
if len(r) != 1 or r[0]['grad_accum'] != 4:
    print('FAIL: run mb grad_accum', r); sys.exit(1)
PY
"$BIN" --db "$tmp/cli.db" import --platform trn2 --run mb --grad-accum 4 "$tmp/micro.log" >/dev/null ||
	{ echo "FAIL: CLI import"; fail=1; }
"$BIN" --db "$tmp/x.db" series mb --metric loss --csv >"$tmp/tui.csv"
"$BIN" --db "$tmp/cli.db" series mb --metric loss --csv >"$tmp/cli.csv"
cmp -s "$tmp/tui.csv" "$tmp/cli.csv" || { echo "FAIL: the TUI's curve is not the CLI's:"; diff "$tmp/cli.csv" "$tmp/tui.csv"; fail=1; }
# effective step 1: the mean of micro-steps 1..4, (2.1+2.2+2.3+2.4)/4 =
# 2.25; step 2: (2.5+2.6+2.7+2.8)/4 = 2.65
printf 'step,value,segment\n1,2.25,1\n2,2.65,1\n' >"$tmp/want.csv"
cmp -s "$tmp/want.csv" "$tmp/tui.csv" || { echo "FAIL: not the 2 effective steps:"; cat "$tmp/tui.csv"; fail=1; }
exit $fail

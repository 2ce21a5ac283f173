#!/usr/bin/env bash
# tui_import_preview.sh: the import screen's preview, whole screens
# compared with the screens written out below.
# 1. It is `dualtrack import --dry-run` on the open store, so for a log
#    the run holds grown it says "same log grown" with the counts the
#    import will store (the preview ran its dry run without the store and
#    never said it). At 200x16 (no report line wraps); the CLI's dry run
#    gives the same report lines.
# 2. Nothing is cut without a mark: the header wraps (it was cut at 80
#    columns, "... Esc back to the"), a report line longer than the rows
#    left ends in "…", and the last row says how many lines are not shown
#    whole ("+2 more line(s)"); scrolled, the first row says how many are
#    above ("+1 more line(s) above").
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
#
# Files: checkpoint-40/trainer_state.json with loss 2.0 1.9 1.8 1.7 at
# steps 10..40 (epoch, lr, loss: 12 points), imported into run m (gpu);
# then the same file rewritten grown (the same four entries, then 50 and
# 60: loss 1.6 1.5). By hand: 4 loss points held, 2 new; all metrics 12
# held, 6 new; 18 points in all. wide.csv: loss and 40 more metrics
# grad_norm_layer_01..40 at steps 1..3 (41 metrics, 123 points).
set -u
BIN=${1:?usage: tui_import_preview.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtimpp$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_trainer_state.sh"

cd "$tmp" || exit 1
mkdir checkpoint-40
log=checkpoint-40/trainer_state.json
state 40 "10:2.0 20:1.9 30:1.8 40:1.7" >"$log"
"$BIN" --db s.db import --platform gpu --run m "$log" >/dev/null || exit 1
state 60 "10:2.0 20:1.9 30:1.8 40:1.7 50:1.6 60:1.5" >"$log"

# the report lines, by hand (the third is the import's own grown line)
cat >want.report <<'TXT'
checkpoint-40/trainer_state.json: hf-trainer-state, 18 points in 3 metrics (epoch 6, lr 6, loss 6); steps: optimizer step (log_history 'step'); as logged: HF Trainer logs the update count (1-based)
  step range: loss 10..60, all metrics 10..60; 1 segment(s) in the file
  trainer_state.json: 4 points already held (same log grown; as stored from trainer_state.json, bit for bit), 2 new (loss; all metrics 12 held, 6 new)
TXT
"$BIN" --db s.db import --platform gpu --run m --dry-run "$log" >cli.report
cmp -s want.report cli.report ||
	{ echo "FAIL: the CLI's dry run"; diff -u want.report cli.report; fail=1; }

{
	echo " dualtrack — s.db — import: preview"
	echo "dry run: nothing stored yet; Enter imports into run m (gpu), Esc back to the form"
	cat want.report
	for i in $(seq 10); do echo; done
	echo "?:help Enter:import q:form"
} >want.screen

$T new-session -d -x 200 -y 16 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp \"$BIN\" --db s.db; sleep 30"
wait_for "runs (1)" || exit 1
# path; Enter: platform (gpu); Down: run name "m"; Enter: format; Down
# Down Down: step base, mode, the preview button
$T send-keys -t t i
wait_for "type a path"
$T send-keys -t t -l "$log"
$T send-keys -t t Enter Down
$T send-keys -t t -l "m"
wait_for "run name         m"
$T send-keys -t t Enter Down Down Down Down Down Down Down
wait_for "Enter:preview (dry run)"
$T send-keys -t t Enter
screen_is want.screen && echo "ok   the preview says 'same log grown', as the CLI's dry run"
# the preview stored nothing: run m still holds the checkpoint's 4 loss points
"$BIN" --db s.db runs | grep -qE '^m +gpu +hf-trainer-state +4 ' ||
	{ echo "FAIL: run m after the preview"; "$BIN" --db s.db runs; fail=1; }
$T kill-session -t t

# ---- 2. at 80x16: the header on two rows, the first report line (41
# metrics) on the 10 rows left before the mark row, cut with "…"; it and
# the step range line are not shown whole: "+2 more" ----
awk 'BEGIN { printf "step,loss"; for (i = 1; i <= 40; i++) printf ",grad_norm_layer_%02d", i
  print ""; for (s = 1; s <= 3; s++) { printf "%d,%.1f", s, 3 - s / 10
    for (i = 1; i <= 40; i++) printf ",1"; print "" } }' >wide.csv
cat >want.cut <<'TXT'
 dualtrack — s.db — import: preview
dry run: nothing stored yet; Enter imports into run wide (gpu), Esc back to the
form
wide.csv: csv, 123 points in 41 metrics (loss 3, grad_norm_layer_01 3,
grad_norm_layer_02 3, grad_norm_layer_03 3, grad_norm_layer_04 3,
grad_norm_layer_05 3, grad_norm_layer_06 3, grad_norm_layer_07 3,
grad_norm_layer_08 3, grad_norm_layer_09 3, grad_norm_layer_10 3,
grad_norm_layer_11 3, grad_norm_layer_12 3, grad_norm_layer_13 3,
grad_norm_layer_14 3, grad_norm_layer_15 3, grad_norm_layer_16 3,
grad_norm_layer_17 3, grad_norm_layer_18 3, grad_norm_layer_19 3,
grad_norm_layer_20 3, grad_norm_layer_21 3, grad_norm_layer_22 3,
grad_norm_layer_23 3, grad_norm_layer_24 3, grad_norm_layer_25 3,
grad_norm_layer_26 3, grad_norm_layer_27 3, grad_norm_layer_28 3, grad_norm_lay…
+2 more line(s): j / Down / PgDn scroll

?:help Enter:import q:form
TXT
# scrolled one line down: the step range line whole, no mark below; the
# first row says the one line above
{
	head -3 want.cut
	echo "+1 more line(s) above: k / Up / PgUp scroll"
	echo "  step range: loss 1..3, all metrics 1..3; 1 segment(s) in the file"
	for i in $(seq 10); do echo; done
	echo "?:help Enter:import q:form"
} >want.scrolled
$T new-session -d -x 80 -y 16 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp \"$BIN\" --db s.db; sleep 30"
wait_for "runs (1)" || exit 1
$T send-keys -t t i
wait_for "type a path"
$T send-keys -t t -l "wide.csv"
$T send-keys -t t Enter Down Enter Down Down Down Down Down Down Down Enter
screen_is want.cut && echo "ok   header wrapped, the long line cut with a mark, +2 more"
$T send-keys -t t j
screen_is want.scrolled && echo "ok   scrolled: the last line whole, 1 line above marked"
$T send-keys -t t k
screen_is want.cut && echo "ok   back at the top: no mark above"
exit $fail

#!/usr/bin/env bash
# tui_verdicts.sh: issue 5 in the full-screen view (tmux, private socket):
# the comparison's findings (logging-scale mismatch with its factor),
# interpolation / window marks and the noise ratio; the resume view of
# the demo pilot run; the ledger of the demo pilot (cost figures checked
# against `dualtrack ledger --json`, then a value entered on screen and
# the new total checked again) and the scenario guide.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
#
# Store 1: "gb" (gpu) loss L(s) = 2 + (100 - s)/100, s = 1..100, lr 1e-4;
# "tp" (trn2) loss 4 x L(s), same lr: pilot/baseline = 4 at every step,
# spread 0, so logging_scale_mismatch with factor 4 at step 1 (LR agrees);
# "gb2" (gpu) L(s) + 0.01: a second GPU seed for the noise ratio.
set -u
BIN=${1:?usage: tui_verdicts.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtverd$$ -f /dev/null"
cleanup() {
	tmux -L dtverd$$ -f /dev/null kill-server 2>/dev/null
	tmux -L dtverd$$b -f /dev/null kill-server 2>/dev/null
	sleep 0.2; rm -rf "$tmp"
}
trap cleanup EXIT

curve() { # $1 factor, $2 offset
	awk -v k="$1" -v d="$2" 'BEGIN { print "step,loss,lr"
	  for (s = 1; s <= 100; s++) printf "%d,%.5f,0.0001\n", s, k * (2 + (100 - s) / 100) + d }'
}
curve 1 0 >"$tmp/gb.csv"
curve 4 0 >"$tmp/tp.csv"
curve 1 0.01 >"$tmp/gb2.csv"
db="$tmp/v.db"
"$BIN" --db "$db" import --platform gpu --run gb "$tmp/gb.csv" >/dev/null || exit 1
"$BIN" --db "$db" import --platform trn2 --run tp "$tmp/tp.csv" >/dev/null || exit 1
"$BIN" --db "$db" import --platform gpu --run gb2 "$tmp/gb2.csv" >/dev/null || exit 1

fail=0
. "$(dirname "$0")/tmux_helpers.sh"
start() { # $1 db, $2 cols, $3 rows, $4 socket suffix (one per phase)
	T="tmux -L dtverd$$${4:-} -f /dev/null"
	$T new-session -d -x "$2" -y "$3" -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
	$T send-keys -t t "cd \"$tmp\" && \"$BIN\" --db \"$1\"; echo EXIT=\$?" Enter
}

# ---- comparison: findings with their factor and step (80x24) ----
start v.db 80 24
wait_for "runs (3)" || exit 1
# rows: gb, tp, gb2 (import order)
$T send-keys -t t b j p c
wait_for "verdict FAIL (logging-scale mismatch (x 4))"
wait_for "[S] logging_scale_mismatch (pilot) at step 1: pilot loss = 4 x baseline"
# the S mark sits on the x axis at step 1 (first plot column)
screen | grep -qE '^ +└S─' || { echo "FAIL: no S mark at step 1"; screen; fail=1; }
$T send-keys -t t f
wait_for "┌─ findings ─"
wait_for "(median ratio 4, spread 0 %); LR"
$T send-keys -t t Escape
wait_gone "┌─ findings ─"
# interpolation (nothing to interpolate: same steps) and windows, marked
$T send-keys -t t i
wait_for "[INTERPOLATED: 0 pts]"
$T send-keys -t t i w
wait_gone "INTERPOLATED"
# the mark says what w does (means over windows of 10 steps), not a
# window number ("[window 10]" before the title read as one)
wait_re '^ \[10-STEP MEANS\] dualtrack — v\.db — loss: gb vs tp *$'
# 10 windows of 10 steps: every window breaches
wait_for "10 of 10 steps breach"
$T send-keys -t t w
wait_for "[50-STEP MEANS] dualtrack"
$T send-keys -t t w w
wait_gone "STEP MEANS"
$T send-keys -t t N
wait_for "the noise rule needs another GPU baseline"

# ---- noise ratio with gb2 as a second GPU baseline ----
$T send-keys -t t q
wait_for "runs (3)"
$T send-keys -t t j a
wait_for "+1 extra baseline(s)"
$T send-keys -t t c
R=$("$BIN" --db "$db" compare gb tp --also-baseline gb2 --json |
	python3 -c 'import json,sys; print("%.3g" % json.load(sys.stdin)["summary"]["noise_ratio"])')
wait_for "noise R = $R (rtol rule decides, N: noise rule) far outside GPU noise:"
$T send-keys -t t N
wait_for "noise R = $R (the noise rule decides)"
$T send-keys -t t '?'
wait_for "keys: comparison"
wait_for "pilot interpolated onto the baseline steps"
$T send-keys -t t x q q
wait_for "EXIT=0"

# ---- the demo pilot: resume view ----
demo="$tmp/demo.db"
"$BIN" demo --no-tui --db "$demo" >/dev/null || exit 1
P=llama3-8b-lora-trn2
start demo.db 80 24 b
wait_for "pilots (1)" || exit 1
$T send-keys -t t Tab
wait_for "runs (2)"
# the comparison header: only the pilot's time includes compilation
# (the demo journal: 3 cache misses, 1260 s compiling)
$T send-keys -t t b j p c
wait_for "compile: pilot llama3-8b-lora-trn2-pilot's time includes graph compilation (3"
wait_for "cache misses, 1260 s compiling); baseline llama3-8b-lora-gpu-a100's does not"
$T send-keys -t t q
wait_for "runs (2)"
$T send-keys -t t r
wait_for "resume check: llama3-8b-lora-trn2-pilot"
# the picked baseline is the loss-level reference, as --baseline
"$BIN" --db "$demo" resume-check llama3-8b-lora-trn2-pilot --baseline llama3-8b-lora-gpu-a100 --json >"$tmp/rc.json"
wait_for "loss reference: llama3-8b-lora-gpu-a100 (gpu)"
python3 - "$tmp/rc.json" >"$tmp/rc.expect" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["restarts"]
assert len(r) == 1, r
print("restart 1 at step %d: %s" % (r[0]["at_step"], r[0]["verdict"].upper()))
for k in ("step", "lr", "loss", "replay", "data_cursor"):
    print("%-12s %s" % (k, r[0]["checks"][k]))
PY
while IFS= read -r line; do
	case "$line" in
	restart*) wait_for "$line" ;;
	*) screen | grep -qE "^  $line " || { echo "FAIL: no check line: $line"; screen; fail=1; } ;;
	esac
done <"$tmp/rc.expect"
# no checkpoint given: the demo's node-loss drill #1 records checkpoint
# step 1200 for this run, so that one is used and named; the reason is the
# summary (dt_restart_tally, as resume-check prints it), once: step, lr,
# loss and replay pass, data_cursor is n/a (no consumed samples) -> 4 of 5
expect_line '^checkpoint 1200 \(from drill #1\); data cursor n/a$'
expect_line '^  summary +4 of 5 checks pass, 1 n/a \(data_cursor\)$'
# by hand: the demo replays steps 1201..1400 (200 steps), loss within 0.822 %
wait_for "restart 1 at step 1201: PASS  (last before 1400, replayed 200, lost 0)"
wait_for "200 replayed point(s): max |rel diff| 0.82% at step 1282"
$T send-keys -t t q
wait_for "runs (2)"
# the pilot's warning (the HyperPod auto-resume line, longer than the
# 80-column pop-up) is wrapped, not cut: its last words show
$T send-keys -t t w
wait_for "warnings of llama3-8b-lora-trn2-pilot (1)"
wait_for "Retrying step. Attempt number: 1'"
$T send-keys -t t w
wait_gone "warnings of llama3-8b-lora-trn2-pilot"

# ---- the demo pilot: ledger ----
$T send-keys -t t Tab Enter
wait_for "$P — overview"
$T send-keys -t t l
wait_for "$P — ledger"
"$BIN" --db "$demo" ledger "$P" --json >"$tmp/l1.json"
want() { python3 - "$1" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["sides"]
g, t = s["gpu"]["cost"], s["trn2"]["cost"]
inc = lambda c: "" if c["complete"] else " (incomplete)"
print("lifecycle USD gpu %.2f%s trn2 %.2f%s; per useful step gpu %.4f trn2 %.4f"
      % (g["lifecycle_usd"], inc(g), t["lifecycle_usd"], inc(t),
         g["per_useful_step_usd"], t["per_useful_step_usd"]))
PY
}
line=$(want "$tmp/l1.json")
# by hand (demo inputs): trn2 billed hours 3 + 1.2 + 0.08611 + 0.2171 + 0.3
# + 0.02299 + 2.5 = 7.3262 h x 35 USD = 256.42; + storage 0.023 x 60 =
# 1.38, transfer 0.09 x 10 = 0.90, logs 0.5 x 1 = 0.50: 259.20 USD
case "$line" in *"trn2 259.20"*) ;; *) echo "FAIL: ledger json changed: $line"; fail=1 ;; esac
wait_for "$line"
screen | grep -qE '^  environment preparation +1\.5 measured +3 measured' ||
	{ echo "FAIL: env_prep row"; screen; fail=1; }
# enter trn2 instance_hour = 30 (row 10: the time header, 8 times, the
# prices header, then instance_hour)
$T send-keys -t t j j j j j j j j j j l Enter
wait_for "instance_hour: Enter on save records it"
$T send-keys -t t C-u 3 0 Enter Enter Enter Enter
wait_for "trn2 instance_hour = 30 (assumption) saved by ana"
"$BIN" --db "$demo" ledger "$P" --json >"$tmp/l2.json"
line=$(want "$tmp/l2.json")
# by hand: 7.3262 h x 30 = 219.79; + 1.38 + 0.90 + 0.50 = 222.57 USD
case "$line" in *"trn2 222.57"*) ;; *) echo "FAIL: entered value: $line"; fail=1 ;; esac
wait_for "$line"
python3 -c "
import json; i = json.load(open('$tmp/l2.json'))['sides']['trn2']['inputs']['instance_hour']
assert (i['value'], i['basis'], i['source']) == (30, 'assumption', 'entered'), i" ||
	{ echo "FAIL: stored instance_hour"; fail=1; }
# a refused value stays in the dialog with the reason
$T send-keys -t t Enter
wait_for "instance_hour: Enter on save records it"
$T send-keys -t t C-u x Enter Enter Enter Enter
wait_for "instance_hour expects a number >= 0, got 'x'"
$T send-keys -t t Escape
wait_gone "Enter on save records it"
# scenario guide (the last rows): the demo's answers give dual_track
$T send-keys -t t G
wait_for "recommendation: dual_track"
wait_for "high cost of error and a team new to Neuron"
$T send-keys -t t s
wait_for "scenario guide: Left/Right answers"
$T send-keys -t t End Enter
wait_for "scenario saved by ana: dual_track"
[ "$("$BIN" --db "$demo" scenario "$P" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["set_by"])')" = ana ] ||
	{ echo "FAIL: scenario not stored by ana"; fail=1; }

# ---- 120x40: the same ledger fills the screen ----
$T resize-window -t t -x 120 -y 40
wait_for "$line"
[ "$(screen | sed -n 40p | cut -c1-22)" = "?:help q:back d:decide" ] ||
	{ echo "FAIL: ledger footer not on row 40"; screen; fail=1; }
$T send-keys -t t '?'
wait_for "keys: ledger"
$T send-keys -t t x q q q
wait_for "EXIT=0"

# ---- a restart near the end of the run: the resume view's x axis ----
# tests/fixtures/resume/events_resume.jsonl logs steps 10..40, resumes
# at step 40 (checkpoint 30) and ends at step 50: the axis runs from 20
# (the restart less 20 steps) to the last step logged after the restart
# (50), not on past the end of the run (it ran to 60: 20 more).
rdb="$tmp/r.db"
FIX=$(cd "$(dirname "$0")" && pwd)/fixtures/resume/events_resume.jsonl
"$BIN" --db "$rdb" import --platform gpu --run rb "$tmp/gb.csv" >/dev/null &&
"$BIN" --db "$rdb" import --platform trn2 --run rp "$FIX" >/dev/null &&
"$BIN" --db "$rdb" pilot new rpilot >/dev/null &&
"$BIN" --db "$rdb" attach rpilot rb --role baseline >/dev/null &&
"$BIN" --db "$rdb" attach rpilot rp --role pilot >/dev/null || exit 1
start r.db 80 24 c
wait_for "pilots (1)" || exit 1
$T send-keys -t t Tab
wait_for "runs (2)"
$T send-keys -t t j r
wait_for "resume check: rp"
wait_for "restart 1 at step 40"
axis=$(screen | grep '^eff.step')
[ "$(echo "$axis" | awk '{ print $2 "-" $NF }')" = "20-50" ] ||
	{ echo "FAIL: resume axis not 20..50: $axis"; screen; fail=1; }
$T send-keys -t t q q
wait_for "EXIT=0"

# ---- a failed check's cause on the resume view (80x24) ----
# The run of cli_resume_cause.sh: steps 1..10 loss 2.0, then 11..16 loss
# 1.0 in a second file, no LR or data cursor logged: the loss fails
# (-50.00 %) and its cause says LR and data cursor were not checked; the
# step is n/a (no checkpoint known: "checkpoint unknown"). The
# view shows the cause resume-check prints, wrapped whole in the detail
# column under the loss check; the summary (dt_restart_tally) shows whole
# too: 0 of 5 pass, 1 fails (loss), the step cannot be judged (no
# checkpoint step known, how to give one), lr, replay and data_cursor
# n/a. The restart window keeps its 5 rows; the checks' rows give way
# before the summary does: at 80x24 the cause's last 2 rows, replay and
# data_cursor are below a mark that says so ('+5 more (Down scrolls):
# replay n/a, data_cursor n/a', tui_resume_scroll.sh); j j scrolls the
# cause whole into view.
{ echo step,loss; for s in $(seq 1 10); do echo "$s,2.0"; done; } >"$tmp/ca.csv"
{ echo step,loss; for s in $(seq 11 16); do echo "$s,1.0"; done; } >"$tmp/cb.csv"
"$BIN" --db "$tmp/c.db" import --platform trn2 --run nolr "$tmp/ca.csv" "$tmp/cb.csv" >/dev/null 2>&1 || exit 1
cause=$("$BIN" --db "$tmp/c.db" resume-check nolr | sed -n 's/^ *cause: //p')
[ "$cause" = "model / optimizer (or RNG), LR scheduler or dataloader state not restored: the loss moved; LR and data cursor not checked (not in the log)" ] ||
	{ echo "FAIL: resume-check's cause: $cause"; fail=1; }
start c.db 80 24 d
wait_for "runs (1)" || exit 1
$T send-keys -t t r
wait_for "resume check: nolr"
cat >"$tmp/cause.txt" <<'EOF2'
 dualtrack — c.db — resume check: nolr
1 restart: FAIL
checkpoint: unknown (give --checkpoint or a drill); data cursor n/a
restart 1 at step 11: FAIL  (last before 10, replayed 0, lost 0)
  evidence           new_file
  step         n/a   checkpoint unknown: resumed at step 11, last step logged
                     before 10; 0 step(s) replayed
  lr           n/a   no LR logged on both sides of the restart
  loss         fail  loss mean 1 over 5 point(s) vs the band from the level
                     before (2 over 10 point(s)) to its least-squares trend at
                     the same steps (2): -50.00% (limit 5.00%)
                     cause: model / optimizer (or RNG), LR scheduler or
  +5 more (Down scrolls): replay n/a, data_cursor n/a
  summary            0 of 5 checks pass, 1 fails (loss), 1 cannot be judged
                     (step: no checkpoint step known; give it with --checkpoint,
                     the journal fact checkpoint.confirmed_step or a drill's
                     checkpoint step), 3 n/a (lr, replay, data_cursor)
⣿ before restart 1  • after  ◆ both  r replayed steps: none
    2.05 ┤⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉
    0.95 ┤                                           ••••••••••••••••••••••
         └─────────────────────────────────────────────────────────────────────
eff.step  1                                                                  16

?:help q:back
EOF2
screen_is "$tmp/cause.txt"
# scrolled 2 rows (j j), the cause rows, joined, are resume-check's
# cause word for word, the mark under them
$T send-keys -t t j j
wait_joined "cause: $cause 2 above, +3 more (Up/Down scroll)"
$T send-keys -t t q q
wait_for "EXIT=0"
exit $fail

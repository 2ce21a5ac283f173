#!/usr/bin/env bash
# tui_lists.sh: the list keys hold on every list of a pilot, as a person
# uses them at 80x24 on the demo store: on the task card and the run
# journal (list-like forms) End / G goes to the last row and Home / g back
# to the first (the row's label shows on the screen's first line); PgDn
# moves a page; in the ledger `/queue` then Enter selects the row
# "queue / quota waits" (NO_COLOR: the selected row is drawn reversed);
# `/` searches the task card (`/recovery` selects "acceptable recovery
# time (seconds)", the 17th field), the run journal (`/verif` selects
# resume.verification) and the resume check's restarts (a JSON-lines log
# of steps 1..30, 21..50, 41..60 restarts at 21 and 41: `/step 41`
# selects "restart 2 at step 41"). The run list cuts a long format with
# a mark; a short overview keeps the section selected with j/k in view.
# Expected rows come from the tables: the task card's first field is
# `model` ("model name"), its last `rule` ("baseline match: rule that
# decides ..."); the journal's known keys run from image.id to
# resume.verification. $1 = dualtrack binary; exit 77 without tmux.
set -u
BIN=${1:?usage: tui_lists.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
tmp=$(mktemp -d)
T="tmux -L dtlists$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
keys() { $T send-keys -t t "$@"; }
# the reversed (selected) row of the screen, NO_COLOR
# (reverse alone: ESC [ 7 m, or ESC [ 0 ; 7 m as curses' update from the
# previous frame may give it; the title bar is bold reverse, 1;7)
selected() { $T capture-pane -p -e -t t | grep -E $'\e\\[(0;)?7m' | sed 's/\x1b\[[0-9;]*m//g'; }
wait_selected() {
	local i
	for i in $(seq 100); do
		selected | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: selected row is '$(selected)', expected it to hold: $1"
	screen; fail=1
}
db="$tmp/x.db"
"$BIN" --db "$db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
$T new-session -d -x 80 -y 24 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp NO_COLOR=1 bash --norc --noprofile"
keys "cd \"$tmp\"; \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1

# task card: End, Home, G, g
keys 1
wait_for "model name: text (empty clears)" || exit 1
keys End
wait_for "baseline match: rule that decides"
keys Home
wait_for "model name: text (empty clears)"
keys G
wait_for "baseline match: rule that decides"
keys g
wait_for "model name: text (empty clears)"
# PgDn moves a whole page: the first field is no longer selected
keys PgDn
wait_gone "model name: text (empty clears)"
keys PgUp
wait_for "model name: text (empty clears)"

# task card: `/` search from the selection
keys /
keys -l "recovery"
keys Enter
wait_for "acceptable recovery time (seconds): a number"
keys g
wait_for "model name: text (empty clears)"

# run journal (the baseline run holds only known keys, the last is
# resume.verification): End, Home
keys 4
wait_for "— run journal" || exit 1
wait_selected "image.id"
keys End
wait_selected "resume.verification"
keys Home
wait_selected "image.id"
keys /
keys -l "verif"
keys Enter
wait_selected "resume.verification"
keys Home
wait_selected "image.id"

# ledger: / search selects the matching row, Enter keeps it
keys q l
wait_for "— ledger" || exit 1
keys /
wait_for "/"
keys -l "queue"
keys Enter
wait_selected "queue / quota waits"
# a search with no match says so and keeps the selection
keys /
keys -l "zzz-no-such-row"
keys Enter
wait_re "no row matches"
wait_selected "queue / quota waits"

keys Q
wait_for "EXIT=0"

# resume check: `/` searches the restarts' header lines
for st in $(seq 1 30) $(seq 21 50) $(seq 41 60); do
	echo "{\"step\": $st, \"loss\": 2.$st}"
done >"$tmp/two.jsonl"
"$BIN" --db "$tmp/r.db" import "$tmp/two.jsonl" --run two-restarts \
	--platform trn2 >/dev/null || { echo "FAIL: import"; exit 1; }
keys "\"$BIN\" --db \"$tmp/r.db\"; echo EXIT2=\$?" Enter
wait_for "two-restarts" || exit 1
keys r
wait_for "resume check: two-restarts" || exit 1
wait_selected "restart 1 at step 21"
keys /
keys -l "step 41"
keys Enter
wait_selected "restart 2 at step 41"
keys /
keys -l "zzz-none"
keys Enter
wait_re "no row matches"
wait_selected "restart 2 at step 41"
keys Q
wait_for "EXIT2=0"

# run list: the format column takes the room a short name leaves
# (tui/columns.h): hf-trainer-state whole at 80x24, where it was cut to
# 10 columns ("hf-traine…") beside 23 blank ones of the name; its cut
# mark at 60 columns: tui_runs_columns.sh
printf '{"global_step": 2, "log_history": [{"loss": 2.0, "step": 1}, {"loss": 1.9, "step": 2}]}\n' \
	>"$tmp/trainer_state.json"
"$BIN" --db "$tmp/h.db" import "$tmp/trainer_state.json" --run hf \
	--platform gpu >/dev/null || { echo "FAIL: import hf"; exit 1; }
keys "\"$BIN\" --db \"$tmp/h.db\"; echo EXIT3=\$?" Enter
wait_for "runs (1)" || exit 1
wait_re '^   name {16}platform format {12}loss pts  segs replayed  warn$'
wait_re '^   hf {18}gpu {6}hf-trainer-state {9}2 {5}1 {8}0 {5}0$'
keys Q
wait_for "EXIT3=0"

# overview at 80x17: the sections above the decision are cut ("+6 rows
# not shown"); the section selected with j comes into view with the
# least scroll (the checklist and the journal were among the hidden
# rows), k back to [1] at the top
$T resize-window -t t -x 80 -y 17
keys clear Enter
keys "\"$BIN\" --db \"$db\"; echo EXIT4=\$?" Enter
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "+6 rows not shown: [1]-[4] open the sections" || exit 1
wait_selected "[1] task card"
keys j
wait_selected "[2] checklist"
expect_line '^\[2\] checklist +9 pass  0 fail  3 pending  0 waived  \(of 12\)$'
# ... with the least scroll: the rows above it come into view, the
# verdict's last row among them (the view jumped to the label, so the
# rest of a verdict and the resume lines never showed)
expect_line '^ +diff\| 2\.07% at step 1961; warm-up 0$'
expect_line '^    resume +llama3-8b-lora-trn2-pilot: 1 restart, PASS; checkpoint 1200$'
keys j j
wait_selected "[4] journal"
expect_line '^\+6 rows not shown: \[1\]-\[4\] open the sections$'
keys k k k
wait_selected "[1] task card"
# at 60x16 the verdict takes 4 rows and 10 rows are not shown: j to the
# checklist shows the verdict's last rows and the resume lines above it
# (the view started at the resume line: the verdict's end never showed)
$T resize-window -t t -x 60 -y 16
wait_for "+10 rows not shown: [1]-[4] open the sections" || exit 1
keys j
wait_selected "[2] checklist"
expect_line '^ +20\); first breach at step 1733; max \|rel$'
expect_line '^ +diff\| 2\.07% at step 1961; warm-up 0$'
keys k
wait_selected "[1] task card"
keys Q
wait_for "EXIT4=0"
exit $fail

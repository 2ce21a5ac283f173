#!/usr/bin/env bash
# tui_meeting.sh: an acceptance meeting walked through the pilot screens
# of the TUI on the demo store, with a second TUI on the same store (the
# remote lead) that must show the new decision without a restart.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux.
#
# Demo pilot llama3-8b-lora-trn2 (cli/demo_pilot.c): 12 items, 9 pass,
# 3 pending (step4, step7, trial4); drills #1 node-loss, #2 manual-interrupt;
# decision #1 continue; task card recovery-seconds 900; the pilot run
# restarts from checkpoint step 1200 and resumes at effective step 1201.
# Session A (ana, 80x24) records; session B (lead, 120x40) only watches.
set -u
BIN=${1:?usage: tui_meeting.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN") # the panes cd away
tmp=$(mktemp -d)
T="tmux -L dtmeet$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT

db="$tmp/meeting.db"
"$BIN" --db "$db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
printf 'pilot stopped by hand at step 1400; async checkpoint loaded\n' >"$tmp/interrupt.log"
full=$(sha256sum "$tmp/interrupt.log" | cut -c1-64)
sum=$(printf '%s' "$full" | cut -c1-16)

fail=0
screen() { $T capture-pane -p -t "$1"; }
# wait_for SESSION TEXT: poll the pane until TEXT (fixed string) shows, 10 s.
wait_for() {
	local i
	for i in $(seq 100); do
		screen "$1" | grep -qF -- "$2" && return 0
		sleep 0.1
	done
	echo "FAIL [$1]: timed out waiting for: $2"; screen "$1"; fail=1; return 1
}
expect_line() { # SESSION REGEX: some line must match (extended grep)
	screen "$1" | grep -qE -- "$2" && return 0
	echo "FAIL [$1]: no line matches: $2"; screen "$1"; fail=1
}
keys() { $T send-keys -t "$@"; }
start() { # SESSION COLSxROWS USER
	$T new-session -d -x "${2%x*}" -y "${2#*x}" -s "$1" \
		"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"
	keys "$1" "cd \"$tmp\"; DUALTRACK_USER=$3 \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
}

start a 80x24 ana
start b 120x40 lead

# A store with pilots opens on the pilot list; Tab / P switch to the runs
wait_for a "pilots (1)" || exit 1
expect_line a '^  llama3-8b-lora-trn2 +1/1 +9 +0 +3  continue'
expect_line a 'Tab:runs'
keys a Tab
wait_for a "runs (2)"
# one pilot with one baseline and one pilot run: both pre-picked (B / P)
expect_line a '^B +llama3-8b-lora-gpu-a100 +gpu'
expect_line a '^P +llama3-8b-lora-trn2-pilot +trn2'
keys a P
wait_for a "pilots (1)"
keys a '?'
wait_for a "keys: pilots"
expect_line a 'Tab P +switch to the run list'
keys a x

# overview: task card summary, runs by role, parity, checklist, drills,
# latest decision
keys a Enter
wait_for a "llama3-8b-lora-trn2 — overview" || exit 1
expect_line a 'you act as ana'
expect_line a '^    runs +baseline llama3-8b-lora-gpu-a100 \(gpu\)'
expect_line a '^ +pilot +llama3-8b-lora-trn2-pilot \(trn2\)'
# the overview states the comparison's own sentence (one run: its name,
# in the runs rows, is not repeated)
expect_line a '^    parity +verdict PASS \(with 1 finding\): 2 of 2000 steps breach \|p-b\| > 0$'
expect_line a '^ +\+ 0\.02\*\|b\| \(allowed 20\); first breach at step 1733; max \|rel'
expect_line a '^\[2\] checklist +9 pass  0 fail  3 pending  0 waived  \(of 12\)'
expect_line a 'blocking go: step4 \(pending\), step7 \(pending\), trial4 \(pending\)'
expect_line a '^\[3\] drills +2 recorded'
# 10:41:00 -> 10:52:30 = 690 s, within the card's 900 s
expect_line a '#1 node-loss: items 4 pass 0 fail; recovery 690 s \(limit 900 s\)'
expect_line a '^\[5\] decisions +latest #1 continue at .* \(1 in log\)'

# the second TUI follows the decision log
wait_for b "pilots (1)" || exit 1
keys b Enter 5
wait_for b "llama3-8b-lora-trn2 — decision log" || exit 1
expect_line b '^ #1 +continue .* current'

# c: the pilot's baseline vs pilot run at once; q comes back here
keys a c
wait_for a "— loss: llama3-8b-lora-gpu-a100 vs"
expect_line a "cursor step 1  base 2.3934  pilot 2.4029"
keys a q
wait_for a "llama3-8b-lora-trn2 — overview"
expect_line a 'c:compare'

# checklist: pass step4 with a note, attach a file as evidence
keys a 2
wait_for a "llama3-8b-lora-trn2 — checklist" || exit 1
expect_line a '^ step6  \* pass +\(data\)'
keys a j j j p
wait_for a "step4 -> pass: note (optional)"
keys a "manual interrupt at step 1400, async checkpoint usable" Enter
wait_for a "step4 set to pass by ana"
expect_line a '^ step4    pass     ana '
expect_line a '^ 10 pass 0 fail 2 pending 0 waived'
keys a e
wait_for a "evidence: run:NAME, drill:ID or file:PATH"
keys a C-u "file:interrupt.log" Enter
wait_for a "step4: evidence attached, sha256 $sum... ($tmp/"
# the checklist detail: the evidence by whom, its SHA-256 in full
expect_line a "evidence file:$tmp/interrupt.log by ana"
expect_line a "sha256 $full"
# trial4 fails: the go warning must name it
keys a j j j j j j j f
wait_for a "trial4 -> fail: note (optional)"
keys a "197 of 200 control answers" Enter
wait_for a "trial4 set to fail by ana"
expect_line a '^ 10 pass 1 fail 1 pending 0 waived'
# an override of a computed item needs a reason: Enter on an empty one is refused
keys a k k k k k p
wait_for a "step6 -> pass overrides the computed pass: reason (required)"
keys a Enter
wait_for a "not recorded:"
keys a Escape
wait_for a "cancelled: nothing recorded"

# drill log: add a manual interrupt from checkpoint step 1200, review the
# pre-fill from the logs, save; then set its RNG item
keys a 3
wait_for a "llama3-8b-lora-trn2 — drill log" || exit 1
keys a a
wait_for a "add drill"
# dialog fields: typing edits the focused text field, Enter / Down go on
keys a Left Down Down Down step_1200 Enter Enter Enter 1200 Enter Enter
keys a 2026-11-29T10:00:00Z Enter 2026-11-29T10:09:00Z Enter
keys a "resume after the manual stop" Enter Enter
wait_for a "add drill: review" || exit 1
expect_line a 'manual-interrupt on llama3-8b-lora-trn2-pilot \(restart inside the run\)'
expect_line a 'checkpoint step_1200 at step 1200, resumed at step 1201'
# 10:00:00 -> 10:09:00 = 540 s <= 900 s
expect_line a 'recovery 540 s \(limit 900 s\)'
expect_line a 'effective_step +pass +data'
expect_line a 'resumed at effective step 1201, within \(checkpoint step 1200, 1200 \+'
expect_line a 'control_loss +pass +data'
keys a Enter
wait_for a "drill #3 manual-interrupt recorded by ana" || exit 1
expect_line a '^#3 +manual-interrupt +llama3-8b-lora-… +1200 +1201 540 s \(limit 900 s\)'
keys a ] ] p
wait_for a "drill #3 rng_state -> pass: note (optional)"
keys a "RNG state in the checkpoint manifest" Enter
wait_for a "drill #3 rng_state set to pass by ana"
expect_line a '>rng_state +pass +user +RNG state in the checkpoint manifest'

# decide: go while step7 is pending and trial4 failed -> warning naming them
keys a d
wait_for a "current: #1 continue" || exit 1
keys a Left Down "parity passes; drills resumed cleanly" Enter
keys a C-u "A. Rivera:researcher; K. Tanaka:training-engineer" Enter Enter
wait_for a "WARNING: go while 2 checklist items are not passed:" || exit 1
expect_line a 'step7 +pending +inconsistent item'
expect_line a 'trial4 +fail +final output passes'
expect_line a 'y: record go anyway'
# not confirmed: back to the form, record "continue" instead
keys a x
wait_for a "type to edit; Enter/Tab/Down:next"
keys a Up Up Up Right
wait_for a "< continue >"
keys a Down Down Down Enter
wait_for a "decision #2 continue recorded by ana; supersedes #1" || exit 1
expect_line a '^ #2 +continue .* ana +current'
expect_line a '^ #1 +continue .* root +superseded by #2'
expect_line a 'deciders: A. Rivera \(researcher\), K. Tanaka \(training-engineer\)'

# the second TUI shows it by itself (PRAGMA data_version), no key pressed;
# its selection stays on the record it was reading (#1, details below the
# list), the new decision listed above it; k selects #2
wait_for b "superseded by #2" || exit 1
# (at 120 columns the record hash's prefix sits before the state)
expect_line b '^ #2 +continue .* ana +[0-9a-f]{12}… +current'
expect_line b '─ #1 continue ─'
keys b k
wait_for b 'parity passes; drills resumed cleanly'
expect_line b '─ #2 continue ─'

# sizes: swap them; both keep their view and fill the screen
$T resize-window -t a -x 120 -y 40
$T resize-window -t b -x 80 -y 24
wait_for a "superseded by #2"
[ "$(screen a | sed -n 40p | cut -c1-22)" = "?:help q:back d:decide" ] ||
	{ echo "FAIL: footer not on row 40 at 120x40"; screen a; fail=1; }
keys b Escape
wait_for b "llama3-8b-lora-trn2 — overview"
expect_line b '^\[2\] checklist +10 pass  1 fail  1 pending  0 waived  \(of 12\)'
expect_line b '^\[5\] decisions +latest #2 continue at .* by ana \(2 in log\)'
[ "$(screen b | sed -n 24p | cut -c1-24)" = "?:help q:back Enter:open" ] ||
	{ echo "FAIL: footer not on row 24 at 80x24"; screen b; fail=1; }

keys a q q q
wait_for a "EXIT=0"
keys b q q
wait_for b "EXIT=0"

# a non-UTF-8 locale: ASCII only, the same screens
$T new-session -d -x 80 -y 24 -s c "env LANG=C LC_ALL=C DUALTRACK_USER=ana \"$BIN\" --db \"$db\""
wait_for c "pilots (1)"
keys c Enter 2
wait_for c "llama3-8b-lora-trn2 - checklist"
expect_line c '^-- step1: GPU baseline fixed'
screen c | LC_ALL=C grep -q '[^ -~]' && { echo "FAIL: non-ASCII at LANG=C"; screen c; fail=1; }
keys c q q q

"$BIN" --db "$db" verify >/dev/null || { echo "FAIL: verify exit $?"; fail=1; }
"$BIN" --db "$db" pilot show llama3-8b-lora-trn2 | grep -q '#2 continue at .* by ana' ||
	{ echo "FAIL: pilot show lacks decision #2"; fail=1; }
exit $fail

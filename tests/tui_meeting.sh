#!/usr/bin/env bash
# tui_meeting.sh: an acceptance meeting walked through the pilot screens
# of the TUI on the demo store, with a second TUI on the same store (the
# remote lead) that must show the new decision without a restart.
# Every check polls its session's screen (tmux_helpers.sh: on SESSION).
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

. "$(dirname "$0")/tmux_helpers.sh"
fail=0
start() { # SESSION COLSxROWS USER
	$T new-session -d -x "${2%x*}" -y "${2#*x}" -s "$1" \
		"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"
	on "$1" keys "cd \"$tmp\"; DUALTRACK_USER=$3 \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
}

start a 80x24 ana
start b 120x40 lead

# A store with pilots opens on the pilot list; Tab / P switch to the runs
on a wait_for "pilots (1)" || exit 1
on a expect_line '^  llama3-8b-lora-trn2 +1/1 +9 +0 +3  continue'
on a expect_line 'Tab:runs'
on a keys Tab
on a wait_for "runs (2)"
# one pilot with one baseline and one pilot run: both pre-picked (B / P)
on a expect_line '^B +llama3-8b-lora-gpu-a100 +gpu'
on a expect_line '^P +llama3-8b-lora-trn2-pilot +trn2'
on a keys P
on a wait_for "pilots (1)"
on a keys '?'
on a wait_for "keys: pilots"
on a expect_line 'Tab P +switch to the run list'
on a keys x

# overview: task card summary, runs by role, parity, checklist, drills,
# latest decision
on a keys Enter
on a wait_for "llama3-8b-lora-trn2 — overview" || exit 1
on a expect_line 'you act as ana'
on a expect_line '^    runs +baseline llama3-8b-lora-gpu-a100 \(gpu\)'
on a expect_line '^ +pilot +llama3-8b-lora-trn2-pilot \(trn2\)'
# the overview states the comparison's own sentence (one run: its name,
# in the runs rows, is not repeated)
on a expect_line '^    parity +verdict PASS \(with 1 finding\): 2 of 2000 steps breach \|p-b\| > 0$'
on a expect_line '^ +\+ 0\.02\*\|b\| \(allowed 20\); first breach at step 1733; max \|rel'
on a expect_line '^\[2\] checklist +9 pass  0 fail  3 pending  0 waived  \(of 12\)'
on a expect_line 'blocking go: step4 \(pending\), step7 \(pending\), trial4 \(pending\)'
on a expect_line '^\[3\] drills +2 recorded'
# 10:41:00 -> 10:52:30 = 690 s, within the card's 900 s
on a expect_line '#1 node-loss: items 4 pass 0 fail; recovery 690 s \(limit 900 s\)'
on a expect_line '^\[5\] decisions +latest #1 continue at .* \(1 in log\)'

# the second TUI follows the decision log
on b wait_for "pilots (1)" || exit 1
on b keys Enter 5
on b wait_for "llama3-8b-lora-trn2 — decision log" || exit 1
on b expect_line '^ #1 +continue .* current'

# c: the pilot's baseline vs pilot run at once; q comes back here
on a keys c
on a wait_for "— loss: llama3-8b-lora-gpu-a100 vs"
on a expect_line "cursor step 1  base 2.3934  pilot 2.4029"
on a keys q
on a wait_for "llama3-8b-lora-trn2 — overview"
on a expect_line 'c:compare'

# checklist: pass step4 with a note, attach a file as evidence
on a keys 2
on a wait_for "llama3-8b-lora-trn2 — checklist" || exit 1
on a expect_line '^ step6  \* pass +\(data\)'
on a keys j j j p
on a wait_for "step4 -> pass: note (optional)"
on a keys "manual interrupt at step 1400, async checkpoint usable" Enter
on a wait_for "step4: pass recorded by ana"
on a expect_line '^ step4    pass     ana '
on a expect_line '^ 10 pass 0 fail 2 pending 0 waived'
on a keys e
on a wait_for "evidence: run:NAME, drill:ID or file:PATH"
on a keys C-u "file:interrupt.log" Enter
# the note wraps onto a second row (the path)
on a wait_joined "step4: evidence attached, sha256 $sum... ($tmp/"
# the checklist detail: the evidence by whom, its SHA-256 in full
on a expect_line "evidence file:$tmp/interrupt.log by ana"
on a expect_line "sha256 $full"
# trial4 fails: the go warning must name it
on a keys j j j j j j j f
on a wait_for "trial4 -> fail: note (optional)"
on a keys "197 of 200 control answers" Enter
on a wait_for "trial4: fail recorded by ana"
on a expect_line '^ 10 pass 1 fail 1 pending 0 waived'
# an override of a computed item needs a reason: Enter on an empty one is refused
on a keys k k k k k p
on a wait_for "step6 -> pass overrides the computed pass: reason (required)"
on a keys Enter
on a wait_for "not recorded:"
on a keys Escape
on a wait_for "cancelled: nothing recorded"

# drill log: add a manual interrupt from checkpoint step 1200, review the
# pre-fill from the logs, save; then set its RNG item
on a keys 3
on a wait_for "llama3-8b-lora-trn2 — drill log" || exit 1
on a keys a
on a wait_for "add drill"
# dialog fields: typing edits the focused text field, Enter / Down go on
on a keys Left Down Down Down step_1200 Enter Enter Enter 1200 Enter Enter
on a keys 2026-11-29T10:00:00Z Enter 2026-11-29T10:09:00Z Enter
on a keys "resume after the manual stop" Enter Enter
on a wait_for "add drill: review" || exit 1
on a expect_line 'manual-interrupt on llama3-8b-lora-trn2-pilot \(restart inside the run\)'
on a expect_line 'checkpoint step_1200 at step 1200, resumed at step 1201'
# 10:00:00 -> 10:09:00 = 540 s <= 900 s
on a expect_line 'recovery 540 s \(limit 900 s\)'
on a expect_line 'effective_step +pass +data'
on a expect_line 'resumed at effective step 1201, within \(checkpoint step 1200, 1200 \+'
on a expect_line 'control_loss +pass +data'
on a keys Enter
on a wait_for "drill #3 manual-interrupt recorded by ana" || exit 1
on a expect_line '^#3 +manual-interrupt +llama3-8b-lora-trn2-p… +1200 +1201 540 s \(limit 900 s\)'
on a keys ] ] p
on a wait_for "drill #3 rng_state -> pass: note (optional)"
on a keys "RNG state in the checkpoint manifest" Enter
on a wait_for "drill #3 rng_state set to pass by ana"
on a expect_line '>rng_state +pass +user +RNG state in the checkpoint manifest'

# decide: go while step7 is pending and trial4 failed -> warning naming them
on a keys d
on a wait_for "current: #1 continue" || exit 1
on a keys Left Down "parity passes; drills resumed cleanly" Enter
on a keys C-u "A. Rivera:researcher; K. Tanaka:training-engineer" Enter Enter
on a wait_for "WARNING: go while 2 checklist items are not passed:" || exit 1
on a expect_line 'step7 +pending +inconsistent item'
on a expect_line 'trial4 +fail +final output passes'
on a expect_line 'y: record go anyway'
# not confirmed: back to the form, record "continue" instead
on a keys x
on a wait_for "type to edit; Enter/Tab/Down:next"
on a keys Up Up Up Right
on a wait_for "< continue >"
on a keys Down Down Down Enter
on a wait_for "decision #2 continue recorded by ana; supersedes #1" || exit 1
on a expect_line '^ #2 +continue .* ana +current'
on a expect_line '^ #1 +continue .* root +superseded by #2'
on a expect_line 'deciders: A. Rivera \(researcher\), K. Tanaka \(training-engineer\)'

# the second TUI shows it by itself (PRAGMA data_version), no key pressed;
# its selection stays on the record it was reading (#1, details below the
# list), the new decision listed above it; k selects #2
on b wait_for "superseded by #2" || exit 1
# (at 120 columns the record hash's prefix sits before the state)
on b expect_line '^ #2 +continue .* ana +[0-9a-f]{12}… +current'
on b expect_line '─ #1 continue ─'
on b keys k
on b wait_for 'parity passes; drills resumed cleanly'
on b expect_line '─ #2 continue ─'

# sizes: swap them; both keep their view and fill the screen
$T resize-window -t a -x 120 -y 40
$T resize-window -t b -x 80 -y 24
on a wait_for "superseded by #2"
on a wait_rows 40 40 "?:help q:back d:decide" # the footer on row 40
on b keys Escape
on b wait_for "llama3-8b-lora-trn2 — overview"
on b expect_line '^\[2\] checklist +10 pass  1 fail  1 pending  0 waived  \(of 12\)'
on b expect_line '^\[5\] decisions +latest #2 continue at .* by ana \(2 in log\)'
on b wait_rows 24 24 "?:help q:back Enter:open" # the footer on row 24

on a keys q q q
on a wait_for "EXIT=0"
on b keys q q
on b wait_for "EXIT=0"

# a non-UTF-8 locale: ASCII only, the same screens
$T new-session -d -x 80 -y 24 -s c "env LANG=C LC_ALL=C DUALTRACK_USER=ana \"$BIN\" --db \"$db\""
on c wait_for "pilots (1)"
on c keys Enter 2
on c wait_for "llama3-8b-lora-trn2 - checklist"
on c expect_line '^-- step1: GPU baseline fixed'
on c screen | LC_ALL=C grep -q '[^ -~]' && { echo "FAIL: non-ASCII at LANG=C"; on c screen; fail=1; }
on c keys q q q

"$BIN" --db "$db" verify >/dev/null || { echo "FAIL: verify exit $?"; fail=1; }
"$BIN" --db "$db" pilot show llama3-8b-lora-trn2 | grep -q '#2 continue at .* by ana' ||
	{ echo "FAIL: pilot show lacks decision #2"; fail=1; }
exit $fail

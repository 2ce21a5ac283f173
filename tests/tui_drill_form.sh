#!/usr/bin/env bash
# tui_drill_form.sh: the drill form refuses a value as it is left, with
# the words the save (and the CLI) use. Demo store, 120x40; drill log (3),
# add (a); fields: kind, run before, run after, checkpoint id, location,
# checksum, checkpoint step, resumed step, fault time, resumed time, note.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdrillform "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 120 40
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 3
wait_for "— drill log" || exit 1
# open the form, Enter past kind, runs, checkpoint and steps to the fault time
open_form() {
	keys a
	wait_for "add drill" || exit 1
	keys Enter Enter Enter Enter Enter Enter Enter Enter
}

# 1. a fault time of the right shape but no real date (Feb 30): the one
# message of dt_time_normalize, the CLI's --fault-time's words
open_form
keys 2026-02-30T10:00:00Z Enter
wait_for "fault time '2026-02-30T10:00:00Z': expected an ISO 8601 time such as" || exit 1
wait_for "(a real date, 1970..9999, with a zone)"
if screen | grep -qF "expected YYYY-MM-DDTHH:MM:SSZ"; then
	echo "FAIL: the form's own time message"; screen; fail=1
fi
"$BIN" --db "$tmp/x.db" drill add llama3-8b-lora-trn2 --kind node-loss \
	--fault-time 2026-02-30T10:00:00Z 2>"$tmp/cli.err" && { echo "FAIL: CLI took Feb 30"; fail=1; }
grep -qF "(a real date, 1970..9999, with a zone)" "$tmp/cli.err" ||
	{ echo "FAIL: CLI words:"; cat "$tmp/cli.err"; fail=1; }
keys Escape
wait_for "cancelled: no drill recorded"

# 2. a note with a bidi override (U+202E after "note "): refused as it is
# left, with the save's words (dt_drill_field_check), on its row ("!note",
# "refused: why below"); no review, so no save offered
open_form
keys Enter Enter
keys -l "note $(printf '\xe2\x80\xae')x"
keys Enter
wait_for "drill note: invisible format character U+202E at byte 5" || exit 1
expect_line '!note +.*refused: why below'
if screen | grep -qF "add drill: review"; then
	echo "FAIL: review offered for a refused note"; screen; fail=1
fi
keys Escape
wait_for "cancelled: no drill recorded"

# 3. a resumed time before the fault time: refused on the resumed row,
# an offset time read as UTC (12:00+02:00 = 10:00Z)
open_form
keys 2026-11-29T12:00:00+02:00 Enter 2026-11-29T09:00:00Z Enter
wait_for "drill: resumed time 2026-11-29T09:00:00Z is before the fault time 2026-11-29T10:00:00Z" || exit 1
expect_line '!resumed time '
if screen | grep -qF "add drill: review"; then
	echo "FAIL: review offered"; screen; fail=1
fi
keys Escape
wait_for "cancelled: no drill recorded"

# 4. the same, the fault time typed last (Up from the note back to it):
# refused on the fault row; fixed, the review offers the save
open_form
keys Enter 2026-11-29T09:00:00Z Enter Up Up 2026-11-29T10:00:00Z Enter
wait_for "drill: resumed time 2026-11-29T09:00:00Z is before the fault time 2026-11-29T10:00:00Z" || exit 1
expect_line '!fault time '
keys $(printf "BSpace %.0s" $(seq 20)) 2026-11-29T08:55:00Z Enter
wait_gone "is before the fault time"
keys Enter Enter Enter
wait_for "add drill: review" || exit 1
expect_line 'recovery 300 s \(limit 900 s\)'
expect_line 'Enter or y: save this drill'
keys Enter
wait_for "recorded by" || exit 1

# 5. a checkpoint step that is no effective step: the CLI's words for
# --checkpoint-step (dt_drill_step_parse, one rule and message)
keys a
wait_for "add drill" || exit 1
keys Enter Enter Enter Enter Enter Enter 12x Enter
wait_for "checkpoint step expects an effective step >= 1, got '12x'" || exit 1
expect_line '!checkpoint step'
keys Escape
wait_for "cancelled: no drill recorded"
"$BIN" --db "$tmp/x.db" drill add llama3-8b-lora-trn2 --kind node-loss \
	--checkpoint-step 12x 2>"$tmp/cli.err" && { echo "FAIL: CLI took 12x"; fail=1; }
grep -qF "dualtrack: --checkpoint-step expects an effective step >= 1, got '12x'" "$tmp/cli.err" ||
	{ echo "FAIL: CLI step words:"; cat "$tmp/cli.err"; fail=1; }

# 6. a drill that records no steps (the demo's #2, manual-interrupt):
# its detail says "step -", never step 0 (dt_drill_step_text); Up from
# #3, the drill just recorded
keys Up
wait_for "#2 manual-interrupt: manual interrupt" || exit 1
expect_line '^ checkpoint - \(step -\) at -, checksum -$'
if screen | grep -qF "(step 0)"; then
	echo "FAIL: step 0 shown for a step not recorded"; screen; fail=1
fi

keys Q
wait_for "EXIT=0"
exit $fail

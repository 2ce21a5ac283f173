#!/usr/bin/env bash
# agree_resume_reference.sh: resume-check and the TUI resume view say the
# same things about what a restart's check rests on, from the service:
# the restart's launch evidence (dt_restart_evidence_text) and the run
# the loss level is checked against (dt_resume_reference), with another
# model named when both runs state theirs (journal fact model.name).
# The trial's case: a 70B run with a HyperPod restart checked against the
# demo's 8B GPU baseline (picked in the run list).
# Fixture tests/fixtures/resume/hyperpod_autoresume.log: steps 1..5, two
# "[Auto Resume]" lines (6, 7), steps 6..9: the restart at step 6 was
# found from the marker hyperpod_auto_resume on line 7 ("Retrying step").
# 1. resume-check --baseline: "  evidence     marker hyperpod_auto_resume
#    line 7" and "loss reference: llama3-8b-lora-gpu-a100 (gpu)"; the TUI
#    (Tab, the run, r) shows both (it showed neither the evidence nor
#    more than "loss level vs NAME" at the end of the verdict row): the
#    whole screen at 80x24 and 120x40.
# 2. model.name set on both runs (8B, 70B): both say "; another model:
#    llama3-8b-lora-gpu-a100 is meta-llama/Meta-Llama-3-8B,
#    llama3-70b-hyperpod is meta-llama/Meta-Llama-3-70B".
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtagreeref "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
G=$(cd "$(dirname "$0")" && pwd)/golden
FX=$(cd "$(dirname "$0")" && pwd)/fixtures/resume/hyperpod_autoresume.log
B=llama3-8b-lora-gpu-a100
R=llama3-70b-hyperpod
dt() { env $FIX "$BIN" --db "$tmp/x.db" "$@"; }
dt demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
dt import --platform trn2 --run "$R" "$FX" >/dev/null || { echo "FAIL: import"; exit 1; }
same() { # what got want
	if [ "$2" != "$3" ]; then echo "FAIL $1: '$2', expected '$3'"; fail=1
	else echo "ok   $1: $3"; fi
}
# the CLI's line starting with $1 (the evidence's label stripped)
cli_line() { dt resume-check "$R" --baseline "$B" | grep -m1 -E "^$1" | sed -E 's/^  evidence +//'; }
ev="marker hyperpod_auto_resume line 7"
ref="loss reference: $B (gpu)"
same "resume-check evidence" "$(cli_line "  evidence")" "$ev"
same "resume-check reference" "$(cli_line "loss reference")" "$ref"

# has_line TEXT: a row of the screen is TEXT (fixed string, whole row)
has_line() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		screen | grep -qxF -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: no row is: $1"; screen; fail=1; return 1
}
# open the resume view of $R with the demo's baseline picked
view() {
	tui_start "$1" "$2" $FIX
	wait_for "pilots (1)" || return 1
	keys Tab
	wait_for "runs (3)" || return 1
	keys j j r
	wait_for "resume check: $R" || return 1
}
for sz in "80 24" "120 40"; do
	set -- $sz
	view "$1" "$2" || exit 1
	screen_is "$G/resume-reference-$1x$2.txt"
	expect_line "^  evidence +$ev\$"
	has_line "$ref"
	keys Q
	wait_for "EXIT=0"
	$T kill-server 2>/dev/null; sleep 0.3
done

dt journal set "$B" model.name meta-llama/Meta-Llama-3-8B >/dev/null &&
dt journal set "$R" model.name meta-llama/Meta-Llama-3-70B >/dev/null ||
	{ echo "FAIL: journal set"; exit 1; }
other="$ref; another model: $B is meta-llama/Meta-Llama-3-8B, $R is meta-llama/Meta-Llama-3-70B"
same "resume-check another model" "$(cli_line "loss reference")" "$other"
view 120 40 || exit 1
wait_joined "$other checkpoint"
keys Q
wait_for "EXIT=0"
exit $fail

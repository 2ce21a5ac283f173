#!/usr/bin/env bash
# agree_resume_pilot_ref.sh: resume-check RUN and the TUI resume view
# judge a pilot run of a pilot against the same loss reference, the
# pilot's baseline (dt_resume_check_refs in the service: what both call),
# and the view names it; nothing picked in the run list.
# Fixture (hand-made): gb (gpu) loss 2.0 at steps 1..20, 3.0 at 21..40;
# tp (trn2) the same curve with the CSV header again before step 21 (a
# restart at step 21). Pilot rp: gb baseline, tp pilot; pilot other has
# no runs, so no pilot is pre-picked in the TUI.
# 1. Against gb the pilot/baseline ratio is 1 before and after: PASS
#    (resume-check exit 0). Without a baseline the level moves 2.0 ->
#    3.0, +50%: FAIL; the view said that, naming no reference.
#    The view (Tab, j to tp, r): "every restart passes", the row
#    "loss reference: gb (gpu), the baseline of pilot rp".
# 2. tp also the pilot run of pilot other, whose baseline gb2 is flat
#    2.0 (against it the ratio goes 1 -> 1.5: FAIL). resume-check takes
#    the first pilot by creation (rp): PASS; the view the same, naming
#    gb and rp.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtagreepref "${1:-}"
. "$(dirname "$0")/lib_agree.sh"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
dt() { env $FIX "$BIN" --db "$tmp/x.db" "$@"; }
{ echo step,loss; for s in $(seq 1 20); do echo "$s,2.0"; done
  for s in $(seq 21 40); do echo "$s,3.0"; done; } >"$tmp/gb.csv"
{ echo step,loss; for s in $(seq 1 20); do echo "$s,2.0"; done
  echo step,loss; for s in $(seq 21 40); do echo "$s,3.0"; done; } >"$tmp/tp.csv"
{ echo step,loss; for s in $(seq 1 40); do echo "$s,2.0"; done; } >"$tmp/gb2.csv"
dt import --platform gpu --run gb "$tmp/gb.csv" >/dev/null &&
dt import --platform trn2 --run tp "$tmp/tp.csv" >/dev/null &&
dt pilot new rp >/dev/null && dt attach rp gb --role baseline >/dev/null &&
dt attach rp tp --role pilot >/dev/null && dt pilot new other >/dev/null ||
	{ echo "FAIL: setup"; exit 1; }
ref="loss reference: gb (gpu), the baseline of pilot rp"

# the TUI's verdict row and reference row for tp; $1 = the runs (N)
view() {
	tui_start 120 40 $FIX
	wait_for "pilots (2)" || return 1
	keys Tab
	wait_for "runs ($1)" || return 1
	keys j r
	wait_for "resume check: tp" || return 1
}
check() { # WHAT RUNS: the CLI's verdict and the view's agree, PASS
	local out rc
	out=$(dt resume-check tp); rc=$?
	same "$1: resume-check exit" "$rc" 0
	has "$1: resume-check restart 1" <(echo "$out") "restart 1 at step 21: PASS"
	has "$1: resume-check loss" <(echo "$out") "loss         pass  pilot/baseline ratio mean 1"
	has "$1: resume-check names rp" <(echo "$out") "loss level vs gb, the baseline of pilot rp"
	view "$2" || return 1
	wait_for "1 restart: PASS"
	wait_for "$ref"
	expect_line "^  loss +pass +pilot/baseline ratio mean 1 "
	keys Q
	wait_for "EXIT=0"
	$T kill-server 2>/dev/null; sleep 0.3
}
check "one pilot" 2

dt import --platform gpu --run gb2 "$tmp/gb2.csv" >/dev/null &&
dt attach other gb2 --role baseline >/dev/null &&
dt attach other tp --role pilot >/dev/null || { echo "FAIL: other"; exit 1; }
# against gb2 alone it fails: the pilots differ
dt resume-check tp --baseline gb2 >/dev/null
same "against gb2" "$?" 1
check "two pilots" 3
exit $fail

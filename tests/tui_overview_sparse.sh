#!/usr/bin/env bash
# tui_overview_sparse.sh: the overview of a pilot whose task card is
# sparse names every field it shows: a field that is not set reads
# "NAME -" ("model -  training type -  seq -  parallelism -", "target -",
# "recovery -"), never bare dashes ("[1] task card   -  -  seq -  -" and
# "recovery <= - s" before); a set one reads as before (the demo's
# overview goldens are unchanged). The tolerances read as the verdict
# uses them, the service's built-in defaults marked ("rtol 0.02 atol 0
# warm-up 0 (defaults)", never "rtol - atol - warm-up -", which reads as
# "no tolerance"), and `pilot show` says the same ("rtol 0.02 (default)").
# A pilot made with `pilot new sparse`
# and nothing else, times and actor fixed: the whole screen at 80x24 and
# 120x40; then `pilot set sparse --model m7 --recovery-seconds 600
# --rtol 0.05` ("rtol 0.05 atol 0* warm-up 0* (*default)"; the
# TUI re-reads the store): "m7  training type -" and "recovery <= 600 s".
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtovsparse "${1:-}"
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
env $FIX "$BIN" --db "$tmp/x.db" pilot new sparse >/dev/null || { echo "FAIL: pilot new"; exit 1; }
# pilot show: the rule settings the card leaves unset read as the
# defaults in force (parity.c: rtol 0.02, atol 0, warm-up 0, rule rtol)
show=$("$BIN" --db "$tmp/x.db" pilot show sparse)
for want in "  rtol               0.02 (default)" \
	"  atol               0 (default)" "  warmup             0 (default)" \
	"  rule               rtol (default)" "  seq-len            -"; do
	grep -qxF "$want" <<<"$show" || { echo "FAIL: pilot show lacks '$want'"; fail=1; }
done
G=$(cd "$(dirname "$0")" && pwd)/golden

run() {
	local w=$1 h=$2
	tui_start "$w" "$h" $FIX
	wait_for "pilots (1)" || return 1
	keys Enter
	wait_for "— overview" || return 1
	screen_is "$G/overview-sparse-${w}x$h.txt"
	keys Q
	wait_for "EXIT=0"
	$T kill-server 2>/dev/null; sleep 0.3
}
run 80 24
run 120 40
tui_start 80 24 $FIX
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
env $FIX "$BIN" --db "$tmp/x.db" pilot set sparse --model m7 \
	--recovery-seconds 600 --rtol 0.05 >/dev/null || { echo "FAIL: pilot set"; exit 1; }
wait_for "[1] task card   m7  training type -  seq -  parallelism -"
wait_for "rtol 0.05 atol 0* warm-up 0* (*default); recovery <= 600 s; ck…"
keys Q
wait_for "EXIT=0"
exit $fail

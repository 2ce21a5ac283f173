#!/usr/bin/env bash
# tui_small_decisions.sh: the decision log's rows keep the current /
# superseded column at 60 columns (it was cut to nothing: the row ended
# after "entered by"), the decision column as wide as its longest label
# and "entered by" giving way, cut with the mark. Demo store (#1 continue
# by ana), then a go forced past the open items entered by "Alexandra
# Rivera" (#2); fixed clock.
# 1. 60x16: "#2 go FORCED ... Alexandr… current", "#1 continue ... ana
#    superseded by #2"; the detail's hashes end in the cut mark;
# 2. 80x24: the columns as before ("Alexandra R… current");
# 3. 120x40: the name whole, the record hash column, "current".
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtsmalldec "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
DUALTRACK_USER="Alexandra Rivera" "$BIN" --db "$tmp/x.db" decide \
	llama3-8b-lora-trn2 go --force --rationale "accepted" \
	--decider "A. Rivera:researcher" >/dev/null || { echo "FAIL: decide"; exit 1; }
tui_start 60 16 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=ana
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys 5
wait_for "— decision log" || exit 1

# 1. 60x16
expect_line '^ #     decision  decided at \(UTC\) entered by$'
expect_line '^ #2    go FORCED 2026-11-29 10:00 Alexandr… current$'
expect_line '^ #1    continue  2026-11-29 10:00 ana       superseded by #2$'
expect_line '^ [0-9a-f]{57}…$'
# 2. 80x24
$T resize-window -t t -x 80 -y 24
wait_for "Alexandra R…"
expect_line '^ #     decision               decided at \(UTC\) entered by$'
expect_line '^ #2    go FORCED              2026-11-29 10:00 Alexandra R… current$'
expect_line '^ #1    continue               2026-11-29 10:00 ana          superseded by #2$'
# 3. 120x40
$T resize-window -t t -x 120 -y 40
wait_for "Alexandra Rivera"
expect_line '^ #2    go FORCED              2026-11-29 10:00 Alexandra Rivera [0-9a-f]{12}… current$'
expect_line '^ #1    continue               2026-11-29 10:00 ana              [0-9a-f]{12}… superseded by #2$'
keys Q
wait_for "EXIT=0"
exit $fail

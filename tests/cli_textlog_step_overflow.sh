#!/usr/bin/env bash
# cli_textlog_step_overflow.sh: a text log's training line whose step is
# beyond int64 is refused as a CSV step cell is ("FILE:LINE: expected an
# integer step ..., found '...'", exit 2, nothing stored), never dropped
# unsaid. Before: `step 99999999999999999999999 loss 0.9` between steps 1
# and 2 imported 2 points without a word; Megatron's `iteration
# 9223372036854775807/ 100` too. A line without a metric is not a
# training line: its big number is no step (imported as before).
# $1 = dualtrack binary.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=tester XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
cd "$tmp" || exit 1
dt() { "$bin" --db "$db" "$@"; }
printf 'step 1 loss 1.0\nstep 99999999999999999999999 loss 0.9\nstep 2 loss 0.8\n' >b.log
said "step N loss: a step beyond int64" \
  "dualtrack: b.log:2: expected an integer step, found '99999999999999999999999'" \
  dt import --platform trn2 --run b b.log
check "  nothing stored" sh -c "! '$bin' --db '$db' series b --csv 2>/dev/null"
cat >m.log <<'L'
 iteration        1/     100 | consumed samples:            8 | lm loss: 1.000000E+00 |
 iteration 9223372036854775807/     100 | consumed samples:           16 | lm loss: 9.000000E-01 |
 iteration        2/     100 | consumed samples:           24 | lm loss: 8.000000E-01 |
L
said "Megatron iteration beyond int64" \
  "dualtrack: m.log:2: expected an integer step, found '9223372036854775807'" \
  dt import --platform trn2 --run m m.log
printf 'step 1 loss 1.0\nstep 99999999999999999999999 of nothing\nstep 2 loss 0.8\n' >q.log
dt import --platform trn2 --run q q.log >o 2>e
check "no metric on the line: imported, 2 points" test $? -eq 0 -a \
  "$(dt series q --csv | tr '\n' ' ')" = "step,value,segment 1,1,1 2,0.8,1 "
finish

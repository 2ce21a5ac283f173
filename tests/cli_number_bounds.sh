#!/usr/bin/env bash
# cli_number_bounds.sh: a bounded number option says its range whether the
# value is no number or out of range (new-user trial: '--rtol abc' said
# "expects a number >= 0" and '--rtol 2' "must be a number in [0, 0.5]"):
# rtol [0, 0.5], atol [0, 1], warm-up steps [0, 10^12] (taskcard.h, one
# source of each bound) for compare, gate and the config file's
# [tolerances]. Each refusal is exit 2.
# usage: cli_number_bounds.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp DUALTRACK_USER=ana
unset DUALTRACK_DB DUALTRACK_TEAM
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/g.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/g.csv" >/dev/null || exit 1
R="must be a number in [0, 0.5] (a fraction of the baseline)"
A="must be a number in [0, 1] (loss units)"
W="must be a whole number of steps in [0, 1000000000000] (not compared)"
for v in abc 2 -0.1 nan; do
  said "compare --rtol $v" "dualtrack: --rtol $R, got '$v'" dt compare g t --rtol "$v"
done
for v in x 1.5; do
  said "compare --atol $v" "dualtrack: --atol $A, got '$v'" dt compare g t --atol "$v"
done
for v in x -1 1.5 1000000000001; do
  said "compare --warmup $v" "dualtrack: --warmup $W, got '$v'" dt compare g t --warmup "$v"
done
said "gate --rtol abc" "dualtrack: gate: --rtol $R, got 'abc'" \
  dt gate --baseline-log "$tmp/g.csv" --pilot-log "$tmp/g.csv" --rtol abc
said "gate --warmup x" "dualtrack: gate: --warmup $W, got 'x'" \
  dt gate --baseline-log "$tmp/g.csv" --pilot-log "$tmp/g.csv" --warmup x
mkdir -p "$XDG_CONFIG_HOME/dualtrack"
cfg=$XDG_CONFIG_HOME/dualtrack/config
for v in abc 2; do
  printf '[tolerances]\nrtol = %s\n' "$v" >"$cfg"
  said "config rtol = $v" "dualtrack: $cfg:2: [tolerances] rtol $R, got '$v'" dt runs
done
printf '[tolerances]\n\natol = 7\n' >"$cfg"
said "config atol = 7" "dualtrack: $cfg:3: [tolerances] atol $A, got '7'" dt runs
printf '[tolerances]\nwarmup = ten\n' >"$cfg"
said "config warmup = ten" "dualtrack: $cfg:2: [tolerances] warmup $W, got 'ten'" dt runs
rm "$cfg"
# in range: accepted as before
dt compare g t --rtol 0.5 --atol 1 --warmup 0 >/dev/null
check "rtol 0.5, atol 1, warmup 0: accepted" test $? -le 1
finish

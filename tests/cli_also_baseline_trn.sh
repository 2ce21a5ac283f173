#!/usr/bin/env bash
# cli_also_baseline_trn.sh: an extra baseline for the noise rule is a GPU
# run (ACCEPTANCE.md: the noise rule compares the pilot's gap with the
# spread of GPU runs of other seeds). `compare --also-baseline R` with R a
# Trainium run is refused with attach's words, exit 2, no verdict (it was
# counted as GPU noise, and a failing pilot passed; new-user trial); a
# gpu or other-platform run is taken. The TUI run list's `a` asks the
# same core check (dt_run_role_mismatch).
# usage: cli_also_baseline_trn.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/g.csv"
printf 'step,loss\n1,2.4\n2,2.3\n3,2.2\n' >"$tmp/p.csv"
printf 'step,loss\n1,3.0\n2,2.9\n3,2.8\n' >"$tmp/t2.csv"
printf 'step,loss\n1,2.01\n2,1.91\n3,1.81\n' >"$tmp/g2.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null &&
dt import --platform trn2 --run t2 "$tmp/t2.csv" >/dev/null &&
dt import --platform other --run g2 "$tmp/g2.csv" >/dev/null || exit 1
dt compare g p --also-baseline t2 --rule noise >"$tmp/o" 2>"$tmp/e"
check "trn2 extra baseline: exit 2" test $? -eq 2
check "  why" test "$(cat "$tmp/e")" = "dualtrack: --also-baseline: run t2 is a trn2 run, but the baseline is expected to be a GPU run (gpu): the Trainium track is the pilot"
check "  no verdict" test ! -s "$tmp/o"
dt compare g p --also-baseline t2 --json >"$tmp/o" 2>/dev/null
check "  --json too: exit 2" test $? -eq 2
dt compare g p --also-baseline g2 --rule noise >"$tmp/o" 2>&1
check "other-platform extra baseline: taken (exit 0 or 1)" test $? -le 1
check "  noise line" grep -q "noise" "$tmp/o"
finish

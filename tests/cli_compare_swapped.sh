#!/usr/bin/env bash
# cli_compare_swapped.sh: `compare BASELINE PILOT` whose BASELINE is a
# Trainium run or a pilot's pilot-role run warns (stderr, and a
# "warnings" entry in --json's summary) that the arguments look
# swapped; it applied the task card silently (new-user trial). The
# right order warns nothing.
# usage: cli_compare_swapped.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/b.csv"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/p.csv"
dt import --platform gpu --run base "$tmp/b.csv" >/dev/null &&
dt import --platform trn2 --run qwen "$tmp/p.csv" >/dev/null &&
dt import --platform trn2 --run loose "$tmp/p.csv" >/dev/null &&
dt import --platform gpu --run g2 "$tmp/p.csv" >/dev/null &&
dt pilot new P >/dev/null && dt attach P base --role baseline >/dev/null &&
dt attach P qwen --role pilot >/dev/null &&
dt pilot new Q >/dev/null && dt attach Q base --role baseline >/dev/null &&
dt attach Q g2 --role pilot --force >/dev/null 2>&1 || exit 1
W="compare takes BASELINE (the GPU run) then PILOT: were they given the other way round?"
both="the baseline given, run 'qwen', is a Trainium (trn2) run and the pilot run of pilot 'P'; $W"
dt compare qwen base >"$tmp/o" 2>"$tmp/e"
check "trn2 pilot-role run as BASELINE: warns on stderr" grep -qxF "dualtrack: warning: $both" "$tmp/e"
check "  the verdict still printed" grep -q "^verdict " "$tmp/o"
dt compare qwen base --json >"$tmp/o.json" 2>"$tmp/e"
check "  --json: on stderr too" grep -qxF "dualtrack: warning: $both" "$tmp/e"
export BOTH=$both
check "  --json: a warnings entry" py "import json,os
d = json.load(open('$tmp/o.json'))
assert d['summary']['warnings'] == [os.environ['BOTH']], d['summary']"
dt compare base qwen --json >"$tmp/ok.json" 2>"$tmp/e"
check "the right order: no warning" test ! -s "$tmp/e"
check "  --json: warnings []" py "import json
assert json.load(open('$tmp/ok.json'))['summary']['warnings'] == []"
dt compare loose base >/dev/null 2>"$tmp/e"
check "a trn2 run on no pilot as BASELINE" grep -qxF \
  "dualtrack: warning: the baseline given, run 'loose', is a Trainium (trn2) run; $W" "$tmp/e"
dt compare g2 base >/dev/null 2>"$tmp/e"
check "a GPU run attached as a pilot's pilot run as BASELINE" grep -qxF \
  "dualtrack: warning: the baseline given, run 'g2', is the pilot run of pilot 'Q'; $W" "$tmp/e"
finish

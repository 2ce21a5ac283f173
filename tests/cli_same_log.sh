#!/usr/bin/env bash
# cli_same_log.sh: a pilot run that holds the baseline's own log (the
# same file, byte for byte: same SHA-256) is no evidence of parity: the
# comparison is INSUFFICIENT with the reason, in compare, compare --json,
# pilot show and gate, with or without a store. It said PASS, 0.00%
# (new-user trial: the GPU trainer_state.json imported again as the trn2
# run). import notes it, for the files it adds.
# usage: cli_same_log.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n4,1.7\n' >"$tmp/g.csv"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n4,1.71\n' >"$tmp/t.csv"
cp "$tmp/g.csv" "$tmp/copy.csv"
dt import --platform gpu --run gpu "$tmp/g.csv" >/dev/null || exit 1
dt import --platform trn2 --run oops "$tmp/copy.csv" >"$tmp/i" 2>&1 || exit 1
dt import --platform trn2 --run trn "$tmp/t.csv" >/dev/null || exit 1
check "import: notes the file is in run gpu" grep -qF \
  "note: this file is also in run 'gpu' (gpu): the same bytes (SHA-256 " "$tmp/i"
# the note asks only about the files of this import: a different log
# added to run oops says nothing (it named copy.csv's pair again; the
# reliability trial); an import of several files names the one
printf 'step,loss\n5,1.6\n6,1.5\n' >"$tmp/more.csv"
dt import --platform trn2 --run oops "$tmp/more.csv" >"$tmp/i2" 2>&1 || exit 1
check "a different file added: no note" sh -c "! grep -q 'also in run' '$tmp/i2'"
printf 'step,loss\n1,2.5\n2,2.4\n' >"$tmp/u.csv"
dt import --platform trn2 --run multi "$tmp/u.csv" "$tmp/g.csv" >"$tmp/i3" 2>&1 || exit 1
check "several files: the shared one named" grep -qE \
  "^note: .*g\.csv is also in run 'gpu' \(gpu\): the same bytes" "$tmp/i3"
printf 'step,loss\n7,1.4\n' >"$tmp/last.csv"
dt import --platform trn2 --run multi "$tmp/last.csv" >"$tmp/i4" 2>&1 || exit 1
check "  and not again on the run's next import" sh -c "! grep -q 'also in run' '$tmp/i4'"
dt compare gpu oops >"$tmp/c" 2>&1
check "compare: exit 1" test $? -eq 1
check "compare: INSUFFICIENT, why" grep -qF \
  "verdict INSUFFICIENT: the pilot run oops holds the baseline's own log (copy.csv is g.csv of run gpu, the same SHA-256" "$tmp/c"
dt compare --json gpu oops >"$tmp/j" 2>/dev/null
check "compare --json: insufficient, reason" py "import json
s = json.load(open('$tmp/j'))['summary']
assert s['verdict'] == 'insufficient', s['verdict']
assert 'holds the baseline' in s['reason'], s['reason']
assert s['compared'] == 4, s['compared']"
dt compare gpu trn >"$tmp/c2" 2>&1
check "a different log still passes" grep -q "^verdict PASS" "$tmp/c2"
dt pilot new p >/dev/null && dt attach p gpu --role baseline >/dev/null &&
  dt attach p oops --role pilot >/dev/null || exit 1
dt pilot show p >"$tmp/ps" 2>&1
check "pilot show: insufficient, why" grep -qF "holds the baseline's own log" "$tmp/ps"
dt gate p >"$tmp/g1" 2>&1
check "gate PILOT: exit 1" test $? -eq 1
"$bin" gate --baseline-log "$tmp/g.csv" --pilot-log "$tmp/copy.csv" >"$tmp/g2" 2>&1
check "gate --baseline-log F --pilot-log F: exit 1" test $? -eq 1
check "  says why" grep -qF "holds the baseline's own log" "$tmp/g2"
finish

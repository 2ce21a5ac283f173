#!/usr/bin/env bash
# cli_empty_run.sh: a run with no points (a W&B summary of a crashed run:
# run facts only) has 0 segments wherever it is counted (import, runs,
# runs --json, compare; it read "1 segment(s)" on import and in runs, "0
# segment(s)" in compare; compare now counts the loss points, '0 loss
# points'), and resume-check names the run that has no
# loss curve (new-user trial).
# usage: cli_empty_run.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=ana
dt() { "$bin" --db "$db" "$@"; }
mkdir -p "$tmp/wandb/run-1/files"
w=$tmp/wandb/run-1/files/wandb-summary.json
printf '{"_step": 12, "_runtime": 340.5, "train/loss": 1.25, "train/global_step": 12, "state": "crashed"}\n' >"$w"
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/p.csv"
dt import --platform trn2 --run crashed "$w" >"$tmp/i" 2>&1
check "import: 0 segment(s)" grep -qxF \
  "run 'crashed' (trn2, wandb) imported by ana: 1 file(s), 0 segment(s), 0 replayed step(s)" "$tmp/i"
dt import --platform trn2 --run pilot "$tmp/p.csv" >/dev/null || exit 1
dt runs --json >"$tmp/r.json"
check "runs --json: segments 0 for the empty run, 1 for the other" py "import json
r = {x['name']: x for x in json.load(open('$tmp/r.json'))['runs']}
assert r['crashed']['segments'] == 0, r['crashed']['segments']
assert r['pilot']['segments'] == 1, r['pilot']['segments']"
check "runs: segs column 0" sh -c '"$0" --db "$1" runs | grep "^crashed " | awk "{print \$(NF-2)}" | grep -qx 0' "$bin" "$db"
dt compare crashed pilot >"$tmp/c" 2>&1
check "compare: baseline 0 loss points" grep -qxF "baseline crashed (trn2): 0 loss points" "$tmp/c"
check "compare: pilot 2 loss points in 1 segment" grep -qxF "pilot    pilot (trn2): 2 loss points in 1 segment(s), 0 replayed" "$tmp/c"
# a run whose file has metrics but no loss: runs counts the run's 1
# segment; compare counts the loss series' points, not '0 segment(s)'
printf 'step,lr\n1,0.1\n2,0.1\n' >"$tmp/lr.csv"
dt import --platform gpu --run lronly "$tmp/lr.csv" >/dev/null || exit 1
check "runs: lronly 1 segment" sh -c '"$0" --db "$1" runs | grep "^lronly " | awk "{print \$(NF-2)}" | grep -qx 1' "$bin" "$db"
dt compare lronly pilot >"$tmp/c2" 2>&1
check "compare: lronly 0 loss points" grep -qxF "baseline lronly (gpu): 0 loss points" "$tmp/c2"
dt resume-check crashed >"$tmp/o" 2>"$tmp/e"
check "resume-check: exit 2" test $? -eq 2
check "  names the run" test "$(cat "$tmp/e")" = "dualtrack: run 'crashed' has no loss curve to check"
finish

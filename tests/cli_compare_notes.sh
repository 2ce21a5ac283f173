#!/usr/bin/env bash
# cli_compare_notes.sh: what compare says beside the verdict: a global
# batch known for one run only, a run compared with itself, and the
# reason for every "insufficient" (missing metric with the run's metric
# list, no common step with both ranges and the 0-based hint, warm-up past
# the last common step); `series --metric` of a missing metric.
# usage: cli_compare_notes.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }

printf 'step 1 loss 2.0 lr 0.1\nstep 2 loss 1.5 lr 0.1\nstep 3 loss 1.4 lr 0.1\n' >"$tmp/g.log"
printf 'step 1 loss 2.0\nstep 2 loss 1.5\nstep 3 loss 1.4\n' >"$tmp/t.log"
# a log counting from 0: steps 0, 50, 100 against the baseline's 1, 51, 101
printf 'step 1 loss 2.0\nstep 51 loss 1.5\nstep 101 loss 1.4\n' >"$tmp/b1.log"
printf 'step 0 loss 2.0\nstep 50 loss 1.5\nstep 100 loss 1.4\n' >"$tmp/p0.log"
dt import --platform gpu --run g --global-batch 32 "$tmp/g.log" >/dev/null
dt import --platform trn2 --run t "$tmp/t.log" >/dev/null
dt import --platform gpu --run b1 "$tmp/b1.log" >/dev/null
dt import --platform trn2 --run p0 "$tmp/p0.log" >/dev/null

dt compare t g >"$tmp/gb.txt"
check "one-sided global batch: text note, plural 'steps'" py "
t = open('$tmp/gb.txt').read()
assert 'note: global batch known for the pilot only (32): paired by step; give --global-batch to both' in t, t
assert 'compared 3 common steps,' in t and 'sampless' not in t, t
"
dt compare t g --json >"$tmp/gb.json"
check "one-sided global batch: summary.notes, reason null on pass" py "
import json; s = json.load(open('$tmp/gb.json'))['summary']
assert s['notes'] == ['global batch known for the pilot only (32): paired by step; give --global-batch to both'], s
assert s['reason'] is None and s['verdict'] == 'pass', s
"
dt compare t t >"$tmp/self.txt"
check "same run: a note" grep -qx "note: baseline and pilot are the same run (t): the comparison is trivially a match" "$tmp/self.txt"

dt compare g t --metric lr --json >"$tmp/lr.json"
check "missing metric: reason lists the pilot's metrics" py "
import json; s = json.load(open('$tmp/lr.json'))['summary']
assert s['verdict'] == 'insufficient', s
assert s['reason'] == \"pilot run t has no 'lr' points; its metrics: loss\", s
"
dt compare g t --metric lr >"$tmp/lr.txt"
check "missing metric: text verdict says why" grep -qxF \
  "verdict INSUFFICIENT: pilot run t has no 'lr' points; its metrics: loss; rule |p-b| > 0 + 0.02*|b|; warm-up 0" "$tmp/lr.txt"

dt compare b1 p0 >"$tmp/off.txt"
check "no common step: both ranges and the offset hint" grep -qF \
  "verdict INSUFFICIENT: no common steps: baseline 1..101, pilot 0..100; the ranges are offset by 1: does one log count steps from 0?" "$tmp/off.txt"

# --interpolate: b1 logs 1, 51, 101; a pilot logging 2..4 has no
# baseline step inside its range (51 > 4, 1 < 2), so nothing is
# interpolated: the reason says so with both ranges (it used to say the
# pilot has no 'loss' points, listing loss among its metrics)
printf 'step 2 loss 2.0\nstep 3 loss 1.9\nstep 4 loss 1.8\n' >"$tmp/p24.log"
dt import --platform trn2 --run p24 "$tmp/p24.log" >/dev/null
dt compare b1 p24 --interpolate --json >"$tmp/ip.json"
check "interpolate with no baseline step in the pilot's range: the reason" py "
import json; s = json.load(open('$tmp/ip.json'))['summary']
assert s['verdict'] == 'insufficient', s
assert s['reason'] == \"nothing to interpolate: no baseline step lies within the pilot's steps: baseline 1..101, pilot 2..4\", s['reason']
"
dt compare b1 p24 >"$tmp/ip0.txt"
check "without --interpolate: no common steps, both ranges" grep -qF \
  "verdict INSUFFICIENT: no common steps: baseline 1..101, pilot 2..4" "$tmp/ip0.txt"

# common steps 1, 2, 3; warm-up 3 leaves none (steps <= warm-up skipped)
dt compare t g --warmup 3 --json >"$tmp/w.json"
check "warm-up past the last common step" py "
import json; s = json.load(open('$tmp/w.json'))['summary']
assert s['reason'] == 'warm-up 3 steps reaches beyond the last common step 3 (3 common): lower --warmup', s
"
# warm-up 2 leaves step 3 alone: 1 compared, 2 needed
dt compare t g --warmup 2 --json >"$tmp/w2.json"
check "one compared step: reason" py "
import json; s = json.load(open('$tmp/w2.json'))['summary']
assert s['reason'] == '1 compared step after warm-up (3 common); at least 2 needed', s
"
dt series g --metric nope 2>"$tmp/nope.err"
check "series: missing metric exits 2" test $? -eq 2
check "series: lists the run's metrics" grep -qx \
  "dualtrack: run 'g' has no metric 'nope'; its metrics: loss, lr" "$tmp/nope.err"

# lr is 0.0 at every step of z: normal for a learning rate, so no
# zero_loss/constant finding on --metric lr (only on loss-like metrics)
printf 'step 1 loss 2.0 lr 0\nstep 2 loss 1.5 lr 0\nstep 3 loss 1.4 lr 0\n' >"$tmp/z.log"
dt import --platform gpu --run z "$tmp/z.log" >/dev/null
dt import --platform trn2 --run z2 "$tmp/z.log" >/dev/null
dt compare z z2 --metric lr --json >"$tmp/zlr.json"
check "no zero/constant finding on lr" py "
import json; s = json.load(open('$tmp/zlr.json'))['summary']
assert s['findings'] == [], s['findings']
"
# two identical GPU runs (g, g2): spread 0, so R is undefined, not 3e+13
dt import --platform gpu --run g2 "$tmp/g.log" >/dev/null
dt compare g t --also-baseline g2 >"$tmp/n.txt"
check "noise: GPU runs identical" grep -q \
  "noise: GPU runs identical: ratio undefined (spread 0 over 3 steps, 2 GPU runs" "$tmp/n.txt"
dt compare g t --also-baseline g2 --rule noise --json >"$tmp/n.json"
check "noise rule: insufficient with the reason, ratio null" py "
import json; s = json.load(open('$tmp/n.json'))['summary']
assert s['noise_ratio'] is None and s['noise']['band'] == 'GPU runs identical: ratio undefined', s
assert s['verdict'] == 'insufficient' and s['reason'] == 'GPU runs identical: noise ratio undefined', s
"
finish

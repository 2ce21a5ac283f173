#!/usr/bin/env bash
# cli_metric_case.sh: --metric means what the importer stores: a name
# goes through the importers' own normalisation (dt_metric_canonical:
# lower case, blanks as '_', canonical names), so the CSV column
# `MyMetric`, stored as `mymetric`, is found by --metric MyMetric in
# series (single, tidy) and compare, and the output names the stored
# metric; the warning for a column that lost hidden characters names
# the stored name too. Before: "run 'm' has no metric 'MyMetric'" and the
# warning said 'MyMetric'.
# m.csv (pilot, trn2): step 1,2; My<U+200B>Metric 2,3; Train Loss 5,4.
# b.csv (baseline, gpu): the same rows and step 3 (4, 3).
# $1 = dualtrack binary.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=tester XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
cd "$tmp" || exit 1
dt() { "$bin" --db "$db" "$@"; }
printf 'step,My\342\200\213Metric,Train Loss\n1,2,5\n2,3,4\n' >m.csv
{ cat m.csv; echo "3,4,3"; } >b.csv
dt import --platform trn2 --run m m.csv >o 2>e
check "import: exit 0, mymetric and train_loss" test $? -eq 0 -a \
  -n "$(grep -F '(mymetric 2, train_loss 2)' o)"
check "the warning names the stored name" test "$(grep '^  warning: ' o)" = \
  "  warning: m.csv:1: column 2 'My\\u200bMetric': invisible characters (bidi, zero-width or control) removed from the name: 'mymetric'"
dt import --platform gpu --run b b.csv >/dev/null 2>&1
check "series --metric MyMetric: 2, 3" test \
  "$(dt series m --metric MyMetric --csv 2>&1 | tr '\n' ' ')" = "step,value,segment 1,2,1 2,3,1 "
check "series --metric 'Train Loss' --json names train_loss" py "
import json, subprocess
d = json.loads(subprocess.run(['$bin', '--db', '$db', 'series', 'm', '--metric',
    'Train Loss', '--json'], capture_output=True, text=True).stdout)
assert d['metric'] == 'train_loss', d['metric']"
check "tidy: --metric MYMETRIC --metric 'Train Loss', two runs" test \
  "$(dt series m b --metric MYMETRIC --metric 'Train Loss' --csv 2>&1 | head -n 3 | tr '\n' ' ')" = \
  "run,metric,step,value,segment m,mymetric,1,2,1 m,mymetric,2,3,1 "
check "compare --metric MyMetric: 2 common steps" sh -c \
  "'$bin' --db '$db' compare b m --metric MyMetric | grep -q 'compared 2 common steps'"
dt series m --metric Nope --csv >o 2>e
check "a metric the run does not hold: refused as typed" test \
  "$(cat e)" = "dualtrack: run 'm' has no metric 'Nope'; its metrics: mymetric, train_loss"
finish

#!/usr/bin/env bash
# cli_import_hidden_names.sh: a CSV header whose metric name holds bidi
# or zero-width characters is stored under the name a person types, with
# an import warning naming the file, the column and the name as read
# (escaped); two columns that then name the same metric are refused,
# both named, nothing stored (never merged). $1 = dualtrack binary.
#
# fixtures/csv/hidden_header.csv: "step,lo<U+202E>ss,lr<U+200B>", steps
#   1..3, loss 2.5, 2.25, 2.0, lr 0.001: column 2 is stored as "loss",
#   column 3 as "lr" (one warning each); `series --metric loss` finds
#   the 3 points.
# fixtures/csv/hidden_header_clash.csv: "step,loss,lo<U+200B>ss": columns
#   2 and 3 both name "loss" once U+200B goes: refused (exit 2).
. "$(dirname "$0")/lib_cli.sh"
fx=$(cd "$(dirname "$0")" && pwd)/fixtures/csv
cp "$fx/hidden_header.csv" "$fx/hidden_header_clash.csv" "$tmp/"
cd "$tmp" || exit 1
dt() { "$bin" --db "$db" "$@"; }

dt import --platform gpu --run h hidden_header.csv >out.txt 2>err.txt
check "import exits 0" test $? -eq 0
w2="hidden_header.csv:1: column 2 'lo\\u202ess': invisible characters (bidi, zero-width or control) removed from the name: 'loss'"
w3="hidden_header.csv:1: column 3 'lr\\u200b': invisible characters (bidi, zero-width or control) removed from the name: 'lr'"
dt runs --json >runs.json
check "runs --json: the two warnings, exactly; metrics loss and lr" env W2="$w2" W3="$w3" python3 -c "
import json, os
r = [x for x in json.load(open('runs.json'))['runs'] if x['name'] == 'h'][0]
assert r['warnings'] == [os.environ['W2'], os.environ['W3']], r['warnings']
assert sorted(r['metrics']) == ['loss', 'lr'], r['metrics']"
check "import prints both warnings" test "$(grep '^  warning: ' out.txt)" = "  warning: $w2
  warning: $w3"
check "no raw U+202E / U+200B in the import's output" sh -c "! grep -q \"$(printf '\342\200\256\\|\342\200\213')\" out.txt err.txt"
dt series h --metric loss --csv >s.csv 2>&1
check "series --metric loss finds the column" test "$(cat s.csv)" = "step,value,segment
1,2.5,1
2,2.25,1
3,2,1"

dt import --platform gpu --run c hidden_header_clash.csv >out2.txt 2>err2.txt
check "the clash is refused (exit 2)" test $? -eq 2
check "the error names both columns" grep -qxF \
  "dualtrack: hidden_header_clash.csv:1: columns 2 'loss' and 3 'lo\\u200bss' both name metric 'loss' once invisible characters are removed: rename one of them" err2.txt
check "nothing stored for run c" test "$(dt runs --json | python3 -c "
import json, sys; print(sorted(r['name'] for r in json.load(sys.stdin)['runs']))")" = "['h']"
finish

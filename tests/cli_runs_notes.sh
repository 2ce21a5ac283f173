#!/usr/bin/env bash
# cli_runs_notes.sh: importer notes vs warnings through import and runs:
# an informational message (Lightning's 0-based step) is a note, not a
# warning; a loss that is not a number is a warning naming its line;
# `runs` sizes its name column to the longest name (capped at 48 columns).
# usage: cli_runs_notes.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"

long=trn2-pilot-llama3-8b-lora-rank64-seq4096-global-batch-640-resumed  # 67
cp "$(dirname "$0")/fixtures/csv/lightning_metrics.csv" "$tmp/lm.csv"
"$bin" --db "$db" import --platform trn2 --run "$long" "$tmp/lm.csv" \
  >"$tmp/imp1.out" 2>&1
check "import lightning ok" test $? -eq 0
check "import report prints the note" grep -q \
  "^  note: .*lm.csv: Lightning CSVLogger metrics.csv" "$tmp/imp1.out"
check "no warning line for the note" bash -c "! grep -q '  warning:' '$tmp/imp1.out'"

printf '%s\n' '{"step": 1, "loss": 2.0}' '{"step": 2, "loss": "abc"}' \
  '{"step": 3, "loss": 1.5, "lr": "n/a"}' >"$tmp/b.jsonl"
"$bin" --db "$db" import --platform gpu --run b "$tmp/b.jsonl" >"$tmp/imp2.out" 2>&1
check "import jsonl ok" test $? -eq 0
check "import report warns of the 2 unreadable values" grep -q \
  "^  warning: .*b.jsonl:2: 2 value(s) that are not numbers skipped (first: loss 'abc')$" \
  "$tmp/imp2.out"

"$bin" --db "$db" runs --json >"$tmp/runs.json"
check "runs --json: warnings and notes apart" py "
import json
runs = {r['name']: r for r in json.load(open('$tmp/runs.json'))['runs']}
l = runs['$long']; b = runs['b']
assert l['warnings'] == [], l['warnings']
assert len(l['notes']) == 1 and l['notes'][0].startswith('lm.csv: ') and \
  l['notes'][0].endswith('its step is 0-based; stored as step + 1 (optimizer steps)'), l['notes']
assert b['notes'] == [], b['notes']
assert len(b['warnings']) == 1 and b['warnings'][0].endswith(
  'b.jsonl:2: 2 value(s) that are not numbers skipped (first: loss \'abc\')'), b['warnings']
assert b['metrics']['loss']['points'] == 2   # steps 1 and 3
"

"$bin" --db "$db" runs >"$tmp/runs.txt"
check "runs text: 48-column name column, long name cut, warn counts warnings" py "
rows = open('$tmp/runs.txt', encoding='utf-8').read().splitlines()
# name column: 67 > 48 columns, so 48: the long name keeps 47 characters + '…'
assert rows[0].startswith('run' + ' ' * 45 + ' plat '), repr(rows[0])
r = {x.split()[0]: x for x in rows[1:]}
b = r['b']
assert b.startswith('b' + ' ' * 47 + ' gpu   jsonl '), repr(b)
assert b.split()[-1] == '1', repr(b)             # 1 warning
l = [x for x in rows[1:] if x.startswith('$long'[:47])][0]
assert l.startswith('$long'[:47] + '\u2026 trn2  csv'), repr(l)
assert l.split()[-1] == '0', repr(l)             # the note is not counted
# the platform column starts at character 49 on every row
assert (rows[0].index(' plat '), b.index(' gpu '), l.index(' trn2 ')) == (48, 48, 48)
"
finish

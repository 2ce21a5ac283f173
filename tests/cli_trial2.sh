#!/usr/bin/env bash
# cli_trial2.sh: the second new-user trial of 2026-12-02 and the exact
# words dualtrack answers with: demo into a real store, --grad-accum on a
# LLaMA-Factory log, importer warnings in the evidence pack, write
# commands naming who wrote, mistyped values, a --db in a missing folder,
# a markdown file in a folder import, a record with no chain entry, an
# empty store file, unknown values in report.md.
# usage: cli_trial2.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=trial-test XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/b.csv"

# 1. demo --db REAL_STORE: refused, nothing written; a new, empty or demo
# store is fine
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null
dt pilot new p >/dev/null
cp "$db" "$tmp/before.db"
dt demo --no-tui >"$tmp/o" 2>"$tmp/e"
check "demo into a store with run b and pilot p: exit 2" test $? -eq 2 -a ! -s "$tmp/o"
check "  names the store and what it holds" test "$(cat "$tmp/e")" = \
  "dualtrack: demo: store $db holds data that is not the demo's (run 'b', pilot 'p'); the demo's records are append-only and could never be removed from it: give the demo a new store with --db PATH (a file that does not exist yet)"
check "  the store is unchanged" cmp -s "$db" "$tmp/before.db"
"$bin" --db "$tmp/d.db" demo --no-tui >/dev/null 2>"$tmp/e"
check "demo into a new store: exit 0" test $? -eq 0 -a ! -s "$tmp/e"
"$bin" --db "$tmp/d.db" demo --no-tui >"$tmp/o" 2>"$tmp/e"
check "demo again into the demo store: exit 0" test $? -eq 0 -a ! -s "$tmp/e"
check "  still one demo pilot" test "$("$bin" --db "$tmp/d.db" pilot list | grep -c llama3-8b-lora-trn2)" = 1
: >"$tmp/empty.db"
"$bin" --db "$tmp/empty.db" demo --no-tui >/dev/null 2>"$tmp/e"
check "demo into an empty file: exit 0" test $? -eq 0 -a ! -s "$tmp/e"
"$bin" --db "$tmp/d.db" import --platform gpu --run b "$tmp/b.csv" >/dev/null
"$bin" --db "$tmp/d.db" import --platform gpu --run c "$tmp/b.csv" >/dev/null
"$bin" --db "$tmp/d.db" demo --no-tui >/dev/null 2>"$tmp/e"
check "demo store with two runs of its user's: opens (exit 0), counted" test $? -eq 0 -a \
  "$(cat "$tmp/e")" = "dualtrack: demo: $tmp/d.db also holds run 'b' and 1 more, added after the demo (kept); dualtrack demo --reset starts a new demo store and keeps this one as $tmp/d.db.N"

# 2. --grad-accum on a LLaMA-Factory trainer_log.jsonl: its current_steps
# is the HF Trainer's update count (total_steps 20 = the last step), so G
# is ignored with a warning; the same lines keyed "step" are rescaled
lf=$DT_FIXTURES/jsonl/llamafactory_ga4.jsonl
dt import --platform gpu --run lf --grad-accum 4 "$lf" >"$tmp/o" 2>&1
check "LLaMA-Factory, --grad-accum 4: exit 0" test $? -eq 0
check "  warned: ignored" grep -qxF -- \
  "  warning: $lf: --grad-accum 4 ignored: LLaMA-Factory logs optimizer steps (the update count), so a logged step is already an effective step" "$tmp/o"
check "  steps 5..20 as logged (not 2..5)" grep -qE "^  loss +4 points, steps 5\.\.20$" "$tmp/o"
dt runs --json >"$tmp/r.json"
check "  grad_accum unknown (G ignored, the log states none): null" py "
import json; r = [x for x in json.load(open('$tmp/r.json'))['runs'] if x['name'] == 'lf'][0]
assert r['grad_accum'] is None, r['grad_accum']"
sed 's/current_steps/step/' "$lf" >"$tmp/plain.jsonl"
dt import --dry-run --grad-accum 4 "$tmp/plain.jsonl" >"$tmp/o" 2>&1
check "the same lines keyed step: rescaled, ceil(5/4)..ceil(20/4)" grep -qxF \
  "  effective steps (--grad-accum 4): loss 2..5, all metrics 2..5" "$tmp/o"
check "  no warning" test "$(grep -c ignored "$tmp/o")" = 0
real=${DT_SHARED:-/nonexistent}/corpus/llamafactory_trainer_log/mistral7b-instruct-v0.2_lora_trainer_log.jsonl
if [ -f "$real" ]; then
  dt import --dry-run --grad-accum 4 "$real" >"$tmp/o" 2>&1
  check "corpus Mistral trainer_log, --grad-accum 4: ignored, 10..8660" grep -qxF \
    "  step range: loss 10..8660, all metrics 10..8660; 1 segment(s) in the file" "$tmp/o"
  check "  warned" grep -qF -- "--grad-accum 4 ignored: LLaMA-Factory logs optimizer steps" "$tmp/o"
else
  echo "skip corpus trainer_log (no $real)"
fi

# 3. the evidence pack carries each run's importer warnings (step 2
# logged twice, 1.9 then 1.8), in report.md and evidence.json, hashed;
# 10. a global batch / logging interval not in the log reads "unknown"
pk=$tmp/pk.db
printf 'step,loss\n1,2.0\n2,1.9\n2,1.8\n3,1.7\n' >"$tmp/dup.csv"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.7\n' >"$tmp/base.csv"
"$bin" --db "$pk" import --platform trn2 --run pil "$tmp/dup.csv" >/dev/null 2>&1
"$bin" --db "$pk" import --platform gpu --run bas "$tmp/base.csv" >/dev/null 2>&1
"$bin" --db "$pk" pilot new pp >/dev/null
"$bin" --db "$pk" attach pp bas --role baseline >/dev/null
"$bin" --db "$pk" attach pp pil --role pilot >/dev/null
"$bin" --db "$pk" export pp --out "$tmp/pack" >/dev/null 2>&1
check "export with a warned run: exit 0" test $? -eq 0
w="dup.csv: 1 loss step(s) logged more than once with different values inside one launch (first step 2: 1.9 vs 1.8): two processes writing the same log, or one row per micro-batch; the values are averaged per step"
"$bin" --db "$pk" runs --json >"$tmp/r.json"
export W="$w"
check "  runs --json has the warning" py "
import json, os; r = [x for x in json.load(open('$tmp/r.json'))['runs'] if x['name'] == 'pil'][0]
assert r['warnings'] == [os.environ['W']], r['warnings']"
check "  evidence.json: the run's warnings array, [] for the other" py "
import json, os; d = json.load(open('$tmp/pack/evidence.json'))
r = {x['name']: x['warnings'] for x in d['runs']}
assert r == {'pil': [os.environ['W']], 'bas': []}, r"
check "  report.md: an Importer warnings section with the row" py "
import os; t = open('$tmp/pack/report.md').read().split(chr(10))
i = t.index('### Importer warnings')
want = ['### Importer warnings', '', '| run | warning |', '|---|---|',
        '| pil | ' + os.environ['W'] + ' |', '']
assert t[i:i + 6] == want, (t[i:i + 6], want)"
check "  the manifest still verifies (the warnings inside hashed files)"   sh -c "cd '$tmp/pack' && sha256sum --strict -c MANIFEST.sha256 >/dev/null && grep -q ' report.md\$' MANIFEST.sha256 && grep -q ' evidence.json\$' MANIFEST.sha256"
check "  unknown global batch and logging steps (stored 0)" py "
t = open('$tmp/pack/report.md').read()
assert '| global batch | unknown | unknown |' in t and '| logging steps | unknown | unknown |' in t, t"
"$bin" --db "$pk" pilot new quiet >/dev/null
"$bin" --db "$pk" attach quiet bas --role baseline >/dev/null
"$bin" --db "$pk" export quiet --out "$tmp/pack2" >/dev/null 2>&1
check "a pack without warnings says so" grep -qxF "No importer warning for any run." "$tmp/pack2/report.md"

# 4. write commands say who wrote; 5. a mistyped value is named with
# the values expected; a mistyped command gets the nearest one
m=$tmp/m.db
"$bin" --db "$m" import --platform gpu --run run "$tmp/b.csv" >/dev/null 2>&1
"$bin" --db "$m" pilot new mis >/dev/null
"$bin" --db "$m" attach mis run --role pilto >"$tmp/o" 2>"$tmp/e"
check "attach --role pilto: exit 2, the values expected" test $? -eq 2 -a ! -s "$tmp/o" -a \
  "$(cat "$tmp/e")" = "dualtrack: --role 'pilto': expected baseline or pilot; did you mean 'pilot'?"
check "attach: says by whom" test "$("$bin" --db "$m" attach mis run --role baseline)" = \
  "attached run to pilot mis as baseline by trial-test"
"$bin" --db "$m" decide mis rollback >"$tmp/o" 2>"$tmp/e"
check "decide rollback: exit 2, the kinds" test $? -eq 2 -a \
  "$(cat "$tmp/e")" = "dualtrack: 'rollback': expected go, continue, roll-back, compare-other-instance or defer; did you mean 'roll-back'?"
"$bin" --db "$m" decide mis continue --rationale "keep going" --decider "A. B:researcher" >"$tmp/o" 2>/dev/null
check "decide: says by whom" grep -qE "^decision #1 continue recorded by trial-test \(first decision\); evidence sha256 [0-9a-f]{64}$" "$tmp/o"
"$bin" --db "$m" drill add mis --kind manual-interrupt --no-prefill >/dev/null 2>&1
"$bin" --db "$m" drill check 1 rng pass >"$tmp/o" 2>"$tmp/e"
check "drill check 1 rng: exit 2, the items, the one it begins" test $? -eq 2 -a \
  "$(cat "$tmp/e")" = "dualtrack: drill check: item 'rng': expected effective_step, lr_schedule, rng_state, data_cursor or control_loss; did you mean 'rng_state'?"
"$bin" --db "$m" drill check 1 rng_state passed >"$tmp/o" 2>"$tmp/e"
check "drill check status passed: exit 2, the statuses" test $? -eq 2 -a \
  "$(cat "$tmp/e")" = "dualtrack: drill check: status 'passed': expected pass, fail or not_checked; did you mean 'pass'?"
check "drill check: says by whom" test "$("$bin" --db "$m" drill check 1 rng_state pass)" = \
  "drill #1 rng_state: pass recorded by trial-test"
"$bin" compar >"$tmp/o" 2>"$tmp/e"
check "compar: exit 2, one line, the nearest command" test $? -eq 2 -a ! -s "$tmp/o" -a \
  "$(cat "$tmp/e")" = "dualtrack: unknown command 'compar'; did you mean 'compare'?"
"$bin" xyzzy 2>"$tmp/e"
check "xyzzy: no near command, where to look" test $? -eq 2 -a \
  "$(cat "$tmp/e")" = "dualtrack: unknown command 'xyzzy' ('dualtrack --help' lists the commands)"

# 7. a folder's Markdown file is documentation, whatever log lines it
# quotes; MLPerf detection needs a record, not the words in prose
mkdir "$tmp/fold"
python3 "$(dirname "$0")/tfw.py" "$tmp/fold/events.out.tfevents.1.host" 1 3 1700000065 >/dev/null
printf '# sources\nMLPerf logs hold `:::MLLOG {json}` lines; HF prints {%s: 2.0}\n' "'loss'" >"$tmp/fold/SOURCES.md"
dt import --platform gpu --run fold "$tmp/fold" >"$tmp/o" 2>&1
check "folder import: SOURCES.md is a Markdown document" grep -qxF \
  "  skipped: $tmp/fold/SOURCES.md: a Markdown document, not a training log" "$tmp/o"
printf 'notes\n`:::MLLOG {json}` lines\n' >"$tmp/notes.txt"
dt import --dry-run "$tmp/notes.txt" >/dev/null 2>"$tmp/e"
check "prose quoting :::MLLOG {json} is not an MLPerf log" grep -qF \
  "$tmp/notes.txt: format not recognised" "$tmp/e"
printf '0: :::MLLOG {"namespace": "", "time_ms": 1, "event_type": "POINT_IN_TIME", "key": "global_batch_size", "value": 8, "metadata": {}}\n' >"$tmp/ml.txt"
dt import --dry-run "$tmp/ml.txt" >"$tmp/o" 2>&1
check "a rank-prefixed MLLOG record still is" grep -q "^$tmp/ml.txt: mlperf, " "$tmp/o"

# 8. a row inserted outside dualtrack has no chain entry: said so, not
# "first bad record 0"
g=$tmp/g.db
"$bin" --db "$g" import --platform gpu --run b "$tmp/b.csv" >/dev/null 2>&1
"$bin" --db "$g" pilot new p --rtol 0.02 >/dev/null
python3 -c "
import sqlite3; db = sqlite3.connect('$g')
db.execute(\"INSERT INTO taskcard_value(pilot_id, field, value, set_by, set_at) VALUES(1, 'rtol', '0.5', 'eve', '2026-12-02T00:00:00Z')\")
db.commit()"
"$bin" --db "$g" gate p >"$tmp/o" 2>/dev/null
check "gate: a record with no chain entry" grep -qxF \
  "  FAIL integrity store: ALTERED: a record with no chain entry: task card value 2 (rtol): not in the chain (written outside dualtrack) (dualtrack verify lists all)" "$tmp/o"
"$bin" --db "$g" export p --out "$tmp/gx" >/dev/null 2>"$tmp/e"
check "export: the same words" grep -qF \
  "export: the store was altered: a record with no chain entry: task card value 2 (rtol)" "$tmp/e"

# 9. a 0-byte store file is empty, not an old schema
: >"$tmp/zero.db"
"$bin" --db "$tmp/zero.db" runs >"$tmp/o" 2>"$tmp/e"
check "0-byte --db: exit 2, an empty file, store init makes it a store" test $? -eq 2 -a \
  "$(cat "$tmp/e")" = "dualtrack: $tmp/zero.db: store: the file is empty (no store in it yet); \`dualtrack store init\` makes it a store"

finish

#!/usr/bin/env bash
# cli_import_hidden_keys.sh: a metric key holding bidi, zero-width or
# control characters in JSON lines or a trainer_state.json log_history is
# stored under the name a person types, once, where every importer
# creates a series (dt_rawlog_series_at), with a warning naming the file,
# the line (JSON lines) or the log_history entry, and the name as read
# (escaped); two keys that then name the same metric are refused, both
# named, nothing stored (never merged). The CSV header's own rule:
# cli_import_hidden_names.sh. $1 = dualtrack binary.
#
# fixtures/jsonl/hidden_key.jsonl: keys "lo<U+202E>ss" and
#   "learning_rate<U+200B>" at current_steps 1..3, loss 2.5, 2.25, 2.0,
#   learning rate 0.001: stored as "loss" and "lr" (the cleaned key goes
#   through the canonical names, as a clean one), one warning each
#   (line 1, where each key first appears).
# fixtures/jsonl/hidden_key_clash.jsonl: "loss" on line 1, "lo<U+200B>ss"
#   beside it on line 2: refused at line 2 (exit 2).
# fixtures/hf_state/hidden_key_trainer_state.json: "lo<U+202E>ss" in
#   entries 1 and 2 (steps 1, 2: 2.5, 2.25), "grad_norm<U+2066>" in
#   entry 2 (1.5): loss, grad_norm, epoch; warnings name the entries.
# fixtures/hf_state/hidden_key_clash_trainer_state.json: "<U+200B>loss"
#   and "loss" in entry 1: refused (exit 2).
# fixtures/textlog/hidden_key.log: "step N lo<U+202E>ss X" at steps 1, 2
#   (2.5, 2.25): loss, warned at line 1.
# fixtures/hf_stdout/hidden_key.log: "grad<U+2066>_norm" first on line 2
#   (1.5): grad_norm, warned at line 2.
. "$(dirname "$0")/lib_cli.sh"
fx=$(cd "$(dirname "$0")" && pwd)/fixtures
cp "$fx/jsonl/hidden_key.jsonl" "$fx/jsonl/hidden_key_clash.jsonl" \
   "$fx/hf_state/hidden_key_trainer_state.json" \
   "$fx/hf_state/hidden_key_clash_trainer_state.json" \
   "$fx/textlog/hidden_key.log" "$tmp/"
cp "$fx/hf_stdout/hidden_key.log" "$tmp/hf_hidden_key.log"
cd "$tmp" || exit 1
dt() { "$bin" --db "$db" "$@"; }
why="invisible characters (bidi, zero-width or control) removed from the name"
runs_of() { dt runs --json | python3 -c "
import json, sys; print(sorted(r['name'] for r in json.load(sys.stdin)['runs']))"; }

# --- JSON lines
dt import --platform gpu --run j hidden_key.jsonl >out.txt 2>err.txt
check "jsonl: import exits 0" test $? -eq 0
w1="hidden_key.jsonl:1: metric 'lo\\u202ess': $why: 'loss'"
w2="hidden_key.jsonl:1: metric 'learning_rate\\u200b': $why: 'lr'"
dt runs --json >runs.json
check "jsonl: runs --json: the two warnings, exactly; metrics loss and lr" env W1="$w1" W2="$w2" python3 -c "
import json, os
r = [x for x in json.load(open('runs.json'))['runs'] if x['name'] == 'j'][0]
assert r['warnings'] == [os.environ['W1'], os.environ['W2']], r['warnings']
assert sorted(r['metrics']) == ['loss', 'lr'], r['metrics']"
check "jsonl: import prints both warnings" test "$(grep '^  warning: ' out.txt)" = "  warning: $w1
  warning: $w2"
check "jsonl: no raw U+202E / U+200B in the import's output" sh -c "! grep -q \"$(printf '\342\200\256\\|\342\200\213')\" out.txt err.txt"
dt series j --metric loss --csv >s.csv 2>&1
check "jsonl: series --metric loss finds the key" test "$(cat s.csv)" = "step,value,segment
1,2.5,1
2,2.25,1
3,2,1"
dt series j --metric lr --csv >lr.csv 2>&1
check "jsonl: series --metric lr: 3 points of 0.001" test "$(cut -d, -f2 lr.csv | tr '\n' ' ')" = "value 0.001 0.001 0.001 "

dt import --platform gpu --run jc hidden_key_clash.jsonl >out2.txt 2>err2.txt
check "jsonl: the clash is refused (exit 2)" test $? -eq 2
check "jsonl: the error names both keys and the line" grep -qxF \
  "dualtrack: hidden_key_clash.jsonl:2: names 'loss' and 'lo\\u200bss' both name metric 'loss' once invisible characters are removed: rename one of them" err2.txt
check "jsonl: nothing stored for run jc" test "$(runs_of)" = "['j']"

# --- trainer_state.json
dt import --platform gpu --run s hidden_key_trainer_state.json >out3.txt 2>err3.txt
check "trainer_state: import exits 0" test $? -eq 0
w3="hidden_key_trainer_state.json: log_history entry 1: metric 'lo\\u202ess': $why: 'loss'"
w4="hidden_key_trainer_state.json: log_history entry 2: metric 'grad_norm\\u2066': $why: 'grad_norm'"
dt runs --json >runs.json
check "trainer_state: the two warnings, exactly; metrics epoch, grad_norm, loss" env W3="$w3" W4="$w4" python3 -c "
import json, os
r = [x for x in json.load(open('runs.json'))['runs'] if x['name'] == 's'][0]
assert r['warnings'] == [os.environ['W3'], os.environ['W4']], r['warnings']
assert sorted(r['metrics']) == ['epoch', 'grad_norm', 'loss'], r['metrics']"
dt series s --metric loss --csv >s2.csv 2>&1
check "trainer_state: series --metric loss finds the key" test "$(cat s2.csv)" = "step,value,segment
1,2.5,1
2,2.25,1"
dt import --platform gpu --run sc hidden_key_clash_trainer_state.json >out4.txt 2>err4.txt
check "trainer_state: the clash is refused (exit 2)" test $? -eq 2
check "trainer_state: the error names both keys and the entry" grep -qxF \
  "dualtrack: hidden_key_clash_trainer_state.json: log_history entry 1: names '\\u200bloss' and 'loss' both name metric 'loss' once invisible characters are removed: rename one of them" err4.txt
check "trainer_state: nothing stored for run sc" test "$(runs_of)" = "['j', 's']"

# --- text log and HF console (the same place makes their series)
dt import --platform gpu --format textlog --run t hidden_key.log >out5.txt 2>&1
check "textlog: the warning names line 1" grep -qxF \
  "  warning: hidden_key.log:1: metric 'lo\\u202ess': $why: 'loss'" out5.txt
dt series t --metric loss --csv >s5.csv 2>&1
check "textlog: series --metric loss: 2.5, 2.25" test "$(cut -d, -f1,2 s5.csv | tr '\n' ' ')" = "step,value 1,2.5 2,2.25 "
dt import --platform gpu --format hf-stdout --logging-steps 10 --run h hf_hidden_key.log >out6.txt 2>&1
check "hf-stdout: the warning names line 2" grep -qxF \
  "  warning: hf_hidden_key.log:2: metric 'grad\\u2066_norm': $why: 'grad_norm'" out6.txt
dt series h --metric grad_norm --csv >s6.csv 2>&1
check "hf-stdout: series --metric grad_norm: 1.5 at step 20" test "$(cut -d, -f1,2 s6.csv | tr '\n' ' ')" = "step,value 20,1.5 "
finish

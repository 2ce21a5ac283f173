#!/usr/bin/env bash
# cli_import_name_nul_long.sh: two different metric names are never one
# metric with their values averaged. A NUL read inside a name (JSON
# "\u0000", a 0 byte in a CSV header or a TensorBoard tag) is not where
# the name ends: it is removed as any other control, with the warning of
# cli_import_hidden_*.sh ('loss\u0000x' is 'lossx'), and a name that is
# then another's is refused, both named (exit 2). A name over the limit
# (127 bytes, model/core/metric_name.h) is refused naming the file, the
# line and the limit, not cut; one of 127 bytes is kept whole in
# raw_series and run_metric, and series --metric finds it.
# Before: 'loss\u0000x' was 'loss' (1,26 / 2,25.95, one 'averaged'
# warning), the CSV column dropped as a repeat, the tag cut; two 216-byte
# keys were one metric (50.00005); run_metric held 63 bytes.
# Fixtures (hand-computed values):
# n.jsonl: loss 2.0/1.9/1.8 at steps 1..3, 'loss\u0000x' 50 at steps 1, 2.
# $1 = dualtrack binary.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=tester XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
tfw=$(cd "$(dirname "$0")" && pwd)/tfw.py
cd "$tmp" || exit 1
dt() { "$bin" --db "$db" "$@"; }
why="invisible characters (bidi, zero-width or control) removed from the name"
clash="once invisible characters are removed: rename one of them"
metrics_of() { dt runs --json | python3 -c "
import json, sys
r = [x for x in json.load(sys.stdin)['runs'] if x['name'] == '$1']
print(sorted(r[0]['metrics']) if r else 'no run')"; }

# --- JSON lines: "loss\u0000x" is 'lossx', not 'loss'
printf '{"step":1,"loss":2.0,"loss\\u0000x":50}\n{"step":2,"loss":1.9,"loss\\u0000x":50}\n{"step":3,"loss":1.8}\n' >n.jsonl
dt import --platform trn2 --run n n.jsonl >o 2>e
check "jsonl NUL: exit 0" test $? -eq 0
check "  loss and lossx, 2 metrics" test "$(metrics_of n)" = "['loss', 'lossx']"
check "  loss as logged, nothing averaged" test \
  "$(dt series n --csv | tr '\n' ' ')" = "step,value,segment 1,2,1 2,1.9,1 3,1.8,1 "
check "  lossx 50, 50" test "$(dt series n --metric lossx --csv | cut -d, -f2 | tr '\n' ' ')" = "value 50 50 "
check "  the one warning names the key as read" test \
  "$(grep '^  warning: ' o)" = "  warning: n.jsonl:1: metric 'loss\\u0000x': $why: 'lossx'"
check "  no 'averaged' warning" sh -c "! grep -q averaged o"

printf '{"step":1,"x\\u0000\\u001b]52;c;YQ==\\u0007":3}\n' >osc.jsonl
dt import --platform trn2 --run osc osc.jsonl >o 2>e
check "jsonl NUL then ESC: warned, nothing raw on the terminal" sh -c \
  "grep -qF \"osc.jsonl:1: metric 'x\\\\u0000\\\\u001b]52;c;yq==\\\\u0007': $why: 'x]52;c;yq=='\" o && ! grep -q \$(printf '\\033') o e"

printf '{"step":1,"loss":2.0,"loss\\u0000":50}\n' >n2.jsonl
said "jsonl 'loss' and 'loss\\u0000'" \
  "dualtrack: n2.jsonl:1: names 'loss' and 'loss\\u0000' both name metric 'loss' $clash" \
  dt import --platform trn2 --run n2 n2.jsonl
check "  nothing stored" test "$(metrics_of n2)" = "no run"

# --- trainer_state.json: the same JSON decoder
printf '{"log_history":[{"step":1,"loss":2.0,"loss\\u0000x":50},{"step":2,"loss":1.5,"loss\\u0000x":50}],"global_step":2}\n' >trainer_state.json
dt import --platform trn2 --run ts trainer_state.json >o 2>e
check "trainer_state NUL: loss and lossx" test "$(metrics_of ts)" = "['loss', 'lossx']"
check "  warned at its entry" grep -qF \
  "trainer_state.json: log_history entry 1: metric 'loss\\u0000x': $why: 'lossx'" o

# --- CSV header with a 0 byte
printf 'step,loss,loss\0x\n1,2,50\n2,1.9,50\n' >c.csv
dt import --platform trn2 --run c c.csv >o 2>e
check "csv NUL: exit 0, loss and lossx" test $? -eq 0 -a "$(metrics_of c)" = "['loss', 'lossx']"
check "  warned for column 3" test "$(grep '^  warning: ' o)" = \
  "  warning: c.csv:1: column 3 'loss\\u0000x': $why: 'lossx'"
printf 'step,loss,loss\0\n1,2,50\n' >c2.csv
said "csv 'loss' and 'loss\\0'" \
  "dualtrack: c2.csv:1: columns 2 'loss' and 3 'loss\\u0000' both name metric 'loss' $clash" \
  dt import --platform trn2 --run c2 c2.csv

# --- TensorBoard tag with a 0 byte (tfw.py's framing)
tb() { # tb OUT TAG-BYTES-AS-PYTHON...: steps 1..3, 3 - step/1000 for the first, 0.5 others
  python3 - "$tfw" "$@" <<'PY'
import sys
exec(open(sys.argv[1]).read().split("out, first, last")[0])
tags = [(eval(t), None if i == 0 else 0.5) for i, t in enumerate(sys.argv[3:])]
with open(sys.argv[2], "wb") as f:
    for s in (1, 2, 3):
        f.write(record(1.7e9 + s, s, tags))
PY
}
tb t.tfevents 'b"train/loss"' 'b"train/loss\x00_ema"'
dt import --platform trn2 --run t t.tfevents >o 2>e
check "tfevents NUL: exit 0, loss and train/loss_ema" test $? -eq 0 -a \
  "$(metrics_of t)" = "['loss', 'train/loss_ema']"
check "  train/loss_ema holds 0.5 x 3" test \
  "$(dt series t --metric train/loss_ema --csv | cut -d, -f2 | tr '\n' ' ')" = "value 0.5 0.5 0.5 "
check "  warned for the tag" grep -qF \
  "t.tfevents: record 1: tag 'train/loss\\u0000_ema': $why: 'train/loss_ema'" o
tb t2.tfevents 'b"train/loss"' 'b"train/loss\x00"'
said "tfevents 'train/loss' and 'train/loss\\0'" \
  "dualtrack: t2.tfevents: record 1: tags 'train/loss' and 'train/loss\\u0000' both name metric 'train/loss' $clash" \
  dt import --platform trn2 --run t2 t2.tfevents

# --- names over the limit: refused, never cut into one
x200=$(printf 'x%.0s' $(seq 200))
head="train/$(printf 'x%.0s' $(seq 54))"
printf '{"step":1,"train/%s_grad_norm":100,"train/%s_lr":1e-4}\n' "$x200" "$x200" >l.jsonl
said "jsonl, two 216-byte keys" \
  "dualtrack: l.jsonl:1: metric name '$head...' is longer than the limit of 127 bytes: rename it" \
  dt import --platform trn2 --run l l.jsonl
check "  nothing stored" test "$(metrics_of l)" = "no run"
printf 'step,train/%s_a\n1,2\n' "$x200" >l.csv
said "csv, a 208-byte column" \
  "dualtrack: l.csv:1: metric name '$head...' is longer than the limit of 127 bytes: rename it" \
  dt import --platform trn2 --run lc l.csv
tb l.tfevents "b'train/' + b'x' * 200"
said "tfevents, a 206-byte tag" \
  "dualtrack: l.tfevents: record 1: metric name '$head...' is longer than the limit of 127 bytes: rename it" \
  dt import --platform trn2 --run lt l.tfevents

# --- 127 bytes: kept whole in every table; --metric finds it
m127=$(printf 'm%.0s' $(seq 127))
printf '{"step":1,"%s":1.5}\n{"step":2,"%s":2.5}\n' "$m127" "$m127" >ok.jsonl
dt import --platform trn2 --run ok ok.jsonl >o 2>e
check "127 bytes: exit 0" test $? -eq 0
check "  raw_series and run_metric hold 127 bytes" test \
  "$(sqlite3 "$db" "select length(metric) from run_metric r join run u on u.id = r.run_id where u.name = 'ok'; select distinct length(s.metric) from raw_series s join run_file f on f.id = s.file_id join run u on u.id = f.run_id where u.name = 'ok'" | tr '\n' ' ')" = "127 127 "
name=$(dt runs --json | python3 -c "
import json, sys; print([x for x in json.load(sys.stdin)['runs'] if x['name'] == 'ok'][0]['metrics'].popitem()[0])")
check "  series --metric <its name in runs --json>: 1.5, 2.5" test \
  "$(dt series ok --metric "$name" --csv | cut -d, -f2 | tr '\n' ' ')" = "value 1.5 2.5 "
finish

#!/usr/bin/env bash
# cli_import_hidden_tags.sh: a TensorBoard tag holding bidi or
# zero-width characters is matched as shown: the loss rule and --loss-tag
# see 'train/loss' in 'train/<U+202E>lo<U+200B>ss', which becomes the
# loss curve as a clean train/loss would (the note names it, compare and
# pilot show use it), with one warning naming the file, the record and
# the tag as read (escaped); two tags that are one once cleaned are
# refused, both named, nothing stored (never merged). The other formats:
# cli_import_hidden_names.sh (CSV), cli_import_hidden_keys.sh.
# $1 = dualtrack binary.
#
# Fixtures written here by tfw.py (steps 1..3, one record per step; a
# tag's value is 3 - step/1000 as a float: 2.999000072479248,
# 2.997999906539917, 2.996999979019165; TAG=C the constant C):
# hidden_tag.tfevents: train/learning_rate=0.5, then
#   train/<U+202E>lo<U+200B>ss: loss 3 points (those values), lr 3 points
#   of 0.5; loss listed first (the loss series leads).
# hidden_tag_rule.tfevents: train_loss=0.25 (the rule's last loss tag),
#   train/learning_rate=0.5, train/<U+202E>lo<U+200B>ss (its first): the
#   hidden one is the loss, train_loss keeps its own name (0.25 x 3). The
#   pilot; the baseline base.tfevents (tag "loss", the same values):
#   compare and pilot show: 3 steps compared, 0 breaches, max |rel diff|
#   0, pass (train_loss's 0.25 as the loss would breach at every step).
# hidden_tag_clash.tfevents: train/loss, train/lo<U+200B>ss=0.25 in record
#   1: refused (exit 2).
. "$(dirname "$0")/lib_cli.sh"
tfw=$(cd "$(dirname "$0")" && pwd)/tfw.py
export DUALTRACK_USER=tester XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
cd "$tmp" || exit 1
dt() { "$bin" --db "$db" "$@"; }
rlo=$(printf '\342\200\256') zwsp=$(printf '\342\200\213')
hidden="train/${rlo}lo${zwsp}ss"
python3 "$tfw" hidden_tag.tfevents 1 3 1.7e9 train/learning_rate=0.5 \
  "$hidden" >/dev/null
python3 "$tfw" hidden_tag_rule.tfevents 1 3 1.7e9 train_loss=0.25 \
  train/learning_rate=0.5 "$hidden" >/dev/null
python3 "$tfw" hidden_tag_clash.tfevents 1 3 1.7e9 train/loss \
  "train/lo${zwsp}ss=0.25" >/dev/null
python3 "$tfw" base.tfevents 1 3 >/dev/null
why="invisible characters (bidi, zero-width or control) removed from the name"
rule="first of train/loss, loss, step loss, reduced_train_loss, lm loss..."
loss3="step,value,segment
1,2.999000072479248,1
2,2.997999906539917,1
3,2.996999979019165,1"
runs_of() { dt runs --json | python3 -c "
import json, sys; print(sorted(r['name'] for r in json.load(sys.stdin)['runs']))"; }

# --- the loss tag with hidden characters, an ordinary lr tag
dt import --platform trn2 --run h hidden_tag.tfevents >out.txt 2>err.txt
check "import exits 0" test $? -eq 0
w="hidden_tag.tfevents: record 1: tag 'train/\\u202elo\\u200bss': $why: 'train/loss'"
n="hidden_tag.tfevents: tag 'train/loss' is the loss ($rule)"
check "the import names the loss first: (loss 3, lr 3)" grep -qF \
  "hidden_tag.tfevents: tfevents, 6 points in 2 metrics (loss 3, lr 3);" out.txt
check "the import prints the warning, exactly" test \
  "$(grep '^  warning: ' out.txt)" = "  warning: $w"
check "the note names the tag as shown as the loss" test \
  "$(grep '^  note: ' out.txt)" = "  note: tag 'train/loss' is the loss ($rule)"
check "no raw U+202E / U+200B in the import's output" \
  sh -c "! grep -q \"$rlo\\|$zwsp\" out.txt err.txt"
dt runs --json >runs.json
check "runs --json: that warning and note only; loss 3 points, lr 3" \
  env W="$w" N="$n" python3 -c "
import json, os
r = [x for x in json.load(open('runs.json'))['runs'] if x['name'] == 'h'][0]
assert r['warnings'] == [os.environ['W']], r['warnings']
assert r['notes'] == [os.environ['N']], r['notes']
assert sorted(r['metrics']) == ['loss', 'lr'], r['metrics']
assert r['metrics']['loss']['points'] == 3, r['metrics']
assert r['metrics']['lr']['points'] == 3, r['metrics']"
dt series h --metric loss --csv >s.csv 2>&1
check "series --metric loss: the hidden tag's 3 values" test "$(cat s.csv)" = "$loss3"
dt series h --metric lr --csv >lr.csv 2>&1
check "series --metric lr: 3 points of 0.5" test \
  "$(cut -d, -f2 lr.csv | tr '\n' ' ')" = "value 0.5 0.5 0.5 "

# --loss-tag as shown finds it
"$bin" --db o.db import --platform trn2 --run o --loss-tag train/loss \
  hidden_tag.tfevents >out1.txt 2>&1
check "--loss-tag train/loss: exit 0" test $? -eq 0
check "--loss-tag train/loss: the tag is the loss, no 'not found'" \
  test "$(grep -e '^  note: ' -e '^  warning: ' out1.txt)" = "  warning: $w
  note: tag 'train/loss' is the loss (--loss-tag)"
check "--loss-tag train/loss: its 3 values" test \
  "$("$bin" --db o.db series o --metric loss --csv)" = "$loss3"

# --- the rule prefers the hidden train/loss over train_loss: compare
# and pilot show use it as the pilot's loss
dt import --platform gpu --run b base.tfevents >/dev/null 2>&1
dt import --platform trn2 --run p hidden_tag_rule.tfevents >out2.txt 2>err2.txt
check "rule: import exits 0" test $? -eq 0
check "rule: the note names train/loss" grep -qxF \
  "  note: tag 'train/loss' is the loss ($rule)" out2.txt
dt series p --metric loss --csv >s2.csv 2>&1
check "rule: series --metric loss: the hidden tag's 3 values" test "$(cat s2.csv)" = "$loss3"
dt series p --metric train_loss --csv >t2.csv 2>&1
check "rule: train_loss kept under its own name: 3 points of 0.25" test \
  "$(cut -d, -f2 t2.csv | tr '\n' ' ')" = "value 0.25 0.25 0.25 "
dt compare b p --json >cmp.json; rc=$?
check "compare b p: exit 0" test "$rc" -eq 0
check "compare b p: 3 steps, 0 breaches, max |rel diff| 0, pass" python3 -c "
import json
s = json.load(open('cmp.json'))['summary']
assert (s['compared'], s['breaches'], s['max_abs_rel_diff'], s['verdict']) \
  == (3, 0, 0, 'pass'), s"
dt pilot new pp >/dev/null 2>&1
dt attach pp b --role baseline >/dev/null 2>&1
dt attach pp p --role pilot >/dev/null 2>&1
dt pilot show pp --json >show.json 2>&1
check "pilot show --json: p vs b: 3 compared, 0 breaches, pass" python3 -c "
import json
v = json.load(open('show.json'))['verdicts']
assert [(x['baseline'], x['pilot'], x['compared'], x['breaches'],
         x['max_abs_rel_diff'], x['verdict']) for x in v] \
  == [('b', 'p', 3, 0, 0, 'pass')], v"
dt pilot show pp >show.txt 2>&1
check "pilot show: parity p vs b: PASS, 0 of 3 steps breach" test \
  "$(grep -A1 '^  parity p vs b:' show.txt)" = "  parity p vs b: PASS
    verdict PASS: 0 of 3 steps breach |p-b| > 0 + 0.02*|b| (allowed 1); max |rel diff| 0.00% at step 1; warm-up 0"

# --- two tags that are one once cleaned: refused
dt import --platform trn2 --run c hidden_tag_clash.tfevents >out3.txt 2>err3.txt
check "clash: refused (exit 2)" test $? -eq 2
check "clash: the error names both tags and the record" test "$(cat err3.txt)" = \
  "dualtrack: hidden_tag_clash.tfevents: record 1: tags 'train/loss' and 'train/lo\\u200bss' both name metric 'train/loss' once invisible characters are removed: rename one of them"
check "clash: nothing stored for run c" test "$(runs_of)" = "['b', 'h', 'p']"
finish

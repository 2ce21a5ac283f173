#!/usr/bin/env bash
# cli_jsonl_null_dup.sh: a JSON-lines value that is no number where a
# metric's goes is counted, not dropped without a word: null (pandas
# writes NaN as null) for any metric key, true / false for a known metric
# (loss), in the warning strings of known metrics already get ("N
# value(s) that are not numbers skipped (first: KEY 'TEXT')", FILE:LINE
# of the first); a flag ("resumed": true), a config object and the step
# key are not counted. A key written twice in one record is warned
# (counted, the first record named), its last value read as json-c and
# Python read it (a CSV header's repeated metric is warned too).
# Before: no warning at all.
# n.jsonl: step 1 loss null acc 0.5; step 2 loss true; step 3 loss 1.5
#   acc null cfg {"x": null}; step 4 loss 1.4 acc 0.6 tag "a";
#   {"step":5,"loss":1.3,"step":6} (step 6 read); step 7 loss false.
#   Counted: loss null (1), loss true (2), acc null (3), loss false (4).
# $1 = dualtrack binary.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=tester XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
cd "$tmp" || exit 1
cat >n.jsonl <<'J'
{"step":1,"loss":null,"acc":0.5}
{"step":2,"loss":true}
{"step":3,"loss":1.5,"acc":null,"cfg":{"x":null}}
{"step":4,"loss":1.4,"acc":0.6,"tag":"a"}
{"step":5,"loss":1.3,"step":6}
{"step":7,"loss":false}
J
"$bin" --db "$db" import --platform trn2 --run n n.jsonl >o 2>e
check "import: exit 0" test $? -eq 0
check "the non-numbers counted: 4, the first named" grep -qxF \
  "  warning: n.jsonl:1: 4 value(s) that are not numbers skipped (first: loss 'null')" o
check "the repeated key warned at its first record" grep -qxF \
  "  warning: n.jsonl:5: 1 record(s) with a key written twice (first: 'step'): the last value of that key is read, as json-c and Python read it" o
check "two warnings, no more" test "$(grep -c '^  warning: ' o)" -eq 2
check "loss: steps 3, 4, 6 (the last step value)" test \
  "$("$bin" --db "$db" series n --csv | tr '\n' ' ')" = "step,value,segment 3,1.5,1 4,1.4,1 6,1.3,1 "
printf '{"step":1,"loss":2,"resumed":true,"cfg":{"a":null}}\n{"step":2,"loss":1.9}\n' >quiet.jsonl
"$bin" --db "$db" import --dry-run --platform trn2 --run q quiet.jsonl >o 2>e
check "a flag and a config's null: no 'not numbers' warning" sh -c "! grep -q 'not numbers' o"
finish

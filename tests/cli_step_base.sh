#!/usr/bin/env bash
# cli_step_base.sh: step bases (issue 9). $1 = dualtrack binary.
#
# b.csv: steps 1..30, loss 10 / s (a 1-based producer); p.csv: the same
# training logged 0-based: steps 0..29, loss 10 / (s + 1). A generic CSV's
# step base is unknown: kept as logged and the import report says so;
# compare then finds step_offset (pilot step s fits baseline step s + 1:
# unshifted RMS gap > 0, shifted 0). Re-imported with --step-base 0 the
# pilot's steps are 1..30 and the curves coincide: no step_offset, parity
# passes. --step-base 2 is a usage error.
set -u
BIN=${1:?usage: cli_step_base.sh path/to/dualtrack}
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { local what=$1; shift; "$@" || { echo "FAIL: $what"; fail=1; }; }
db="$tmp/d.db"
python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
with open(d + "/b.csv", "w") as f:
    f.write("step,loss\n" + "".join("%d,%r\n" % (s, 10.0 / s) for s in range(1, 31)))
with open(d + "/p.csv", "w") as f:
    f.write("step,loss\n" + "".join("%d,%r\n" % (s, 10.0 / (s + 1)) for s in range(0, 30)))
PY
"$BIN" --db "$db" import --platform gpu --run b "$tmp/b.csv" >/dev/null
"$BIN" --db "$db" import --platform trn2 --run p "$tmp/p.csv" >"$tmp/imp.txt"
check "unknown producer: kept as logged, said so" grep -q "; step base unknown: kept as logged (--step-base 0|1 decides)" "$tmp/imp.txt"
"$BIN" --db "$db" compare b p --json >"$tmp/c1.json"
check "step_offset finding +1" python3 -c "
import json,sys; j=json.load(open(sys.argv[1]))
f=[x for x in j['summary']['findings'] if x['kind']=='step_offset']
assert len(f)==1 and 'fit one step apart' in f[0]['detail'] and '+1' in f[0]['detail'], j['summary']['findings']" "$tmp/c1.json"
"$BIN" --db "$db" import --platform trn2 --run p0 --step-base 0 "$tmp/p.csv" >"$tmp/imp0.txt"
check "--step-base 0: stated" grep -q "; --step-base 0: +1 (the file counts from 0)" "$tmp/imp0.txt"
check "--step-base 0: steps 1..30" grep -q "step range: loss 1..30" "$tmp/imp0.txt"
"$BIN" --db "$db" compare b p0 --json >"$tmp/c2.json"
check "no step_offset after --step-base 0, parity pass" python3 -c "
import json,sys; j=json.load(open(sys.argv[1]))
assert not [x for x in j['summary']['findings'] if x['kind']=='step_offset'], j['summary']['findings']
assert j['summary']['verdict'] == 'pass', j['summary']" "$tmp/c2.json"
"$BIN" --db "$db" import --platform trn2 --run p2 --step-base 2 "$tmp/p.csv" >/dev/null 2>&1
check "--step-base 2: exit 2" test $? -eq 2
[ $fail -eq 0 ] && echo "cli_step_base: all passed"
exit $fail

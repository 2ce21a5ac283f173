#!/usr/bin/env bash
# agree_findings.sh: a verdict's findings go with it into every output
# (new-user trial: the NaN finding that compare, pilot show and the TUI
# show was missing from gate and from the evidence pack's report).
# $1 = dualtrack binary.
#
# Baseline b(s) = 3 - 0.01 s, s = 1..100; pilot p = b except NaN at step
# 50. A NaN always breaches: B = 1 of N = 100, allowed min(max(100 //
# 100, 1), 50) = 1 -> PASS; every other step is equal, so max |rel diff|
# is 0 at step 1 (the first). One finding: non_finite at step 50. The
# sentence and the finding must read the same in compare, pilot show
# (text and --json), gate (text and --json), report.md, report.html and
# evidence.json.
set -u
BIN=${1:?usage: agree_findings.sh path/to/dualtrack}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
dt() { "$BIN" --db "$tmp/s.db" "$@"; }
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++)
  printf "%d,%.6f\n", s, 3 - 0.01 * s }' >"$tmp/b.csv"
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++)
  if (s == 50) print s ",nan"; else printf "%d,%.6f\n", s, 3 - 0.01 * s }' \
  >"$tmp/p.csv"
dt import --platform gpu --run b "$tmp/b.csv" >/dev/null &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null &&
dt pilot new f >/dev/null && dt attach f b --role baseline >/dev/null &&
dt attach f p --role pilot >/dev/null || { echo "FAIL: setup"; exit 1; }

SENT='verdict PASS (with 1 finding): 1 of 100 steps breach |p-b| > 0 + 0.02*|b| (allowed 1); first breach at step 50; max |rel diff| 0.00% at step 1; warm-up 0'
FIND='finding non_finite at step 50: pilot loss: 1 non-finite value(s), first nan at step 50'
STMT="$SENT; $FIND"

has() { # $1 what, $2 file, $3 exact line
	grep -qxF -- "$3" "$2" || { echo "FAIL: $1 lacks the line: $3"; sed 's/^/  | /' "$2"; fail=1; }
}
json_is() { # $1 what, $2 file, $3 python expression on j, $4 expected
	got=$(python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($3)" "$2")
	[ "$got" = "$4" ] || { echo "FAIL: $1: $3 = '$got', expected '$4'"; fail=1; }
}

dt compare b p >"$tmp/compare.txt"
has compare "$tmp/compare.txt" "$FIND"
has compare "$tmp/compare.txt" "$SENT"
dt pilot show f >"$tmp/show.txt"
has "pilot show" "$tmp/show.txt" "    $STMT"
dt pilot show f --json >"$tmp/show.json"
json_is "pilot show --json" "$tmp/show.json" 'j["verdicts"][0]["statement"]' "$STMT"
dt gate f >"$tmp/gate.txt"
has gate "$tmp/gate.txt" "  ok   parity    p vs b: $STMT"
dt gate f --json >"$tmp/gate.json"
json_is "gate --json" "$tmp/gate.json" 'j["reasons"][0]["detail"]' "$STMT"
dt export f --out "$tmp/pk" >/dev/null || { echo "FAIL: export"; fail=1; }
# Markdown escapes |, *, _ and >; HTML escapes >
has report.md "$tmp/pk/report.md" '**PASS** p vs b: verdict PASS (with 1 finding): 1 of 100 steps breach \|p-b\| \> 0 + 0.02\*\|b\| (allowed 1); first breach at step 50; max \|rel diff\| 0.00% at step 1; warm-up 0; finding non\_finite at step 50: pilot loss: 1 non-finite value(s), first nan at step 50.'
grep -qF 'p vs b: verdict PASS (with 1 finding): 1 of 100 steps breach |p-b| &gt; 0 + 0.02*|b| (allowed 1); first breach at step 50; max |rel diff| 0.00% at step 1; warm-up 0; finding non_finite at step 50: pilot loss: 1 non-finite value(s), first nan at step 50.</p>' "$tmp/pk/report.html" ||
	{ echo "FAIL: report.html's text lacks the statement"; grep -n 'p vs b' "$tmp/pk/report.html"; fail=1; }
json_is evidence.json "$tmp/pk/evidence.json" 'j["verdicts"][0]["statement"]' "$STMT"

# The demo store (the trial's case): the pilot's NaN at step 1733 in gate
# and in report.md, as compare and pilot show give it.
"$BIN" demo --db "$tmp/d.db" --no-tui >/dev/null 2>&1 || { echo "FAIL: demo"; fail=1; }
DF='finding non_finite at step 1733: pilot loss: 1 non-finite value(s), first nan at step 1733'
"$BIN" --db "$tmp/d.db" gate llama3-8b-lora-trn2 >"$tmp/dgate.txt"
grep -qF "warm-up 0; $DF" "$tmp/dgate.txt" || { echo "FAIL: demo gate lacks: $DF"; cat "$tmp/dgate.txt"; fail=1; }
"$BIN" --db "$tmp/d.db" export llama3-8b-lora-trn2 --out "$tmp/dp" >/dev/null
grep -qF 'warm-up 0; finding non\_finite at step 1733: pilot loss: 1 non-finite value(s), first nan at step 1733.' "$tmp/dp/report.md" ||
	{ echo "FAIL: demo report.md lacks the finding at 1733"; fail=1; }
[ $fail = 0 ] && echo "agree_findings: ok"
exit $fail

#!/usr/bin/env bash
# agree_verdicts.sh: one verdict everywhere (issue 8, "Done when" 1).
# For three stores where the verdict is easy to get wrong, `compare
# --json` (no rule options), `pilot show --json`, the TUI pilot overview
# and the TUI comparison opened with c from that overview (tmux screen
# scrapes at 200x50) must give the same verdict word and the same
# "B of N steps" counts, equal to the ones worked out by hand below.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux or python3.
#
# Baseline loss everywhere: b(s) = 3 - 0.01 s, s = 1..100 (2.99 .. 2.00).
#
# Store "card": task card rtol 0.005, atol 0.001, warm-up 20 (defaults
#   0.02 / 0 / 0). Pilot p(s) = b(s) for s <= 50, 1.01 b(s) for s > 50.
#   Card: steps 21..100 compared, N = 80. For s > 50, |p-b| = 0.01 b in
#   [0.0200, 0.0249] > 0.001 + 0.005 b in [0.0110, 0.0135]: breach;
#   s <= 50: |p-b| = 0: no breach. B = 50, allowed min(max(80 // 100, 1),
#   50) = 1 -> FAIL, "50 of 80 steps". (Under the defaults it would be
#   "0 of 100 steps", PASS: what the TUI comparison used to show.)
# Store "noise": two identical GPU runs (b and a copy of b), pilot
#   1.001 b(s), task card rule noise. GPU spread 0 at every step: the
#   noise ratio is undefined, so the verdict is INSUFFICIENT ("GPU runs
#   identical: noise ratio undefined"). The tolerance counts still show:
#   |p-b| = 0.001 b < 0.02 b: "0 of 100 steps". (The TUI used to say
#   FAIL with R = 2.5e+10.)
# Store "nan": pilot = b except NaN at step 50 and 1.05 b at steps 60,
#   61, 62; task card atol 0.1 (rtol default 0.02). NaN always breaches;
#   at 60..62 |p-b| = 0.05 b in [0.1190, 0.1200] <= 0.1 + 0.02 b in
#   [0.1476, 0.1480]: no breach. B = 1, N = 100, allowed 1 -> PASS (with
#   the non-finite finding), "1 of 100 steps". (Defaults: 4 of 100, FAIL.)
# Store "two": pilot p(s) = b(s) for s <= 50, b(s) + 0.05 for s > 50; the
#   runs attached to two pilots, p-two (task card atol 0.1) and p2-two (no
#   card field set). Under p-two's card: |p-b| = 0.05 <= 0.1 + 0.02 b:
#   no breach, PASS "0 of 100 steps". Under the defaults (p2-two's card,
#   and `compare` without --pilot: no card applies, the runs belong to
#   two pilots): s > 50 breach, 0.05 > 0.02 b in [0.0400, 0.0498]: B =
#   50, allowed 1 -> FAIL "50 of 100 steps". The comparison opened with c
#   from a pilot's overview uses that pilot's card (it used the defaults
#   for p-two: FAIL against the overview's PASS) and says so on a
#   "rules:" line, as `compare --pilot NAME` does.
set -u
BIN=${1:?usage: agree_verdicts.sh path/to/dualtrack}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtagree$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"

# curve KIND: step,loss CSV of the baseline or one of the pilots above
curve() {
	awk -v k="$1" 'BEGIN { print "step,loss"
	  for (s = 1; s <= 100; s++) { b = 3 - 0.01 * s; v = b
	    if (k == "card" && s > 50) v = 1.01 * b
	    if (k == "noise") v = 1.001 * b
	    if (k == "nan" && s == 50) { print s ",nan"; continue }
	    if (k == "nan" && s >= 60 && s <= 62) v = 1.05 * b
	    if (k == "two" && s > 50) v = b + 0.05
	    printf "%d,%.6f\n", s, v } }'
}
dt() { "$BIN" --db "$tmp/$db.db" "$@"; }
build() { # $1 store, then task-card options
	db=$1; shift
	curve base >"$tmp/base.csv"
	curve "$db" >"$tmp/$db.csv"
	dt import --platform gpu --run "g-$db" "$tmp/base.csv" >/dev/null &&
	dt import --platform trn2 --run "t-$db" "$tmp/$db.csv" >/dev/null &&
	dt pilot new "p-$db" "$@" >/dev/null &&
	dt attach "p-$db" "g-$db" --role baseline >/dev/null &&
	dt attach "p-$db" "t-$db" --role pilot >/dev/null || exit 1
	if [ "$db" = noise ]; then
		dt import --platform gpu --run "g2-$db" "$tmp/base.csv" >/dev/null &&
		dt attach "p-$db" "g2-$db" --role baseline >/dev/null || exit 1
	fi
}
build card --rtol 0.005 --atol 0.001 --warmup 20
build noise --rule noise
build nan --atol 0.1

# "WORD B of N" out of a verdict sentence
word_counts() { grep -oE 'verdict (PASS|FAIL|INSUFFICIENT)( \([^)]*\)*)?: .*[0-9]+ of [0-9]+ steps' |
	sed -E 's/^verdict ([A-Z]+).* ([0-9]+ of [0-9]+) steps$/\1 \2/' | head -1; }

check() { # $1 store, $2 expected "WORD B of N"
	db=$1
	local want=$2 cli show ov cmp
	dt compare "g-$db" "t-$db" --json >"$tmp/$db.cmp.json"
	cli=$(python3 -c "
import json; s = json.load(open('$tmp/$db.cmp.json'))['summary']
assert ' pilot p-$db' in s['rules_source'], s['rules_source']
print(s['verdict'].upper(), s['breaches'], 'of', s['compared'])") ||
		{ echo "FAIL [$db]: compare --json"; fail=1; }
	# the text's verdict line is the service's sentence, the TUI's words
	# (it read "verdict: fail: with 1 finding", as if the finding failed it)
	dt compare "g-$db" "t-$db" >"$tmp/$db.cmp.txt"
	text=$(grep -E '^verdict ' "$tmp/$db.cmp.txt")
	sentence=$(python3 -c "
import json; print(json.load(open('$tmp/$db.cmp.json'))['summary']['sentence'])")
	[ "$text" = "$sentence" ] && [ -n "$text" ] ||
		{ echo "FAIL [$db]: compare's verdict line '$text' is not the sentence '$sentence'"; fail=1; }
	dt pilot show "p-$db" --json >"$tmp/$db.show.json"
	show=$(python3 -c "
import json; v = json.load(open('$tmp/$db.show.json'))['verdicts'][0]
print(v['verdict'].upper(), v['breaches'], 'of', v['compared'])") ||
		{ echo "FAIL [$db]: pilot show --json"; fail=1; }
	$T new-session -d -x 200 -y 50 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
	$T send-keys -t t "\"$BIN\" --db \"$tmp/$db.db\"; echo EXIT=\$?" Enter
	ov=; cmp=
	if wait_for "pilots (1)"; then
		$T send-keys -t t Enter
		wait_re 'parity +verdict ' &&
			ov=$(screen | grep -E '^ +parity +verdict ' | word_counts)
		$T send-keys -t t c
		wait_re '^verdict ' &&
			cmp=$(screen | grep -E '^verdict ' | word_counts)
		# at 200 columns the sentence is one row: the CLI's line
		tui=$(screen | grep -E '^verdict ')
		[ "$tui" = "$text" ] ||
			{ echo "FAIL [$db]: the TUI's verdict row '$tui' is not compare's '$text'"; fail=1; }
	fi
	$T kill-session -t t
	for got in "compare --json:$cli" "pilot show --json:$show" \
	           "TUI overview:$ov" "TUI comparison:$cmp"; do
		if [ "${got#*:}" != "$want" ]; then
			echo "FAIL [$db] ${got%%:*}: '${got#*:}', expected '$want'"
			fail=1
		else
			echo "ok   [$db] ${got%%:*}: $want"
		fi
	done
}

check card "FAIL 50 of 80"
# the nan store's line by hand: B = 1 (the NaN at 50), allowed 1; max
# |rel diff| 5.00% at steps 60..62, in doubles from the CSV's 6 decimals
# (p - b) / b = 0.050000000000000044 (60: 2.52 vs 2.4),
# 0.049999999999999975 (61: 2.5095 vs 2.39), 0.05000000000000009 (62:
# 2.499 vs 2.38): step 62. The finding stands beside the word, "(with 1
# finding)", as in the TUI (the text said "verdict: pass: with 1 finding")
nan_line="verdict PASS (with 1 finding): 1 of 100 steps breach |p-b| > 0.1 + 0.02*|b| (allowed 1); first breach at step 50; max |rel diff| 5.00% at step 62; warm-up 0"
check noise "INSUFFICIENT 0 of 100"
check nan "PASS 1 of 100"
[ "$(grep -E '^verdict ' "$tmp/nan.cmp.txt")" = "$nan_line" ] &&
	echo "ok   [nan] compare's verdict line: $nan_line" ||
	{ echo "FAIL [nan] compare's verdict line: $(grep -E '^verdict ' "$tmp/nan.cmp.txt")"; fail=1; }
# the noise store says why, in the same words, on both front-ends
python3 -c "
import json; s = json.load(open('$tmp/noise.cmp.json'))['summary']
v = json.load(open('$tmp/noise.show.json'))['verdicts'][0]
assert s['reason'] == v['reason'] == 'GPU runs identical: noise ratio undefined', (s['reason'], v['reason'])
assert s['sentence'] == v['sentence'], (s['sentence'], v['sentence'])
" || { echo "FAIL [noise]: reason / sentence differ"; fail=1; }
# an explicit option overrides the card and says so
"$BIN" --db "$tmp/card.db" compare g-card t-card --rtol 0.02 --atol 0 --warmup 0 --json >"$tmp/o.json"
python3 -c "
import json; s = json.load(open('$tmp/o.json'))['summary']
assert s['rules_source'] == 'rules: as given: rtol 0.02, atol 0, warm-up 0', s['rules_source']
assert (s['verdict'], s['breaches'], s['compared']) == ('pass', 0, 100), s
" || { echo "FAIL [card]: explicit options"; fail=1; }

# ---- store "two": the same runs under two pilots' cards ----
build two --atol 0.1
db=two
dt pilot new p2-two >/dev/null &&
dt attach p2-two g-two --role baseline >/dev/null &&
dt attach p2-two t-two --role pilot >/dev/null || exit 1
# compare --json [--pilot P]: "RULES|WORD B of N"
cli_two() {
	dt compare g-two t-two "$@" --json >"$tmp/two.cmp.json"
	python3 -c "
import json; s = json.load(open('$tmp/two.cmp.json'))['summary']
print(s['rules_source'] + '|' + s['verdict'].upper(), s['breaches'], 'of', s['compared'])"
}
same_two() { # $1 what, $2 got, $3 expected
	if [ "$2" != "$3" ]; then
		echo "FAIL [two] $1: '$2', expected '$3'"; fail=1
	else
		echo "ok   [two] $1: $3"
	fi
}
same_two "compare --json (no card: two pilots)" "$(cli_two)" \
	"rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (no task card applies: both runs belong to several pilots: p-two, p2-two)|FAIL 50 of 100"
same_two "compare --pilot p-two --json" "$(cli_two --pilot p-two)" \
	"rules: task card of pilot p-two: atol 0.1; built-in defaults: rtol 0.02, warm-up 0|PASS 0 of 100"
same_two "compare --pilot p2-two --json" "$(cli_two --pilot p2-two)" \
	"rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (the task card of pilot p2-two sets none)|FAIL 50 of 100"
for pl in p-two p2-two; do
	dt pilot show "$pl" --json >"$tmp/two.show.json"
	case $pl in p-two) want="PASS 0 of 100" ;; *) want="FAIL 50 of 100" ;; esac
	same_two "pilot show $pl --json" "$(python3 -c "
import json; v = json.load(open('$tmp/two.show.json'))['verdicts'][0]
print(v['verdict'].upper(), v['breaches'], 'of', v['compared'])")" "$want"
done
dt compare g-two t-two --pilot nope >/dev/null 2>"$tmp/two.err"
same_two "compare --pilot nope: exit 2" "$?" 2
same_two "compare --pilot nope: message" "$(cat "$tmp/two.err")" \
	"dualtrack: no pilot named 'nope'; pilots: p-two, p2-two"
# the TUI: each pilot's overview, then c: the same verdict and the rules
# line (p-two is the first row of the pilot list, p2-two the second)
$T new-session -d -x 200 -y 50 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=ana bash --norc --noprofile"
$T send-keys -t t "\"$BIN\" --db \"$tmp/two.db\"; echo EXIT=\$?" Enter
if wait_for "pilots (2)"; then
	for pl in p-two p2-two; do
		case $pl in p-two) want="PASS 0 of 100" ;; *) want="FAIL 50 of 100"; $T send-keys -t t j ;; esac
		$T send-keys -t t Enter
		ov=; cmp=; rules=
		wait_for "— $pl — overview" && wait_re 'parity +verdict ' &&
			ov=$(screen | grep -E '^ +parity +verdict ' | word_counts)
		$T send-keys -t t c
		wait_re '^verdict ' && cmp=$(screen | grep -E '^verdict ' | word_counts)
		wait_re '^rules: ' && rules=$(screen | grep -E '^rules: ')
		same_two "TUI overview of $pl" "$ov" "$want"
		same_two "TUI comparison from $pl's overview" "$cmp" "$want"
		same_two "TUI comparison's rules line from $pl's overview" "$rules" \
			"$(cli_two --pilot "$pl" | cut -d'|' -f1)"
		$T send-keys -t t q
		wait_for "— $pl — overview"
		$T send-keys -t t q
		wait_for "pilots (2)"
	done
	# from the run list (no pilot named): the service's choice, said
	$T send-keys -t t Tab
	wait_for "runs (2)" && $T send-keys -t t Enter j Enter
	cmp=; rules=
	wait_re '^verdict ' && cmp=$(screen | grep -E '^verdict ' | word_counts)
	wait_re '^rules: ' && rules=$(screen | grep -E '^rules: ')
	same_two "TUI comparison from the run list" "$cmp" "FAIL 50 of 100"
	same_two "TUI comparison's rules line from the run list" "$rules" \
		"rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (no task card applies: both runs belong to several pilots: p-two, p2-two)"
fi
$T kill-session -t t
[ $fail -eq 0 ] && echo "agree_verdicts: all passed"
exit $fail

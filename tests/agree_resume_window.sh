#!/usr/bin/env bash
# agree_resume_window.sh: resume-check RUN (no --baseline) and gate give a
# pilot run's restart the same loss reason: one computation,
# dt_resume_run_refs against the pilot's references (its first baseline,
# its drills' checkpoints). resume-check used to check without a baseline
# and said "loss mean ... over 19 point(s)" (replayed steps only: 20
# replayed, the first set aside) where gate said "pilot/baseline ratio
# mean ... over 20 point(s)" for the same restart. $1 = dualtrack binary.
# Exit 77 (skipped) without python3.
#
# Baseline g: loss 2.0 - s/1000 at steps 1..150. Pilot run p: 1.01 x the
#   baseline at 1..100, then the CSV header again and 1.02 x the baseline
#   at 81..150 (a restart at 81, steps 81..100 replayed: 20). With the
#   baseline (window 20): the ratio before = 1.01 over steps 61..80 (20
#   points), after = 1.02 over 82..101 (step 81 set aside: 20 points):
#   shift (1.02 - 1.01) / 1.01 = +0.99 % <= 5 %: pass, "over 20".
#   Without it: the replayed steps 82..100 only (19 points), mean step 91:
#   1.02 x 1.909 = 1.947.
set -u
BIN=${1:?usage: agree_resume_window.sh path/to/dualtrack}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
. "$(dirname "$0")/lib_agree.sh"
python3 - "$tmp" <<'EOF'
import sys
d = sys.argv[1]
b = lambda s: 2.0 - s / 1000.0
with open(d + '/g.csv', 'w') as f:
    f.write('step,loss\n')
    for s in range(1, 151):
        f.write('%d,%.9g\n' % (s, b(s)))
with open(d + '/p.csv', 'w') as f:
    f.write('step,loss\n')
    for s in range(1, 101):
        f.write('%d,%.9g\n' % (s, 1.01 * b(s)))
    f.write('step,loss\n')
    for s in range(81, 151):
        f.write('%d,%.9g\n' % (s, 1.02 * b(s)))
EOF
dt() { "$BIN" --db "$tmp/w.db" "$@"; }
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null &&
dt pilot new P >/dev/null &&
dt attach P g --role baseline >/dev/null && dt attach P p --role pilot >/dev/null || exit 1

want="pilot/baseline ratio mean 1.02 over 20 point(s) after vs before (1.01 over 20): +0.99% (limit 5.00%)"
dt resume-check p --json >"$tmp/rc.json"
same "resume-check p --json: loss reason, baseline" "$(python3 -c "
import json; d = json.load(open('$tmp/rc.json'))
print(d['baseline'], d['baseline_of_pilot'])
print(d['restarts'][0]['details']['loss'])")" "g P
$want"
dt resume-check p >"$tmp/rc.txt"
same "resume-check p: the baseline line" "$(sed -n 2p "$tmp/rc.txt")" \
	"loss level vs g, the baseline of pilot P (as gate and pilot show check it; --no-baseline: without)"
dt gate P --json >"$tmp/gate.json"
same "gate --json: the same loss reason" "$(python3 -c "
import json; d = json.load(open('$tmp/gate.json'))
r = [x for x in d['reasons'] if x['check'] == 'resume'][0]
print([p.split('loss: ', 1)[1] for p in r['detail'].split('; ') if 'loss: ' in p][0])")" "$want"
# without a baseline, asked for: the replayed steps alone
dt resume-check p --no-baseline --json >"$tmp/nb.json"
same "resume-check p --no-baseline" "$(python3 -c "
import json; d = json.load(open('$tmp/nb.json'))
print(d['baseline'], d['baseline_of_pilot'], d['restarts'][0]['details']['loss'].split(' on ')[0])")" \
	"None None loss mean 1.947 over 19 point(s)"
[ $fail -eq 0 ] && echo "agree_resume_window: all passed"
exit $fail

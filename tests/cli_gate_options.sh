#!/usr/bin/env bash
# cli_gate_options.sh: gate's log files have their own option names,
# --baseline-log FILE and --pilot-log FILE, so that --pilot means a
# pilot's name in compare and nowhere a file by that spelling alone; the
# older --baseline FILE / --pilot FILE keep working in gate (scripts), and
# `gate --pilot NAME` naming no file says what to run instead. --help, the
# man page and the bash completion say the same.
# usage: cli_gate_options.sh DUALTRACK
#
# Logs (by hand): baseline g loss 3 - 0.1 s at steps s = 1..20 (2.9 down
# to 1.0); pilot t 1.01 times it: every |rel diff| 1 % <= 2 %, parity
# pass, 20 compared, 0 breaches; both decrease (trial1 passes), so the
# gate passes (exit 0).
. "$(dirname "$0")/lib_cli.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
export DUALTRACK_USER="gate-opts"
cd "$tmp" || exit 1
{ echo step,loss; for s in $(seq 1 20); do awk -v s=$s 'BEGIN { printf "%d,%.4f\n", s, 3 - 0.1 * s }'; done; } >g.csv
{ echo step,loss; for s in $(seq 1 20); do awk -v s=$s 'BEGIN { printf "%d,%.4f\n", s, 1.01 * (3 - 0.1 * s) }'; done; } >t.csv
mkdir -p tmpdir
g() { TMPDIR="$tmp/tmpdir" "$bin" gate "$@"; }

g --baseline-log g.csv --pilot-log t.csv >new.out 2>new.err
check "--baseline-log / --pilot-log: exit 0" test $? -eq 0
check "  the files' pilot passes parity: 20 compared" \
  grep -qxF "  ok   parity    t vs g: verdict PASS: 0 of 20 steps breach |p-b| > 0 + 0.02*|b| (allowed 1); max |rel diff| 1.00% at step 13; warm-up 0" new.out
g --baseline g.csv --pilot t.csv >old.out 2>old.err
check "--baseline / --pilot (older spellings) still take files: exit 0" test $? -eq 0
check "  the same output" cmp -s new.out old.out
g --baseline g.csv --pilot-log t.csv >mix.out 2>&1
check "spellings mixed: the same output" cmp -s new.out mix.out
g --baseline-log g.csv --pilot-log t.csv --json >new.json
check "--json from --pilot-log: pilot t, store false" py "
import json; d = json.load(open('new.json'))
assert d['pilot'] == 't' and d['store'] is False and d['pass'] is True, d"

# a pilot's name given to --pilot, as compare takes it
db="$tmp/s.db"
"$bin" --db "$db" import --platform gpu --run g g.csv >/dev/null &&
"$bin" --db "$db" import --platform trn2 --run t t.csv >/dev/null &&
"$bin" --db "$db" pilot new p >/dev/null &&
"$bin" --db "$db" attach p g --role baseline >/dev/null &&
"$bin" --db "$db" attach p t --role pilot >/dev/null || { echo "FAIL: setup"; exit 1; }
"$bin" --db "$db" compare g t --pilot p >/dev/null
check "compare --pilot p: the pilot's name (exit 0)" test $? -eq 0
"$bin" --db "$db" gate --pilot p >name.out 2>name.err
check "gate --pilot p (no such file): exit 2" test $? -eq 2
check "  nothing on stdout" test ! -s name.out
check "  says --pilot takes a file and what to run" grep -qxF \
  "dualtrack: gate: --pilot takes a log file (it is --pilot-log); no file p. For a pilot named so: dualtrack gate p" name.err
"$bin" --db "$db" gate p >/dev/null
check "gate p: exit 0" test $? -eq 0
"$bin" --db "$db" gate --pilot-log t.csv >/dev/null 2>one.err
check "--pilot-log alone: exit 2, both files asked for" grep -qxF \
  "dualtrack: gate: give --baseline-log FILE and --pilot-log FILE (and no PILOT), or PILOT alone" one.err
"$bin" --db "$db" gate >/dev/null 2>none.err
check "nothing: exit 2, PILOT or both files" grep -qxF \
  "dualtrack: gate needs PILOT (its rule is the task card's), or --baseline-log FILE --pilot-log FILE" none.err

# --help and the man page
"$bin" gate --help >help.txt
check "gate --help: the usage names --baseline-log and --pilot-log" \
  grep -qxF "       dualtrack gate --baseline-log FILE... --pilot-log FILE..." help.txt
check "gate --help: the older spellings are documented" \
  grep -qxF -- "--baseline FILE and --pilot FILE are older spellings of" help.txt
"$bin" compare --help >chelp.txt
check "compare --help: --pilot NAME is never a file" \
  grep -qxF "without it) or to none. NAME is a pilot in the store, never a" chelp.txt
man1="$(dirname "$bin")/man/dualtrack.1"
if [ -f "$man1" ]; then
  check "dualtrack(1): gate's synopsis names --baseline-log, --pilot-log" \
    grep -qF '\fBdualtrack gate\fR \fB--baseline-log\fR \fIFILE\fR' "$man1"
  check "dualtrack(1): the older spellings are documented" \
    grep -qF 'are their older' "$man1"
fi

# bash completion: files after gate's options, pilots after compare --pilot
. "$src/cli/completion/dualtrack.bash"
comp() { COMP_WORDS=("$bin" "$@"); COMP_CWORD=$#; COMPREPLY=(); _dualtrack; printf '%s\n' "${COMPREPLY[@]}"; }
check "completion: gate --pilot-log completes files" grep -qx "t.csv" <(comp gate --pilot-log t.)
check "completion: gate --pilot completes files" grep -qx "t.csv" <(comp gate --pilot t.)
check "completion: compare --pilot completes pilots" grep -qx "p" <(comp --db "$db" compare g t --pilot "")
check "completion: gate PILOT completes pilots" grep -qx "p" <(comp --db "$db" gate "")
check "completion: gate options from --help" grep -qx -- "--pilot-log" <(comp gate --pilot-l)
finish

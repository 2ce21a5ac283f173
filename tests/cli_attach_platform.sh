#!/usr/bin/env bash
# cli_attach_platform.sh: attach refuses a run whose platform does not fit
# the role (a gpu run as the pilot, a trn2 or trn1 run as the baseline),
# naming the run, its platform and what the role expects, exit 2, nothing
# attached; --force attaches it with the same sentence as a warning; a
# run on 'other' and fitting runs attach as before.
# usage: cli_attach_platform.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=tester

printf 'step,loss\n1,2.5\n2,2.4\n' >"$tmp/l.csv"
dt import --platform gpu --run g "$tmp/l.csv" >/dev/null 2>&1
dt import --platform trn2 --run t "$tmp/l.csv" >/dev/null 2>&1
dt import --platform trn1 --run t1 "$tmp/l.csv" >/dev/null 2>&1
dt import --platform other --run o "$tmp/l.csv" >/dev/null 2>&1
dt pilot new p >/dev/null 2>&1

dt attach p g --role pilot >"$tmp/a.out" 2>"$tmp/a.err"
check "a gpu run as the pilot: exit 2" test $? -eq 2
check "  stderr names the run, its platform and what is expected" test \
  "$(cat "$tmp/a.err")" = "dualtrack: attach refused: run g is a gpu run, but the pilot is expected to be a Trainium run (trn2 or trn1): the GPU track is the baseline. Give --force to attach it as the pilot anyway."
check "  nothing on stdout" test ! -s "$tmp/a.out"
dt attach p t --role baseline >/dev/null 2>"$tmp/b.err"
check "a trn2 run as the baseline: exit 2" test $? -eq 2
check "  stderr says so" test "$(cat "$tmp/b.err")" = \
  "dualtrack: attach refused: run t is a trn2 run, but the baseline is expected to be a GPU run (gpu): the Trainium track is the pilot. Give --force to attach it as the baseline anyway."
dt attach p t1 --role baseline >/dev/null 2>"$tmp/c.err"
check "a trn1 run as the baseline: exit 2, names trn1" sh -c "test $? -eq 2 &&
  grep -qF 'run t1 is a trn1 run, but the baseline is expected' '$tmp/c.err'"
dt pilot show p --json >"$tmp/s.json" 2>&1
check "  none of them was attached" py "
import json; d = json.load(open('$tmp/s.json'))
assert d['runs'] == [], d['runs']"

dt attach p t --role pilot >"$tmp/d.out" 2>"$tmp/d.err"
check "a trn2 run as the pilot: exit 0, no warning" sh -c "test $? -eq 0 && test ! -s '$tmp/d.err'"
check "  stdout as before" test "$(cat "$tmp/d.out")" = "attached t to pilot p as pilot by tester"
dt attach p g --role baseline >"$tmp/e.out" 2>"$tmp/e.err"
check "a gpu run as the baseline: exit 0, no warning" sh -c "test $? -eq 0 && test ! -s '$tmp/e.err'"
dt attach p o --role baseline >/dev/null 2>"$tmp/f.err"
check "a run on 'other' as the baseline: exit 0, no warning" sh -c "test $? -eq 0 && test ! -s '$tmp/f.err'"
dt attach p t1 --role pilot >/dev/null 2>"$tmp/g.err"
check "a trn1 run as the pilot: exit 0, no warning" sh -c "test $? -eq 0 && test ! -s '$tmp/g.err'"

dt attach p t --role baseline --force >"$tmp/h.out" 2>"$tmp/h.err"
check "--force: a trn2 run as the baseline is attached (exit 0)" test $? -eq 0
check "  the warning on stderr" test "$(cat "$tmp/h.err")" = \
  "dualtrack: warning: run t is a trn2 run, but the baseline is expected to be a GPU run (gpu): the Trainium track is the pilot (attached as the baseline anyway: --force)."
check "  stdout as without it" test "$(cat "$tmp/h.out")" = "attached t to pilot p as baseline by tester"
dt pilot show p --json >"$tmp/s2.json" 2>&1
check "  t is now a baseline run of p" py "
import json; d = json.load(open('$tmp/s2.json'))
roles = {r['name']: r['role'] for r in d['runs']}
assert roles == {'t': 'baseline', 'g': 'baseline', 'o': 'baseline', 't1': 'pilot'}, roles"

finish

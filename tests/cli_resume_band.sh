#!/usr/bin/env bash
# cli_resume_band.sh: resume-check's loss line names the level before the
# restart and its point count, not the band edge it compares with.
# Run "rb": a.csv steps 1..10, b.csv steps 11..16 (a restart at 11, no
# replay, no baseline), loss 3.0 - 0.01 * step throughout: a falling
# curve resumed exactly. Before: the level is the mean of the 10 points,
# 3.0 - 0.01 * 5.5 = 2.945; the least-squares line is exactly
# 3.0 - 0.01 * step. After: step 11 set aside (spike candidate), steps
# 12..16 mean 2.86 over 5 points; the line's mean at those steps is 2.86.
# The band is [2.86, 2.945], the mean after lies in it: pass, its shift
# from the band 0, the level moved (2.86 - 2.945) / 2.945 = -2.89 %.
# (The line said "(2.86 over 10)": the band's edge with the count of the
# points before, read as the level before.) Run "drop": the same before,
# 1.0 at 11..16: the mean 1 is under the band's lower edge 2.86 (the
# trend at 12..16): (1 - 2.86) / 2.86 = -65.03 %, fail.
# usage: cli_resume_band.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
python3 - "$tmp" <<'PY'
import sys
d = sys.argv[1]
def w(name, steps, f):
    with open(d + "/" + name, "w") as o:
        o.write("step,loss\n" + "".join("%d,%.2f\n" % (s, f(s)) for s in steps))
w("a.csv", range(1, 11), lambda s: 3.0 - 0.01 * s)
w("b.csv", range(11, 17), lambda s: 3.0 - 0.01 * s)
w("c.csv", range(11, 17), lambda s: 1.0)
PY
dt import --platform trn2 --run rb "$tmp/a.csv" "$tmp/b.csv" >/dev/null 2>&1
dt resume-check rb >"$tmp/r.out" 2>&1
check "rb: exit 0 (a continuation)" test $? -eq 0
check "  the loss line: level before 2.945 over 10, trend 2.86, inside" grep -qxF \
  "  loss         pass  loss mean 2.86 over 5 point(s) vs the band from the level before (2.945 over 10 point(s)) to its least-squares trend at the same steps (2.86): -2.89% from the level before, inside the band (limit 5.00%)" "$tmp/r.out"
# inside the band the shift from the band is 0; the level moved from the
# level before: (2.86 - 2.945) / 2.945 = -0.028862 (it read "+0.00%")
dt resume-check rb --json >"$tmp/r.json" 2>/dev/null
check "  --json: level_shift 0, level_moved -0.028862" py "import json
r = json.load(open('$tmp/r.json'))['restarts'][0]
assert r['level_shift'] == 0, r
assert abs(r['level_moved'] - (2.86 - 2.945) / 2.945) < 1e-9, r"
dt import --platform trn2 --run drop "$tmp/a.csv" "$tmp/c.csv" >/dev/null 2>&1
dt resume-check drop >"$tmp/d.out" 2>&1
check "drop: exit 1" test $? -eq 1
check "  the loss line: -65.03 % under the band" grep -qxF \
  "  loss         fail  loss mean 1 over 5 point(s) vs the band from the level before (2.945 over 10 point(s)) to its least-squares trend at the same steps (2.86): -65.03% (limit 5.00%)" "$tmp/d.out"
finish

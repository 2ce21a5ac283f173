#!/usr/bin/env bash
# cli_segment_count.sh: one segment count everywhere (issue 9): `import`,
# `runs`, `resume-check` and `series` report the same number for a run
# with restarts of several kinds.
#
# Run "r" = fixtures/resume/megatron_resume.log (iterations 10..50, a
# second arguments banner and the loading/loaded markers, 50 again, 60:
# 2 segments) then megatron_wallgap.log (10..50 with a [date] prefix, a
# wall-time gap of 2170 s before 50 is logged again, 60: 2 segments; a new
# file of the run starts a segment, its first launch included). By hand:
# 2 + 2 = 4 segments, 3 restarts.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=segment-test
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
FIX=${DT_FIXTURES:-$(dirname "$0")/fixtures}
"$bin" --db "$db" import --platform trn2 --run r "$FIX/resume/megatron_resume.log" \
	"$FIX/resume/megatron_wallgap.log" >"$tmp/imp.txt" 2>&1
check "import exit 0" test $? -eq 0
check "import: 4 segments for the run" grep -q "^run 'r' (trn2, textlog) imported by segment-test: 2 file(s), 4 segment(s)" "$tmp/imp.txt"
check "import: 2 segments in each file" test "$(grep -c '2 segment(s) in the file' "$tmp/imp.txt")" -eq 2
"$bin" --db "$db" runs --json >"$tmp/runs.json"
check "runs --json: 4 segments" py "
import json; r = json.load(open('$tmp/runs.json'))['runs'][0]
assert r['segments'] == 4 and r['metrics']['loss']['segments'] == 4, r"
"$bin" --db "$db" runs >"$tmp/runs.txt"
check "runs: segs column 4" py "
rows = [l.split() for l in open('$tmp/runs.txt')]
h = rows[0]; r = [x for x in rows if x[0] == 'r'][0]
# columns run plat format pts steps segs replayed warn (header 'loss pts')
assert h[-3] == 'segs' and r[-3] == '4', rows"
"$bin" --db "$db" resume-check r --json >"$tmp/rc.json"
check "resume-check --json: 4 segments, 3 restarts" py "
import json; r = json.load(open('$tmp/rc.json'))
assert r['segments'] == 4 and len(r['restarts']) == 3, r"
"$bin" --db "$db" resume-check r >"$tmp/rc.txt"
check "resume-check: 4 segment(s), 3 restart(s)" grep -qx "run r: 4 segment(s), 3 restart(s)" "$tmp/rc.txt"
"$bin" --db "$db" series r --json >"$tmp/s.json"
check "series --json: 4 segments, points from segments 3 and 4" py "
import json; s = json.load(open('$tmp/s.json'))
assert s['segments'] == 4, s
assert sorted({p['segment'] for p in s['points']}) == [3, 4], s"
finish

#!/usr/bin/env bash
# cli_import_dry_json.sh: import --dry-run --json is the import report
# as one JSON object (schema_version first): per file the format, points,
# segments, launch evidence, warnings; per folder the files taken and
# those skipped with the reason; totals. Nothing is stored: no store is
# created, an existing store is left byte for byte as it was.
. "$(dirname "$0")/lib_cli.sh"
fx=${DT_FIXTURES:-$(dirname "$0")/fixtures}
mega=$fx/resume/megatron_resume.log
# megatron_resume.log, by reading it: iterations 10 20 30 40 50 (launch
# 1), then arguments banner again at line 10, "loading checkpoint ... 40"
# line 12, "successfully loaded" line 13, iterations 50 60 (launch 2):
# 7 lines x 6 metrics = 42 points, 2 segments, loss steps 10..60.
"$bin" --db "$tmp/none/s.db" import --platform trn2 --run m --dry-run --json "$mega" >"$tmp/m.json" 2>"$tmp/m.err"
check "dry-run --json exits 0" test $? -eq 0
check "dry-run --json: no store created (not even its folder)" test ! -e "$tmp/none"
check "dry-run --json: one object, schema_version first, the file's report" py "
import json
def bad(c): raise ValueError(c)
d = json.loads(open('$tmp/m.json').read(), parse_constant=bad)
assert list(d)[:5] == ['schema_version', 'dry_run', 'run', 'platform', 'folders'], list(d)
assert d['schema_version'] == 1 and d['dry_run'] is True and d['run'] == 'm' and d['platform'] == 'trn2'
assert (d['points'], d['segments'], d['warnings']) == (42, 2, 1), d  # one restart, one warning
f, = d['files']
assert f['path'] == '$mega' and f['format'] == 'textlog' and f['points'] == 42 and f['segments'] == 2
assert (f['step_first'], f['step_last']) == (10, 60)
loss = [m for m in f['metrics'] if m['metric'] == 'loss'][0]
assert loss == {'metric': 'loss', 'points': 7, 'first_step': 10, 'last_step': 60, 'non_finite': 0}, loss
assert [(e['launch'], e['line'], e['kind'], e['marker'], e['checkpoint_step']) for e in f['launches']] == [
    (1, 1, 'banner', 'megatron_arguments', None), (2, 10, 'banner', 'megatron_arguments', None),
    (2, 12, 'marker', 'megatron_loading', 40), (2, 13, 'marker', 'megatron_loaded', 40)], f['launches']
assert len(f['warnings']) == 1 and ':12: new launch (megatron_loading' in f['warnings'][0]
"
# an existing store: byte for byte unchanged
printf 'step,loss\n1,2.0\n2,1.5\n' >"$tmp/a.csv"
"$bin" --db "$db" import --platform gpu --run a "$tmp/a.csv" >/dev/null
# the store's bytes: the file and the WAL's content (a dry run reads an
# existing store read-only, and that open of a WAL store may leave an
# empty -wal/-shm beside it, as every reading command does:
# model/store/sqlite/open.c; an absent and an empty -wal hold nothing)
store_sum() { cat "$db" "$db"-wal 2>/dev/null | sha256sum; }
before=$(store_sum)
ls -l --time-style=full-iso "$tmp" | grep ' s\.db' >"$tmp/ls1"
# a folder: Lightning version_0/metrics.csv (2 rows, steps 0 and 1, one
# loss column: 2 points, Lightning counts from 0 -> steps 1..2) plus a
# jsonl log, a text file and an empty file that are skipped
mkdir -p "$tmp/run/version_0"
printf 'step,train_loss\n0,3.0\n1,nan\n' >"$tmp/run/version_0/metrics.csv"
echo '{"loss": 2.0, "step": 1}' >"$tmp/run/extra.jsonl"
echo hello >"$tmp/run/README.txt"
: >"$tmp/run/empty.log"
"$bin" --db "$db" import --platform gpu --run f --dry-run --json "$tmp/run" >"$tmp/f.json"
check "folder dry-run --json: files taken, skipped with reasons" py "
import json
d = json.load(open('$tmp/f.json'))
fo, = d['folders']
assert fo['path'] == '$tmp/run' and fo['files'] == ['$tmp/run/version_0/metrics.csv'], fo
assert fo['layout'].startswith('Lightning'), fo['layout']
sk = {s['path']: s['reason'] for s in fo['skipped']}
assert sk['$tmp/run/extra.jsonl'].startswith('a jsonl log, not part of the folder'), sk
assert sk['$tmp/run/README.txt'] == 'not a training log (no format recognised)', sk
assert sk['$tmp/run/empty.log'] == 'empty', sk
assert len(sk) == 3
f, = d['files']
assert f['format'] == 'csv' and f['points'] == 2, f
assert f['metrics'][0]['non_finite'] == 1 and d['points'] == 2 and d['segments'] == 1
"
after=$(store_sum)
check "existing store unchanged by dry runs" test "$before" = "$after"
check "the dry-run runs are not in the store" sh -c '! "$0" --db "$1" runs | grep -qE "^(m|f) "' "$bin" "$db"
# a dry run that fails prints no JSON at all, the error on stderr
printf 'step,loss\n1,2.0\n2,x\n' >"$tmp/bad.csv"
"$bin" --db "$db" import --platform gpu --dry-run --json "$tmp/a.csv" "$tmp/bad.csv" >"$tmp/bad.json" 2>"$tmp/bad.err"
rc=$?
check "failed dry run: exit 2, nothing on stdout, error names the line" sh -c \
  'test "$0" -eq 2 && test ! -s "$1" && grep -q "bad.csv:3" "$2"' "$rc" "$tmp/bad.json" "$tmp/bad.err"
"$bin" --db "$db" import --platform gpu --json "$tmp/a.csv" >/dev/null 2>"$tmp/nj.err"
check "--json without --dry-run: usage error" sh -c 'test "$0" -eq 2 && grep -q "needs --dry-run" "$1"' "$?" "$tmp/nj.err"
finish

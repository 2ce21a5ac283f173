#!/usr/bin/env bash
# cli_import_dry_grown.sh: import --dry-run says what the import will
# say of a log the run holds grown (a checkpoint's trainer_state.json,
# then the final one, which begins with the checkpoint's entries bit for
# bit): "same log grown" with the same counts, in the text report and in
# the --json report ("grown"), reading the existing store read-only (its
# bytes unchanged); a missing store is not created and nothing extra is
# said; files of one dry run are compared with those before them, as the
# import does.
# usage: cli_import_dry_grown.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER="dry-grown-test"

. "$(dirname "$0")/lib_trainer_state.sh"
# checkpoint-40: steps 10..40; the same file grown: the same four
# entries (same text, so the same doubles), then 50 and 60
mkdir -p "$tmp/checkpoint-40" "$tmp/final"
log=$tmp/checkpoint-40/trainer_state.json
state 40 "10:2.0 20:1.9 30:1.8 40:1.7" >"$log"
cp "$log" "$tmp/ckpt_copy.json"
# by hand: loss 4 held (10..40), 2 new (50, 60); epoch, lr and loss
# (3 metrics): 12 held, 6 new
line="  trainer_state.json: 4 points already held (same log grown; as stored from trainer_state.json, bit for bit), 2 new (loss; all metrics 12 held, 6 new)"

dt import --platform gpu --run m "$log" >/dev/null
# the store's bytes: the file and the WAL's content (a read-only open of
# a WAL store may leave an empty -wal/-shm beside it, as every reading
# command does: model/store/sqlite/open.c; an absent and an empty -wal
# hold the same, nothing)
store_sum() { cat "$db" "$db"-wal 2>/dev/null | sha256sum; }
before=$(store_sum)
state 60 "10:2.0 20:1.9 30:1.8 40:1.7 50:1.6 60:1.5" >"$log"   # grown in place

dt import --platform gpu --run m --dry-run "$log" >"$tmp/dry.out" 2>"$tmp/dry.err"
check "dry run exits 0, nothing on stderr" sh -c 'test "$0" -eq 0 && test ! -s "$1"' "$?" "$tmp/dry.err"
check "dry run: same log grown, counts by hand" grep -qxF "$line" "$tmp/dry.out"
dt import --platform gpu --run m --dry-run --json "$log" >"$tmp/dry.json"
check "dry run --json: grown {held_from, points_held/new, loss_held/new}" py "
import json
d = json.load(open('$tmp/dry.json'))
f, = d['files']
assert f['points'] == 18 and f['grown'] == {'held_from': 'trainer_state.json', 'points_held': 12,
    'points_new': 6, 'loss_held': 4, 'loss_new': 2}, f.get('grown')
"
check "dry runs leave the store's bytes as they were" test "$before" = "$(store_sum)"

dt import --platform gpu --run m "$log" >"$tmp/imp.out" 2>&1
check "the import says the same line" grep -qxF "$line" "$tmp/imp.out"
check "the import: one segment, nothing replayed" grep -qF \
	"run 'm' (gpu, hf-trainer-state) imported by dry-grown-test: 2 file(s), 1 segment(s), 0 replayed step(s)" "$tmp/imp.out"

# a log of another run, and a genuine restart of run m's log (another
# value at a held step): not grown, in the dry run as in the import
state 60 "10:2.0 20:1.9 30:1.8000001 40:1.7 50:1.6 60:1.5" >"$tmp/restart.json"
dt import --platform gpu --run m --dry-run --json "$tmp/restart.json" >"$tmp/r.json"
check "restart: grown null" py "
import json
f, = json.load(open('$tmp/r.json'))['files']
assert 'grown' in f and f['grown'] is None, f
"
dt import --platform gpu --run other --dry-run "$log" >"$tmp/o.out"
check "another run: not grown" py "assert 'same log grown' not in open('$tmp/o.out').read()"

# no store: nothing created, nothing extra said for one file; two files
# of one dry run: the second grows the first, as the import finds
"$bin" --db "$tmp/none/s.db" import --platform gpu --run n --dry-run "$tmp/ckpt_copy.json" >"$tmp/n1.out" 2>&1
check "no store: exit 0, not created, not grown" sh -c \
	'test "$0" -eq 0 && test ! -e "$1" && ! grep -q "same log grown" "$2"' "$?" "$tmp/none" "$tmp/n1.out"
"$bin" --db "$tmp/none/s.db" import --platform gpu --run n --dry-run "$tmp/ckpt_copy.json" "$log" >"$tmp/n2.out"
"$bin" --db "$tmp/n.db" import --platform gpu --run n "$tmp/ckpt_copy.json" "$log" >"$tmp/n2i.out"
two="  trainer_state.json: 4 points already held (same log grown; as stored from ckpt_copy.json, bit for bit), 2 new (loss; all metrics 12 held, 6 new)"
check "two files: the dry run and the import say the same" sh -c \
	'grep -qxF "$0" "$1" && grep -qxF "$0" "$2"' "$two" "$tmp/n2.out" "$tmp/n2i.out"
check "two files: still no store" test ! -e "$tmp/none"
finish

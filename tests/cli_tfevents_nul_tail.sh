#!/usr/bin/env bash
# cli_tfevents_nul_tail.sh: a TensorBoard event file whose last byte is
# a NUL keeps it. Text logs leave trailing NUL bytes out (a preallocated
# or crashed log), but in a TFRecord a NUL is data: the file ends with
# the masked CRC-32C of the last record, whose last byte is 0 in one
# file in 256. tfw.py with wall times from 1700000065 writes steps 1..3
# whose last CRC is 63 1f fe 00 (found by trying wall times from 1.7e9).
# Before, the last record lost that byte: 2 points and a "truncated"
# warning. Imported, followed, and gzip-compressed (read as a stream).
# A compressed event file also keeps a run of 5000 NUL bytes inside a
# record (an unknown field of the Event, skipped by the parser): a text
# stream drops runs of 4096 NUL bytes or more (a crashed log's hole), a
# binary one (a NUL and another byte in its first 8) keeps them all.
# usage: cli_tfevents_nul_tail.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=tf-test XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
ev=$tmp/events.out.tfevents.1.host
python3 "$(dirname "$0")/tfw.py" "$ev" 1 3 1700000065 >/dev/null
check "the fixture ends in a NUL byte" \
  test "$(tail -c 4 "$ev" | od -An -tx1 | tr -d ' \n')" = "631ffe00"

"$bin" --db "$tmp/a.db" import --platform gpu --run r "$ev" >"$tmp/o" 2>"$tmp/e"
check "import: exit 0" test $? -eq 0
check "  3 points, steps 1..3" grep -qx "  loss                    3 points, steps 1..3" "$tmp/o"
check "  no NUL byte left out, no truncation" \
  test -z "$(grep -e 'NUL byte' -e truncated "$tmp/o" "$tmp/e")"
check "  the last value stored (3 - 3/1000 as a float)" test \
  "$("$bin" --db "$tmp/a.db" series r --csv | tail -n 1)" = "3,2.996999979019165,1"

"$bin" --db "$tmp/a.db" import --dry-run --run d "$ev" >"$tmp/o" 2>"$tmp/e"
check "dry run: 3 points" grep -q "tfevents, 3 points in 1 metric" "$tmp/o"

timeout 20 "$bin" --db "$tmp/f.db" import --platform gpu --run f --follow \
  --interval 0.05 --idle-exit 0.2 "$ev" >"$tmp/o" 2>"$tmp/e"
check "follow: exit 0" test $? -eq 0
check "  3 points, the last at step 3" test \
  "$("$bin" --db "$tmp/f.db" series f --csv | tail -n 1)" = "3,2.996999979019165,1"

gzip -c "$ev" >"$tmp/z.tfevents.gz"
"$bin" --db "$tmp/z.db" import --platform gpu --run z "$tmp/z.tfevents.gz" >"$tmp/o" 2>"$tmp/e"
check "gzip: 3 points, no NUL byte left out" test $? -eq 0 -a \
  -z "$(grep -e 'NUL byte' -e truncated "$tmp/o")" -a \
  "$("$bin" --db "$tmp/z.db" series z --csv | tail -n 1)" = "3,2.996999979019165,1"

# record(): tfw.py's framing; field 15 of the Event, 5000 NUL bytes
python3 - "$(dirname "$0")/tfw.py" "$tmp/hole.tfevents" <<'PY'
import struct, sys
src = open(sys.argv[1]).read().split("out, first, last")[0]
exec(src)
val = ld(1, b"loss") + varint(2 << 3 | 5) + struct.pack("<f", 2.5)
ev = (varint(1 << 3 | 1) + struct.pack("<d", 1.7e9) + varint(2 << 3 | 0) +
      varint(7) + ld(5, ld(1, val)) + ld(15, bytes(5000)))
n = struct.pack("<Q", len(ev))
with open(sys.argv[2], "wb") as f:
    f.write(n + struct.pack("<I", masked(n)) + ev + struct.pack("<I", masked(ev)))
PY
gzip "$tmp/hole.tfevents"
"$bin" --db "$tmp/h.db" import --platform gpu --run h "$tmp/hole.tfevents.gz" >"$tmp/o" 2>"$tmp/e"
check "gzip, 5000 NUL bytes in a record: exit 0" test $? -eq 0
check "  1 point at step 7, nothing left out" test \
  "$("$bin" --db "$tmp/h.db" series h --csv | tail -n 1)" = "7,2.5,1" -a \
  -z "$(grep 'NUL byte' "$tmp/o")"

finish

#!/usr/bin/env bash
# cli_pack_paths.sh: a log imported by a relative path is recorded by its
# absolute path, so the evidence pack copies it when exported from
# another folder (the new-user trial: `cd logs && import nxd_pilot.log`,
# then `export` from the folder above listed it `# absent`); a plain
# import of the grown log, given by another relative path, continues the
# stored file; a file whose bytes differ is never copied.
# usage: cli_pack_paths.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER="paths-test"
x="$tmp/x"
db="$x/s.db"
mkdir -p "$x/logs"
# baseline steps 1..4: loss 2.0 1.9 1.8 1.7; pilot the same, 1.91 and 1.71
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n4,1.7\n' >"$x/logs/gpu.csv"
printf 'step 1 | loss 2.0\nstep 2 | loss 1.91\nstep 3 | loss 1.8\nstep 4 | loss 1.71\n' \
  >"$x/logs/nxd_pilot.log"
abs=$(python3 -c "import os; print(os.path.realpath('$x/logs/nxd_pilot.log'))")

(cd "$x/logs" && "$bin" --db "$db" import --platform gpu --run g gpu.csv &&
 "$bin" --db "$db" import --platform trn2 --run p nxd_pilot.log) \
  >"$tmp/import.out" 2>&1
check "relative imports exit 0" test $? -eq 0
check "the import names the file as typed" \
  grep -q "^nxd_pilot.log: " "$tmp/import.out"
check "the store records the absolute path" test \
  "$(sqlite3 "$db" "SELECT path FROM run_file WHERE run_id = (SELECT id FROM run WHERE name = 'p')")" = "$abs"

"$bin" --db "$db" pilot new PILOT >/dev/null &&
"$bin" --db "$db" attach PILOT g --role baseline >/dev/null &&
"$bin" --db "$db" attach PILOT p --role pilot >/dev/null
check "pilot made" test $? -eq 0

(cd "$x" && "$bin" --db "$x/s.db" export PILOT --out "$x/pack1") >/dev/null 2>&1
check "export from the folder above exits 0" test $? -eq 0
check "the log is in the pack, byte for byte" \
  cmp -s "$x/pack1/logs/p/nxd_pilot.log" "$x/logs/nxd_pilot.log"
check "the manifest lists it, not as absent" sh -c \
  "grep -q '  logs/p/nxd_pilot.log\$' '$x/pack1/MANIFEST.sha256' &&
   ! grep -q '^# absent' '$x/pack1/MANIFEST.sha256'"
check "report.md says nothing is missing" \
  sh -c "! grep -q 'not included' '$x/pack1/report.md'"
check "evidence.json: the absolute path, included" py "
import json
e = json.load(open('$x/pack1/evidence.json'))
f = [f for r in e['runs'] for f in r['files'] if r['name'] == 'p'][0]
assert f['path'] == '$abs' and f['included'] and f['note'] is None, f
"

# the grown log given by another relative path: the stored file continues
printf 'step 5 | loss 1.6\n' >>"$x/logs/nxd_pilot.log"
(cd "$x" && "$bin" --db "$db" import --platform trn2 --run p logs/nxd_pilot.log) \
  >"$tmp/grow.out" 2>&1
check "a plain import of the grown log from another folder continues it" \
  sh -c "grep -q 'holds the first part of this log' '$tmp/grow.out' &&
         grep -q 'update 1: +1 point(s)' '$tmp/grow.out'"
check "... still one file, with the grown length" test \
  "$(sqlite3 "$db" "SELECT count(*) || ' ' || max(bytes) FROM run_file WHERE run_id = (SELECT id FROM run WHERE name = 'p')")" \
  = "1 $(wc -c <"$x/logs/nxd_pilot.log")"

# bytes changed after the import: listed by digest, never copied
printf 'step 6 | loss 1.5\n' >>"$x/logs/nxd_pilot.log"
"$bin" --db "$db" export PILOT --out "$x/pack2" >/dev/null 2>&1
check "a changed log is not copied, and the pack says so" py "
import json, os
e = json.load(open('$x/pack2/evidence.json'))
f = [f for r in e['runs'] for f in r['files'] if r['name'] == 'p'][0]
assert not f['included'] and 'changed since its import' in f['note'], f
assert not os.path.exists('$x/pack2/logs/p/nxd_pilot.log')
"
finish

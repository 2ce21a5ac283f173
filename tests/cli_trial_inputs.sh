#!/usr/bin/env bash
# cli_trial_inputs.sh: inputs a new user gave in the trial of 2026-12-02
# and the exact words dualtrack answers them with: --db naming a folder,
# a dry run without --platform, a short or non-hex --expect-head, a
# negative ledger value, a tolerance beyond a task card's bounds, the
# insufficient verdict sentence (said once), negative steps, the bytes a
# truncated TensorBoard file leaves undecoded, a file with no curve.
# usage: cli_trial_inputs.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
export DUALTRACK_USER=trial-test XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/b.csv"

# --db DIR: said once, naming --db, for a reading and a writing command
mkdir "$tmp/dir"
"$bin" --db "$tmp/dir" runs >"$tmp/o" 2>"$tmp/e"
check "--db DIR, runs: exit 2" test $? -eq 2
check "  says it is a directory" test "$(cat "$tmp/e")" = \
  "dualtrack: --db $tmp/dir: is a directory; expected a store file"
"$bin" --db "$tmp/dir" import --platform gpu --run b "$tmp/b.csv" >"$tmp/o" 2>"$tmp/e"
check "--db DIR, import: exit 2, nothing on stdout" test $? -eq 2 -a ! -s "$tmp/o"
check "  says it is a directory" test "$(cat "$tmp/e")" = \
  "dualtrack: --db $tmp/dir: is a directory; expected a store file"
check "  nothing made in the folder" test -z "$(ls -A "$tmp/dir")"
DUALTRACK_DB=$tmp/dir "$bin" pilot list >"$tmp/o" 2>"$tmp/e"
check "\$DUALTRACK_DB a folder: exit 2" test $? -eq 2
check "  names the store, not --db" test "$(cat "$tmp/e")" = \
  "dualtrack: store $tmp/dir: is a directory; expected a store file"

# import --dry-run needs no --platform (nothing is stored)
dt import --dry-run --run b "$tmp/b.csv" >"$tmp/o" 2>"$tmp/e"
check "dry run without --platform, no store: exit 0" test $? -eq 0 -a ! -s "$tmp/e"
check "  last line: platform not given" test "$(tail -n 1 "$tmp/o")" = \
  "platform: not given (an import needs --platform gpu|trn2|trn1|other)"
check "  no store created" test ! -e "$db"
dt import --dry-run --json --run b "$tmp/b.csv" >"$tmp/o"
check "  --json: platform null" py "import json,sys
d = json.load(open('$tmp/o')); assert d['platform'] is None and d['points'] == 2, d"
dt import --dry-run --platform trn9 --run b "$tmp/b.csv" >/dev/null 2>"$tmp/e"
check "  a bad --platform is still refused (exit 2)" test $? -eq 2
dt import --dry-run --platform trn2 --run b "$tmp/b.csv" >"$tmp/o"
check "  with --platform: no platform line (the file's two lines only)" \
  test "$(wc -l <"$tmp/o")" -eq 2 -a -z "$(grep '^platform' "$tmp/o")"
dt import --platform trn2 --run b "$tmp/b.csv" >/dev/null
printf 'step,loss\n3,1.8\n' >"$tmp/b2.csv"
dt import --dry-run --run b "$tmp/b2.csv" >"$tmp/o"
check "dry run, the store holds the run: its platform shown" \
  test "$(tail -n 1 "$tmp/o")" = "platform: trn2 (run 'b' in the store)"
dt import --dry-run --json --run b "$tmp/b2.csv" >"$tmp/o"
check "  --json: platform trn2" py "import json
assert json.load(open('$tmp/o'))['platform'] == 'trn2'"
dt import --dry-run --platform gpu --run b "$tmp/b2.csv" >"$tmp/o"
check "dry run, --platform gpu but the run is trn2: says the import refuses" \
  test "$(tail -n 1 "$tmp/o")" = \
  "platform: gpu; run 'b' in the store is trn2: the import would be refused"
dt import --platform gpu --run b "$tmp/b2.csv" >/dev/null 2>"$tmp/e"
check "  and the import does refuse it" grep -q "run 'b' exists with platform trn2, not gpu" "$tmp/e"
dt import --run b "$tmp/b2.csv" >/dev/null 2>"$tmp/e"
check "an import (not dry) still needs --platform" test $? -eq 2

# verify --expect-head: the whole head hash or 16..64 of its first hex
# digits, either case; anything else is a usage error (exit 2)
head=$(dt verify --json | py "import json,sys; print(json.load(sys.stdin)['head_hash'])")
check "the head is 64 hex digits" sh -c 'echo "$1" | grep -qxE "[0-9a-f]{64}"' _ "$head"
dt verify --expect-head "$head" >/dev/null
check "--expect-head the whole head: exit 0" test $? -eq 0
dt verify --expect-head "${head:0:16}" >/dev/null
check "--expect-head its first 16 digits: exit 0" test $? -eq 0
dt verify --expect-head "$(echo "${head:0:20}" | tr a-f A-F)" >/dev/null
check "--expect-head 20 digits in upper case: exit 0" test $? -eq 0
other=$(echo "${head:0:16}" | tr 0-9a-f 1-9a-f0)
dt verify --expect-head "$other" >"$tmp/o"
check "--expect-head another 16-digit prefix: exit 1" test $? -eq 1
check "  says the head differs" grep -qx "integrity head differs from the expected $other: the newest record(s) were removed, replaced or added" "$tmp/o"
dt verify --expect-head 0000 >"$tmp/o" 2>"$tmp/e"
check "--expect-head 0000: exit 2, nothing on stdout" test $? -eq 2 -a ! -s "$tmp/o"
check "  says 4 digits, expected 16 to 64" test "$(cat "$tmp/e")" = \
  "dualtrack: --expect-head '0000': 4 hex digits; expected 16 to 64 hex digits of a sha256"
dt verify --expect-head "${head:0:15}" >/dev/null 2>"$tmp/e"
check "--expect-head 15 digits: exit 2" test $? -eq 2
check "  says 15 hex digits" test "$(cat "$tmp/e")" = \
  "dualtrack: --expect-head '${head:0:15}': 15 hex digits; expected 16 to 64 hex digits of a sha256"
dt verify --expect-head "${head}0" >/dev/null 2>"$tmp/e"
check "--expect-head 65 digits: exit 2" test $? -eq 2
dt verify --expect-head "sha256:${head}" >/dev/null 2>"$tmp/e"
check "--expect-head sha256:HASH: exit 2, names character 1" test "$(cat "$tmp/e")" = \
  "dualtrack: --expect-head 'sha256:${head}': character 1 is not a hex digit; expected 16 to 64 hex digits of a sha256"
dt verify --expect-head "${head:0:10}g${head:11:20}" >/dev/null 2>"$tmp/e"
check "--expect-head with a 'g' at 11: names character 11" grep -q "character 11 is not a hex digit" "$tmp/e"

# ledger set ... -5: the value, not an option; refused as a value < 0
dt pilot new lp >/dev/null
dt ledger set lp gpu instances -5 --basis measured >"$tmp/o" 2>"$tmp/e"
check "ledger set VALUE -5: exit 2" test $? -eq 2
check "  says the value, not getopt's 'unrecognized option'" test "$(cat "$tmp/e")" = \
  "dualtrack: instances expects a number >= 0, got '-5'"
dt ledger set lp gpu training -1.5 --basis measured 2>"$tmp/e"
check "ledger set a time -1.5: the time's words" test "$(cat "$tmp/e")" = \
  "dualtrack: training expects hours >= 0 (or 90m, 300s), got '-1.5'"
dt ledger set lp gpu training --note -3 90m --basis measured >"$tmp/o"
check "--note -3 stays the note's value; 90m = 5400 s" test "$(cat "$tmp/o")" = \
  "ledger lp gpu training = 5400 s (measured) recorded by trial-test"
check "  the note is '-3'" sh -c '"$1" --db "$2" ledger lp --json | grep -q "\"note\": *\"-3\""' _ "$bin" "$db"
dt ledger set lp gpu instances --basis measured -- -5 2>"$tmp/e"
check "  after --: the same words" test "$(cat "$tmp/e")" = \
  "dualtrack: instances expects a number >= 0, got '-5'"

# compare --rtol / --atol and [tolerances]: the task card's bounds
printf 'step,loss\n1,2.1\n2,2.0\n' >"$tmp/p.csv"
dt import --platform gpu --run p "$tmp/p.csv" >/dev/null
dt compare b p --rtol 5 >"$tmp/o" 2>"$tmp/e"
check "compare --rtol 5 (500%): exit 2, nothing on stdout" test $? -eq 2 -a ! -s "$tmp/o"
check "  names the bound" test "$(cat "$tmp/e")" = \
  "dualtrack: --rtol must be a number in [0, 0.5] (a fraction of the baseline), got '5'"
dt compare b p --atol 2 2>"$tmp/e" >/dev/null
check "compare --atol 2: names the bound" test "$(cat "$tmp/e")" = \
  "dualtrack: --atol must be a number in [0, 1] (loss units), got '2'"
dt compare b p --rtol 0.5 >/dev/null
check "compare --rtol 0.5 (the bound): accepted (exit 0, |2.1-2|/2 = 5% <= 50%)" test $? -eq 0
mkdir -p "$tmp/cfg/dualtrack"
printf '[tolerances]\nrtol = 0.6\n' >"$tmp/cfg/dualtrack/config"
dt compare b p >/dev/null 2>"$tmp/e"
check "[tolerances] rtol = 0.6: exit 2" test $? -eq 2
check "  names the file, line and bound" test "$(cat "$tmp/e")" = \
  "dualtrack: $tmp/cfg/dualtrack/config:2: [tolerances] rtol must be a number in [0, 0.5] (a fraction of the baseline), got '0.6'"
rm -r "$tmp/cfg/dualtrack"

# the insufficient sentence says why once (the reason), not again as a
# count: one common step (2: baseline 1.9, pilot 2.0, |0.1|/1.9 = 5.26%)
printf 'step,loss\n2,2.0\n3,1.9\n' >"$tmp/c.csv"   # b: 1 -> 2.0, 2 -> 1.9
printf 'step,loss\n5,2.0\n6,1.9\n' >"$tmp/d.csv"
dt import --platform trn2 --run c "$tmp/c.csv" >/dev/null
dt import --platform trn2 --run d "$tmp/d.csv" >/dev/null
sentence() { dt compare "$@" --json --no-points | py "import json,sys; print(json.load(sys.stdin)['summary']['sentence'])"; }
check "insufficient, 1 common step: the whole sentence" test "$(sentence b c)" = \
  "verdict INSUFFICIENT: 1 compared step after warm-up (1 common); at least 2 needed; rule |p-b| > 0 + 0.02*|b|; first breach at step 2; max |rel diff| 5.26% at step 2; warm-up 0"
check "insufficient, no common step: the whole sentence" test "$(sentence b d)" = \
  "verdict INSUFFICIENT: no common steps: baseline 1..2, pilot 5..6; rule |p-b| > 0 + 0.02*|b|; warm-up 0"
check "insufficient, warm-up beyond: the whole sentence" test "$(sentence b p --warmup 5)" = \
  "verdict INSUFFICIENT: warm-up 5 steps reaches beyond the last common step 2 (2 common): lower --warmup; rule |p-b| > 0 + 0.02*|b|; warm-up 5"

# a negative step: refused (exit 2), nothing stored, the file and line
# (TensorBoard: the record's byte offset) named, for every importer; the
# store the refused first import created is removed with its journals
neg() { # neg FILE WANT: import and dry run refuse FILE with WANT
  "$bin" --db "$tmp/neg.db" import --platform gpu --run n "$1" >"$tmp/o" 2>"$tmp/e"
  local rc=$?
  check "${1##*/}: import refused, exit 2, nothing on stdout" test $rc -eq 2 -a ! -s "$tmp/o"
  check "  says: $2" test "$(cat "$tmp/e")" = "dualtrack: $2"
  check "  no run stored" sh -c '! "$1" --db "$2" runs 2>/dev/null | grep -q "^n "' _ "$bin" "$tmp/neg.db"
  check "  the first import's new store is not left behind" \
    test -z "$(ls "$tmp" | grep '^neg\.db')"
  "$bin" --db "$tmp/neg.db" import --dry-run "$1" >/dev/null 2>"$tmp/e"
  check "  the dry run too" test "$(cat "$tmp/e")" = "dualtrack: $2"
}
printf 'step,loss\n1,2.0\n-5,1.9\n2,1.8\n' >"$tmp/neg.csv"
neg "$tmp/neg.csv" "$tmp/neg.csv:3: step -5 is negative; expected a step >= 0"
printf '{"step": 1, "loss": 2.0}\n{"step": 2, "loss": 1.9}\n{"step": -7, "loss": 1.8}\n' >"$tmp/neg.jsonl"
neg "$tmp/neg.jsonl" "$tmp/neg.jsonl:3: step -7 is negative; expected a step >= 0"
mkdir "$tmp/hf"
printf '{"log_history": [{"step": 1, "loss": 2.0}, {"step": -5, "loss": 1.9}], "global_step": 1}' >"$tmp/hf/trainer_state.json"
neg "$tmp/hf/trainer_state.json" "$tmp/hf/trainer_state.json: step -5 is negative (metric 'loss', point 2); expected a step >= 0"
# records of steps 1..3 are 42 bytes each (tfw.py), so step -5's is at 126
python3 "$(dirname "$0")/tfw.py" "$tmp/neg.tfevents" 1 3 >/dev/null
python3 "$(dirname "$0")/tfw.py" "$tmp/neg.tfevents" -5 -5 >"$tmp/offs"
python3 "$(dirname "$0")/tfw.py" "$tmp/neg.tfevents" 4 4 >/dev/null
check "tfw.py: the step -5 record starts at byte 126" test "$(cat "$tmp/offs")" = 126
neg "$tmp/neg.tfevents" "$tmp/neg.tfevents: byte 126: step -5 is negative; expected a step >= 0"
# a followed log: the update that brings the step is refused, line 4
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/f.csv"
"$bin" --db "$tmp/neg.db" import --platform gpu --run f --follow --interval 0.1 \
  --idle-exit 3 "$tmp/f.csv" >"$tmp/fo" 2>"$tmp/e" &
fpid=$!
for _ in $(seq 50); do grep -q "update 1" "$tmp/fo" 2>/dev/null && break; sleep 0.1; done
printf -- '-3,1.8\n4,1.7\n' >>"$tmp/f.csv"
wait $fpid
check "--follow: an appended step -3 ends the follow, exit 2" test $? -eq 2
check "  says the line" test "$(cat "$tmp/e")" = \
  "dualtrack: $tmp/f.csv:4: step -3 is negative; expected a step >= 0"
check "  the points before it stay, nothing of the update" test \
  "$("$bin" --db "$tmp/neg.db" series f --csv | tr '\n' ' ')" = "step,value,segment 1,2,1 2,1.9,1 "

# a truncated TensorBoard file: the rest not decoded is the file's size
# minus the offset of the record that does not decode. tfw.py: steps
# 1..10, 42 bytes each (420); cut 10 bytes short, record 10 starts at 378
python3 "$(dirname "$0")/tfw.py" "$tmp/full.tfevents" 1 10 >"$tmp/offs"
check "tfw.py: 10 records of 42 bytes" test "$(tail -n 1 "$tmp/offs") $(wc -c <"$tmp/full.tfevents")" = "378 420"
mkdir "$tmp/tb"
head -c 410 "$tmp/full.tfevents" >"$tmp/tb/cut.tfevents"
dt import --dry-run "$tmp/tb/cut.tfevents" >"$tmp/o"
check "cut 10 bytes short: byte 378, the rest 410 - 378 = 32 bytes" grep -qxF \
  "  warning: $tmp/tb/cut.tfevents: byte 378: TFRecord truncated data; the 9 good record(s) before it kept, the rest (32 bytes) ignored" "$tmp/o"
# the same cut file as a crashed writer leaves it: 100 NUL bytes after
# it (preallocated), 510 bytes, kept as data (a CRC fails) by a file, a
# gzipped file and a pipe alike: the rest not decoded is 510 - 378 = 132
{ cat "$tmp/tb/cut.tfevents"; head -c 100 /dev/zero; } >"$tmp/tb/nul.tfevents"
gzip -c "$tmp/tb/nul.tfevents" >"$tmp/tb/nul.tfevents.gz"
for f in nul.tfevents nul.tfevents.gz; do
  dt import --dry-run --json "$tmp/tb/$f" >"$tmp/o"
  check "cut + 100 NUL bytes (510), $f: byte 378, the rest 132 bytes" py "import json
d = json.load(open('$tmp/o'))['files'][0]
assert d['points'] == 9, d
assert d['warnings'] == ['$tmp/tb/$f: byte 378: TFRecord data CRC mismatch; the 9 good record(s) before it kept, the rest (132 bytes) ignored'], d['warnings']"
done
cat "$tmp/tb/nul.tfevents" | dt import --dry-run --format tfevents - >"$tmp/o"
check "  from a pipe: the same 132 bytes" grep -qxF \
  "  warning: (stdin): byte 378: TFRecord data CRC mismatch; the 9 good record(s) before it kept, the rest (132 bytes) ignored" "$tmp/o"

# a file with no curve in it: the refusal names the file once, says what
# was expected (a loss/step series) and where it looked (the format it
# was read as, the line); it said "F: refused, ... (jsonl): F:1: ..."
no="refused: expected a loss/step series (metric values by training step) or run facts, found neither; read as"
printf '{"loss": 2.5}\n' >"$tmp/nostep.jsonl"
printf 'step,loss\n' >"$tmp/header.csv"
echo '{"log_history": []}' >"$tmp/trainer_state.json"
db=$tmp/nocurve.db
dt import --platform gpu --run nc "$tmp/nostep.jsonl" >/dev/null 2>"$tmp/e"
check "no curve, JSON lines: exit 2, the file once, the line" test "$?:$(cat "$tmp/e")" = \
  "2:dualtrack: $tmp/nostep.jsonl: $no jsonl, line 1: 1 line(s) with metrics but no step key (current_steps, step, global_step, iteration, _step) skipped"
dt import --platform gpu --run nc "$tmp/header.csv" >/dev/null 2>"$tmp/e"
check "no curve, a CSV header alone: below the header" test "$?:$(cat "$tmp/e")" = \
  "2:dualtrack: $tmp/header.csv: $no csv: no metric values found below the header"
dt import --platform gpu --run nc "$tmp/trainer_state.json" >/dev/null 2>"$tmp/e"
check "no curve, trainer_state.json: in log_history" test "$?:$(cat "$tmp/e")" = \
  "2:dualtrack: $tmp/trainer_state.json: $no hf-trainer-state: log_history holds 0 entries and no metric values"
check "  the path said once each time" test "$(grep -o "$tmp/" "$tmp/e" | wc -l)" = 1
check "  no store left behind" test ! -e "$db"

finish

#!/usr/bin/env bash
# cli_json_invisible.sh: every --json output writes log-derived text that
# a terminal would reorder or hide as \uXXXX escapes (the one JSON
# writer, model/util/jsonw.c): bidi embeddings/overrides U+202A..U+202E
# and isolates U+2066..U+2069, zero-width characters (U+200B, U+FEFF),
# C1 controls (U+009B) and the line separator U+2028. The fixtures: a
# Trainium2 text log whose HyperPod marker line (quoted in the run's
# warning) holds them, and a GPU CSV whose third header (a metric name)
# does (the importer removes them from the name, "toks/s", and warns with
# the name as read, escaped: cli_import_hidden_names.sh). Each output is
# strict RFC 8259 with no such character raw in
# its bytes, and parses back to the exact text. The list covers every
# command whose --help names --json (checked at the end).
. "$(dirname "$0")/lib_cli.sh"
# U+202E evil U+202C, U+2066 i U+2069, U+200B x U+009B y U+FEFF, U+2028
printf '%s\n' \
  'step 1 step_time 244.5s throughput 3.5 seq/s loss 2.5 grad norm 1.5' \
  'step 2 step_time 244.5s throughput 3.5 seq/s loss 2.25 grad norm 1.5' \
  "$(printf '[Auto Resume] Info: JobID: 82 \342\200\256evil\342\200\254 \342\201\246i\342\201\251 \342\200\213x\302\233y\357\273\277 \342\200\250 StepID: 0 Retrying step. Attempt number: 1')" \
  'step 3 step_time 244.5s throughput 3.5 seq/s loss 2.0 grad norm 1.5' \
  >"$tmp/t.log"
printf 'step,loss,tok\342\200\256s/s\342\200\254\n1,2.5,10\n2,2.25,11\n3,2.0,12\n' >"$tmp/h.csv"
"$bin" --db "$db" import --platform trn2 --run t "$tmp/t.log" >/dev/null 2>&1 &&
"$bin" --db "$db" import --platform gpu --run h "$tmp/h.csv" >/dev/null 2>&1 &&
"$bin" --db "$db" pilot new P >/dev/null 2>&1 &&
"$bin" --db "$db" attach P h --role baseline >/dev/null 2>&1 &&
"$bin" --db "$db" attach P t --role pilot >/dev/null 2>&1 || { echo "setup failed"; exit 1; }
covered=
i=0
for cmd in "runs" "series t" "series h" "compare h t" "resume-check t" \
           "pilot list" "pilot show P" "drill list P" "journal show t" \
           "journal keys" "journal diff h t" "ledger P" "scenario P --stable yes" "verify" \
           "gate P" "gate --baseline $tmp/h.csv --pilot $tmp/t.log" \
           "import --platform gpu --dry-run $tmp/h.csv" \
           "import --platform trn2 --dry-run $tmp/t.log"; do
  i=$((i+1))
  "$bin" --db "$db" $cmd --json >"$tmp/o$i.json" 2>"$tmp/e$i"
  covered="$covered ${cmd%% *}"
  check "$cmd --json: strict RFC 8259, no raw bidi / zero-width / C1 character" py "
import json, unicodedata
def bad(c): raise ValueError('non-standard constant ' + c)
t = open('$tmp/o$i.json', 'rb').read().decode('utf-8')
raw = [hex(ord(c)) for c in t if (ord(c) < 0x20 and c != '\n') or 0x7f <= ord(c) < 0xa0
       or unicodedata.category(c) == 'Cf' or c in '\u2028\u2029']
assert not raw, raw
d = json.loads(t, parse_constant=bad)
assert isinstance(d, dict) and list(d)[0] == 'schema_version', list(d)[:3]
"
done
# the exact text comes back: the warning quotes the marker line as
# logged; the CSV header's name without its bidi characters is the
# metric's name, the warning shows it as read (escaped)
warn="'[Auto Resume] Info: JobID: 82 \u202eevil\u202c \u2066i\u2069 \u200bx\u009by\ufeff \u2028 StepID: 0 Retrying step. Attempt number: 1'"
check "runs --json: the warning and the metric name parse back exactly" py "
import json
d = {r['name']: r for r in json.load(open('$tmp/o1.json'))['runs']}
assert d['t']['warnings'] == ['t.log:3: new launch (HyperPod auto-resume): ' + \"$warn\"], d['t']['warnings']
assert sorted(d['h']['metrics']) == ['loss', 'toks/s'], sorted(d['h']['metrics'])
assert d['h']['warnings'] == [\"h.csv:1: column 3 'tok\\\\u202es/s\\\\u202c': invisible characters (bidi, zero-width or control) removed from the name: 'toks/s'\"], d['h']['warnings']
"
check "runs --json: written as \\u escapes" grep -qF '\u202eevil\u202c \u2066i\u2069 \u200bx\u009by\ufeff \u2028' "$tmp/o1.json"
check "import --dry-run --json: the metric name, without its bidi characters" py "
import json
m = json.load(open('$tmp/o17.json'))['files'][0]['metrics']
assert [x['metric'] for x in m] == ['loss', 'toks/s'], m
"
check "import --dry-run --json: the warning parses back exactly" py "
import json
w = json.load(open('$tmp/o18.json'))['files'][0]['warnings']
assert w == ['$tmp/t.log:3: new launch (HyperPod auto-resume): ' + \"$warn\"], w
"
# every command whose --help names --json is in the list above
for c in $("$bin" --help | awk '/^commands:/{on=1; next} on && /^  [a-z]/{print $1} on && /^$/{on=0}'); do
  if "$bin" "$c" --help 2>&1 | grep -q -- "--json"; then
    check "$c --json is covered by this test" sh -c 'case " $1 " in *" $0 "*) exit 0;; esac; exit 1' "$c" "$covered"
  fi
done
finish

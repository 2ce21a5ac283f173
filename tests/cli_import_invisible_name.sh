#!/usr/bin/env bash
# cli_import_invisible_name.sh: a metric name made only of code points a
# terminal hides (here U+200B, zero-width space) would be empty once they
# are removed: it is kept as read, escaped ('\u200b'), so the metric has
# a name a person sees and types, with one warning saying so; in a CSV
# header and in a JSON-lines key alike (the two ways a name is cleaned:
# dt_rawlog_clean_name for header columns and tags, dt_rawlog_series_at
# for every other name). $1 = dualtrack binary.
. "$(dirname "$0")/lib_cli.sh"
cd "$tmp" || exit 1
dt() { "$bin" --db "$db" "$@"; }
zw=$(printf '\342\200\213')
printf 'step,loss,%s\n1,2.5,7\n2,2.25,8\n' "$zw" >zw.csv
dt import --platform gpu --run z zw.csv >out.txt 2>err.txt
check "CSV: import exits 0" test $? -eq 0
w="zw.csv:1: column 3 '\\u200b': a name of invisible characters only (bidi, zero-width or control): kept as read, escaped: '\\u200b'"
check "CSV: the warning, exactly" test "$(grep '^  warning: ' out.txt)" = "  warning: $w"
dt series z --metric '\u200b' --csv >s.csv 2>&1
check "CSV: series --metric '\\u200b' finds the column" test "$(cat s.csv)" = "step,value,segment
1,7,1
2,8,1"
check "CSV: no raw U+200B in the output" sh -c "! grep -q '$zw' out.txt err.txt s.csv"
printf '{"step": 1, "loss": 2.5, "%s": 3}\n{"step": 2, "loss": 2.0, "%s": 4}\n' "$zw" "$zw" >zw.jsonl
dt import --platform gpu --run j zw.jsonl >out2.txt 2>err2.txt
check "JSONL: import exits 0" test $? -eq 0
check "JSONL: the warning names the metric as kept" grep -qF \
  "'\\u200b': a name of invisible characters only (bidi, zero-width or control): kept as read, escaped: '\\u200b'" out2.txt
dt series j --metric '\u200b' --csv >s2.csv 2>&1
check "JSONL: series --metric '\\u200b' finds it" test "$(cat s2.csv)" = "step,value,segment
1,3,1
2,4,1"
finish

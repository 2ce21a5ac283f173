#!/usr/bin/env bash
# cli_exit_words.sh: `dualtrack --help` names every exit status the man
# page's EXIT STATUS names (0 1 2, verify's 3 and 4, the full-screen
# view's 130 / 143 / 129); it listed 0/1/2 only. And counts in import's
# report line agree with their nouns: "3 points in 1 metric", "1 point in
# 1 metric" (was "3 points in 1 metrics").
# usage: cli_exit_words.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
man=$(dirname "$0")/../cli/man/dualtrack.1.scd
"$bin" --help >"$tmp/h"
check "--help: exit 0" test $? -eq 0
codes() { grep -oE '\b(0|1|2|3|4|129|130|143)\b' | sort -un | tr '\n' ' '; }
sed -n '/^exit:/,$p' "$tmp/h" | tr -s '\n ' '  ' >"$tmp/hx"
sed -n '/^# EXIT STATUS/,/^# FILES/p' "$man" >"$tmp/mx"
check "--help's exit codes: 0 1 2 3 4 129 130 143" test "$(codes <"$tmp/hx")" = "0 1 2 3 4 129 130 143 "
check "  the man page's EXIT STATUS names the same" test "$(codes <"$tmp/mx")" = "$(codes <"$tmp/hx")"
check "  3: verify without --allowed-signers" grep -q "3 verify DIR without --allowed-signers" "$tmp/hx"
check "  4: verify --against, decision superseded" grep -q "4 verify --against" "$tmp/hx"
check "  130 / 143 / 129: the full-screen view" grep -q "130 / 143 / 129 after Ctrl-C / SIGTERM / SIGHUP" "$tmp/hx"

printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/three.csv"
printf 'step,loss\n1,2.0\n' >"$tmp/one.csv"
"$bin" --db "$db" import --dry-run "$tmp/three.csv" >"$tmp/o3" 2>&1
check "import: 3 points in 1 metric" grep -qF "three.csv: csv, 3 points in 1 metric (loss 3); " "$tmp/o3"
"$bin" --db "$db" import --dry-run "$tmp/one.csv" >"$tmp/o1" 2>&1
check "import: 1 point in 1 metric" grep -qF "one.csv: csv, 1 point in 1 metric (loss 1); " "$tmp/o1"
printf 'step,loss,lr\n1,2.0,0.1\n' >"$tmp/two.csv"
"$bin" --db "$db" import --dry-run "$tmp/two.csv" >"$tmp/o2" 2>&1
check "import: 2 points in 2 metrics" grep -qF "two.csv: csv, 2 points in 2 metrics (" "$tmp/o2"
finish

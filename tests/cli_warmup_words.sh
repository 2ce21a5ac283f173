#!/usr/bin/env bash
# cli_warmup_words.sh: the words of the warm-up rule match the rule: with
# warm-up 0 every common step is compared, step 0 included, and the pack's
# report and compare --help say so (they said "steps <= 0 (warm-up) are
# not compared"). Demo pilot: its task card sets warm-up 0.
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=warmup-test
P=llama3-8b-lora-trn2
"$bin" --db "$db" demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo"; exit 1; }
"$bin" --db "$db" export "$P" --out "$tmp/pack" >/dev/null 2>&1
check "export exit 0" test $? -eq 0
check "report.md: warm-up 0 compares every step" grep -qF \
	"warm-up 0: every common step is compared; steps pair by" "$tmp/pack/report.md"
check "report.md: no 'steps <= 0'" sh -c "! grep -qF 'steps \\<= 0' '$tmp/pack/report.md'"
check "report.html: warm-up 0 compares every step" grep -qF \
	"warm-up 0: every common step is compared; steps pair by" "$tmp/pack/report.html"
"$bin" compare --help >"$tmp/help.txt" 2>&1
check "compare --help: the warm-up 0 exception" grep -qF \
	"(warm-up 0: every common" "$tmp/help.txt"
finish

#!/usr/bin/env bash
# cli_choice_hints.sh: a mistyped choice word is named and the nearest
# choice suggested, as for sub-commands and options (README: "did you
# mean"): import --format (also a word that starts with a format's name,
# 'jsonlines' for jsonl; every format listed) and scenario's yes / no /
# unknown answers (ledger's words: cli_did_you_mean.sh). Exit 2 each.
# $1 = dualtrack binary.
set -u
BIN=${1:?usage: cli_choice_hints.sh path/to/dualtrack}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
dt() { "$BIN" --db "$tmp/s.db" "$@"; }
dt demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo store"; exit 1; }
printf 'step,loss\n1,2\n' >"$tmp/h.csv"
P=llama3-8b-lora-trn2
formats="tfevents, hf-trainer-state, wandb, mlperf, jsonl, csv, hf-stdout, textlog"
expect() { # WHAT EXPECTED-STDERR command...
	local what=$1 want=$2; shift 2
	"$@" >/dev/null 2>"$tmp/err"
	local rc=$?
	if [ $rc -eq 2 ] && [ "$(cat "$tmp/err")" = "$want" ]; then
		echo "ok   $what"
	else
		echo "FAIL $what: exit $rc, stderr '$(cat "$tmp/err")', expected '$want'"; fail=1
	fi
}
expect "import --format jsonlines" \
	"dualtrack: unknown format 'jsonlines'; did you mean 'jsonl'? (formats: $formats)" \
	dt import --platform gpu --format jsonlines "$tmp/h.csv"
expect "import --format jsnol" \
	"dualtrack: unknown format 'jsnol'; did you mean 'jsonl'? (formats: $formats)" \
	dt import --platform gpu --format jsnol "$tmp/h.csv"
expect "import --format xyz" \
	"dualtrack: unknown format 'xyz' (formats: $formats)" \
	dt import --platform gpu --format xyz "$tmp/h.csv"
expect "scenario --stable yess" \
	"dualtrack: --stable expects yes, no or unknown, got 'yess'; did you mean 'yes'?" \
	dt scenario $P --stable yess
exit $fail

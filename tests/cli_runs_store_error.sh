#!/usr/bin/env bash
# cli_runs_store_error.sh: `runs` whose store cannot give a run's metrics
# says so and fails, instead of listing the run as "- (no loss)" with
# exit 0 (a review: the return codes were ignored). The demo store with
# its run_metric table renamed away: the first run listed is
# llama3-8b-lora-gpu-a100; exit 2, the store's words on stderr, for the
# text and the JSON listing. $1 = dualtrack binary; needs sqlite3.
set -u
BIN=${1:?usage: cli_runs_store_error.sh path/to/dualtrack}
command -v sqlite3 >/dev/null 2>&1 || { echo "sqlite3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
dt() { "$BIN" --db "$tmp/s.db" "$@"; }
dt demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo store"; exit 1; }
sqlite3 "$tmp/s.db" "ALTER TABLE run_metric RENAME TO run_metric_gone" || exit 1
want="dualtrack: run 'llama3-8b-lora-gpu-a100': store: prepare: no such table: run_metric; the listing stops there"
for how in "" --json; do
	dt runs $how >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 2 ] && echo "ok   runs $how: exit 2" ||
		{ echo "FAIL runs $how: exit $rc, expected 2"; fail=1; }
	[ "$(cat "$tmp/err")" = "$want" ] && echo "ok   runs $how: $want" ||
		{ echo "FAIL runs $how: stderr '$(cat "$tmp/err")'"; fail=1; }
	grep -q "no loss" "$tmp/out" &&
		{ echo "FAIL runs $how: a run listed as having no loss"; fail=1; }
done
exit $fail

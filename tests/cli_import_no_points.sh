#!/usr/bin/env bash
# cli_import_no_points.sh: the import report of a file with run facts
# and no curve says 'no points', not '0 points in 0 metrics ()'. A W&B
# summary of a run that crashed before its first log ({"_wandb":
# {"runtime": 5}}, the corpus's alpaca_run-w3huplss) and a
# neuron_parallel_compile log without loss values (the corpus's bert-jp
# precompile log) both read 'FILE: FORMAT, 0 points in 0 metrics ();
# steps: ...' in import and --dry-run: an empty list in brackets. Now:
# 'FILE: wandb, no points (run facts only); steps: none (W&B summary:
# final values only)'; a file with points is reported as before.
. "$(dirname "$0")/lib_cli.sh"
printf '{"_wandb": {"runtime": 5}}' >"$tmp/wandb-summary.json"
"$bin" --db "$db" import --platform gpu --run w --dry-run "$tmp/wandb-summary.json" >"$tmp/o" 2>&1
check "dry run: exit 0" test $? -eq 0
check "  'no points (run facts only)'" test "$(head -n 1 "$tmp/o")" = \
	"$tmp/wandb-summary.json: wandb, no points (run facts only); steps: none (W&B summary: final values only)"
"$bin" --db "$db" import --platform gpu --run w "$tmp/wandb-summary.json" >"$tmp/o" 2>&1
check "import: exit 0" test $? -eq 0
check "  'no points (run facts only)'" test "$(head -n 1 "$tmp/o")" = \
	"$tmp/wandb-summary.json: wandb, no points (run facts only); steps: none (W&B summary: final values only)"
check "  no empty brackets" sh -c "! grep -qF '()' '$tmp/o'"
{ echo step,loss; echo 1,2.0; echo 2,1.5; } >"$tmp/l.csv"
"$bin" --db "$db" import --platform gpu --run l --dry-run "$tmp/l.csv" >"$tmp/o" 2>&1
check "a file with points: as before" grep -qF "$tmp/l.csv: csv, 2 points in 1 metric (loss 2); steps:" "$tmp/o"
finish

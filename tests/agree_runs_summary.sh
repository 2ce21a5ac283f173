#!/usr/bin/env bash
# agree_runs_summary.sh: `dualtrack runs` and the TUI run list say the
# same of every run (the service's dt_run_summary_load: the loss's point
# count, "-" for a run without a loss, segments, replayed steps, the
# warnings that still hold). Store (tui_runs_columns.sh's three runs and
# one without a loss), by hand: the GPU hf-trainer-state run 3 loss
# points, 1 segment, 0 replayed, 0 warnings; the trn2 ga4 jsonl 4 1 0 0;
# the trn2 resume jsonl 4 points, 2 segments, 20 replayed steps, 2
# warnings (the elapsed-time drop, line 6's "eval_loss": null); acc-only (a CSV of accuracy alone)
# "-", 1, 0, 0.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_agree.sh"
tui_setup dtrunsagree "${1:-}"
F=$(cd "$(dirname "$0")/fixtures" && pwd)
dt() { "$BIN" --db "$tmp/x.db" "$@"; }
imp() { dt import --platform "$1" --run "$2" "$3" >/dev/null ||
	{ echo "FAIL: import $2"; exit 1; }; }
printf 'step,acc\n1,0.5\n2,0.6\n' >"$tmp/acc.csv"
imp gpu base-hf "$F/hf_state/new_schema_trainer_state.json"
imp trn2 pilot-ga4 "$F/jsonl/llamafactory_ga4.jsonl"
imp trn2 pilot-resume "$F/jsonl/resume_trainer_log.jsonl"
imp trn2 acc-only "$tmp/acc.csv"
want='acc-only - 1 0 0
base-hf 3 1 0 0
pilot-ga4 4 1 0 0
pilot-resume 4 2 20 2'

# the CLI's rows: name, loss pts, then segs, replayed, warn last
dt runs >"$tmp/cli" || { echo "FAIL: runs"; exit 1; }
cli=$(awk 'NR > 1 && NF >= 8 { print $1, $4, $(NF-2), $(NF-1), $NF }' \
	"$tmp/cli" | sort)
same "runs: the summaries" "$cli" "$want"

# the TUI's rows (no run picked: no mark), wide enough for every column
tui_start 120 20
wait_for "runs (4)" || exit 1
wait_for "pilot-resume" || exit 1
tui=$(screen | awk '/^   [a-z]/ && $1 != "name" && NF >= 7 {
	print $1, $(NF-3), $(NF-2), $(NF-1), $NF }' | sort)
same "TUI run list: the summaries" "$tui" "$want"
same "runs and the TUI agree" "$tui" "$cli"
keys Q
wait_for "EXIT=0"
exit $fail

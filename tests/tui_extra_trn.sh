#!/usr/bin/env bash
# tui_extra_trn.sh: the run list's `a` takes an extra GPU baseline for the
# noise rule only from a run that may be a baseline: a Trainium run is
# refused with attach's words and is not marked (it was 'added as an
# extra GPU baseline', and `N` then passed a failing pilot as within GPU
# noise; new-user trial); an other-platform run is taken. Same core check
# as `compare --also-baseline` (cli_also_baseline_trn.sh).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtextratrn "${1:-}"
printf 'step,loss\n1,2.0\n2,1.9\n3,1.8\n' >"$tmp/g.csv"
printf 'step,loss\n1,2.4\n2,2.3\n3,2.2\n' >"$tmp/p.csv"
printf 'step,loss\n1,3.0\n2,2.9\n3,2.8\n' >"$tmp/t.csv"
printf 'step,loss\n1,2.01\n2,1.91\n3,1.81\n' >"$tmp/o.csv"
for r in "gpu a-gpu g" "trn2 b-pilot p" "trn2 c-trn t" "other d-other o"; do
	set -- $r
	"$BIN" --db "$tmp/x.db" import --platform "$1" --run "$2" "$tmp/$3.csv" >/dev/null 2>&1 ||
		{ echo "FAIL: import $2"; exit 1; }
done
tui_start 100 30
wait_for "runs (4)" || exit 1
selected() { $T capture-pane -p -e -t t | grep -E $'\e\\[(0;)?7m' | sed 's/\x1b\[[0-9;]*m//g'; }
keys Down Down
for _ in $(seq 50); do selected | grep -q "c-trn" && break; sleep 0.1; done
selected | grep -q "c-trn" || { echo "FAIL: c-trn not selected"; screen; exit 1; }
keys a
wait_for "not added: run c-trn is a trn2 run, but the baseline is expected to be a GPU run (gpu)" || fail=1
screen | grep -q "added as an extra GPU baseline" && { echo "FAIL: marked"; fail=1; }
keys Down a
wait_for "d-other added as an extra GPU baseline" || fail=1
keys Q
wait_for "EXIT=0"
exit $fail

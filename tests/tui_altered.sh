#!/usr/bin/env bash
# tui_altered.sh: the full-screen view never shows forged records as
# genuine (issue 8). On copies of the demo store the append-only trigger
# is dropped and, in turn, a decision rationale, a checklist entry, a
# drill, a task card value and a run's segments (no trigger there) are
# altered with sqlite3; the pilot
# overview then says ALTERED and names the same first bad record that
# `verify` names, and every pilot screen's title leads with the mark (the
# decision log checked here), as do the pilot and run lists. An intact
# store shows no mark.
# Record ids (demo store): decision 1, checklist entry 1 (step1), drill 1
# (node-loss), task card value 19 (rtol), as tests/cli_integrity.sh checks.
# $1 = dualtrack binary. Exit 77 (skipped) without tmux or sqlite3.
set -u
BIN=${1:?usage: tui_altered.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
command -v sqlite3 >/dev/null 2>&1 || { echo "sqlite3 not found: skipped"; exit 77; }
tmp=$(mktemp -d)
T="tmux -L dtalt$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
. "$(dirname "$0")/lib_tamper.sh"

base="$tmp/base.db"
DUALTRACK_USER=auditor "$BIN" --db "$base" demo --no-tui >/dev/null 2>&1 ||
	{ echo "FAIL: demo"; exit 1; }
sqlite3 "$base" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null

# open NAME: the TUI on $tmp/NAME.db at 100x30, on the pilot overview
open_overview() {
	$T new-session -d -x 100 -y 30 -s t "env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp DUALTRACK_USER=auditor bash --norc --noprofile"
	$T send-keys -t t "\"$BIN\" --db \"$tmp/$1.db\" 2>/dev/null; echo EXIT=\$?" Enter
	wait_for "pilots (1)" || return 1
	$T send-keys -t t Enter
	wait_re '^ *parity +verdict ' || return 1
}

# scenario NAME TRIGGER SQL LABEL (TRIGGER - : none to drop)
scenario() {
	local name=$1 trig=$2 sql=$3 label=$4
	cp "$base" "$tmp/$name.db"
	if [ "$trig" = - ]; then sqlite3 "$tmp/$name.db" "$sql"
	else sqlite3 "$tmp/$name.db" "DROP TRIGGER $trig; $sql"; fi
	"$BIN" --db "$tmp/$name.db" verify >"$tmp/$name.v" 2>/dev/null
	grep -q "^integrity ALTERED: first altered record: $label" "$tmp/$name.v" ||
		{ echo "FAIL [$name]: verify does not name $label"; cat "$tmp/$name.v"; fail=1; }
	if open_overview "$name"; then
		# the reason may wrap onto a second row: join the screen first
		wait_joined "ALTERED: records were changed outside dualtrack; $label" &&
			echo "ok   [$name] overview says ALTERED, naming $label first (the record once)"
		expect_line '^ ALTERED records! dualtrack'
		$T send-keys -t t 5
		wait_re '^ ALTERED records! dualtrack.* decision log' &&
			echo "ok   [$name] decision log title marked"
		# back to the pilot list, then the run list: both marked
		$T send-keys -t t q
		wait_re '^ *parity +verdict ' && $T send-keys -t t q
		wait_re '^ ALTERED records! dualtrack.*pilots \(1\)' &&
			echo "ok   [$name] pilot list title marked"
		$T send-keys -t t Tab
		wait_re '^ ALTERED records! dualtrack.*runs \([0-9]+\)  \(dualtrack verify' &&
			echo "ok   [$name] run list title marked"
	fi
	$T kill-session -t t 2>/dev/null
}

scenario decision decision_no_update \
	"UPDATE decision SET rationale = 'forged' WHERE id = 1" "decision 1 (continue)"
scenario checklist check_entry_no_update \
	"UPDATE check_entry SET status = 'fail', set_by = 'bob' WHERE id = 1" "checklist entry 1 (step1)"
scenario drill drill_no_update \
	"UPDATE drill SET note = 'forged' WHERE id = 1" "drill 1 (node-loss)"
scenario taskcard taskcard_value_no_update \
	"UPDATE taskcard_value SET value = '0.5' WHERE id = 19" "task card value 19 (rtol)"
# the pilot run's restart hidden by a plain UPDATE (the run table has no
# trigger; its chain record holds segments and replayed_steps)
scenario run_restart - \
	"UPDATE run SET segments = 1, replayed_steps = 0, format = 'csv' WHERE id = 2" \
	"run 2 (llama3-8b-lora-trn2-pilot)"

# stored values swapped behind the trigger (the pilot run's first two
# loss values; the BLOB keeps its length): only their digest tells. The
# overview reads the series for its verdicts, finds them differ from
# their chain record and says ALTERED naming the run; the title leads
# with the mark.
cp "$base" "$tmp/series.db"
sqlite3 "$tmp/series.db" "DROP TRIGGER raw_series_no_update;
	UPDATE raw_series SET vals = CAST(substr(vals, 9, 8) || substr(vals, 1, 8) ||
	substr(vals, 17) AS BLOB) WHERE file_id = 2 AND metric = 'loss'"
sid=$(sqlite3 "$base" "SELECT id FROM chain_record WHERE kind = 'raw_series' AND ref = '2/loss'")
if open_overview series; then
	wait_joined "ALTERED: records were changed outside dualtrack; stored series 2/loss (loss): the stored row differs from chain record $sid (altered)" &&
		echo "ok   [series] overview says ALTERED naming the run's series"
	expect_line '^ ALTERED records! dualtrack'
fi
$T kill-session -t t 2>/dev/null

# the stored levels of detail (what the chart draws) of the baseline's
# loss changed behind the trigger, 1.0 added to every min/max
# (tamper_lod, lib_tamper.sh; the pilot restarts, so its levels are built
# from its values): verify names the levels' record; the overview reads
# no levels and says nothing, the comparison screen checks the levels it
# reads against their seal, draws the curve from its values and leads
# its title with the mark.
cp "$base" "$tmp/lod.db"
tamper_lod "$tmp/lod.db" 1 loss
lid=$(sqlite3 "$base" "SELECT id FROM chain_record WHERE kind = 'series_lod' AND ref = '1/loss'")
"$BIN" --db "$tmp/lod.db" verify >"$tmp/lod.v" 2>/dev/null
if [ $? -eq 1 ] && grep -qxF "integrity ALTERED: first altered record: stored levels 1/loss (loss): the stored row differs from chain record $lid (altered)" "$tmp/lod.v"; then
	echo "ok   [lod] verify exits 1 naming stored levels 1/loss (record $lid)"
else
	echo "FAIL [lod] verify"; cat "$tmp/lod.v"; fail=1
fi
if open_overview lod; then
	$T send-keys -t t c
	if wait_re '^ ALTERED records! dualtrack .* loss: llama3-8b-lora-gpu-a100 vs'; then
		echo "ok   [lod] comparison title marked"
	else
		echo "FAIL [lod] comparison title not marked"; screen; fail=1
	fi
fi
$T kill-session -t t 2>/dev/null

# an intact store: no mark anywhere
cp "$base" "$tmp/intact.db"
if open_overview intact; then
	if screen | grep -q "ALTERED"; then
		echo "FAIL [intact] ALTERED shown on an intact store"; screen; fail=1
	else
		echo "ok   [intact] no mark"
	fi
	$T send-keys -t t c
	if wait_re '^ dualtrack .* loss: llama3-8b-lora-gpu-a100 vs' &&
	   ! screen | grep -q "ALTERED"; then
		echo "ok   [intact] comparison unmarked"
	else
		echo "FAIL [intact] comparison"; screen; fail=1
	fi
	$T send-keys -t t q
	wait_re '^ *parity +verdict '
	$T send-keys -t t q Tab
	wait_re 'runs \([0-9]+\)' && ! screen | grep -q "ALTERED" &&
		echo "ok   [intact] run list unmarked"
fi
$T kill-session -t t 2>/dev/null
exit $fail

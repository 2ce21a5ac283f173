#!/usr/bin/env bash
# tui_msg_wrap.sh: a message takes the rows it wraps to, never cut where
# there is room (one helper, dt_layout_msg_rows with dt_grid_wrap). On the
# demo store:
# 1. the export's note on the overview's status row at 80x24 wraps to 2
#    rows above the footer, the whole next step 'dualtrack sign DIR --key
#    ~/.ssh/id_ed25519' (DIR absolute: 52 columns, $tmp made by mktemp -d
#    /tmp/dtmsgwrap.XXXXXX) on the second (it was cut: '... dualtrack
#    sign evi…'); at 60x16 3 rows. The body gives the rows up.
# 2. the add-drill form's refusal of fault time '2026-11-02 10:41' at
#    80x24 wraps into the 2 rows the 12 fields leave free: 3 rows, 'with a
#    zone)' on the third (it was cut on 2: '(a real date, 1970..9…' under 2
#    blank rows); the status row beneath the dialog keeps 1 row, blank
#    (the refusal is shown once, in the dialog: tui_dialog_msg_once.sh).
# 3. the export prompt's refusal of a folder it cannot create (a long
#    path): its box grows to 3 message rows, the cause 'No such file or
#    directory' on the last (the box had 2, cut in the path).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtmsgwrap "${1:-}"
rm -rf "$tmp"
tmp=$(mktemp -d /tmp/dtmsgwrap.XXXXXX) || exit 1
tmp=$(cd "$tmp" && pwd -P)
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
mkdir "$tmp/evidence-packs"
# rows FROM TO: rows FROM..TO of the screen are the lines of stdin
rows() {
	cat >"$tmp/want"
	local i
	for i in $(seq "$TUI_WAIT"); do
		screen | sed -n "$1,$2p" | cmp -s "$tmp/want" - && return 0
		sleep 0.1
	done
	echo "FAIL: rows $1-$2 are not:"; screen | sed -n "$1,$2p" | diff -u "$tmp/want" -
	screen; fail=1
}
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
keys X
wait_for "write the evidence pack into folder"
keys C-u "evidence-packs/trialpack-drift" Enter
wait_for "evidence pack written;" || exit 1
sed "s|@T@|$tmp|" >"$tmp/note80" <<'S'
evidence pack written; sign it with: dualtrack sign
@T@/evidence-packs/trialpack-drift --key ~/.ssh/id_ed25519
S
rows 22 23 <"$tmp/note80"
wait_rows 24 24 "?:help q:back" # the footer stays on the last row
$T resize-window -t t -x 60 -y 16
sed "s|@T@|$tmp|" >"$tmp/note60" <<'S'
evidence pack written; sign it with: dualtrack sign
@T@/evidence-packs/trialpack-drift --key
~/.ssh/id_ed25519
S
rows 13 15 <"$tmp/note60"
$T resize-window -t t -x 80 -y 24

drill_form_fault_time || exit 1
keys "2026-11-02 10:41" Enter
wait_for "!fault time" || exit 1
{ drill_form_top; cat; } >"$tmp/drill.txt" <<'S'
  │ !fault time          2026-11-02 10:41                                    │
  │ resumed time         -                                                   │
  │ note                 -                                                   │
  │                      [ review the pre-fill from the logs ]               │
  │                                                                          │
  │ fault time '2026-11-02 10:41': expected an ISO 8601 time such as         │
  │ 2026-11-02T10:41:00Z or 2026-11-02T12:41:00+02:00 (a real date,          │
  │ 1970..9999, with a zone)                                                 │
  └──────────────────────────────────────────────────────────────────────────┘


type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
S
screen_is "$tmp/drill.txt"
keys Escape
wait_for "cancelled: no drill recorded"

# 3. the export prompt's refusal of a folder it cannot create: the box
# grows to give it 3 rows (it had 2: the path cut, the cause lost)
keys q
wait_for "— overview" || exit 1
keys X
wait_for "write the evidence pack into folder"
keys C-u "no-such-dir/evidence-pack-for-the-llama3-8b-lora-trn2-acceptance-meeting-of-the-second-phase" Enter
wait_for "cannot create" || exit 1
rows 9 15 <<'S'
  ┌─ Enter saves, Esc cancels ───────────────────────────────────────────────┐
  │ write the evidence pack into folder (new or empty):                      │
  │ pack-for-the-llama3-8b-lora-trn2-acceptance-meeting-of-the-second-phase  │
  │ export:                                                                  │
  │ no-such-dir/evidence-pack-for-the-llama3-8b-lora-trn2-acceptance-meeting │
  │ -of-the-second-phase: cannot create: No such file or directory           │
  └──────────────────────────────────────────────────────────────────────────┘
S
keys Escape
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_drill_time.sh: the drill form's time fields take what the save and
# the CLI take, ISO 8601 with a zone (dt_time_normalize: stored as UTC),
# so their labels say "fault time" / "resumed time", the model's and the
# message's name, not "(UTC)": a time with an offset is taken as typed.
# Demo store at 80x24, drill log (3), add (a):
# 1. fault time '2026-11-02T10:41:00' (no zone): refused as it is left,
#    the label '!fault time', the CLI's words (its --fault-time says
#    "--fault-time '2026-11-02T10:41:00': expected ..."); whole screen;
# 2. '2026-11-02T11:41:00+01:00' (10:41:00Z) is taken, then resumed time
#    '2026-11-02T10:52:30Z': the review says recovery 690 s (10:52:30 -
#    10:41:00 = 11 min 30 s; the card's limit 900 s); whole form screen.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdrilltime "${1:-}"
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
# the CLI's words for the same time
"$BIN" --db "$tmp/x.db" drill add llama3-8b-lora-trn2 --kind node-loss \
	--fault-time 2026-11-02T10:41:00 2>"$tmp/cli.err" && { echo "FAIL: the CLI took a time without a zone"; fail=1; }
grep -qxF "dualtrack: --fault-time '2026-11-02T10:41:00': expected an ISO 8601 time such as 2026-11-02T10:41:00Z or 2026-11-02T12:41:00+02:00 (a real date, 1970..9999, with a zone)" "$tmp/cli.err" ||
	{ echo "FAIL: the CLI's words:"; cat "$tmp/cli.err"; fail=1; }
tui_start 80 24
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1
drill_form_fault_time || exit 1
keys -l 2026-11-02T10:41:00
keys Enter
wait_for "with a zone)" || exit 1
{ drill_form_top; cat; } >"$tmp/refused.txt" <<'S'
  │ !fault time          2026-11-02T10:41:00                                 │
  │ resumed time         -                                                   │
  │ note                 -                                                   │
  │                      [ review the pre-fill from the logs ]               │
  │                                                                          │
  │ fault time '2026-11-02T10:41:00': expected an ISO 8601 time such as      │
  │ 2026-11-02T10:41:00Z or 2026-11-02T12:41:00+02:00 (a real date,          │
  │ 1970..9999, with a zone)                                                 │
  └──────────────────────────────────────────────────────────────────────────┘


type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
S
screen_is "$tmp/refused.txt"
# the same time with its zone: taken; then the resumed time
keys C-u; keys -l 2026-11-02T11:41:00+01:00; keys Enter
wait_gone "expected an ISO 8601 time" || exit 1
keys -l 2026-11-02T10:52:30Z; keys Enter
{ drill_form_top; cat; } >"$tmp/taken.txt" <<'S'
  │ fault time           2026-11-02T11:41:00+01:00                           │
  │ resumed time         2026-11-02T10:52:30Z                                │
  │ note                                                                     │
  │                      [ review the pre-fill from the logs ]               │
  │                                                                          │
  │                                                                          │
  │ type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change    │
  │ Esc:cancel                                                               │
  └──────────────────────────────────────────────────────────────────────────┘


type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
S
screen_is "$tmp/taken.txt"
keys Enter Enter
wait_for "add drill: review" || exit 1
expect_line 'recovery 690 s \(limit 900 s\)'
keys Escape
keys Escape
wait_for "cancelled: no drill recorded"
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_dialog_msg_once.sh: a refusal shown by an open dialog or prompt is
# shown there once: the status row beneath it stays blank (it repeated
# the message, cut to one row: 'a decision needs a rationale that is not
# blank' under the box, 'export: no-such-dir/pack: cannot create: …'
# under the prompt). Demo store, fixed clock and user, 80x24:
# 1. the decide form, go with a blank rationale on the button;
# 2. the export prompt, a folder that cannot be created.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdlgmsg "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
tui_start 80 24 DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=ana
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "— overview" || exit 1

# 1. the decide form
keys 5
wait_for "— decision log" || exit 1
keys d
wait_for "current: #1 continue" || exit 1
keys g Enter Enter Enter Enter
wait_for "a decision needs a rationale that is not blank" || exit 1
cat >"$tmp/decide.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — decision log
 #     decision               decided at (UTC) entered by

  ┌─ decide ─────────────────────────────────────────────────────────────────┐
  │ current: #1 continue (2026-11-29 10:00); a new one supersedes it, none   │
  │ is edited                                                                │
  │ recorded by ana with the evidence's SHA-256 (checklist, verdicts,        │
  │ drills)                                                                  │
  │                                                                          │
  │ decision   < go >                                                        │
  │ !rationale                                                               │
  │ deciders   A. Rivera:researcher; K. Tanaka:training-engineer; M. Okafor… │
  │            [ record decision ]                                           │
  │                                                                          │
  │ why this decision, on which evidence (type it)                           │
  │                                                                          │
  │                                                                          │
  │ a decision needs a rationale that is not blank                           │
  │                                                                          │
  │                                                                          │
  └──────────────────────────────────────────────────────────────────────────┘


type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
S
screen_is "$tmp/decide.txt"
keys Escape
wait_for "cancelled: no decision recorded"

# 2. the export prompt
keys q
wait_for "— overview" || exit 1
keys X
wait_for "write the evidence pack into folder"
keys C-u "no-such-dir/pack" Enter
wait_for "cannot create" || exit 1
cat >"$tmp/prompt.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — overview
created by ana at 2026-11-29T10:00:00Z; you act as ana
[1] task card   meta-llama/Meta-Llama-3-8B  lora  seq 2048  tp=8 pp=1 dp=1
                micro-batch 2 x accum 8, global batch 16; target 2000 steps
                rtol 0.02 atol 0 warm-up 0; recovery <= 900 s; ckpt every 200
    runs        baseline llama3-8b-lora-gpu-a100 (gpu)
                pilot    llama3-8b-lora-trn2-pilot (trn2)
    parity      verdict PASS (with 1 finding): 2 of 2000 steps breach |p-b| > 0

  ┌─ Enter saves, Esc cancels ───────────────────────────────────────────────┐
  │ write the evidence pack into folder (new or empty):                      │
  │ no-such-dir/pack                                                         │
  │ export: no-such-dir/pack: cannot create: No such file or directory       │
  │                                                                          │
  └──────────────────────────────────────────────────────────────────────────┘

                #2 manual-interrupt: items 0 pass 0 fail; recovery -
[4] journal     compile and data-preparation time recorded for 1 pilot run
[5] decisions   latest #1 continue at 2026-11-29 10:00 by ana (1 in log)
                Parity passes and the node-loss drill resumed cleanly from ste…
                deciders: A. Rivera (researcher), K. Tanaka
                (training-engineer), M. Okafor (platform)

type the text; Enter:save Esc:cancel
S
screen_is "$tmp/prompt.txt"
keys Escape
wait_for "cancelled: nothing recorded"
keys Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_form_keys.sh: the key line of every form and dialog is cut as the
# screens' footers are (dt_hint_line, the footer logic of "… ?:help"):
# when its hints do not all fit, the cut is marked with "…" and the keys
# that leave or save, Enter and Esc, end the line after the mark; the
# others that fit come first. Demo store (built under DUALTRACK_NOW, so
# its times are fixed), whole screens at 60x20
# and 80x24: the import form on its path and on a choice field, the
# decide form, the drill form, the ledger's value dialog, the
# checklist's note prompt, the journal's new key prompt, the task card's
# inline editor and the go warning (its box's key row was cut at 60
# columns, "… back to the fo…": now the footer's hints, 52 columns).
# Hand-counted at 60 columns: the form's key line "type to edit;
# Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel" is
# 80 columns, its kept tail " … Enter/Tab/Down:next Esc:cancel" 33, so
# 27 are left before it: "type to edit; Up:previous" (25); in the
# decide and drill forms' box (52 columns, 2 rows) the first row takes
# "type to edit; Enter/Tab/Down:next Up:previous" (45), the second
# "Space/Left/Right:change Esc:cancel" (34): whole; at 80 columns the
# key line is whole, the box's first row 69 columns, "Esc:cancel" on the
# second. The import form on a choice: "type its start or
# Space/Left/Right:change Enter/Down:next Up:previous Esc:back" is 78
# (whole at 80); at 60 the kept tail " … Space/Left/Right:change
# Enter/Down:next Esc:back" is 51 and no other hint fits in the 9 left.
# Before, the key lines were cut by the edge: "... Up: previous; Spa…"
# (Esc lost), "... Enter/Down:next U…" at 60 columns.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtformkeys "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=golden TZ=UTC
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
# is NAME [ROWS ARGS...]: the screen is the rows ROWS ARGS prints (a
# tmux_helpers.sh screen: import_form, drill_form_top), then the
# heredoc's (DT_CAPTURE=DIR: write it there)
is() {
	{ [ $# -lt 2 ] || "${@:2}"; cat; } >"$tmp/$1.txt"
	if [ -n "${DT_CAPTURE:-}" ]; then sleep 0.5; screen >"$DT_CAPTURE/$1.txt"; return; fi
	screen_is "$tmp/$1.txt"
}
start() {
	tui_start "$1" "$2" DUALTRACK_NOW=$DUALTRACK_NOW DUALTRACK_USER=golden TZ=UTC
	wait_for "pilots (1)" || exit 1
}
stop() { keys Escape; sleep 0.2; keys Q; wait_for "EXIT=0"; $T kill-server 2>/dev/null; sleep 0.2; }
for size in "60 20" "80 24"; do
	set -- $size
	W=$1
	# the import form: its path, then a choice field
	start $size
	keys Tab; wait_for "runs (2)" || exit 1
	keys i; wait_for "file or folder" || exit 1
	case $W in
	60) is import-path-$W import_form <<'SCREEN'






type a path; Tab:complete Enter/Down:next Esc:back
SCREEN
	;;
	80) is import-path-$W import_form <<'SCREEN'










type a path; Tab:complete Enter/Down:next Esc:back
SCREEN
	;;
	esac
	keys -l "nofile"; keys Enter
	wait_for "Space/Left/Right" || exit 1
	case $W in
	60) is import-choice-$W import_form nofile <<'SCREEN'






… Space/Left/Right:change Enter/Down:next Esc:back
SCREEN
	;;
	80) is import-choice-$W import_form nofile <<'SCREEN'










type its start or Space/Left/Right:change Enter/Down:next Up:previous Esc:back
SCREEN
	;;
	esac
	stop
	# the pilot's dialogs
	start $size
	keys Enter; wait_for "— overview" || exit 1
	keys d; wait_for "[ record decision ]" || exit 1
	case $W in
	60) is decide-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — decision log

  ┌─ decide ─────────────────────────────────────────────┐
  │ current: #1 continue (2026-11-29 10:00); a new one   │
  │ supersedes it, none is edited                        │
  │ recorded by golden with the evidence's SHA-256       │
  │ (checklist, verdicts, drills)                        │
  │                                                      │
  │ decision   < continue >                              │
  │ rationale  -                                         │
  │ deciders   A. Rivera:researcher; K. Tanaka:training… │
  │            [ record decision ]                       │
  │                                                      │
  │                                                      │
  │ type to edit; Enter/Tab/Down:next Up:previous        │
  │ Space/Left/Right:change Esc:cancel                   │
  │                                                      │
  └──────────────────────────────────────────────────────┘

type to edit; Up:previous … Enter/Tab/Down:next Esc:cancel
SCREEN
	;;
	80) is decide-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — decision log
 #     decision               decided at (UTC) entered by

  ┌─ decide ─────────────────────────────────────────────────────────────────┐
  │ current: #1 continue (2026-11-29 10:00); a new one supersedes it, none   │
  │ is edited                                                                │
  │ recorded by golden with the evidence's SHA-256 (checklist, verdicts,     │
  │ drills)                                                                  │
  │                                                                          │
  │ decision   < continue >                                                  │
  │ rationale  -                                                             │
  │ deciders   A. Rivera:researcher; K. Tanaka:training-engineer; M. Okafor… │
  │            [ record decision ]                                           │
  │                                                                          │
  │ Left/Right, Space or its first letters: go, continue, roll-back,         │
  │ compare-other-instance, defer                                            │
  │                                                                          │
  │ type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change    │
  │ Esc:cancel                                                               │
  │                                                                          │
  └──────────────────────────────────────────────────────────────────────────┘


type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
SCREEN
	;;
	esac
	# a go with 3 items pending: the go warning's keys, in its box and
	# in the footer
	keys g Enter; keys -l ok; keys Enter Enter Enter
	wait_for "WARNING: go while" || exit 1
	case $W in
	60) is warn-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — decision log

  ┌─ decide: confirm go ─────────────────────────────────┐
  │ WARNING: go while 3 checklist items are not passed:  │
  │   step4  pending  pilot interrupted by hand; asynch… │
  │   step7  pending  inconsistent item -> roll back to… │
  │   trial4 pending  final output passes the baseline'… │
  │                                                      │
  │                                                      │
  │                                                      │
  │                                                      │
  │                                                      │
  │                                                      │
  │                                                      │
  │                                                      │
  │                                                      │
  │ y: record go anyway; any other key: back to the form │
  └──────────────────────────────────────────────────────┘

y: record go anyway; any other key: back to the form
SCREEN
	;;
	80) is warn-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — decision log
 #     decision               decided at (UTC) entered by

  ┌─ decide: confirm go ─────────────────────────────────────────────────────┐
  │ WARNING: go while 3 checklist items are not passed:                      │
  │   step4  pending  pilot interrupted by hand; asynchronous checkpoint us… │
  │   step7  pending  inconsistent item -> roll back to GPU first, no scale… │
  │   trial4 pending  final output passes the baseline's evaluation          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  │ y: record go anyway; any other key: back to the form                     │
  └──────────────────────────────────────────────────────────────────────────┘


y: record go anyway; any other key: back to the form
SCREEN
	;;
	esac
	keys x; wait_for "[ record decision ]" || exit 1
	keys Escape; wait_for "cancelled" || exit 1
	keys 3; wait_for "— drill log" || exit 1
	keys a; wait_for "checkpoint step" || exit 1
	case $W in
	60) is drill-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — drill log

  ┌─ add drill ──────────────────────────────────────────┐
  │ kind                 < kill-during-save >            │
  │ run before           < llama3-8b-lora-trn2-pilot >   │
  │ run after            < - >                           │
  │ checkpoint id        -                               │
  │ checkpoint location  -                               │
  │ checkpoint checksum  -                               │
  │ checkpoint step      -                               │
  │ resumed step         -                               │
  │ fault time           -                               │
  │ resumed time         -                               │
  │ note                 -                               │
  │                      [ review the pre-fill from the  │
  │ type to edit; Enter/Tab/Down:next Up:previous        │
  │ Space/Left/Right:change Esc:cancel                   │
  └──────────────────────────────────────────────────────┘

type to edit; Up:previous … Enter/Tab/Down:next Esc:cancel
SCREEN
	;;
	80) is drill-$W drill_form_top <<'SCREEN'
  │ fault time           -                                                   │
  │ resumed time         -                                                   │
  │ note                 -                                                   │
  │                      [ review the pre-fill from the logs ]               │
  │                                                                          │
  │                                                                          │
  │ type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change    │
  │ Esc:cancel                                                               │
  └──────────────────────────────────────────────────────────────────────────┘


type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
SCREEN
	;;
	esac
	keys Escape; wait_for "cancelled: no drill recorded" || exit 1
	keys 2; wait_for "— checklist" || exit 1
	keys p; wait_for "note (optional)" || exit 1
	case $W in
	60) is note-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — checklist
 9 pass 0 fail 3 pending 0 waived    *: computed from the d…
 step1    pass     golden     2026-11-29 10:00 GPU baseline…
 step2    pass     golden     2026-11-29 10:00 complete sta…
 step3    pass     golden     2026-11-29 10:00 small Traini…
 step4    pending                              pilot interr…

  ┌─ Enter saves, Esc cancels ───────────────────────────┐
  │ step1 -> pass: note (optional)                       │
  │                                                      │
  │                                                      │
  │                                                      │
  └──────────────────────────────────────────────────────┘

── step1: GPU baseline fixed: dataset, step count, evalua…──
 pass by golden at 2026-11-29 10:00; note: 2000 steps, eval
 script v3
 evidence run:llama3-8b-lora-gpu-a100 by golden

type the text; Enter:save Esc:cancel
SCREEN
	;;
	80) is note-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — checklist
 9 pass 0 fail 3 pending 0 waived    *: computed from the data  !: overridden
 step1    pass     golden     2026-11-29 10:00 GPU baseline fixed: dataset, ste…
 step2    pass     golden     2026-11-29 10:00 complete state saved: model, opt…
 step3    pass     golden     2026-11-29 10:00 small Trainium2 pilot with the s…
 step4    pending                              pilot interrupted by hand; async…
 step5    pass     golden     2026-11-29 10:00 node failure simulated; automati…
 step6  * pass     (data)                      loss, output quality and effecti…

  ┌─ Enter saves, Esc cancels ───────────────────────────────────────────────┐
  │ step1 -> pass: note (optional)                                           │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  └──────────────────────────────────────────────────────────────────────────┘

 evidence run:llama3-8b-lora-gpu-a100 by golden






type the text; Enter:save Esc:cancel
SCREEN
	;;
	esac
	keys Escape; wait_gone "note (optional)" || exit 1
	keys 4; wait_for "— run journal" || exit 1
	keys a; wait_for "new journal key" || exit 1
	case $W in
	60) is journal-key-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — run journal
run llama3-8b-lora-gpu-a100 (baseline, gpu)  [1/2, [/]: oth…
image.id                 -
neuron.sdk_version       -
train.stack              HF Tr… user   golden 2026-11-29 10…
gpu.cuda_version         12.4   user   golden 2026-11-29 10…

  ┌─ Enter saves, Esc cancels ───────────────────────────┐
  │ new journal key (e.g. neuron.cache_hits, image.id, … │
  │                                                      │
  │                                                      │
  │                                                      │
  └──────────────────────────────────────────────────────┘

data.load_seconds        -
queue.wait_seconds       -
restart.reasons          -
+3 more (Down scrolls)

type the text; Enter:save Esc:cancel
SCREEN
	;;
	80) is journal-key-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — run journal
run llama3-8b-lora-gpu-a100 (baseline, gpu)  [1/2, [/]: other run]  container i…
image.id                 -
neuron.sdk_version       -
train.stack              HF Trainer + PEFT          user   golden 2026-11-29 10…
gpu.cuda_version         12.4                       user   golden 2026-11-29 10…
gpu.driver_version       550.90.07                  user   golden 2026-11-29 10…
neuron.compiler_flags    -

  ┌─ Enter saves, Esc cancels ───────────────────────────────────────────────┐
  │ new journal key (e.g. neuron.cache_hits, image.id, or your own)          │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  └──────────────────────────────────────────────────────────────────────────┘

restart.reasons          -
checkpoint.checksums     -
checkpoint.locations     -
resume.verification      -



type the text; Enter:save Esc:cancel
SCREEN
	;;
	esac
	keys Escape; wait_gone "new journal key" || exit 1
	keys 1; wait_for "— task card" || exit 1
	keys Enter; wait_for "text (empty clears)" || exit 1
	case $W in
	60) is card-edit-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — task card
model name: text (empty clears)
model              Meta-Llama-3-8B  golden 2026-11-29 10:00
code-version       finetune@4c1e9a2 golden 2026-11-29 10:00
training-type      lora             golden 2026-11-29 10:00
seq-len            2048             golden 2026-11-29 10:00
micro-batch        2                golden 2026-11-29 10:00
grad-accum         8                golden 2026-11-29 10:00
global-batch       16               golden 2026-11-29 10:00
parallelism        tp=8 pp=1 dp=1   golden 2026-11-29 10:00
dataset            support-tickets… golden 2026-11-29 10:00
dataset-size       32000 samples    golden 2026-11-29 10:00
target-steps       2000             golden 2026-11-29 10:00
eval-method        exact match on … golden 2026-11-29 10:00
control-answers    controls/suppor… golden 2026-11-29 10:00
loss-range         1.0-1.3 at step… golden 2026-11-29 10:00
checkpoint-period  200              golden 2026-11-29 10:00
+7 more (Down scrolls)

type the value; Enter:save Esc:cancel
SCREEN
	;;
	80) is card-edit-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — task card
model name: text (empty clears)
model              meta-llama/Meta-Llama-3-8B           golden 2026-11-29 10:00
code-version       finetune@4c1e9a2                     golden 2026-11-29 10:00
training-type      lora                                 golden 2026-11-29 10:00
seq-len            2048                                 golden 2026-11-29 10:00
micro-batch        2                                    golden 2026-11-29 10:00
grad-accum         8                                    golden 2026-11-29 10:00
global-batch       16                                   golden 2026-11-29 10:00
parallelism        tp=8 pp=1 dp=1                       golden 2026-11-29 10:00
dataset            support-tickets v3 (sha256 9f2c51e0) golden 2026-11-29 10:00
dataset-size       32000 samples                        golden 2026-11-29 10:00
target-steps       2000                                 golden 2026-11-29 10:00
eval-method        exact match on 200 control prompts … golden 2026-11-29 10:00
control-answers    controls/support-v3.jsonl            golden 2026-11-29 10:00
loss-range         1.0-1.3 at step 2000                 golden 2026-11-29 10:00
checkpoint-period  200                                  golden 2026-11-29 10:00
checkpoint-format  NxD sharded: model, optimizer, sche… golden 2026-11-29 10:00
recovery-seconds   900                                  golden 2026-11-29 10:00
custom-ops         none                                 golden 2026-11-29 10:00
rtol               0.02                                 golden 2026-11-29 10:00
+3 more (Down scrolls)

type the value; Enter:save Esc:cancel
SCREEN
	;;
	esac
	keys Escape; wait_gone "type the value" || exit 1
	keys q; wait_for "— overview" || exit 1
	keys l; wait_for "— ledger" || exit 1
	keys j Enter; wait_for "[ save ]" || exit 1
	case $W in
	60) is ledger-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — ledger
lifecycle USD gpu 119.70 trn2 259.20; per useful step gpu 0…
            gpu                      trn2
time (hours)

  ┌─ env_prep: Enter on save records it, Esc cancels ────┐
  │ side     < gpu >                                     │
  │ value    1.5                  hours, or 90m / 300s   │
  │ basis    < measured >                                │
  │ note     image build, datase…                        │
  │          [ save ]                                    │
  │                                                      │
  │                                                      │
  │                                                      │
  └──────────────────────────────────────────────────────┘

  storage…  40 measured              60 measured
+33 more (Down scrolls)

type to edit; Up:previous … Enter/Tab/Down:next Esc:cancel
SCREEN
	;;
	80) is ledger-$W <<'SCREEN'
 dualtrack — x.db — llama3-8b-lora-trn2 — ledger
lifecycle USD gpu 119.70 trn2 259.20; per useful step gpu 0.0599 trn2 0.1296
                                gpu                      trn2
time (hours)
  environment preparation      >1.5 measured             3 measured
  compilation and cache build   0 measured               1.2 measured

  ┌─ env_prep: Enter on save records it, Esc cancels ────────────────────────┐
  │ side     < gpu >                                                         │
  │ value    1.5                                      hours, or 90m / 300s   │
  │ basis    < measured >                                                    │
  │ note     image build, dataset staging                                    │
  │          [ save ]                                                        │
  │                                                                          │
  │                                                                          │
  │                                                                          │
  └──────────────────────────────────────────────────────────────────────────┘

  transfer_gb (GB)              10 measured              10 measured
  logs (USD/GB)                 0.5 assumption           0.5 assumption
  logs_gb (GB)                  1 measured               1 measured
+29 more (Down scrolls)

type to edit; Enter/Tab/Down:next Up:previous Space/Left/Right:change Esc:cancel
SCREEN
	;;
	esac
	keys Escape; wait_gone "[ save ]" || exit 1
	stop
done
exit $fail

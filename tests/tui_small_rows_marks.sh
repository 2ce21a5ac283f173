#!/usr/bin/env bash
# tui_small_rows_marks.sh: at 60x16 (the smallest screen) rows left out
# are marked and the picked drill item is always in view. Demo store,
# fixed clock, NO_COLOR; whole screens:
# 1. the comparison (Enter on the pilot, c): the chart gives a row for
#    '+2 rows not shown: rules, findings (f shows them)' under the verdict
#    (the rules line and '[N] non_finite ... step 1733' were cut with no
#    mark, new-user trial);
# 2. the drill log (3): the verification items that do not fit end in
#    '+4 more and the note (] picks the next item)' (only effective_step
#    and lr_schedule showed, no mark);
# 3. ] three times: data_cursor (the fourth item) picked and in view
#    under '2 above', '+1 more and the note' (it went off screen).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtsmallrows "${1:-}"
demo_overview 60 16 || exit 1
keys c
wait_for "cursor step 1 " || exit 1
cat >"$tmp/compare.txt" <<'S'
 loss: llama3-8b-lora-gpu-a100 vs llama3-8b-lora-trn2-pilot
⣿ …(gpu) • …(trn2) ◆ both ▲ NaN/inf b/p restart ╌ tolerance
compile: pilot llama3-8b-lora-trn2-pilot's time includes gr…
    2.58 ┤◆◆◆◆◆◆◆                                   ▲
  0.8742 ┤┊    ◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆◆
         └─────────────────────────────p────────────N──────
eff.step  1                     1001                   2000
   +2.0% │╌╌╌╌╌╌╌╌⡀╌╌╌╌╌⢀╌╌╌⡀╌⡀╌⢀⣀╌⣀⢀⣀⣀⢀⣀⢀⣀⣄⣀⣀⣀⣀⣀⣄⣀⣠▲⣠⣄⣀⣄⣀×
rel diff │⠶⢾⣿⠿⡿⠾⠷⡿⠿⠿⠿⢿⠿⠟⠾⠿⠿⠿⠿⠿⠟⠿⠟⠛⠛⠟⠻⠛⠟⠻⠛⠛⠛⠛⠛⠛⠛⠉⠋⠛⠛⠛×⠋⠋⠉⠉⠋×
   -2.0% │╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌
cursor step 1  base 2.3934  pilot 2.4029  rel +0.40%
verdict PASS (with 1 finding): 2 of 2000 steps breach |p-b|
> 0 + 0.02*|b| (allowed 20); first breach at step 1733; max
|rel diff| 2.07% at step 1961; warm-up 0
+2 rows not shown: rules, findings (f shows them)
q:back l:cursor +:zoom ]:pan s:EMA i:interp … ?:help
S
screen_is "$tmp/compare.txt"
keys q
wait_for "— overview" || exit 1
keys 3
wait_for "— drill log" || exit 1
cat >"$tmp/drills.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — drill log
#    kind             run (before)    ckpt resumed recovery
#1   node-loss        llama3-8b-l…    1200    1201 690 s (l…
#2   manual-interrupt -                  -       - -
── #1 node-loss: loss of one node ──────────────────────────
 run before llama3-8b-lora-trn2-pilot, after (same run); by
 ana
 checkpoint step_1200 (step 1200) at
 s3://pilot-ckpt/llama3-8b-lora/step_1200, checksum sha256…
 fault 2026-11-02T10:41:00Z, resumed 2026-11-02T10:52:30Z:
 recovery 690 s (limit 900 s)
 >effective_step  pass        data  resumed at effective
                                    step 1201, within (chec…
 +4 more and the note (] picks the next item)

q:back d:decide a:add ]:item p:pass f:fail … ?:help
S
screen_is "$tmp/drills.txt"
keys ']' ']' ']'
cat >"$tmp/drills3.txt" <<'S'
 dualtrack — x.db — llama3-8b-lora-trn2 — drill log
#    kind             run (before)    ckpt resumed recovery
#1   node-loss        llama3-8b-l…    1200    1201 690 s (l…
#2   manual-interrupt -                  -       - -
── #1 node-loss: loss of one node ──────────────────────────
 run before llama3-8b-lora-trn2-pilot, after (same run); by
 ana
 checkpoint step_1200 (step 1200) at
 s3://pilot-ckpt/llama3-8b-lora/step_1200, checksum sha256…
 fault 2026-11-02T10:41:00Z, resumed 2026-11-02T10:52:30Z:
 recovery 690 s (limit 900 s)
  rng_state       pass        user  RNG states restored (ch…
 >data_cursor     not_checked
 2 above, +1 more and the note ([ ] pick the item)

q:back d:decide a:add ]:item p:pass f:fail … ?:help
S
screen_is "$tmp/drills3.txt"
keys Q
wait_for "EXIT=0"
[ $fail -eq 0 ] && echo "tui_small_rows_marks: ok"
exit $fail

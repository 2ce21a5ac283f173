#!/usr/bin/env bash
# tui_runs_columns.sh: the run list's columns give way by priority on a
# narrow terminal (tui/columns.h): at 60 columns the format and platform
# columns shrink to their narrowest (5 and 4: "hf-t…", headers "fmt",
# "plat"), the counts keep every digit under their short headers ("pts",
# "repl"), the warning count stays, and the name takes the rest: 26
# columns, cut in the middle (12 + "…" + 13) so names that share a prefix
# show their different ends. At 80 the names are whole (33) and the
# format too (16), the counts' headers short where their long form no
# longer fits. Three runs that share a prefix: a GPU
# hf-trainer-state, two trn2 jsonl (the second restarts: 2 segments, 20
# replayed steps, 1 warning). At 60 the list dropped the warning column
# and showed every name as "mistral…".
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtrunscols "${1:-}"
F=$(cd "$(dirname "$0")/fixtures" && pwd)
imp() { "$BIN" --db "$tmp/x.db" import --platform "$1" --run "$2" "$3" >/dev/null ||
	{ echo "FAIL: import $2"; exit 1; }; }
imp gpu mistral-7b-lora-gpu-a100-baseline "$F/hf_state/new_schema_trainer_state.json"
imp trn2 mistral-7b-lora-trn2-pilot-ga4 "$F/jsonl/llamafactory_ga4.jsonl"
imp trn2 mistral-7b-lora-trn2-pilot-resume "$F/jsonl/resume_trainer_log.jsonl"

tui_start 60 16
wait_for "runs (3)" || exit 1
cat >"$tmp/60.txt" <<'S'
 dualtrack — x.db — runs (3)
   name                       plat fmt   pts segs repl warn
   mistral-7b-l…a100-baseline gpu  hf-t…   3    1    0    0
   mistral-7b-l…rn2-pilot-ga4 trn2 jsonl   4    1    0    0
   mistral-7b-l…-pilot-resume trn2 jsonl   4    2   20    2








baseline: -   pilot: -

q:quit b:base p:pilot c:compare a:+base r:resume … ?:help
S
screen_is "$tmp/60.txt"

$T resize-window -t t -x 80 -y 24
wait_for "mistral-7b-lora-trn2-pilot-resume" || exit 1
expect_line '^   name {30}plat format {13}pts segs repl warn$'
expect_line '^   mistral-7b-lora-gpu-a100-baseline gpu  hf-trainer-state     3    1    0    0$'
expect_line '^   mistral-7b-lora-trn2-pilot-ga4    trn2 jsonl                4    1    0    0$'
expect_line '^   mistral-7b-lora-trn2-pilot-resume trn2 jsonl                4    2   20    2$'
keys Q
wait_for "EXIT=0"
exit $fail

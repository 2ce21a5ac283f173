#!/usr/bin/env bash
# cli_journal_near_key.sh: `journal set` with a key one edit away from a
# known journal key (or a key the run already holds) is a mistyped field
# name: it was stored silently as a new key (trial5 then stayed pending
# for 'neuron.compile_second'). Now refused, exit 2, naming the key
# meant; nothing stored. A key two edits or more from every known one is
# a key of the user's own and is stored as before.
# usage: cli_journal_near_key.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp DUALTRACK_USER=ana
unset DUALTRACK_DB DUALTRACK_TEAM
R=llama3-8b-lora-trn2-pilot
dt() { "$bin" --db "$db" "$@"; }
dt demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo"; exit 1; }
dt journal show "$R" --json >"$tmp/before.json"
T="(a key of your own must differ from a known one by two letters or more)"
for pair in neuron.compile_second:neuron.compile_seconds \
            neuron.sdk_verison:neuron.sdk_version \
            imge.id:image.id data.prep-seconds:data.prep_seconds; do
  k=${pair%%:*} want=${pair#*:}
  dt journal set "$R" "$k" 12 >"$tmp/o" 2>"$tmp/e"
  check "journal set $k: exit 2" test $? -eq 2
  check "  names $want" test "$(cat "$tmp/e")" = \
    "dualtrack: journal key '$k' is not a known key; did you mean '$want'? $T"
  check "  nothing on stdout" test ! -s "$tmp/o"
done
dt journal show "$R" --json >"$tmp/after.json"
check "nothing stored" cmp -s "$tmp/before.json" "$tmp/after.json"
# keys of one's own stay free; known keys as before
dt journal set "$R" gpu.cudnn_version 9.1 >"$tmp/o" 2>&1
check "gpu.cudnn_version (two edits from gpu.cuda_version) stored" test $? -eq 0
dt journal set "$R" model.name llama3-8b >"$tmp/o" 2>&1
check "model.name stored" test $? -eq 0
dt journal set "$R" neuron.sdk_version 2.22.0 >"$tmp/o" 2>&1
check "a known key stored" test $? -eq 0
finish

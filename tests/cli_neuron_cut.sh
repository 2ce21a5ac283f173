#!/usr/bin/env bash
# cli_neuron_cut.sh: a Neuron run's console output cut before its first
# training record (model loading, a progress bar, compile-cache lines of
# torch-neuronx's NCC_WRAPPER) is recognised by no importer; the refusal
# says what it does hold and why no format fits, naming the file, and
# imports nothing. A head with no such record keeps the general words.
# usage: cli_neuron_cut.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export DUALTRACK_USER=neuron-test XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp
unset DUALTRACK_DB DUALTRACK_THEME DUALTRACK_TEAM
cat >"$tmp/cut.log" <<'LOG'
Loading weights of a sequence classifier from a local checkpoint
  0%|          | 0/40 [00:00<?, ?it/s]2026-11-02 10:00:01.000100: INFO ||NCC_WRAPPER||: Compile cache path: /var/tmp/cache
2026-11-02 10:00:01.000200: INFO ||NCC_WRAPPER||: Using a cached neff at /var/tmp/cache/neuronxcc-2.9.0.1/MODULE_1+ab/model.neff. Exiting with a successfully compiled graph.
  2%|▎         | 1/40 [00:01<00:40,  1.00s/it]
LOG
"$bin" --db "$db" import --platform trn2 --run cut "$tmp/cut.log" >"$tmp/o" 2>"$tmp/e"
rc=$?
check "cut Neuron log: exit 2, nothing on stdout" test $rc -eq 2 -a ! -s "$tmp/o"
check "  the refusal names the file and what it holds" test "$(cat "$tmp/e")" = \
  "dualtrack: $tmp/cut.log: format not recognised: Neuron compiler records (||NCC_WRAPPER|| and the like) but no loss line in the file (a run stopped before its first logged step?); use --format to read it as one format anyway"
check "  no run stored" test -z "$("$bin" --db "$db" runs 2>/dev/null | grep -w cut)"
# the 2024 tag spelling counts too
sed 's/||NCC_WRAPPER||/||NEURON_CC_WRAPPER||/' "$tmp/cut.log" >"$tmp/cut24.log"
"$bin" --db "$db" import --platform trn2 --run cut "$tmp/cut24.log" >/dev/null 2>"$tmp/e"
check "NEURON_CC_WRAPPER tag: the same words" grep -qF \
  "cut24.log: format not recognised: Neuron compiler records" "$tmp/e"
# a head without such records: the general message, unchanged
printf 'Loading weights\nnothing else here\n' >"$tmp/plain.log"
"$bin" --db "$db" import --platform trn2 --run p "$tmp/plain.log" >/dev/null 2>"$tmp/e"
check "plain text: the general message" grep -qF \
  "plain.log: format not recognised (expected a TensorBoard event file" "$tmp/e"
finish

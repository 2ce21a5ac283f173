#!/usr/bin/env bash
# cli_ledger_source.sh: the ledger says where a derived value came from.
# Run t (steps 1..2) with neuron.compile_seconds 1260 typed into its
# journal (journal set): the compile row is 1260 s = 0.35 h "measured
# (hand)", source "journal", note naming the hand entry (it said
# "(log)", as if read from a log); useful_steps 2, from the loss curve,
# stays "(log)"; an entered ledger value has no mark, source "entered".
# usage: cli_ledger_source.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/t.csv"
dt import --platform trn2 --run t "$tmp/t.csv" >/dev/null 2>&1
dt journal set t neuron.compile_seconds 1260 >/dev/null
dt ledger attach t t >/dev/null
dt ledger set t trn2 env_prep 2 --basis measured >/dev/null
dt ledger t >"$tmp/l.out"
check "compile: typed into the journal" grep -qx "  compilation and cache build        missing                0.35 measured (hand)" "$tmp/l.out"
check "useful steps: from the log" grep -qx "  useful_steps (effective steps)     missing                2 measured (log)" "$tmp/l.out"
check "entered: no mark" grep -qx "  environment preparation            missing                2 measured" "$tmp/l.out"
dt ledger t --json >"$tmp/l.json"
check "--json: source journal / log / entered" py "
import json; s = json.load(open('$tmp/l.json'))['sides']['trn2']
c = s['time']['compile']
assert c['source'] == 'journal' and c['value'] == 1260, c
assert c['note'] == 'from a run journal value entered by hand (journal set), not read from a log', c
assert s['inputs']['useful_steps']['source'] == 'log', s['inputs']['useful_steps']
assert s['time']['env_prep']['source'] == 'entered', s['time']['env_prep']"
finish

#!/usr/bin/env bash
# cli_strict_numbers.sh: a number option is digits only. strtoll took
# " 5" and "+5" (leading blank, sign) for 5, so `drill add
# --checkpoint-step " 5"` was stored as step 5. Every integer option
# (dt_cli_int, dt_cli_count, dt_drill_step_parse: dt_parse_int_strict)
# and every plain real option (dt_cli_real, import's seconds:
# dt_parse_real_strict) now refuses a blank, a sign or trailing junk with
# exit 2 and "OPT expects ..., got 'TEXT'" naming the option; nothing is
# stored.
# usage: cli_strict_numbers.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp DUALTRACK_USER=ana
unset DUALTRACK_DB DUALTRACK_TEAM
P=llama3-8b-lora-trn2
dt() { "$bin" --db "$db" "$@"; }
"$bin" --db "$db" demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo"; exit 1; }
dt drill list "$P" --json >"$tmp/before.json"
for v in " 5" "+5" "5 " "5x" "-5" "0x5"; do
  said "drill add --checkpoint-step '$v'" \
    "dualtrack: --checkpoint-step expects an effective step >= 1, got '$v'" \
    dt drill add "$P" --kind manual-interrupt --checkpoint-step "$v" --no-prefill
  said "drill add --resumed-step '$v'" \
    "dualtrack: --resumed-step expects an effective step >= 1, got '$v'" \
    dt drill add "$P" --kind manual-interrupt --resumed-step "$v" --no-prefill
done
dt drill list "$P" --json >"$tmp/after.json"
check "no drill stored by a refused step" cmp -s "$tmp/before.json" "$tmp/after.json"
for v in " 4" "+4" "4 "; do
  said "import --grad-accum '$v'" \
    "dualtrack: --grad-accum expects an integer >= 1, got '$v'" \
    dt import --platform gpu --run x --grad-accum "$v" /dev/null
  said "compare --window '$v'" \
    "dualtrack: --window expects an integer >= 1, got '$v'" \
    dt compare llama3-8b-lora-gpu-a100 "$P-pilot" --window "$v"
done
said "drill check ' 1'" "dualtrack: DRILL expects an integer >= 1, got ' 1'" \
  dt drill check " 1" checkpoint-verified pass
for v in " 0.1" "+0.1" "0.1x"; do
  said "resume-check --lr-rtol '$v'" \
    "dualtrack: --lr-rtol expects a number >= 0, got '$v'" \
    dt resume-check "$P-pilot" --lr-rtol "$v"
done
# still accepted: plain digits
dt drill add "$P" --kind manual-interrupt --checkpoint-step 5 --no-prefill >"$tmp/ok" 2>&1
check "drill add --checkpoint-step 5: exit 0" test $? -eq 0
check "  step 5 stored" grep -q "(step 5)\|step 5," "$tmp/ok"
finish

#!/usr/bin/env bash
# cli_rules_source.sh: where each tolerance comes from is said truthfully,
# by one sentence from the service (dt_rules_source_text) that compare,
# pilot show and the evidence pack print. compare printed "rules: task
# card of pilot P" for a card setting no rtol / atol / warm-up, and a
# config file's [tolerances] was ignored for the pilot without a word.
# Runs g, t (the same 20 losses), pilot P with both attached; h not
# attached. Config: [tolerances] rtol = 0.03 only.
# usage: cli_rules_source.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
export XDG_CONFIG_HOME=$tmp/cfg HOME=$tmp DUALTRACK_USER=ana
unset DUALTRACK_DB
dt() { "$bin" --db "$db" "$@"; }
{ echo step,loss; for s in $(seq 1 20); do echo "$s,$((300 - s))"; done; } >"$tmp/g.csv"
dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run t "$tmp/g.csv" >/dev/null &&
dt import --platform trn2 --run h "$tmp/g.csv" >/dev/null &&
dt pilot new P >/dev/null &&
dt attach P g --role baseline >/dev/null && dt attach P t --role pilot >/dev/null || exit 1
rules() { grep -E '^ *rules: ' | sed 's/^ *//'; }
check "card sets nothing: built-in defaults, the card named" test "$(dt compare g t | rules)" = \
  "rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (the task card of pilot P sets none)"
mkdir -p "$tmp/cfg/dualtrack"; printf '[tolerances]\nrtol = 0.03\n' >"$tmp/cfg/dualtrack/config"
check "  with a config's [tolerances]: said not to apply" test "$(dt compare g t | rules)" = \
  "rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (the task card of pilot P sets none; a pilot's rules never come from the config file's [tolerances])"
dt pilot set P --rtol 0.05 >/dev/null
check "card sets rtol: card and defaults apart" test "$(dt compare g t | rules)" = \
  "rules: task card of pilot P: rtol 0.05; built-in defaults: atol 0, warm-up 0 (a pilot's rules never come from the config file's [tolerances])"
check "pilot show: the same sentence, the rule that decides" test "$(dt pilot show P | rules)" = \
  "rules: task card of pilot P: rtol 0.05; built-in defaults: atol 0, warm-up 0 (a pilot's rules never come from the config file's [tolerances]); the rtol rule decides"
check "runs of no pilot: the config's rtol, the other defaults" test "$(dt compare g h | rules)" = \
  "rules: the config file's [tolerances]: rtol 0.03; built-in defaults: atol 0, warm-up 0 (the runs are not both attached to one pilot)"
check "  an option given is named" test "$(dt compare g h --warmup 2 | rules)" = \
  "rules: as given: warm-up 2; the config file's [tolerances]: rtol 0.03; built-in default: atol 0 (the runs are not both attached to one pilot)"
dt export P --out "$tmp/pk" --no-logs >/dev/null 2>&1
check "evidence pack: the same sentence (markdown escapes [ ])" grep -qxF \
  "rules: task card of pilot P: rtol 0.05; built-in defaults: atol 0, warm-up 0 (a pilot's rules never come from the config file's \\[tolerances\\])" "$tmp/pk/report.md"
finish

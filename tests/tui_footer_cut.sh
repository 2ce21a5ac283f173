#!/usr/bin/env bash
# tui_footer_cut.sh: a footer whose key hints do not all fit says so: it
# ends in "… ?:help" (the help key moved from the front to the end, after
# the cut mark), never drops keys silently (dt_keymap_footer, the one
# footer of every screen). Hand-counted: the comparison's whole footer
# "?:help q:back l:cursor +:zoom ]:pan s:EMA i:interp w:window
# f:findings" is 70 columns, so it is whole at 80x24 and 120x40 and at
# 60x24 the hints that fit in 51 columns come before " … ?:help"; the
# run list's whole footer is 89 columns: cut at 60 and 80, whole at 120.
# The comparison is compared whole at the three sizes; then every pilot
# screen of the demo store at 60x24: each footer is whole (it starts with
# "?:help") or ends in " … ?:help".
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtfoot "${1:-}"
# baseline 3 - s/100, pilot 1 % above it, steps 1..100
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++) printf "%d,%.4f\n", s, 3 - s / 100 }' >"$tmp/c.csv"
awk 'BEGIN { print "step,loss"; for (s = 1; s <= 100; s++) printf "%d,%.4f\n", s, (3 - s / 100) * 1.01 }' >"$tmp/p.csv"
"$BIN" --db "$tmp/x.db" import --platform gpu --run base "$tmp/c.csv" >/dev/null || exit 1
"$BIN" --db "$tmp/x.db" import --platform trn2 --run pilot "$tmp/p.csv" >/dev/null || exit 1
last_row() { screen | tail -n 1; }
# footer_is TEXT: until the last row is TEXT
footer_is() {
	local i
	for i in $(seq 100); do
		[ "$(last_row)" = "$1" ] && return 0
		sleep 0.1
	done
	echo "FAIL: footer is not '$1':"; screen; fail=1; return 1
}

tui_start 60 24
wait_for "runs (2)" || exit 1
footer_is "q:quit b:base p:pilot c:compare a:+base r:resume … ?:help"
keys b j p Enter
wait_for "verdict PASS" || exit 1
cat >"$tmp/cmp60.txt" <<'SCREEN'
 dualtrack — x.db — loss: base vs pilot
⣿ …(gpu) • …(trn2) ◆ both ▲ NaN/inf b/p restart ╌ tolerance
   3.071 ┤◆•
         │⠉◆◆◆◆••
         │┊   ⠈⠉◆◆◆◆••
         │┊        ⠈⠙◆◆◆◆•
         │┊             ⠉◆◆◆◆◆•
         │┊                  ⠉◆◆◆◆◆
    2.51 ┤┊                       ◆◆◆◆◆•
         │┊                           ⠉◆◆◆◆◆•
         │┊                                ⠉◆◆◆◆•
         │┊                                    ⠈◆◆◆◆◆•
         │┊                                         ⠈◆◆◆◆◆•
   1.949 ┤┊                                              ⠉◆
         └─────────────────────────────────────────────────
eff.step  1                      51                     100
   +2.0% │╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌
rel diff │⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉
   -2.0% │╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌
cursor step 1  base 2.99  pilot 3.0199  rel +1.00%
verdict PASS: 0 of 100 steps breach |p-b| > 0 + 0.02*|b|
(allowed 1); max |rel diff| 1.00% at step 99; warm-up 0
rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (the…
q:back l:cursor +:zoom ]:pan s:EMA i:interp … ?:help
SCREEN
screen_is "$tmp/cmp60.txt"
$T resize-window -t t -x 80 -y 24
cat >"$tmp/cmp80.txt" <<'SCREEN'
 dualtrack — x.db — loss: base vs pilot
⣿ base (gpu)  • pilot (trn2)  ◆ both  ▲ NaN/inf  b/p restart  ╌ tolerance
   3.071 ┤◆••
         │⠈⠙◆◆◆◆◆••
         │┊     ⠈⠉◆◆◆◆◆◆••
         │┊            ⠈⠙◆◆◆◆◆••
         │┊                  ⠈⠉◆◆◆◆◆◆••
         │┊                         ⠈⠉◆◆◆◆◆◆••
    2.51 ┤┊                                ⠈⠉◆◆◆◆◆••
         │┊                                      ⠈⠉◆◆◆◆◆◆••
         │┊                                             ⠈⠉◆◆◆◆◆••
         │┊                                                   ⠈⠉◆◆◆◆◆◆••
         │┊                                                          ⠈⠉◆◆◆◆◆◆•
   1.949 ┤┊                                                                 ⠉◆◆
         └─────────────────────────────────────────────────────────────────────
eff.step  1                                51                               100
   +2.0% │╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌
rel diff │⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠁
   -2.0% │╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌
cursor step 1  base 2.99  pilot 3.0199  rel +1.00%
verdict PASS: 0 of 100 steps breach |p-b| > 0 + 0.02*|b| (allowed 1);
max |rel diff| 1.00% at step 99; warm-up 0
rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (the runs are not both a…
?:help q:back l:cursor +:zoom ]:pan s:EMA i:interp w:window f:findings
SCREEN
screen_is "$tmp/cmp80.txt"
$T resize-window -t t -x 120 -y 40
cat >"$tmp/cmp120.txt" <<'SCREEN'
 dualtrack — x.db — loss: base vs pilot
⣿ base (gpu)  • pilot (trn2)  ◆ both  ▲ NaN/inf  b/p restart  ╌ tolerance
   3.071 ┤┊
         │◆•••
         │⠈⠙⠒◆◆◆◆•••
         │┊     ⠉⠓⠦◆◆◆•••
         │┊          ⠉⠙⠲◆◆••••
         │┊              ⠈⠉⠉⠓◆◆◆•••
         │┊                    ⠉⠓⠒◆◆◆••••
         │┊                         ⠈⠙⠲⠤◆◆◆••
         │┊                               ⠉⠓◆◆◆•••
         │┊                                   ⠈⠉⠙◆◆◆◆•••
         │┊                                         ⠉⠓⠦◆◆◆••
         │┊                                              ⠉⠙◆◆◆◆•••
    2.51 ┤┊                                                   ⠈⠉⠓◆◆◆•••
         │┊                                                        ⠉⠓⠒◆◆◆••
         │┊                                                             ⠈⠙◆◆◆◆◆••
         │┊                                                                   ⠉⠓◆◆◆•••
         │┊                                                                       ⠈⠉⠙◆◆◆•••
         │┊                                                                            ⠈⠉⠓◆◆◆◆••
         │┊                                                                                  ⠉⠙◆◆◆◆•••
         │┊                                                                                       ⠈⠙⠒◆◆◆••
         │┊                                                                                            ⠉⠓◆◆◆◆••
         │┊                                                                                                 ⠈⠙◆◆◆◆◆••
         │┊                                                                                                       ⠉⠓◆◆
   1.949 ┤┊
         └─────────────────────────────────────────────────────────────────────────────────────────────────────────────
eff.step  1                                                    51                                                   100
   +3.0% │┊
   +2.0% │╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌
         │⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤⠤
         │┊
rel diff │┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈┈
         │┊
   -2.0% │╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌╌
   -3.0% │┊
cursor step 1  base 2.99  pilot 3.0199  rel +1.00%
verdict PASS: 0 of 100 steps breach |p-b| > 0 + 0.02*|b| (allowed 1); max |rel diff| 1.00% at step 99; warm-up 0
rules: built-in defaults: rtol 0.02, atol 0, warm-up 0 (the runs are not both attached to one pilot)
?:help q:back l:cursor +:zoom ]:pan s:EMA i:interp w:window f:findings
SCREEN
screen_is "$tmp/cmp120.txt"
keys q
footer_is "?:help q:quit b:base p:pilot c:compare a:+base r:resume i:import F:live w:warn Tab:pilots"
$T resize-window -t t -x 80 -y 24
footer_is "q:quit b:base p:pilot c:compare a:+base r:resume i:import F:live w:warn … ?:help"
# the help key named at the end opens the help, which lists them all
keys "?"
wait_for "Tab P" || exit 1
keys q Q
wait_for "EXIT=0" || exit 1
$T kill-server 2>/dev/null

# every pilot screen of the demo store at 60x24
rm -f "$tmp/x.db"*
"$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
# footer_ok SCREEN: until that screen shows with a whole footer or one
# that ends in " … ?:help"
footer_ok() {
	local i
	for i in $(seq 100); do
		if screen | head -n 1 | grep -qF -- "— $1"; then
			last_row | grep -qE -- '^(\?:help .*| … \?:help)$|.+ … \?:help$' && return 0
		fi
		sleep 0.1
	done
	echo "FAIL: $1: footer neither whole nor marked:"; screen; fail=1; return 1
}
tui_start 60 24
wait_for "pilots (1)" || exit 1
footer_is "?:help q:quit Enter:open Tab:runs"
keys Enter
footer_ok overview
footer_is "q:back Enter:open c:compare ]:pilot-run l:ledger … ?:help"
keys 1; footer_ok "task card"
keys 2; footer_ok checklist
footer_is "q:back d:decide p:pass f:fail w:waive u:pending … ?:help"
keys 3; footer_ok "drill log"
footer_is "q:back d:decide a:add ]:item p:pass f:fail … ?:help"
keys 4; footer_ok "run journal"
keys 5; footer_ok "decision log"
keys Q
wait_for "EXIT=0"
exit $fail

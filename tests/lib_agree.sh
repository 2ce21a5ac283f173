# lib_agree.sh: what the agree_*.sh tests share (sourced, not run; after
# tmux_helpers.sh and tui_setup, or any start that sets tmp and fail=0).
# same, has and hasnt print "ok   WHAT" or "FAIL WHAT: ..." and set
# fail=1 on a FAIL.

# same WHAT GOT EXPECTED: GOT is EXPECTED
same() {
	if [ "$2" != "$3" ]; then
		echo "FAIL $1: '$2', expected '$3'"; fail=1
	else
		echo "ok   $1: $3"
	fi
}
# has WHAT FILE TEXT: FILE holds TEXT (a fixed string)
has() {
	if grep -qF -- "$3" "$2"; then
		echo "ok   $1"
	else
		echo "FAIL $1: no '$3' in:"; cat "$2"; fail=1
	fi
}
# hasnt WHAT FILE TEXT: FILE does not hold TEXT (a fixed string)
hasnt() {
	if grep -qF -- "$3" "$2"; then
		echo "FAIL $1: '$3' in:"; grep -F -- "$3" "$2"; fail=1
	else
		echo "ok   $1"
	fi
}
# restart_runs: the restart fixture of agree_resume.sh and agree_step6.sh
# (their headers work its verdicts out), written to $tmp and imported
# with the test's dt: baseline g, loss 1.0 at steps 10, 20, ..., 90;
# pilot runs t-jump, loss 2.0 at steps 1..5, the CSV header again (a new
# launch), 1.0 at steps 6..9, and t-flat, the same with 2.0 after the
# restart. Status: 0, or the failed import's.
restart_runs() {
	local s
	{ echo step,loss; for s in 10 20 30 40 50 60 70 80 90; do echo "$s,1.0"; done; } >"$tmp/g.csv"
	restart_pilot 1.0 >"$tmp/t-jump.csv"
	restart_pilot 2.0 >"$tmp/t-flat.csv"
	dt import --platform gpu --run g "$tmp/g.csv" >/dev/null &&
	dt import --platform trn2 --run t-jump "$tmp/t-jump.csv" >/dev/null &&
	dt import --platform trn2 --run t-flat "$tmp/t-flat.csv" >/dev/null
}
# restart_pilot LOSS: a pilot run of restart_runs, LOSS after the restart
restart_pilot() {
	local s
	echo step,loss; for s in 1 2 3 4 5; do echo "$s,2.0"; done
	echo step,loss; for s in 6 7 8 9; do echo "$s,$1"; done
}

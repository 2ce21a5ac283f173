# lib_pack.sh: the start that the pack signing and verifying tests share
# (sourced after lib_cli.sh by cli_pack_sign_holds.sh and
# cli_pack_verify_lines.sh; not run).

# pack_env: skip (exit 77) without ssh-keygen; dt runs the binary on the
# test's store; a fixed user and clock; no allowed-signers file from the
# environment; configuration under $tmp.
pack_env() {
	command -v ssh-keygen >/dev/null || { echo "skip: no ssh-keygen"; exit 77; }
	dt() { "$bin" --db "$db" "$@"; }
	export DUALTRACK_USER=ana DUALTRACK_NOW=2026-11-29T10:00:00Z
	unset DUALTRACK_ALLOWED_SIGNERS
	export XDG_CONFIG_HOME="$tmp/cfg"
}

# pack_pilot: pilot "f": baseline "b" (gpu) 2.5, 2.4, 2.3 and pilot run
# "p" (trn2) 2.5, 3.4, 3.3 at steps 1..3 (steps 2 and 3 breach rtol
# 0.02, 2 > 1 allowed: parity FAIL, step6 computed fail), no decision.
# Status: 0, or the failed command's.
pack_pilot() {
	printf 'step,loss\n1,2.5\n2,2.4\n3,2.3\n' >"$tmp/b.csv"
	printf 'step,loss\n1,2.5\n2,3.4\n3,3.3\n' >"$tmp/p.csv"
	dt import --platform gpu --run b "$tmp/b.csv" >/dev/null 2>&1 &&
	dt import --platform trn2 --run p "$tmp/p.csv" >/dev/null 2>&1 &&
	dt pilot new f >/dev/null && dt attach f b --role baseline >/dev/null &&
	dt attach f p --role pilot >/dev/null
}

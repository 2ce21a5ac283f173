# lib_trainer_state.sh: a trainer_state.json written from its log_history
# entries, for the tests of logs that grow (sourced after lib_cli.sh).

# entry STEP LOSS: one log_history entry (loss and learning rate)
entry() { printf '    {"epoch": 0.1, "learning_rate": %s, "loss": %s, "step": %s}' \
	"$(awk -v s="$1" 'BEGIN { printf "%.6g", 1e-4 * (1 - s / 100) }')" "$2" "$1"; }
# state GLOBAL_STEP "STEP:LOSS ...": a trainer_state.json
state() {
	local first=1
	printf '{\n  "global_step": %s,\n  "max_steps": 60,\n  "log_history": [\n' "$1"
	for p in $2; do
		[ $first -eq 1 ] || printf ',\n'
		entry "${p%%:*}" "${p#*:}"; first=0
	done
	printf '\n  ]\n}\n'
}

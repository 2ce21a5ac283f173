# bash completion for dualtrack: commands, subcommands, options (read from
# each command's --help) and run and pilot names (read from the store with
# `dualtrack complete`). Installed as share/bash-completion/completions/dualtrack.

_dualtrack_names()
{
	# $1: runs | pilots | commands; honours a --db given on the line
	"${_dt_cmd[@]}" complete "$1" 2>/dev/null
}

_dualtrack()
{
	local cur prev words cword
	if declare -F _init_completion >/dev/null; then
		_init_completion || return
	else
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD-1]}
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
	fi
	local bin=${words[0]} i cmd="" ci=0
	_dt_cmd=("$bin")
	for ((i = 1; i < cword; i++)); do
		case ${words[i]} in
		--db) _dt_cmd+=(--db "${words[i+1]}"); ((i++)) ;;
		--db=*) _dt_cmd+=("${words[i]}") ;;
		-*) ;;
		*) if [[ -z $cmd ]]; then cmd=${words[i]}; ci=$i; fi ;;
		esac
	done

	case $prev in
	--db) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--platform) COMPREPLY=($(compgen -W "gpu trn2 trn1 other" -- "$cur")); return ;;
	--format) COMPREPLY=($(compgen -W "auto tfevents hf-trainer-state wandb mlperf jsonl csv hf-stdout textlog" -- "$cur")); return ;;
	--role) COMPREPLY=($(compgen -W "baseline pilot" -- "$cur")); return ;;
	--rule) COMPREPLY=($(compgen -W "rtol noise" -- "$cur")); return ;;
	--basis) COMPREPLY=($(compgen -W "official measured assumption" -- "$cur")); return ;;
	--kind) COMPREPLY=($(compgen -W "kill-during-save delayed-storage-write node-loss restart-from-confirmed compile-cache-mismatch image-updated manual-interrupt" -- "$cur")); return ;;
	--baseline-log|--pilot-log) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--pilot|--baseline)
		# files in gate (older spellings of --pilot-log / --baseline-log)
		if [[ $cmd == gate ]]; then COMPREPLY=($(compgen -f -- "$cur"))
		elif [[ $prev == --pilot ]]; then
			COMPREPLY=($(compgen -W "$(_dualtrack_names pilots)" -- "$cur"))
		else COMPREPLY=($(compgen -W "$(_dualtrack_names runs)" -- "$cur")); fi
		return ;;
	--run|--run-after|--also-baseline)
		COMPREPLY=($(compgen -W "$(_dualtrack_names runs)" -- "$cur")); return ;;
	--evidence) COMPREPLY=($(compgen -W "run: drill: file:" -- "$cur")); compopt -o nospace 2>/dev/null; return ;;
	esac

	if [[ -z $cmd ]]; then
		COMPREPLY=($(compgen -W "$(_dualtrack_names commands) --db --version --help" -- "$cur"))
		return
	fi
	if [[ $cur == -* ]]; then
		local opts
		opts=$("${_dt_cmd[@]}" "$cmd" --help 2>&1 | grep -o -- '--[a-z][a-z0-9-]*' | sort -u)
		COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
		return
	fi
	# positional operands after the command (options and their values skipped)
	local pos=() sub=""
	for ((i = ci + 1; i < cword; i++)); do
		case ${words[i]} in
		--json|--csv|--dry-run|--follow|--force|--no-prefill|--interpolate|--help|--no-tui) ;;
		-*) ((i++)) ;;
		*) pos+=("${words[i]}") ;;
		esac
	done
	local n=${#pos[@]} what=""
	case $cmd in
	pilot)
		if ((n == 0)); then COMPREPLY=($(compgen -W "new set list show" -- "$cur")); return; fi
		[[ ${pos[0]} == set || ${pos[0]} == show ]] && ((n == 1)) && what=pilots ;;
	drill)
		if ((n == 0)); then COMPREPLY=($(compgen -W "add list check" -- "$cur")); return; fi
		[[ ${pos[0]} == add || ${pos[0]} == list ]] && ((n == 1)) && what=pilots
		if [[ ${pos[0]} == check ]] && ((n == 2)); then
			COMPREPLY=($(compgen -W "effective_step lr_schedule rng_state data_cursor control_loss" -- "$cur")); return
		fi ;;
	journal)
		if ((n == 0)); then COMPREPLY=($(compgen -W "set show keys diff" -- "$cur")); return; fi
		case ${pos[0]} in
		set|show) ((n == 1)) && what=runs ;;
		diff) ((n <= 2)) && what=runs ;;
		esac ;;
	ledger)
		if ((n == 0)); then COMPREPLY=($(compgen -W "set attach $(_dualtrack_names pilots)" -- "$cur")); return; fi
		((n == 1)) && what=pilots
		[[ ${pos[0]} == attach ]] && ((n == 2)) && what=runs
		[[ ${pos[0]} == set ]] && ((n == 2)) && { COMPREPLY=($(compgen -W "gpu trn2" -- "$cur")); return; } ;;
	series) what=runs ;;
	resume-check) ((n == 0)) && what=runs ;;
	compare) ((n < 2)) && what=runs ;;
	gate) ((n == 0)) && what=pilots ;;
	attach) ((n == 0)) && what=pilots; ((n == 1)) && what=runs ;;
	check)
		((n == 0)) && what=pilots
		if ((n == 1)); then COMPREPLY=($(compgen -W "step1 step2 step3 step4 step5 step6 step7 trial1 trial2 trial3 trial4 trial5" -- "$cur")); return; fi
		if ((n == 2)); then COMPREPLY=($(compgen -W "pending pass fail waived" -- "$cur")); return; fi ;;
	decide)
		((n == 0)) && what=pilots
		if ((n == 1)); then COMPREPLY=($(compgen -W "go continue roll-back compare-other-instance defer" -- "$cur")); return; fi ;;
	scenario) ((n == 0)) && what=pilots ;;
	complete) ((n == 0)) && { COMPREPLY=($(compgen -W "runs pilots commands" -- "$cur")); return; } ;;
	import) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	esac
	if [[ -n $what ]]; then
		local IFS=$'\n'
		COMPREPLY=($(compgen -W "$(_dualtrack_names $what)" -- "$cur"))
	fi
}
complete -F _dualtrack dualtrack

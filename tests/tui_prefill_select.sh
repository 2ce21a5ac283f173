#!/usr/bin/env bash
# tui_prefill_select.sh: a pre-filled text field (the one text editor,
# tui/input.c) shows its text selected, reversed, so the first printable
# key replaces it; an editing key (End, Backspace) keeps it and edits it;
# a refusal quotes the text as it was tried. Demo store, 100x30, NO_COLOR:
# 1. overview X: 'pack-llama3-8b-lora-trn2' reversed; typing '$tmp/p'
#    writes the pack at $tmp/p (it appended: 'pack-llama3-8b-lora-trn2/
#    tmp/...: cannot create', new-user trial);
# 2. X, End, '-b': the text is kept (no longer reversed) and the pack is
#    written at pack-llama3-8b-lora-trn2-b;
# 3. X, Backspace, 'c': pack-llama3-8b-lora-trnc;
# 4. checklist e: 'file:' reversed; typing 'file:$tmp/ev.txt' attaches it
#    (sha256 shown); e, Right, 'file:$tmp/ev.txt' tries
#    'file:file:$tmp/ev.txt' and the refusal says so: 'not attached:
#    evidence file:file:$tmp/ev.txt: No such file or directory' (it read
#    'evidence: file:$tmp/ev.txt: No such ...', the existing file as if
#    missing).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtprefill "${1:-}"
tmp=$(cd "$tmp" && pwd -P)
# the reversed spans of the screen, escapes dropped (reverse alone: ESC [
# 7 m, or ESC [ 0 ; 7 m as curses' update from the previous frame may
# give it; the title bar is bold reverse, 1;7, and is not one of them)
selected() {
	$T capture-pane -p -e -t t | grep -oE $'\e\\[(0;)?7m[^\e]*' |
		sed 's/\x1b\[[0-9;]*m//g'
}
# wait_selected TEXT: until a reversed span holds TEXT
wait_selected() {
	local i
	for i in $(seq "$TUI_WAIT"); do
		selected | grep -qF -- "$1" && return 0
		sleep 0.1
	done
	echo "FAIL: no reversed span holds '$1'; reversed: $(selected | tr '\n' '|')"
	screen; fail=1; return 1
}
# not_selected TEXT: TEXT shows and no reversed span holds it
not_selected() {
	wait_for "$1" || return 1
	if selected | grep -qF -- "$1"; then
		echo "FAIL: '$1' still reversed"; screen; fail=1; return 1
	fi
}
echo evidence >"$tmp/ev.txt"
demo_overview 100 30 || exit 1
# 1. typing replaces the pre-filled folder
keys X
wait_for "write the evidence pack into folder" || exit 1
wait_selected "pack-llama3-8b-lora-trn2"
keys -l "$tmp/p"
not_selected "$tmp/p"
expect_line "^ *│? *$tmp/p *│? *$"
keys Enter
wait_joined "evidence pack written; sign it with: dualtrack sign $tmp/p --key ~/.ssh/id_ed25519" || exit 1
[ -f "$tmp/p/MANIFEST.sha256" ] || { echo "FAIL: no pack at $tmp/p"; fail=1; }
# 2. End keeps it
keys X
wait_selected "pack-llama3-8b-lora-trn2"
keys End
not_selected "pack-llama3-8b-lora-trn2"
keys -l -- "-b"
wait_for "pack-llama3-8b-lora-trn2-b"
keys Enter
wait_joined "dualtrack sign $tmp/pack-llama3-8b-lora-trn2-b --key ~/.ssh/id_ed25519" || exit 1
# 3. Backspace edits it
keys X
wait_selected "pack-llama3-8b-lora-trn2"
keys BSpace
not_selected "pack-llama3-8b-lora-trn"
keys c Enter
wait_joined "dualtrack sign $tmp/pack-llama3-8b-lora-trnc --key ~/.ssh/id_ed25519" || exit 1
[ -f "$tmp/pack-llama3-8b-lora-trnc/MANIFEST.sha256" ] ||
	{ echo "FAIL: no pack at pack-llama3-8b-lora-trnc"; fail=1; }
# 4. the checklist's evidence prompt
keys 2
wait_for "— checklist" || exit 1
keys e
wait_for "evidence: run:NAME, drill:ID or file:PATH" || exit 1
wait_selected "file:"
keys -l "file:$tmp/ev.txt"
not_selected "file:$tmp/ev.txt"
keys Enter
wait_for "evidence attached, sha256" || exit 1
keys e
wait_selected "file:"
keys Right
keys -l "file:$tmp/ev.txt"
wait_for "file:file:$tmp/ev.txt"
keys Enter
# (in the prompt's box: the row's first words; the rest wraps)
wait_for "not attached: evidence file:file:$tmp/ev.txt: No such"
keys Escape
wait_gone "evidence: run:NAME"
keys Q
wait_for "EXIT=0"
[ $fail -eq 0 ] && echo "tui_prefill_select: ok"
exit $fail

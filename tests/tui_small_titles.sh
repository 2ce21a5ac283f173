#!/usr/bin/env bash
# tui_small_titles.sh: a screen's title keeps the pilot's name and the
# screen's name at 60 columns; the store's path gives way, by its end
# after the cut mark, as the run list's title does (dt_layout_title). The
# pilot's screens, the pilot list and the resume check ended in
# "…/for-the-store/llama…", the pilot and screen names cut off. Demo
# store at a long relative path; 60x16, 80x24, 120x40 (whole there).
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtsmalltitles "${1:-}"
export DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=ana
D=a-rather-long-folder-name/for-the-store
DB=$D/llama-pilot-acceptance.db
mkdir -p "$tmp/$D"
"$BIN" --db "$tmp/$DB" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
$T new-session -d -x 60 -y 16 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp NO_COLOR=1 bash --norc --noprofile"
keys "cd \"$tmp\"; \"$BIN\" --db $DB; echo EXIT=\$?" Enter
P=llama3-8b-lora-trn2
# title NAME: at 60x16, 80x24 and 120x40 the names whole after the path,
# whole, by its end after the mark, or (when 8 columns of it do not fit:
# the resume check at 60) by its start before the mark; back to 60x16
title() {
	local t='^ dualtrack — (…[a-z./-]+|[a-z./-]+…|'"$DB"') — '
	wait_re "$t$1\$"
	$T resize-window -t t -x 80 -y 24
	wait_re "$t$1\$"
	$T resize-window -t t -x 120 -y 40
	wait_re "$t$1\$"
	$T resize-window -t t -x 60 -y 16
	wait_re "$t$1\$"
}
wait_for "1/1     9     0       3" || exit 1
title "pilots \(1\)"
keys Enter
title "$P — overview"
keys 2
title "$P — checklist"
keys 5
title "$P — decision log"
keys l
title "$P — ledger"
keys q Tab
title "runs \(2\)"
keys j r
title "resume check: llama3-8b-lora-trn2-pilot"
keys q Q
wait_for "EXIT=0"
exit $fail

#!/usr/bin/env bash
# tui_keys_config_note.sh: a [keys] line of the config file the TUI
# refuses is said whole, in a box over the first screen that stays until
# a key closes it (that key does nothing else; Q still quits): at 80
# columns the footer cut it ('keys: .../config:2: key b is already
# pick-baseline on the…') and the first key took it away, unread. On the
# demo store with `[keys]` / `compare = b` (b is the run list's
# pick-baseline): the whole screen at 80x24 and 120x40 with the box, then
# j closes it and does not move the selection (the screen as without the
# config line, the footer's keys whole), and Q quits from the box.
# The config path is fixed (/tmp/dtkeysnote.XXXXXX) so the screens are.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtkeysnote "${1:-}"
rm -rf "$tmp"
tmp=$(mktemp -d /tmp/dtkeysnote.XXXXXX) || exit 1
FIX="DUALTRACK_NOW=2026-11-29T10:00:00Z DUALTRACK_USER=trial TZ=UTC"
# the demo store (it opens on the pilot list)
env $FIX "$BIN" --db "$tmp/x.db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
mkdir -p "$tmp/cfg/dualtrack"
printf '[keys]\ncompare = b\n' >"$tmp/cfg/dualtrack/config"
G=$(cd "$(dirname "$0")" && pwd)/golden
# screen_as FILE: the screen is FILE with @T@ standing for $tmp
screen_as() {
	sed "s|@T@|$tmp|g" "$1" >"$tmp/want"
	screen_is "$tmp/want"
}

run() {
	local w=$1 h=$2
	tui_start "$w" "$h" $FIX XDG_CONFIG_HOME="$tmp/cfg"
	wait_for "pilots (1)" || return 1
	screen_as "$G/keys-note-${w}x$h.txt"
	keys j
	wait_gone "key b is already"
	screen_as "$G/keys-note-closed-${w}x$h.txt"
	keys Q
	wait_for "EXIT=0"
	$T kill-server 2>/dev/null; sleep 0.3
}
run 80 24
run 120 40
tui_start 80 24 $FIX XDG_CONFIG_HOME="$tmp/cfg"
wait_for "key b is already" || exit 1
keys Q
wait_for "EXIT=0"
exit $fail

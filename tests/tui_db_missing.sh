#!/usr/bin/env bash
# tui_db_missing.sh: the full-screen view started with a --db that does
# not exist (a mistyped path) made an empty store there and showed it.
# Now it refuses as the commands that only read do: "dualtrack: no store
# at PATH; import a log into it first, or give --db an existing store",
# then "(an empty one:
# dualtrack --db PATH store init)", exit 2, before the screen is taken
# (the message stays in the shell), nothing created. The same for a
# path from $DUALTRACK_DB or the config file's db.
# Unchanged: an existing store opens; without --db the default store
# ($XDG_DATA_HOME/dualtrack/dualtrack.db) is made on first start.
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtdbmiss "${1:-}"
mkdir -p "$tmp/data"
want="dualtrack: no store at nosuch.db; import a log into it first, or give --db an existing store (an empty one: dualtrack --db nosuch.db store init)"
# the same words as a reading command's
"$BIN" --db "$tmp/nosuch.db" runs 2>"$tmp/runs.err"
grep -qxF "dualtrack: no store at $tmp/nosuch.db; import a log into it first, or give --db an existing store" \
	"$tmp/runs.err" || { echo "FAIL: runs words:"; cat "$tmp/runs.err"; fail=1; }
$T new-session -d -x 160 -y 24 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp XDG_DATA_HOME=$tmp/data NO_COLOR=1 bash --norc --noprofile"
keys "cd \"$tmp\"; \"$BIN\" --db nosuch.db; echo EXIT=\$?" Enter
wait_for "EXIT=2" || exit 1
wait_for "$want" || exit 1
[ -e "$tmp/nosuch.db" ] && { echo "FAIL: nosuch.db was created"; fail=1; }
# the terminal untouched: the command line, the message and EXIT=2 in a row
screen | grep -A2 -F -- '--db nosuch.db; echo' | tail -2 >"$tmp/rows"
printf '%s\nEXIT=2\n' "$want" | cmp -s - "$tmp/rows" ||
	{ echo "FAIL: the rows after the command:"; cat "$tmp/rows"; fail=1; }
# also as `dualtrack --db PATH tui`
keys "clear; \"$BIN\" --db nosuch.db tui; echo EXIT=\$?" Enter
wait_for "EXIT=2" || exit 1
wait_for "$want" || exit 1
[ -e "$tmp/nosuch.db" ] && { echo "FAIL: nosuch.db was created (tui)"; fail=1; }
# the same from $DUALTRACK_DB (where the config file's db goes too): a
# path someone typed, refused, not made
keys "clear; DUALTRACK_DB=nosuch2.db \"$BIN\"; echo EXIT=\$?" Enter
wait_for "EXIT=2" || exit 1
wait_for "dualtrack: no store at nosuch2.db" || exit 1
[ -e "$tmp/nosuch2.db" ] && { echo "FAIL: nosuch2.db was created (DUALTRACK_DB)"; fail=1; }
# an existing store opens as before
"$BIN" --db "$tmp/x.db" store init >/dev/null || { echo "FAIL: store init"; exit 1; }
keys "clear; \"$BIN\" --db x.db; echo EXIT=\$?" Enter
wait_for "runs (0)" || exit 1
keys q
wait_for "EXIT=0" || exit 1
# no --db: the default store is made on first start, as before
keys "clear; \"$BIN\"; echo EXIT=\$?" Enter
wait_for "runs (0)" || exit 1
keys q
wait_for "EXIT=0" || exit 1
[ -e "$tmp/data/dualtrack/dualtrack.db" ] || { echo "FAIL: no default store"; fail=1; }
exit $fail

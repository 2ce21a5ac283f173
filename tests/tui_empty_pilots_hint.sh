#!/usr/bin/env bash
# tui_empty_pilots_hint.sh: the empty pilot list's hint names the store
# on the screen. Opened with --db x.db, the pilot list said 'no pilots in
# this store: dualtrack pilot new NAME, then dualtrack attach NAME RUN
# ...': commands without --db, which write the default store, so a new
# user who followed them saw no pilot arrive (and attach found no run).
# Now: 'dualtrack --db x.db pilot new NAME, then dualtrack --db x.db
# attach NAME RUN --role baseline|pilot', the store as given, quoted for
# a shell when it would be split ('my store.db').
# $1 = dualtrack binary; exit 77 without tmux.
set -u
. "$(dirname "$0")/tmux_helpers.sh"
tui_setup dtemptypilots "${1:-}"
"$BIN" --db "$tmp/x.db" store init >/dev/null 2>&1 || { echo "FAIL: store init"; exit 1; }
tui_start 80 24
wait_for "runs (0)" || exit 1
keys Tab
wait_for "pilots (0)" || exit 1
wait_joined "no pilots in this store: dualtrack --db x.db pilot new NAME, then dualtrack --db x.db attach NAME RUN --role baseline|pilot (or dualtrack demo). Tab shows the run list."
keys Q
wait_for "EXIT=0"
$T kill-server 2>/dev/null; sleep 0.3

# a path a shell would split: quoted
cp "$tmp/x.db" "$tmp/my store.db"
$T new-session -d -x 80 -y 24 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp NO_COLOR=1 bash --norc --noprofile"
keys "cd \"$tmp\"; \"$BIN\" --db 'my store.db'; echo EXIT=\$?" Enter
wait_for "runs (0)" || exit 1
keys Tab
wait_joined "dualtrack --db 'my store.db' pilot new NAME"
keys Q
wait_for "EXIT=0"
exit $fail

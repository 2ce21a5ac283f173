#!/usr/bin/env bash
# tui_pg_refresh.sh: the TUI on a PostgreSQL store follows another
# host's writes without a key press (LISTEN/NOTIFY through
# dt_store_data_version_get): the demo pilot's decision log shows #1;
# another process decides (as another host would, over its own
# connection) and #2 appears on the open screen; a checklist entry set
# elsewhere shows on the checklist. $1 = dualtrack binary. Skipped (77)
# without tmux or a PostgreSQL server (run under pg_virtualenv).
set -u
BIN=${1:?usage: tui_pg_refresh.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
{ [ -n "${PGPORT:-}${PGHOST:-}" ] && command -v psql >/dev/null &&
  psql -Atqc 'select 1' >/dev/null 2>&1; } || {
  echo "skipped: no PostgreSQL server (run under pg_virtualenv)"; exit 77; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
tmp=$(mktemp -d)
dbname="dtt_tui_$$"
createdb "$dbname" || exit 1
db="dbname=$dbname"
T="tmux -L dtpg$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; dropdb --if-exists "$dbname"; rm -rf "$tmp"; }
trap cleanup EXIT
. "$(dirname "$0")/tmux_helpers.sh"
fail=0
cd "$tmp" || exit 1

# A store that is not a file: the demo logs go to $XDG_DATA_HOME.
XDG_DATA_HOME=$tmp/xdg "$BIN" --db "$db" demo --no-tui >/dev/null 2>&1 ||
	{ echo "FAIL: demo"; exit 1; }
[ -f "$tmp/xdg/dualtrack/demo.logs/gpu-baseline.csv" ] ||
	{ echo "FAIL: demo logs not in \$XDG_DATA_HOME/dualtrack/demo.logs"; fail=1; }
[ ! -e "$db.logs" ] || { echo "FAIL: demo wrote $db.logs in the working folder"; fail=1; }
# The pane runs with the PG* variables of this shell (pg_virtualenv's).
$T new-session -d -x 100 -y 30 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"
$T send-keys -t t "DUALTRACK_USER=lead \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
wait_for "pilots (1)" || exit 1
$T send-keys -t t Enter 5
wait_for "llama3-8b-lora-trn2 — decision log" || exit 1
expect_line '^ #1 +continue .* current'

DUALTRACK_USER=ana "$BIN" --db "$db" decide llama3-8b-lora-trn2 defer \
	--rationale "wait for the drill" --decider "ana:researcher" >/dev/null ||
	{ echo "FAIL: decide"; fail=1; }
# no key pressed: the screen reloads on the notification
wait_re '^ #2 +defer .* current' || true

$T send-keys -t t 2
wait_for "llama3-8b-lora-trn2 — checklist" || exit 1
DUALTRACK_USER=ana "$BIN" --db "$db" check llama3-8b-lora-trn2 trial4 fail \
	--note "197 of 200" >/dev/null || { echo "FAIL: check"; fail=1; }
wait_re '^ trial4 +fail +ana ' || true
$T send-keys -t t q
[ $fail = 0 ] && echo "tui_pg_refresh: ok"
exit $fail

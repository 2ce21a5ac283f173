#!/usr/bin/env bash
# tui_export.sh: the pilot overview's export key (X) asks for a folder and
# writes the evidence pack there (the same pack as `dualtrack export`,
# checked with sha256sum -c); a non-empty folder is refused with the
# reason and the prompt stays open. $1 = dualtrack binary; 77 without tmux.
set -u
BIN=${1:?usage: tui_export.sh path/to/dualtrack}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
tmp=$(mktemp -d)
T="tmux -L dtexp$$ -f /dev/null"
cleanup() { $T kill-server 2>/dev/null; sleep 0.2; rm -rf "$tmp"; }
trap cleanup EXIT
fail=0
. "$(dirname "$0")/tmux_helpers.sh"
keys() { $T send-keys -t t "$@"; }
db="$tmp/x.db"
"$BIN" --db "$db" demo --no-tui >/dev/null || { echo "FAIL: demo"; exit 1; }
mkdir "$tmp/full" && echo x >"$tmp/full/note.txt"
$T new-session -d -x 100 -y 30 -s t \
	"env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME=$tmp bash --norc --noprofile"
keys "cd \"$tmp\"; DUALTRACK_USER=tui \"$BIN\" --db \"$db\"; echo EXIT=\$?" Enter
wait_for "pilots (1)" || exit 1
keys Enter
wait_for "llama3-8b-lora-trn2 — overview" || exit 1
expect_line 'X:export'
keys X
wait_for "write the evidence pack into folder" || exit 1
expect_line 'pack-llama3-8b-lora-trn2'
# a non-empty folder: refused, the prompt stays
keys C-u "full" Enter
wait_for "exists and is not empty" || exit 1
expect_line "write the evidence pack into folder"
keys C-u "pack-a" Enter
# the next step names the folder as an absolute path
wait_joined "evidence pack written; sign it with: dualtrack sign $(cd "$tmp" && pwd -P)/pack-a --key ~/.ssh/id_ed25519" || exit 1
[ -f "$tmp/pack-a/report.html" ] || { echo "FAIL: no report.html"; fail=1; }
(cd "$tmp/pack-a" && sha256sum --strict -c MANIFEST.sha256 >/dev/null) ||
	{ echo "FAIL: manifest does not check"; fail=1; }
[ -f "$tmp/pack-a/logs/llama3-8b-lora-trn2-pilot/trn2-pilot.log" ] ||
	{ echo "FAIL: the input log is not in the pack"; fail=1; }
keys q
keys q
wait_for "EXIT=0"
[ $fail -eq 0 ] && echo "tui_export: ok"
exit $fail

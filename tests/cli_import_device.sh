#!/usr/bin/env bash
# cli_import_device.sh: a device named as a log is refused at once, before
# any read, exit 2, no store made (/dev/urandom was read to 1.7 GB of
# memory before its format was looked at; reliability trial); a FIFO
# and stdin still stream.
# usage: cli_import_device.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
dt() { "$bin" --db "$db" "$@"; }
timeout 10 "$bin" --db "$db" import --platform gpu --run z /dev/urandom >"$tmp/o" 2>"$tmp/e"
check "/dev/urandom: exit 2" test $? -eq 2
check "  why" test "$(cat "$tmp/e")" = "dualtrack: /dev/urandom: is a character device, expected a log file (a regular file, a pipe, or - for stdin)"
check "  no store made" test ! -e "$db"
mkfifo "$tmp/f"
printf 'step,loss\n1,2.0\n2,1.9\n' >"$tmp/f" &
timeout 10 "$bin" --db "$db" import --platform gpu --run fifo --format csv "$tmp/f" >"$tmp/o" 2>&1
check "a FIFO: imported" test $? -eq 0
printf 'step,loss\n1,2.0\n2,1.9\n' | dt import --platform gpu --run piped --format csv - >/dev/null 2>&1
check "stdin: imported" test $? -eq 0
check "  two runs" test "$(dt runs | grep -cE '^ *(fifo|piped) ')" -eq 2
finish

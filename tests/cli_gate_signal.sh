#!/usr/bin/env bash
# cli_gate_signal.sh: `gate --baseline-log F --pilot-log G` stopped by
# SIGTERM (a CI job's timeout), SIGHUP or Ctrl-C (not tested here: a
# background job ignores SIGINT) removes its temporary
# store and folder and still ends by the signal (exit 143 / 129 / 130);
# it left dualtrack-gate-XXXXXX/gate.db and its journal (reliability
# trial). The signal is sent once the store file exists.
# usage: cli_gate_signal.sh DUALTRACK
. "$(dirname "$0")/lib_cli.sh"
awk 'BEGIN { print "step,loss,lr"; for (s = 1; s <= 1500000; s++)
	printf "%d,%.6f,0.0001\n", s, 3 - s / 1e6 }' >"$tmp/b.csv"
sed 's/$/\r/' "$tmp/b.csv" >"$tmp/p.csv"
for sig in TERM HUP; do
	mkdir -p "$tmp/g$sig"
	TMPDIR="$tmp/g$sig" "$bin" gate --baseline-log "$tmp/b.csv" \
		--pilot-log "$tmp/p.csv" >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 200); do
		ls "$tmp/g$sig"/dualtrack-gate-*/gate.db >/dev/null 2>&1 && break
		sleep 0.01
	done
	kill -$sig $pid
	wait $pid
	rc=$?
	case $sig in TERM) want=143 ;; HUP) want=129 ;; esac
	check "SIG$sig: exit $want" test $rc -eq $want
	check "  nothing left in TMPDIR" test -z "$(ls -A "$tmp/g$sig")"
done
finish

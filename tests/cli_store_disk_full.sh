#!/usr/bin/env bash
# cli_store_disk_full.sh: a write to a store on a full disk says the disk
# is full (README: "A write that runs out of space says that the disk is
# full"), not that the store is read-only: on a full disk SQLite cannot
# make the store's -shm / -wal files, dualtrack then opens the store read-
# only to let reads work, and a later write was refused as "the store is
# read-only (attempt to write a readonly database)". Reads keep working.
# Needs a 16 MB tmpfs of its own: skipped (77) where mount is refused
# (not root, or a container without CAP_SYS_ADMIN).
# $1 = dualtrack binary.
set -u
BIN=${1:?usage: cli_store_disk_full.sh path/to/dualtrack}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
tmp=$(mktemp -d)
mnt=$tmp/mnt
mkdir -p "$mnt"
cleanup() { umount "$mnt" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
if [ "$(id -u)" -ne 0 ] || ! mount -t tmpfs -o size=16m tmpfs "$mnt" 2>/dev/null; then
	echo "cannot mount a tmpfs here: skipped"; exit 77
fi
fail=0
dt() { "$BIN" --db "$mnt/s.db" "$@"; }
dt demo --no-tui >/dev/null 2>&1 || { echo "FAIL demo store"; exit 1; }
# fill the disk to its last byte
dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null
dd if=/dev/zero of="$mnt/fill2" bs=1 2>/dev/null
dt check llama3-8b-lora-trn2 step7 pass --note x >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -ne 0 ] && echo "ok   the write fails (exit $rc)" ||
	{ echo "FAIL the write succeeded on a full disk"; fail=1; }
if grep -q "the disk is full" "$tmp/err" && ! grep -q "read-only" "$tmp/err"; then
	echo "ok   says the disk is full: $(cat "$tmp/err")"
else
	echo "FAIL expected 'the disk is full', got: $(cat "$tmp/err")"; fail=1
fi
grep -q "nothing was written" "$tmp/err" &&
	echo "ok   says nothing was written" ||
	{ echo "FAIL no 'nothing was written' in: $(cat "$tmp/err")"; fail=1; }
# reads still work on the full disk
dt pilot show llama3-8b-lora-trn2 >"$tmp/show" 2>&1 &&
	echo "ok   pilot show reads the store on a full disk" ||
	{ echo "FAIL pilot show on a full disk: $(head -3 "$tmp/show")"; fail=1; }
# space again: the write goes through
rm -f "$mnt/fill" "$mnt/fill2"
dt check llama3-8b-lora-trn2 step7 pass --note x >"$tmp/out" 2>"$tmp/err" &&
	echo "ok   the same write once space is free" ||
	{ echo "FAIL after freeing space: $(cat "$tmp/err")"; fail=1; }
exit $fail

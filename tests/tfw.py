#!/usr/bin/env python3
"""tfw.py: write TensorBoard event records for the follow tests (not a
test itself). Usage: tfw.py OUT FIRST LAST [WALL0 [TAG...]]: appends to
OUT one record per step FIRST..LAST: Event{wall_time = WALL0 + step, step,
summary{value{tag "loss", simple_value = 3 - step/1000}}}, framed as
TFRecords (uint64 length, masked CRC-32C of it, data, masked CRC-32C of
the data). Prints the byte offsets where each record starts. A negative
step is written as protobuf writes an int64 (ten bytes, two's complement).
TAGs given replace "loss": one summary value per TAG, in order, with the
tag's bytes as given (hidden characters kept); TAG=C writes the constant
C (a float) at every step instead of 3 - step/1000."""
import os, struct, sys

def crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF

def masked(data):
    c = crc32c(data)
    return ((((c >> 15) | (c << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF

def varint(v):
    out = b""
    while True:
        b = v & 0x7F
        v >>= 7
        out += bytes([b | (0x80 if v else 0)])
        if not v:
            return out

def ld(num, payload):
    return varint(num << 3 | 2) + varint(len(payload)) + payload

def record(wall, step, tags):
    summary = b""
    for tag, const in tags:
        value = 3 - step / 1000 if const is None else const
        val = ld(1, tag) + varint(2 << 3 | 5) + struct.pack("<f", value)
        summary += ld(1, val)
    ev = (varint(1 << 3 | 1) + struct.pack("<d", wall) +
          varint(2 << 3 | 0) + varint(step & 0xFFFFFFFFFFFFFFFF) +
          ld(5, summary))
    n = struct.pack("<Q", len(ev))
    return n + struct.pack("<I", masked(n)) + ev + struct.pack("<I", masked(ev))

out, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
wall0 = float(sys.argv[4]) if len(sys.argv) > 4 else 1.7e9
tags = []
for a in sys.argv[5:] or ["loss"]:
    tag, eq, const = os.fsencode(a).partition(b"=")
    tags.append((tag, float(const) if eq else None))
with open(out, "ab") as f:
    for s in range(first, last + 1):
        print(f.tell())
        f.write(record(wall0 + s, s, tags))

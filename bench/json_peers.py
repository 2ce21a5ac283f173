#!/usr/bin/env python3
"""json_peers.py: dualtrack's JSON import beside what a user would type
instead, as whole processes on the same file, run alternately.

usage: json_peers.py DUALTRACK FILE FORMAT ROUNDS
  FORMAT hf-trainer-state: the peer is `json.load(open(FILE))`;
  FORMAT jsonl:            the peer is `json.loads(line)` for every line.
Each round runs `dualtrack import` (fresh store: parse + committed store)
then the Python peer, each as its own process, timed from fork to exit
(os.wait4 gives each one's own peak RSS). Prints the best time of each,
the ratio of the bests, the min and max of the per-round ratios (the
machine may be shared: the spread says how much), the peak RSS of each and
dualtrack's peak RSS per imported point. Figures only; never asserts."""
import json
import os
import subprocess
import sys
import tempfile
import time

PEERS = {
    "hf-trainer-state": ("json.load",
                         "import json,sys\njson.load(open(sys.argv[1]))"),
    "jsonl": ("json.loads per line",
              "import json,sys\n"
              "for line in open(sys.argv[1]):\n"
              "    json.loads(line)"),
}


def timed(argv):
    """Wall seconds and peak RSS (KiB) of one process; exits on failure."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit(f"json_peers: {argv[0]} failed ({p.returncode})")
    return t, ru.ru_maxrss


def points(binary, db):
    out = subprocess.run([binary, "--db", db, "runs", "--json"], check=True,
                         capture_output=True, text=True).stdout
    run = json.loads(out)["runs"][0]
    return sum(m["points"] for m in run["metrics"].values())


def main():
    if len(sys.argv) != 5 or sys.argv[3] not in PEERS:
        sys.exit(__doc__)
    binary, path, fmt, rounds = sys.argv[1:4] + [int(sys.argv[4])]
    peer_name, peer_code = PEERS[fmt]
    ours, theirs, ratios = [], [], []
    rss_ours = rss_theirs = 0
    npoints = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(rounds):
            db = os.path.join(tmp, f"b{i}.db")
            t, r = timed([binary, "--db", db, "import", "--platform", "gpu",
                          "--run", "bench", "--format", fmt, path])
            u, q = timed([sys.executable, "-c", peer_code, path])
            ours.append(t)
            theirs.append(u)
            ratios.append(t / u)
            rss_ours, rss_theirs = max(rss_ours, r), max(rss_theirs, q)
            if i == 0:
                npoints = points(binary, db)
    mb = os.path.getsize(path) / 1e6
    best, peer = min(ours), min(theirs)
    print(f"import {fmt} {mb:.1f} MB, {npoints} points: dualtrack best "
          f"{best:.3f} s, peak RSS {rss_ours / 1024:.1f} MB "
          f"({rss_ours * 1024 / max(npoints, 1):.1f} bytes/point)")
    print(f"  python {peer_name}: best {peer:.3f} s, peak RSS "
          f"{rss_theirs / 1024:.1f} MB")
    print(f"  dualtrack / python = {best / peer:.2f}x (per round "
          f"{min(ratios):.2f}x..{max(ratios):.2f}x over {rounds} alternating "
          f"rounds)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""peers.py: dualtrack's import of each format beside its peers, run
alternately on the same files (bench/peers.sh makes the files).

usage: peers.py DUALTRACK FLOOR DIR ROUNDS [FORMAT...]
FORMAT: csv, jsonl, hf-trainer-state or tfevents (default: all).
DIR holds bench.csv, bench.jsonl, trainer_state.json, bench.tfevents.
Each round runs, in turn, `dualtrack import` of a file (a new store: parse
+ committed store, whole process) and each of its peers:
  csv:      pandas.read_csv (parse only, timed inside Python, start-up
            excluded), the C floor (bench/floor.c, whole process);
  jsonl:    Python json.loads per line (whole process);
  hf:       Python json.load (whole process);
  tfevents: the C decode floor with CRC-32C (whole process), TensorBoard's
            EventAccumulator (Reload, parse only) when the tensorboard
            Python package is importable.
Prints per pair the best times, the ratio of the bests and the median and
min..max of
the per-round ratios (the machine is shared: the spread says how much),
then a Markdown table of the same. Figures only; never asserts."""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

PANDAS = ("import sys, time, pandas\nt = time.perf_counter()\n"
          "pandas.read_csv(sys.argv[1])\nprint(time.perf_counter() - t)")
EVACC = ("import sys, time\n"
         "from tensorboard.backend.event_processing import event_accumulator as ea\n"
         "t = time.perf_counter()\n"
         "a = ea.EventAccumulator(sys.argv[1], size_guidance={ea.SCALARS: 0})\n"
         "a.Reload()\nprint(time.perf_counter() - t)")
JSONL = "import json,sys\nfor line in open(sys.argv[1]):\n    json.loads(line)"
JSONLOAD = "import json,sys\njson.load(open(sys.argv[1]))"


def python_with(module):
    """A Python that imports module (Debian's packages belong to
    /usr/bin/python3, which another python3 on PATH may hide), or None."""
    for py in (sys.executable, "/usr/bin/python3"):
        if subprocess.run([py, "-c", "import " + module],
                          capture_output=True).returncode == 0:
            return py
    return None


def whole(argv):
    """Wall seconds of one process from fork to exit; exits on failure."""
    t0 = time.perf_counter()
    r = subprocess.run(argv, stdout=subprocess.DEVNULL)
    t = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"peers: {argv} failed ({r.returncode})")
    return t


def inside(argv):
    """Seconds the process prints (its own timing, start-up excluded)."""
    r = subprocess.run(argv, capture_output=True, text=True, check=True)
    return float(r.stdout.split()[-1])


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    dualtrack, floor, d, rounds = sys.argv[1:4] + [int(sys.argv[4])]
    only = sys.argv[5:]
    pd_py, tb_py = python_with("pandas"), python_with("tensorboard")
    files = {"csv": "bench.csv", "jsonl": "bench.jsonl",
             "hf-trainer-state": "trainer_state.json",
             "tfevents": "bench.tfevents"}
    peers = {"csv": [], "jsonl": [], "hf-trainer-state": [], "tfevents": []}
    p = lambda f: os.path.join(d, files[f])
    if pd_py:
        peers["csv"].append(("pandas.read_csv (parse)", inside,
                             [pd_py, "-c", PANDAS, p("csv")], 0.5))
    peers["csv"].append(("C floor", whole, [floor, "csv", p("csv")], None))
    peers["jsonl"].append(("json.loads per line", whole,
                           [sys.executable, "-c", JSONL, p("jsonl")], 0.25))
    peers["hf-trainer-state"].append(("json.load", whole,
        [sys.executable, "-c", JSONLOAD, p("hf-trainer-state")], 0.33))
    peers["tfevents"].append(("C decode + CRC-32C", whole,
                              [floor, "tfevents", p("tfevents")], 1.5))
    if tb_py:
        peers["tfevents"].append(("EventAccumulator (parse)", inside,
                                  [tb_py, "-c", EVACC, p("tfevents")], None))
    if only and not set(only) <= set(peers):
        sys.exit(f"peers: unknown format in {only}; expected some of "
                 f"{', '.join(peers)}")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for fmt, plist in peers.items():
            if only and fmt not in only:
                continue
            ours, theirs = [], [[] for _ in plist]
            for i in range(rounds):
                db = os.path.join(tmp, f"{fmt}{i}.db")
                ours.append(whole([dualtrack, "--db", db, "import",
                                   "--platform", "gpu", "--run", "bench",
                                   "--format", fmt, p(fmt)]))
                os.unlink(db)
                for k, (_, how, argv, _) in enumerate(plist):
                    theirs[k].append(how(argv))
            mb = os.path.getsize(p(fmt)) / 1e6
            print(f"{fmt} ({mb:.1f} MB): dualtrack import best "
                  f"{min(ours):.3f} s")
            for k, (name, _, _, target) in enumerate(plist):
                r = [a / b for a, b in zip(ours, theirs[k])]
                best = min(ours) / min(theirs[k])
                tgt = f" (target <= {target}x)" if target else ""
                print(f"  {name}: best {min(theirs[k]):.3f} s; dualtrack / "
                      f"it = {best:.2f}x, per round median "
                      f"{statistics.median(r):.2f}x, {min(r):.2f}x.."
                      f"{max(r):.2f}x{tgt}")
                rows.append((fmt, mb, min(ours), name, min(theirs[k]), best,
                             statistics.median(r), min(r), max(r), target))
    if not tb_py:
        print("tensorboard not importable: EventAccumulator skipped")
    print(f"\n| format | MB | dualtrack s | peer | peer s | ratio | "
          f"per round: median, min..max ({rounds} rounds) | target |")
    print("|---|---|---|---|---|---|---|---|")
    for fmt, mb, o, name, t, best, med, lo, hi, tgt in rows:
        print(f"| {fmt} | {mb:.0f} | {o:.3f} | {name} | {t:.3f} | "
              f"{best:.2f}x | {med:.2f}x, {lo:.2f}x..{hi:.2f}x | "
              f"{'<= %gx' % tgt if tgt else '-'} |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""follow_cpu.py: CPU time of `import --follow` on a log that grows in
APPENDS appends, beside one plain import of the final file (issue 11:
following costs CPU in proportion to what was appended).

usage: follow_cpu.py DUALTRACK LOG APPENDS [--max-ratio R]

LOG is the complete log (any format the importers read). It is cut at
line ends into APPENDS pieces of about equal size; a scratch copy is
written piece by piece while `DUALTRACK import --follow` runs on it.
After each append the script waits (polling the follower's output, no
fixed sleep) until an update line reports that all bytes written so far
were read; then it appends the next piece. When the last update is in,
the follower is stopped with SIGINT. CPU time (user + system, from
wait4's rusage of the child alone) of the follower is compared with
that of `DUALTRACK import` of the final file into a fresh store. Wall
time is never used: the machine may be loaded by other work.

Prints one line: bytes, appends, follow CPU, import CPU, ratio; then
one line with the follower's CPU per append (read from /proc/PID/stat
between appends, in clock ticks of 10 ms: coarse, so compare the median
of the first and of the last quarter of the appends; the median also
leaves out a one-off such as SQLite's WAL checkpoint): when an update
costs what was appended, early and late appends cost about the same;
when an update rewrites what is stored, late ones cost more. With
--max-ratio R exits 1 when the ratio is R or more (the test's check).
"""
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time


def cpu_of(proc):
    """Wait for proc; its user + system CPU seconds and exit status."""
    _, status, ru = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return ru.ru_utime + ru.ru_stime, proc.returncode


def cpu_now(pid):
    """User + system CPU seconds of a running process so far."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pieces(data, n):
    """Cut data at line ends into n parts of about equal size."""
    cuts, size = [0], len(data)
    for k in range(1, n):
        at = data.find(b"\n", max(cuts[-1], size * k // n))
        if at < 0:
            break
        if at + 1 > cuts[-1]:
            cuts.append(at + 1)
    cuts.append(size)
    return [data[a:b] for a, b in zip(cuts, cuts[1:]) if b > a]


def main():
    args = sys.argv[1:]
    max_ratio = None
    if "--max-ratio" in args:
        i = args.index("--max-ratio")
        max_ratio = float(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    dualtrack, log, appends = args[0], args[1], int(args[2])
    with open(log, "rb") as f:
        data = f.read()
    parts = pieces(data, appends)
    ext = os.path.splitext(log)[1]
    with tempfile.TemporaryDirectory() as tmp:
        grow = os.path.join(tmp, "growing" + ext)
        out_path = os.path.join(tmp, "follow.out")
        open(grow, "wb").close()
        out = open(out_path, "wb")
        env = dict(os.environ, DUALTRACK_USER="bench")
        fol = subprocess.Popen([dualtrack, "--db", os.path.join(tmp, "f.db"),
                                "import", "--platform", "gpu", "--run", "f",
                                "--follow", "--interval", "0.05", grow],
                               stdout=out, stderr=subprocess.STDOUT, env=env)
        written, deadline = 0, time.monotonic() + 3600
        per_append, before = [], 0.0
        for p in parts:
            with open(grow, "ab") as g:
                g.write(p)
            written += len(p)
            want = re.compile(rb"update \d+: .*, %d bytes read" % written)
            while not want.search(open(out_path, "rb").read()):
                if fol.poll() is not None or time.monotonic() > deadline:
                    sys.exit("follower stopped or stalled:\n" +
                             open(out_path, "rb").read().decode("utf-8",
                                                                "replace"))
                time.sleep(0.02)
            now = cpu_now(fol.pid)
            per_append.append(now - before)
            before = now
        fol.send_signal(signal.SIGINT)
        follow_cpu, rc = cpu_of(fol)
        out.close()
        updates = len(re.findall(rb"^update \d+:", open(out_path, "rb").read(),
                                 re.M))
        if rc != 0:
            sys.exit("follower exit %d" % rc)
        imp = subprocess.Popen([dualtrack, "--db", os.path.join(tmp, "i.db"),
                                "import", "--platform", "gpu", "--run", "i",
                                grow], stdout=subprocess.DEVNULL, env=env)
        import_cpu, rc = cpu_of(imp)
        if rc != 0:
            sys.exit("import exit %d" % rc)
    ratio = follow_cpu / import_cpu if import_cpu > 0 else float("inf")
    print("follow of %.1f MB in %d appends (%d updates): %.2f s CPU; one "
          "import: %.2f s CPU; ratio %.2f" % (len(data) / 1e6, len(parts),
                                             updates, follow_cpu, import_cpu,
                                             ratio))
    q = max(1, len(per_append) // 4)
    early = statistics.median(per_append[:q])
    late = statistics.median(per_append[-q:])
    print("CPU per append (median): first %d appends %.3f s, last %d %.3f s"
          " (late/early %.2f); all: %s" % (
              q, early, q, late, late / early if early > 0 else float("inf"),
              " ".join("%.2f" % c for c in per_append)))
    if max_ratio is not None and ratio >= max_ratio:
        sys.exit(1)


if __name__ == "__main__":
    main()

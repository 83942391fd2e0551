# Shared helpers for the benchmark: where things live, running one command
# with its wall time and peak RSS, medians and formatting.

import os
import statistics
import subprocess
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(REPO, ".bench")
RELEASE = os.path.join(REPO, ".build", "release")
TINYCOLLAGE = os.path.join(RELEASE, "tinycollage")
COLLAGE_BENCH = os.path.join(RELEASE, "collage-bench")
# ImageMagick 6 by its full path: /usr/local/bin may hold a wrapper named convert.
CONVERT = "/usr/bin/convert"
CORES = os.cpu_count() or 1


def run_measured(argv, **kwargs):
    """Runs argv to completion; returns (wall seconds, peak RSS in MB).

    The peak RSS comes from wait4's rusage, as GNU time's %M does: for a
    `sh -c` pipeline it is the largest of the shell and every process it reaped.
    """
    wall, rss, _ = run_measured_full(argv, **kwargs)
    return wall, rss


def run_measured_full(argv, **kwargs):
    """run_measured, and what the command wrote on standard error."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kwargs)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv!r} failed ({proc.returncode}): {err.strip()[:500]}")
    return wall, usage.ru_maxrss / 1024.0, err


def median(values):
    return statistics.median(values)


def warm_page_cache(paths):
    """Reads every file once so each tool sees the same (warm) page cache."""
    for path in paths:
        with open(path, "rb") as f:
            while f.read(1 << 20):
                pass


def log(message):
    print(message, flush=True)

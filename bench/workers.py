# Case 7 of `make bench`: a decoder worker's start-up (from being started to
# "ready": every loader loaded, the sandbox on) and its resident size then,
# for ours (tinycollage-decoder through bubblewrap, issue 19) and, with
# --compare, the other build's worker (that whole `tinycollage` run as
# `decode-worker`, as before issue 19), interleaved in one run of
# collage-bench --worker-startup (Sources/CollageBench/WorkerStartupBench.swift).

import subprocess

from common import COLLAGE_BENCH, log

RUNS = 21


def measure(compare=None, runs=RUNS):
    argv = [COLLAGE_BENCH, "--worker-startup", str(runs)] + ([compare] if compare else [])
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    return {name: float(value) for name, value in (line.split() for line in out.splitlines() if line.strip())}


def report(figures, targets):
    log(f"Case 7: a decoder worker's start-up and resident size (medians of {RUNS} starts, interleaved)")
    sandbox = "through bubblewrap" if figures.get("worker_sandboxed") else "WITHOUT bubblewrap here"
    log(f"  ours ({sandbox}): ready after {figures['worker_startup_ms']:.1f} ms, "
        f"resident {figures['worker_resident_mb']:.1f} MB")
    if "before_worker_startup_ms" in figures:
        t = figures["worker_startup_ms"] / figures["before_worker_startup_ms"]
        m = figures["worker_resident_mb"] / figures["before_worker_resident_mb"]
        log(f"  before (the --compare build's `tinycollage decode-worker`, no bubblewrap): ready after "
            f"{figures['before_worker_startup_ms']:.1f} ms, resident {figures['before_worker_resident_mb']:.1f} MB")
        log(f"  ours ÷ before: start-up {t:.2f}, resident size {m:.2f}")
        targets += [("case 7 worker start-up ours ÷ before", f"{t:.2f}", "≤ 1.10", t <= 1.10),
                    ("case 7 worker resident size ours ÷ before", f"{m:.2f}", "≤ 1.00", m <= 1.00)]
    else:
        log("  before: not measured (give --compare OTHER-BUILD/tinycollage)")

# Case 3, the look (issue 23): the one-off render of the nine photos to
# 1080x1080, plain and with shadow, blurred background and rounded corners,
# interleaved in one collage-bench process (`--style-render`, StyleBench.swift):
# medians of `runs` each, and the styled one over the plain one.

import subprocess

from common import COLLAGE_BENCH


def measure(photos, runs=5):
    out = subprocess.run([COLLAGE_BENCH, "--style-render", str(runs), *photos],
                         capture_output=True, text=True, check=True).stdout
    figures = {k: float(v) for k, v in (line.split(None, 1) for line in out.splitlines() if line.strip())}
    figures["runs"] = runs
    return figures

# Issue 22's "Speed and memory": nine 24 MP photos into an A3 page at 300 dpi
# (3508x4961) as JPEG, PNG and PDF, by `tinycollage render` and by libvips
# (vipsthumbnail at the cell size + `vips arrayjoin`) in the same interleaved
# runs. Targets: our time at most 0.5x vips', our peak memory at most 1.3x
# (output pixel bytes + 100 MB). Our memory is the peak of the sum of VmRSS
# over the render process and its decoder workers (the process tree, sampled
# from /proc every 5 ms), because the workers' own high-water marks are
# reached at different moments and adding them would overstate it. The
# output's pixel bytes are 4 per pixel (the Cairo ARGB32 page we composite).
# The PDF is the same page at 300 dpi (a 297 x 420 mm page, each photo embedded
# at its cell's pixels): through --paper a3 --dpi 300 when this build's render
# takes them, else through a project holding the nine photos, that size and
# dpi 300. vips cannot make such a PDF (its pdfsave is not in Debian's build,
# and would hold one flattened bitmap), so the PDF is timed against the same
# vips job as the PNG figure (thumbnails + arrayjoin to a PNG), and the table
# says so. Layout and fixtures are peers.py's and fixtures.py's.

import json
import os
import shlex
import subprocess
import threading
import time
import uuid

from common import BENCH_DIR, TINYCOLLAGE, median, run_measured
from peers import ROW_ORDER

WIDTH, HEIGHT = 3508, 4961
TARGET_TIME, TARGET_MEMORY = 0.5, 1.3
PIXEL_BYTES = WIDTH * HEIGHT * 4
BUDGET_MB = (PIXEL_BYTES + 100 * 1024 * 1024) / (1024 * 1024)


def tree_rss_kib(root):
    """VmRSS summed over root and its descendants (0 once root is gone)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    tree, grew = {root}, True
    while grew:
        more = {p for p, pp in parents.items() if pp in tree} - tree
        grew, tree = bool(more), tree | more
    total = 0
    for pid in tree:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next((int(l.split()[1]) for l in f if l.startswith("VmRSS:")), 0)
        except OSError:
            pass
    return total


def run_tree_measured(argv):
    """(wall seconds, peak of the process tree's summed RSS in MB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak, done = [0], threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], tree_rss_kib(proc.pid))
            done.wait(0.005)
    sampler = threading.Thread(target=sample)
    sampler.start()
    err = proc.stderr.read().decode(errors="replace")
    proc.wait()
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    if proc.returncode != 0:
        raise RuntimeError(f"{argv!r} failed ({proc.returncode}): {err.strip()[:500]}")
    return wall, peak[0] / 1024.0


def has_paper_option():
    out = subprocess.run([TINYCOLLAGE, "render", "--help"], capture_output=True, text=True)
    return "--paper" in out.stdout + out.stderr


# The vips job a format is timed against: PDF against PNG's (see the top).
VIPS_EXT = {"jpg": "jpg", "png": "png", "pdf": "png"}


def a3_project(photos, work):
    """A project of the nine photos on the A3 page at 300 dpi, for a build without --paper."""
    path = os.path.join(work, "a3.tinycollage")
    document = {"photos": [{"id": str(uuid.uuid4()), "path": p, "crop": {"zoom": 1, "centerX": 0.5, "centerY": 0.5}}
                           for p in photos],
                "settings": {"outputSize": {"width": WIDTH, "height": HEIGHT}, "dpi": 300, "gap": 0, "margin": 0,
                             "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "proportions": {}}}
    with open(path, "w") as f:
        json.dump({"application": "tinycollage-project", "formatVersion": 1, "document": document}, f)
    return path


def commands(photos, ext, paper):
    """(ours argv, vips argv) writing the page as ext."""
    work = os.path.join(BENCH_DIR, "out", "a3")
    tmp = os.path.join(work, "vips-tmp")
    os.makedirs(tmp, exist_ok=True)
    size = ["--paper", "a3", "--dpi", "300"] if paper else ["--size", f"{WIDTH}x{HEIGHT}"]
    output = os.path.join(work, f"ours.{ext}")
    if ext == "pdf" and not paper:
        ours = [TINYCOLLAGE, "render", "--output", output, a3_project(photos, work), "--force"]
    else:
        ours = [TINYCOLLAGE, "render", "--output", output, *size, "--force", *photos]
    cw, ch = -(-WIDTH // 3), -(-HEIGHT // 3)
    thumbs = " ".join(os.path.join(tmp, os.path.splitext(os.path.basename(photos[i]))[0] + ".v")
                      for i in ROW_ORDER)
    vips = ["sh", "-c", shlex.join(["vipsthumbnail", *photos, "--size", f"{cw}x{ch}!", "--smartcrop", "centre",
                                    "-o", os.path.join(tmp, "%s.v")])
            + " && " + shlex.join(["vips", "arrayjoin", thumbs, os.path.join(work, f"vips.{VIPS_EXT[ext]}"), "--across", "3"])]
    return ours, vips


def measure(photos, runs):
    """Rows for the table and {ext: (time ratio, memory ratio)}."""
    paper = has_paper_option()
    rows, ratios = [], {}
    for ext in ("jpg", "png", "pdf"):
        ours_argv, vips_argv = commands(photos, ext, paper)
        run_tree_measured(ours_argv)
        run_measured(vips_argv)
        ours, vips = [], []
        for _ in range(runs):
            ours.append(run_tree_measured(ours_argv))
            vips.append(run_measured(vips_argv))
        t_ours, t_vips = median([s[0] for s in ours]), median([s[0] for s in vips])
        mem = median([s[1] for s in ours])
        r_time, r_mem = t_ours / t_vips, mem / BUDGET_MB
        ratios[ext] = (r_time, r_mem)
        label = "a3 pdf (vips: its png)" if ext == "pdf" else f"a3 {ext}"
        rows.append([label, f"{t_ours:.2f} s", f"{t_vips:.2f} s", f"{r_time:.2f} ({'met' if r_time <= TARGET_TIME else 'NOT MET'})",
                     f"{mem:.0f} MB", f"{BUDGET_MB:.0f} MB",
                     f"{r_mem:.2f} ({'met' if r_mem <= TARGET_MEMORY else 'NOT MET'})"])
    return rows, ratios


HEADER = ["A3 300 dpi", "ours", "vips", f"ours/vips (<= {TARGET_TIME})", "ours peak (tree)",
          "pixels+100MB", f"peak/budget (<= {TARGET_MEMORY})"]

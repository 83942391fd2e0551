# Cases 1 and 2: a 3x3 collage of the nine photos, each photo aspect-filled
# (centre crop) into its cell, by `tinycollage render` and by two peers that
# shrink on load: libvips (vipsthumbnail + vips arrayjoin) and ImageMagick
# (montage with a jpeg:size hint). Each tool is one command; its wall time and
# peak RSS (largest over its processes) are measured. The floor is libjpeg-turbo
# alone: djpeg at the largest DCT scale that still covers a cell, on all nine.
# Ours decodes in worker processes: its own peak RSS and its workers' come
# from its TINYCOLLAGE_DECODE_STATS line. With --compare BINARY, that build
# of tinycollage (e.g. the one before decoding moved out of process) is timed
# in the same interleaved runs, as "before".

import os
import shlex
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import re

from common import BENCH_DIR, CONVERT, TINYCOLLAGE, run_measured, run_measured_full

COMPARE = None  # another tinycollage binary, set by bench.py --compare

# Our layout fills columns top to bottom (photo i at column i // 3, row i % 3);
# arrayjoin and montage fill rows, so they get the photos in this order.
ROW_ORDER = [0, 3, 6, 1, 4, 7, 2, 5, 8]
PHOTO_SIZE = (6000, 4000)


class Case:
    def __init__(self, name, side, ext, quality=None):
        self.name, self.side, self.ext, self.quality = name, side, ext, quality
        # Cells of a 3x3 grid; peers use one cell size for all, so 4096 -> 3 x 1366 = 4098.
        self.cell = -(-side // 3)
        self.work = os.path.join(BENCH_DIR, "out", name)

    def output(self, tool):
        return os.path.join(self.work, f"{tool}.{self.ext}")

    def commands(self, photos):
        """{tool: argv}, every tool writing the same format."""
        os.makedirs(os.path.join(self.work, "vips-tmp"), exist_ok=True)
        c, q = self.cell, self.quality
        ours = [TINYCOLLAGE, "render", "--output", self.output("ours"), "--size", f"{self.side}x{self.side}",
                "--force"] + (["--quality", str(q)] if q else []) + photos
        tmp = os.path.join(self.work, "vips-tmp")
        thumbs = " ".join(os.path.join(tmp, os.path.splitext(os.path.basename(photos[i]))[0] + ".v")
                          for i in ROW_ORDER)
        vips_out = self.output("vips") + (f"[Q={q}]" if q else "")
        vips = ["sh", "-c", shlex.join(["vipsthumbnail", *photos, "--size", f"{c}x{c}", "--smartcrop", "centre",
                                        "-o", os.path.join(tmp, "%s.v")])
                + " && " + shlex.join(["vips", "arrayjoin", thumbs, vips_out, "--across", "3"])]
        montage = ["montage", "-define", f"jpeg:size={c}x{c}", *[photos[i] for i in ROW_ORDER],
                   "-resize", f"{c}x{c}^", "-gravity", "center", "-extent", f"{c}x{c}",
                   "-tile", "3x3", "-geometry", "+0+0", "-depth", "8"] + (["-quality", str(q)] if q else []) \
            + [self.output("montage")]
        commands = {"ours": ours, "vips": vips, "montage": montage}
        if COMPARE:
            before = [COMPARE] + ours[1:]
            before[before.index("--output") + 1] = self.output("before")
            commands["before"] = before
        return commands

    def dct_denominator(self):
        """The largest of 8, 4, 2, 1 at which a decoded photo still covers one cell."""
        w, h = PHOTO_SIZE
        return next(d for d in (8, 4, 2, 1) if min(w, h) // d >= self.cell or d == 1)


CASES = [Case("case1", 1080, "png"), Case("case2", 4096, "jpg", quality=92)]


def djpeg(path, denominator):
    subprocess.run(["djpeg", "-scale", f"1/{denominator}", "-outfile", os.devnull, path], check=True)


def floor_seconds(photos, denominator, workers):
    """Wall time for djpeg to decode all the photos with `workers` processes at a time."""
    start = time.perf_counter()
    if workers == 1:
        for p in photos:
            djpeg(p, denominator)
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            list(pool.map(lambda p: djpeg(p, denominator), photos))
    return time.perf_counter() - start


STATS = re.compile(r"decode-stats: own-peak-kib=(\d+) workers=(\d+) worker-peak-kib=(\d+)")


def run_ours(argv):
    """(seconds, own peak RSS MB, workers' peak RSS MB, workers started) of one `tinycollage render`."""
    env = dict(os.environ, TINYCOLLAGE_DECODE_STATS="1")
    wall, rss, err = run_measured_full(argv, env=env)
    m = STATS.search(err)
    if not m:
        return wall, rss, 0.0, 0
    return wall, int(m.group(1)) / 1024.0, int(m.group(3)) / 1024.0, int(m.group(2))


def measure(case, photos, runs, montage_runs):
    """{tool: [(seconds, peak RSS MB, ...), ...]}: one warm-up each, then runs interleaved across tools."""
    commands = case.commands(photos)
    for tool, argv in commands.items():
        run_ours(argv) if tool == "ours" else run_measured(argv)
    samples = {tool: [] for tool in commands}
    for i in range(runs):
        for tool, argv in commands.items():
            if tool != "montage" or i < montage_runs:
                samples[tool].append(run_ours(argv) if tool == "ours" else run_measured(argv))
    return samples


def measure_floor(photos, denominator, runs):
    """(sequential seconds, two-at-a-time seconds), medians over runs."""
    seq, par = [], []
    for _ in range(runs):
        seq.append(floor_seconds(photos, denominator, 1))
        par.append(floor_seconds(photos, denominator, 2))
    return sorted(seq)[len(seq) // 2], sorted(par)[len(par) // 2]


def image_size(path):
    out = subprocess.run(["identify", "-format", "%wx%h", path], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def layout_rmse(a, b):
    """ImageMagick's normalised RMSE between two images both scaled to 512x512
    (so a 4098 and a 4096 collage still compare): near 0 for the same layout,
    above ~0.1 when cells are swapped or cropped differently. None on failure."""
    small = []
    for path in (a, b):
        out = os.path.splitext(path)[0] + ".cmp.png"
        subprocess.run([CONVERT, path, "-resize", "512x512!", "-depth", "8", out], check=True)
        small.append(out)
    out = subprocess.run(["compare", "-metric", "RMSE", *small, "null:"], capture_output=True, text=True)
    try:
        return float(out.stderr.split("(")[1].split(")")[0])
    except (IndexError, ValueError):
        return None


def commands_text(case, photos):
    return {tool: (argv[2] if argv[0] == "sh" else shlex.join(argv)) for tool, argv in case.commands(photos).items()}

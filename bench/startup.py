# Case 6 (issue 14): starting the app with the nine 6000x4000 photos on its
# command line, watched from outside by polling the screen (screen.py):
#   first frame     process start -> its window is mapped and painted
#   photos shown    first frame -> the preview's square shows photos (at
#                   least 90 % of it no longer the preview's empty
#                   background), whatever their resolution
#   full quality    first frame -> the preview's square shows the picture it
#                   ends on and never changes again: the last change of the
#                   region, with the app left alone until it has not changed
#                   for SETTLE_S seconds (the final picture is the full
#                   decodes', which no draft equals)
# Every start has a fresh home: no session, an empty thumbnail cache, so the
# small images are the photos' EXIF thumbnails. Where the preview is comes
# from one start with accessibility on (the "Collage preview" area's
# extents, as a screen reader sees them); the timed starts run without it.
# With --compare BINARY the other build is timed in the same interleaved runs.

import json
import os
import shutil
import signal
import subprocess
import time

from common import BENCH_DIR, REPO, median
from screen import POLL_S, Recording, Screen, background_of, share_unlike, wait_until

SETTLE_S = 1.5
TIMEOUT_S = 30.0
ATSPI = os.path.join(REPO, "Tests", "Scripts", "atspi.py")


def environment(home, accessibility=False):
    for sub in ("Pictures", "config", "state", "data", "cache"):
        os.makedirs(os.path.join(home, sub), exist_ok=True)
    with open(os.path.join(home, "config", "user-dirs.dirs"), "w") as f:
        f.write('XDG_PICTURES_DIR="$HOME/Pictures"\n')
    env = dict(os.environ)
    env.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_STATE_HOME=os.path.join(home, "state"),
               XDG_DATA_HOME=os.path.join(home, "data"), XDG_CACHE_HOME=os.path.join(home, "cache"),
               GSETTINGS_BACKEND="keyfile", TINYCOLLAGE_NON_UNIQUE="1", GSK_RENDERER="cairo", GDK_BACKEND="x11",
               LANGUAGE="en")
    for key in ("LC_ALL", "LANG", "TINYCOLLAGE_TEST_CONTROL"):
        env.pop(key, None)
    if accessibility:
        env.pop("NO_AT_BRIDGE", None)
        env.pop("GTK_A11Y", None)
    else:
        env.update(NO_AT_BRIDGE="1", GTK_A11Y="none")
    return env


def stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def preview_area(binary, photos, screen):
    """The preview's square (the collage is square), relative to the window: (x, y, side)."""
    home = os.path.join(BENCH_DIR, "startup-calibrate")
    shutil.rmtree(home, ignore_errors=True)
    proc = subprocess.Popen([binary, *photos], env=environment(home, accessibility=True),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = wait_until(lambda: screen.window_of(proc.pid), 20)
        if not window:
            raise RuntimeError("calibration: no window")
        time.sleep(1.0)
        out = subprocess.run(["/usr/bin/python3", ATSPI, "find", "TinyCollage", "Collage preview", "panel"],
                             capture_output=True, text=True, timeout=60)
        found = json.loads(out.stdout or "{}")
        if "extents" not in found or not found["extents"]:
            raise RuntimeError(f"calibration: the preview area was not found ({out.stdout} {out.stderr})")
        # GTK reports extents in its window's coordinates ("screen coordinates not supported" on X11).
        x, y, w, h = found["extents"]
    finally:
        stop(proc)
    # The collage-preview's own padding (12 px) and a little more, so no edge pixel is judged.
    inset = 16
    side = min(w, h) - 2 * inset
    return x + (w - side) // 2, y + (h - side) // 2, side


def one_start(binary, photos, screen, area, home):
    shutil.rmtree(home, ignore_errors=True)
    env = environment(home)
    preview = Recording()
    start = time.perf_counter()
    proc = subprocess.Popen([binary, *photos], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    mapped = frame = None
    try:
        window = None
        while time.perf_counter() - start < TIMEOUT_S:
            now = time.perf_counter() - start
            if window is None:
                window = screen.window_of(proc.pid)
                if window:
                    mapped = now
            if window and frame is None:
                if screen.looks_painted(screen.grab(*window)):
                    frame = now
            if frame is not None:
                preview.add(now, screen.grab(window[0] + area[0], window[1] + area[1], area[2], area[2]))
                if len(preview.timeline) > 1 and now - preview.last_change() > SETTLE_S:
                    break
            time.sleep(POLL_S)
        else:
            raise RuntimeError(f"{binary}: the preview did not settle in {TIMEOUT_S:.0f} s")
    finally:
        stop(proc)
    empty = background_of(preview.frames[preview.timeline[0][1]])
    shown = preview.first_time(lambda pixels: share_unlike(pixels, empty) >= 0.9)
    if shown is None:
        raise RuntimeError(f"{binary}: no photos ever showed in the preview")
    return {"mapped": mapped, "frame": frame, "photos": shown - frame, "full": preview.settled_at() - frame,
            "pictures": len(preview.timeline)}


def measure(photos, binary, compare=None, runs=5):
    """{name: [start, ...]}, the builds interleaved; and the preview square used."""
    screen = Screen()
    screen.blacken_root()
    builds = {"ours": binary}
    if compare:
        builds["before"] = compare
    areas = {name: preview_area(path, photos, screen) for name, path in builds.items()}
    samples = {name: [] for name in builds}
    for i in range(runs + 1):
        for name, path in builds.items():
            sample = one_start(path, photos, screen, areas[name], os.path.join(BENCH_DIR, f"startup-{name}"))
            if i > 0:  # the first start of each warms the page cache and the font cache
                samples[name].append(sample)
    return samples, areas


def summary(samples):
    return {key: median([s[key] for s in samples]) for key in ("frame", "photos", "full")}

# Case 4: the gallery with a 5,000-photo folder, in the real (release) app
# under the X display bench.py runs in, measured from outside as a person
# would see it: the folder is chosen before start through the GSettings key
# `gallery-folder` (a keyfile, GSETTINGS_BACKEND=keyfile), the screen is
# polled (screen.py), the wheel is turned with xdotool over the grid, and
# the app's memory is read from /proc/PID/status. Once with an empty
# freedesktop thumbnail cache ($XDG_CACHE_HOME/thumbnails) and once more
# with the cache that first run left behind.
#   first screenful  from the window's first frame until every cell on
#                    screen at start that ever shows a photo shows one (a
#                    cell counts once its middle has many colours: the
#                    bench's photos are grainy colour fields, an empty cell is
#                    the view's background and a broken file's icon a few greys)
#   scroll           SCROLL_STEPS turns of CLICKS_PER_STEP wheel clicks, each
#                    waited for until the grid stops changing
#   RSS              VmRSS at the quarters of the scroll and at its end, VmHWM
# Where the grid and its first cells are comes from one start with
# accessibility on (their extents as a screen reader sees them).

import os
import shutil
import subprocess
import time

from common import BENCH_DIR, TINYCOLLAGE
from screen import POLL_S, Recording, Screen, wait_until
from startup import ATSPI, environment, stop

import json

SCROLL_STEPS = 500        # about 2.5 rows each: the whole folder of ~1,250 rows
CLICKS_PER_STEP = 9       # GTK scrolls page_size^(2/3), ~32 px, a click
STEP_PLATEAU = 0.08       # the grid unchanged this long ends a step
STEP_TIMEOUT = 5.0        # give up waiting for one step after this
FIRST_SCREEN_SETTLE = 1.0  # the grid unchanged this long ends the first screenful
FIRST_SCREEN_TIMEOUT = 30.0
SCROLLBAR = 16            # px at the grid's right edge left out: the overlay scrollbar fades in and out


def keyfile(home, folder):
    path = os.path.join(home, "config", "glib-2.0", "settings")
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "keyfile"), "w") as f:
        f.write(f"[io/github/tinycollage/TinyCollage]\ngallery-folder='{folder}'\n")


def start(binary, folder, home, cache, accessibility=False):
    env = environment(home, accessibility=accessibility)  # makes the home's folders
    env["XDG_CACHE_HOME"] = cache
    keyfile(home, folder)
    log = open(os.path.join(home, "app.log"), "wb")
    return subprocess.Popen([binary], env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log), log


def geometry(binary, folder, screen):
    """The grid's extents and the centres of the cells it shows at start, relative to the window."""
    root = os.path.join(BENCH_DIR, "gallery-calibrate")
    shutil.rmtree(root, ignore_errors=True)
    proc, log = start(binary, folder, os.path.join(root, "home"), os.path.join(root, "cache"), accessibility=True)
    try:
        if not wait_until(lambda: screen.window_of(proc.pid), 20):
            raise RuntimeError("gallery calibration: no window")
        time.sleep(1.5)
        out = subprocess.run(["/usr/bin/python3", ATSPI, "tree", "TinyCollage"], capture_output=True, text=True,
                             timeout=120).stdout
    finally:
        stop(proc)
        log.close()
    objects = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    grids = [o for o in objects if o.get("role") == "table" and o.get("name") == "Photos on this computer"]
    if not grids or not grids[0].get("extents"):
        raise RuntimeError("gallery calibration: the grid was not found")
    gx, gy, gw, gh = grids[0]["extents"]
    centres = []
    for o in objects:
        if o.get("role") != "table cell" or not o.get("extents"):
            continue
        x, y, w, h = o["extents"]
        cx, cy = x + w // 2, y + h // 2
        # Wholly or mostly on screen: its middle inside the grid.
        if gx + 20 <= cx <= gx + gw - 20 and gy + 20 <= cy <= gy + gh - 20:
            centres.append((cx - gx, cy - gy))
    if not centres:
        raise RuntimeError("gallery calibration: no cell on screen")
    return (gx, gy, gw, gh), sorted(set(centres))


def photo_shown(pixels, width, centre, half=16):
    """Whether the square around `centre` looks like a photo: many colours
    (the bench's photos are grainy colour fields), where an empty cell is the
    view's background and a broken file's icon a few greys."""
    cx, cy = centre
    colours = set()
    for y in range(cy - half, cy + half, 2):
        row = y * width * 4
        for x in range(cx - half, cx + half, 2):
            i = row + x * 4
            colours.add(pixels[i:i + 3])
    return len(colours) >= 48


def memory_kib(pid, field):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


def settle(screen, region, plateau, timeout):
    """Polls region until it has not changed for `plateau` seconds; False on timeout."""
    last = screen.grab(*region)
    changed = time.perf_counter()
    deadline = changed + timeout
    while time.perf_counter() < deadline:
        time.sleep(POLL_S * 2)
        now = screen.grab(*region)
        if now != last:
            last, changed = now, time.perf_counter()
        elif time.perf_counter() - changed >= plateau:
            return True
    return False


def one_run(binary, folder, home, cache, grid, centres, screen, scroll=True):
    """One start: first screenful, the scroll through all, the RSS figures."""
    proc, log = start(binary, folder, home, cache)
    t0 = time.perf_counter()
    try:
        window = wait_until(lambda: screen.window_of(proc.pid), 20, interval=POLL_S / 2)
        if not window:
            raise RuntimeError("no window")
        wx, wy = window[0], window[1]
        region = (wx + grid[0], wy + grid[1], grid[2] - SCROLLBAR, grid[3])
        frame = wait_until(lambda: screen.looks_painted(screen.grab(*window)) and time.perf_counter() - t0, 20,
                           interval=POLL_S / 2)
        if not frame:
            raise RuntimeError("the window was never painted")
        recording = Recording()
        while True:
            now = time.perf_counter() - t0
            recording.add(now, screen.grab(*region))
            if now - recording.last_change() > FIRST_SCREEN_SETTLE or now > FIRST_SCREEN_TIMEOUT:
                break
            time.sleep(POLL_S)
        width = region[2]
        shown = []
        for centre in centres:
            t = recording.first_time(lambda pixels, c=centre: photo_shown(pixels, width, c))
            if t is not None:
                shown.append(t)
        if not shown:
            raise RuntimeError("no photo ever showed in the gallery")
        first_ms = (max(shown) - frame) * 1000
        rss_at = {0.0: memory_kib(proc.pid, "VmRSS:") / 1024}
        stalled = 0
        scroll_s = 0.0
        if scroll:
            pointer = (wx + grid[0] + grid[2] - 4, wy + grid[1] + grid[3] // 2)
            subprocess.run(["xdotool", "mousemove", str(pointer[0]), str(pointer[1])], check=True)
            scroll_start = time.perf_counter()
            for step in range(1, SCROLL_STEPS + 1):
                subprocess.run(["xdotool", "click", "--repeat", str(CLICKS_PER_STEP), "--delay", "1", "5"], check=True)
                stalled += not settle(screen, region, STEP_PLATEAU, STEP_TIMEOUT)
                if step in (SCROLL_STEPS // 4, SCROLL_STEPS // 2, 3 * SCROLL_STEPS // 4):
                    rss_at[step / SCROLL_STEPS] = memory_kib(proc.pid, "VmRSS:") / 1024
            scroll_s = time.perf_counter() - scroll_start
        rss = memory_kib(proc.pid, "VmRSS:") / 1024
        rss_at[1.0] = rss
        peak = memory_kib(proc.pid, "VmHWM:") / 1024
    finally:
        stop(proc)
        log.close()
    thumbs = sum(len(files) for _, _, files in os.walk(os.path.join(cache, "thumbnails")))
    return {"first_ms": first_ms, "frame_ms": frame * 1000, "cells": len(centres), "cells_shown": len(shown),
            "scroll_s": scroll_s, "stalled_steps": stalled, "rss_mb": rss, "rss_at": rss_at, "peak_mb": peak,
            "cache_files": thumbs}


HOSTILE_SVGS = {
    # librsvg 2.54 panics on a convolution of order 40 (the worker crashes).
    "0000 crash.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f">'
                      '<feConvolveMatrix order="40" kernelMatrix="' + " ".join(["1"] * 1600) + '"/></filter>'
                      '<rect width="100" height="100" fill="red" filter="url(#f)"/></svg>',
    # A billion octaves of turbulence: librsvg never finishes (the worker is killed at its deadline).
    "0000 hang.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><filter id="f">'
                     '<feTurbulence baseFrequency="0.01" numOctaves="1000000000"/></filter>'
                     '<rect width="1000" height="1000" filter="url(#f)"/></svg>',
}


def hostile_folder(folder):
    """The gallery folder's photos (hard links) with the hostile SVGs sorted first."""
    hostile = os.path.join(BENCH_DIR, "gallery-hostile")
    if not os.path.isdir(hostile):
        os.makedirs(hostile + ".tmp", exist_ok=True)
        for name in os.listdir(folder):
            os.link(os.path.join(folder, name), os.path.join(hostile + ".tmp", name))
        for name, text in HOSTILE_SVGS.items():
            with open(os.path.join(hostile + ".tmp", name), "w") as f:
                f.write(text)
        os.rename(hostile + ".tmp", hostile)
    return hostile


def run(folder, name="gallery-run", binary=TINYCOLLAGE, scroll=True):
    """The cold run (empty thumbnail cache) and then the warm run (the cache it filled)."""
    screen = Screen()
    screen.blacken_root()
    grid, centres = geometry(binary, folder, screen)
    root = os.path.join(BENCH_DIR, name)
    shutil.rmtree(root, ignore_errors=True)
    cache = os.path.join(root, "cache")
    os.makedirs(cache)
    cold = one_run(binary, folder, os.path.join(root, "home-cold"), cache, grid, centres, screen, scroll)
    warm = one_run(binary, folder, os.path.join(root, "home-warm"), cache, grid, centres, screen, scroll)
    return cold, warm


def first_screenfuls(folder, builds, runs=5):
    """{name: {"cold": [ms...], "warm": [ms...]}}: `runs` starts without
    scrolling, cold then warm, of each build in `builds` ({name: binary}),
    interleaved so the machine's moods fall on all alike. One start is too
    noisy to compare builds by (±50 ms on two cores)."""
    screen = Screen()
    screen.blacken_root()
    places = {name: geometry(binary, folder, screen) for name, binary in builds.items()}
    samples = {name: {"cold": [], "warm": []} for name in builds}
    for _ in range(runs):
        for name, binary in builds.items():
            root = os.path.join(BENCH_DIR, f"gallery-first-{name}")
            shutil.rmtree(root, ignore_errors=True)
            cache = os.path.join(root, "cache")
            os.makedirs(cache)
            grid, centres = places[name]
            for kind in ("cold", "warm"):
                r = one_run(binary, folder, os.path.join(root, f"home-{kind}"), cache, grid, centres, screen, scroll=False)
                samples[name][kind].append(r["first_ms"])
    return samples


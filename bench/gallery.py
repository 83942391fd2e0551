# Case 4: the gallery with a 5,000-photo folder, in the real app under the
# X display bench.py runs in, driven through its test control
# (TINYCOLLAGE_TEST_CONTROL, see Sources/TinyCollage/App/TestControl.swift).
# Measures the time until the first screenful of thumbnails is showing, then
# scrolls through the whole folder and reads the app's RSS; once with an empty
# freedesktop thumbnail cache ($XDG_CACHE_HOME/thumbnails) and once more with
# the cache that first run left behind.

import json
import os
import select
import shutil
import subprocess
import time

from common import BENCH_DIR, TINYCOLLAGE

SCROLL_STEPS = 500        # 0.002 of the folder per step: ~2.5 of ~1,250 rows
STEP_SETTLE = 0.02        # a frame for the grid to lay out the new rows
STEP_PLATEAU = 0.08       # fallback: no new thumbnail for this long means the step is done
STEP_TIMEOUT = 5.0        # give up waiting for one step's thumbnails after this
FIRST_SCREEN_PLATEAU = 0.5
FIRST_SCREEN_TIMEOUT = 120.0


class App:
    """The app on its own home, spoken to over stdin/stdout."""

    def __init__(self, home, cache):
        for sub in ("Pictures", "config", "state", "data"):
            os.makedirs(os.path.join(home, sub), exist_ok=True)
        with open(os.path.join(home, "config", "user-dirs.dirs"), "w") as f:
            f.write('XDG_PICTURES_DIR="$HOME/Pictures"\n')
        env = dict(os.environ)
        env.update(HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                   XDG_STATE_HOME=os.path.join(home, "state"), XDG_DATA_HOME=os.path.join(home, "data"),
                   XDG_CACHE_HOME=cache, GSETTINGS_BACKEND="memory", TINYCOLLAGE_TEST_CONTROL="1",
                   TINYCOLLAGE_NON_UNIQUE="1", GSK_RENDERER="cairo", GDK_BACKEND="x11",
                   NO_AT_BRIDGE="1", LANGUAGE="en")
        env.pop("LC_ALL", None)
        env.pop("LANG", None)
        self.log = open(os.path.join(home, "app.log"), "wb")
        self.proc = subprocess.Popen([TINYCOLLAGE], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.log)
        self.buffer = b""
        self.expect_idle(timeout=60)

    def send(self, command, timeout=20.0):
        self.proc.stdin.write((command + "\n").encode())
        self.proc.stdin.flush()
        return self.reply(command, timeout)

    def reply(self, command, timeout):
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if line.startswith(b"> "):
                    return line[2:].decode()
            left = deadline - time.monotonic()
            if left <= 0 or self.proc.poll() is not None:
                raise RuntimeError(f"no reply to {command!r} (app exit status {self.proc.poll()})")
            if select.select([fd], [], [], min(left, 1.0))[0]:
                chunk = os.read(fd, 65536)
                if chunk:
                    self.buffer += chunk

    def expect_idle(self, timeout=60):
        reply = self.send("idle", timeout)
        if reply != "idle":
            raise RuntimeError(f"app did not settle: {reply}")

    def stats(self):
        reply = self.send("gallery-stats")
        return {k: int(v) for k, v in (word.split("=", 1) for word in reply.split())}

    def quit(self):
        try:
            self.send("quit", timeout=5)
            self.proc.wait(timeout=10)
        except (RuntimeError, subprocess.TimeoutExpired, BrokenPipeError):
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def all_visible_loaded(s):
    return s["visible"] > 0 and s["visibleLoaded"] == s["visible"]


def wait_loaded(app, start, plateau, timeout):
    """Polls gallery-stats every ~10 ms until the thumbnails on screen are showing.

    Returns (milliseconds since start, criterion) or (None, None) on timeout.
    The criterion is the test control's: listing done, visible > 0 and
    visibleLoaded == visible. As a fallback, for when `visible` counts more
    cells than are on screen (it counts every bound cell in some builds), the
    time of the last rise of visibleLoaded once it has stayed put for
    `plateau` seconds with the listing done.
    """
    last_loaded, last_change = -1, start
    while True:
        s = app.stats()
        now = time.perf_counter()
        if s["visibleLoaded"] != last_loaded:
            last_loaded, last_change = s["visibleLoaded"], now
        if s["loading"] == 0 and all_visible_loaded(s):
            return (now - start) * 1000, "visibleLoaded==visible"
        if s["loading"] == 0 and last_loaded > 0 and now - last_change >= plateau:
            return (last_change - start) * 1000, f"plateau ({plateau * 1000:.0f} ms)"
        if now - start > timeout:
            return None, None
        time.sleep(0.01)


def one_run(folder, home, cache):
    """One app start: first screenful time, the scroll through all, the RSS figures."""
    app = App(home, cache)
    try:
        start = time.perf_counter()
        reply = app.send(f"gallery {folder}")
        if reply != "ok":
            raise RuntimeError(f"gallery: {reply}")
        first_ms, criterion = wait_loaded(app, start, FIRST_SCREEN_PLATEAU, FIRST_SCREEN_TIMEOUT)
        if first_ms is None:
            raise RuntimeError(f"first screenful not ready after {FIRST_SCREEN_TIMEOUT:.0f} s: {app.stats()}")
        first = app.stats()
        rss_at = {0.0: first["rssKiB"] / 1024}
        stalled = 0
        scroll_start = time.perf_counter()
        for step in range(1, SCROLL_STEPS + 1):
            fraction = step / SCROLL_STEPS
            app.send(f"gallery-scroll {fraction:.4f}")
            time.sleep(STEP_SETTLE)
            ms, _ = wait_loaded(app, time.perf_counter(), STEP_PLATEAU, STEP_TIMEOUT)
            stalled += ms is None
            if step in (SCROLL_STEPS // 4, SCROLL_STEPS // 2, 3 * SCROLL_STEPS // 4):
                rss_at[step / SCROLL_STEPS] = app.stats()["rssKiB"] / 1024
        scroll_s = time.perf_counter() - scroll_start
        end = app.stats()
        rss_at[1.0] = end["rssKiB"] / 1024
        dump = os.path.join(home, "state.json")
        if app.send(f"dump {dump}") != "ok":
            raise RuntimeError("dump failed")
        with open(dump) as f:
            peak_mb = json.load(f)["peakMemoryKiB"] / 1024
    finally:
        app.quit()
    thumbs = sum(len(files) for _, _, files in os.walk(os.path.join(cache, "thumbnails")))
    return {"first_ms": first_ms, "criterion": criterion, "first_stats": first, "end_stats": end,
            "scroll_s": scroll_s, "stalled_steps": stalled, "rss_mb": end["rssKiB"] / 1024, "rss_at": rss_at,
            "peak_mb": peak_mb, "cache_files": thumbs}


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


def run(folder, name="gallery-run"):
    """The cold run (empty thumbnail cache) and then the warm run (the cache it filled)."""
    root = os.path.join(BENCH_DIR, name)
    shutil.rmtree(root, ignore_errors=True)
    cache = os.path.join(root, "cache")
    os.makedirs(cache)
    cold = one_run(folder, os.path.join(root, "home-cold"), cache)
    warm = one_run(folder, os.path.join(root, "home-warm"), cache)
    return cold, warm

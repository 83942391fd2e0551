# Watching the app from outside, as a person's eyes would: the X server's
# own picture of the screen (python3-xlib, XGetImage), never the app's word.
# Finds a process's top-level window by its _NET_WM_PID, tells when it has
# been painted (the root is made black first, so an unpainted window reads
# as black), and keeps every distinct picture of a region with the time it
# was first seen, for the cases to judge afterwards (judging pixels in
# Python is slow; hashing a frame is not, so polling stays cheap).

import hashlib
import time

from Xlib import X, display

POLL_S = 0.004


class Screen:
    def __init__(self):
        self.display = display.Display()
        self.root = self.display.screen().root
        self.pid_atom = self.display.intern_atom("_NET_WM_PID")

    def blacken_root(self):
        """A black root: a window not painted yet shows black (Xvfb's default is a grey weave)."""
        self.root.change_attributes(background_pixel=self.display.screen().black_pixel)
        self.root.clear_area(0, 0, 0, 0)
        self.display.sync()

    def window_of(self, pid):
        """The viewable top-level window of process `pid`, as (x, y, width, height), or None."""
        for child in self.root.query_tree().children:
            try:
                prop = child.get_full_property(self.pid_atom, X.AnyPropertyType)
                if not prop or prop.value[0] != pid:
                    continue
                attributes = child.get_attributes()
                if attributes.map_state != X.IsViewable:
                    continue
                g = child.get_geometry()
                if g.width > 50 and g.height > 50:
                    return g.x, g.y, g.width, g.height
            except Exception:  # the window went away between the calls
                continue
        return None

    def grab(self, x, y, width, height):
        """The region's pixels: 4 bytes a pixel (B, G, R, pad), rows top to bottom."""
        return self.root.get_image(x, y, width, height, X.ZPixmap, 0xFFFFFFFF).data

    @staticmethod
    def looks_painted(pixels):
        """Most of it is no longer the black root (a painted GTK window has almost no black)."""
        return pixels.count(0) < len(pixels) // 2


class Recording:
    """Distinct pictures of one region over time."""

    def __init__(self):
        self.frames = {}     # hash -> pixels
        self.timeline = []   # (seconds, hash), one entry per change

    def add(self, t, pixels):
        h = hashlib.blake2b(pixels, digest_size=16).digest()
        if h not in self.frames:
            self.frames[h] = pixels
        if not self.timeline or self.timeline[-1][1] != h:
            self.timeline.append((t, h))
        return h

    def last_change(self):
        return self.timeline[-1][0] if self.timeline else None

    def final(self):
        return self.timeline[-1][1]

    def settled_at(self):
        """When the region last changed: it has shown its final picture from then on."""
        return self.timeline[-1][0]

    def first_time(self, predicate):
        """The first time a picture for which predicate(pixels) holds was on screen."""
        verdicts = {}
        for t, h in self.timeline:
            if h not in verdicts:
                verdicts[h] = predicate(self.frames[h])
            if verdicts[h]:
                return t
        return None


def background_of(pixels):
    """The most common pixel value."""
    counts = {}
    for i in range(0, len(pixels), 4 * 7):  # every 7th pixel is plenty
        key = pixels[i:i + 3]
        counts[key] = counts.get(key, 0) + 1
    return max(counts, key=counts.get)


def share_unlike(pixels, colour, tolerance=24, step=3):
    """The share of pixels (every `step`-th) further than `tolerance` (sum of |ΔB|+|ΔG|+|ΔR|) from `colour`."""
    b0, g0, r0 = colour[0], colour[1], colour[2]
    total = unlike = 0
    for i in range(0, len(pixels), 4 * step):
        total += 1
        if abs(pixels[i] - b0) + abs(pixels[i + 1] - g0) + abs(pixels[i + 2] - r0) > tolerance:
            unlike += 1
    return unlike / max(total, 1)


def wait_until(predicate, timeout, interval=POLL_S):
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return None

# Case 5: what the camera page's live view costs. The real (release) app
# under the X display bench.py runs in, with a 640x480 30 fps live camera
# (videotestsrc is-live=true, YUY2 like a webcam's raw mode) through
# --camera-source. Measured: the app's CPU time (utime + stime from
# /proc/PID/stat) over MEASURE_S seconds on the collage page (the idle
# baseline), then over MEASURE_S seconds with the camera page open (opened
# with Ctrl+T through xdotool, as a person would); the difference, as a share
# of one core, is the live view's cost. The same source into a fakesink
# (gst-launch-1.0) is measured too, to tell how much of it the synthetic
# source itself costs (a real camera's driver hands over frames almost free).
# Run alone: `python3 bench/camera.py` under an X display.

import os
import subprocess
import tempfile
import time

from common import TINYCOLLAGE, log
from startup import environment

MEASURE_S = 10.0
WARMUP_S = 3.0
WIDTH, HEIGHT, FPS = 640, 480, 30
SOURCE = (f"videotestsrc is-live=true pattern=ball ! "
          f"video/x-raw,format=YUY2,width={WIDTH},height={HEIGHT},framerate={FPS}/1")
LIMIT_PERCENT = 15.0
BINARY = os.environ.get("TINYCOLLAGE_BIN", TINYCOLLAGE)
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """utime + stime of the whole process (all threads), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def cpu_percent_over(pid, seconds):
    start_cpu, start = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100.0 * (cpu_seconds(pid) - start_cpu) / (time.monotonic() - start)


def threads(pid):
    names = []
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                names.append(f.read().strip())
        except OSError:
            pass
    return names


def xdotool(*args):
    return subprocess.run(["xdotool", *args], check=True, capture_output=True, text=True).stdout


def source_alone():
    """CPU share of the same source into a fakesink, without the app."""
    proc = subprocess.Popen(["gst-launch-1.0", "-q", *SOURCE.split(" "), "!", "fakesink"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.0)
        return cpu_percent_over(proc.pid, MEASURE_S)
    finally:
        proc.terminate()
        proc.wait()


def run():
    home = tempfile.mkdtemp(prefix="tinycollage-bench-camera-")
    env = environment(home)
    log_file = open(os.path.join(home, "app.log"), "wb")
    proc = subprocess.Popen([BINARY, "--camera-source", SOURCE], env=env, stdin=subprocess.DEVNULL,
                            stdout=log_file, stderr=log_file)
    try:
        window = xdotool("search", "--sync", "--onlyvisible", "--pid", str(proc.pid)).split()[-1]
        time.sleep(WARMUP_S)
        idle = cpu_percent_over(proc.pid, MEASURE_S)
        xdotool("windowfocus", "--sync", window)
        xdotool("key", "--clearmodifiers", "ctrl+t")
        time.sleep(WARMUP_S)
        running = [t for t in threads(proc.pid) if t.startswith("camview")]
        if not running:
            raise RuntimeError(f"the camera did not start (threads: {threads(proc.pid)}; see {home}/app.log)")
        live = cpu_percent_over(proc.pid, MEASURE_S)
        xdotool("key", "--clearmodifiers", "Escape")
    finally:
        proc.terminate()
        proc.wait()
        log_file.close()
    alone = source_alone()
    return {"idle": idle, "live": live, "cost": live - idle, "source": alone,
            "view_only": live - idle - alone}


def report(r, targets):
    log(f"Case 5: camera page live view, {WIDTH}x{HEIGHT} {FPS} fps YUY2 (videotestsrc is-live) via --camera-source, "
        f"app CPU over {MEASURE_S:.0f} s")
    log(f"  collage page (baseline)   {r['idle']:6.1f} % of one core")
    log(f"  camera page open          {r['live']:6.1f} %")
    log(f"  live view cost            {r['cost']:6.1f} %  (of which the synthetic source alone: {r['source']:.1f} %, "
        f"so the view itself ≈ {r['view_only']:.1f} %)")
    targets.append((f"case 5 live view {WIDTH}x{HEIGHT} {FPS} fps, app CPU minus idle", f"{r['cost']:.1f} %",
                    f"≤ {LIMIT_PERCENT:.0f} %", r["cost"] <= LIMIT_PERCENT))


if __name__ == "__main__":
    targets = []
    report(run(), targets)
    for name, value, limit, ok in targets:
        log(f"{name}: {value} (limit {limit}) {'met' if ok else 'NOT MET'}")

# Case 3: preview latency in the window's own code path, through the
# collage-bench executable (Sources/CollageBench): the first 800x800 preview
# of the nine photos (decoding included, cold in-process cache), then the
# re-composite after a reorder and after a settings change, and with a title
# (above the photos, over them, and changing as while typing); arranging
# (issue 18): switching layout, swapping two photos and one frame of a divider
# drag, interleaved with plain reorders, the decodes they made, and choosing
# the mosaic for nine photos; a reorder with the look on (issue 23: shadow,
# blurred background, corners) beside plain ones, and the shadow masks and
# backdrops it made again (medians inside each process). Several
# processes, so the first preview has several samples.

import subprocess

from common import COLLAGE_BENCH, median, run_measured

SIZE = 800


def run_once(photos, runs):
    out = subprocess.run([COLLAGE_BENCH, "--size", str(SIZE), "--runs", str(runs), *photos],
                         capture_output=True, text=True, check=True).stdout
    return {k: v for k, v in (line.split(None, 1) for line in out.splitlines() if line.strip())}


def measure(photos, processes=5, runs=25):
    """Medians over `processes` runs of collage-bench, and its peak RSS."""
    samples = [run_once(photos, runs) for _ in range(processes)]
    _, rss = run_measured([COLLAGE_BENCH, "--size", str(SIZE), "--runs", str(runs), *photos])
    figures = {key: median([float(s[key]) for s in samples])
               for key in ("first_preview_ms", "reorder_ms", "settings_ms", "plain_reorder_ms",
                           "title_above_ms", "title_overlay_ms", "title_typing_ms", "arrange_reorder_ms",
                           "layout_switch_ms", "swap_ms", "divider_frame_ms", "arrange_decodes", "mosaic_choice_ms",
                           "style_plain_reorder_ms", "styled_reorder_ms", "styled_reorder_remade")}
    # What a title adds to a re-composite: the worse of a band above and an
    # overlay, each against the plain renders interleaved with it.
    figures["title_added_ms"] = max(figures["title_above_ms"], figures["title_overlay_ms"]) - figures["plain_reorder_ms"]
    figures["first_preview_all"] = [float(s["first_preview_ms"]) for s in samples]
    figures["preview_size"] = samples[0]["preview_size"]
    figures["rss_mb"] = rss
    return figures

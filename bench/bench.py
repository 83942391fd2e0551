# `make bench`: makes the fixtures once (fixtures.py), then measures and
# tabulates case 1 and 2 (collage 1080x1080 PNG and 4096x4096 JPEG from nine
# 24-megapixel photos: ours vs libvips vs ImageMagick vs the djpeg decode
# floor, peers.py), case 3 (preview latency in the window's code path,
# preview.py; the look, plain and styled, style.py) and case 4 (the gallery with 5,000 photos, cold and warm
# thumbnail cache, gallery.py), case 5 (the camera page's live view: CPU
# cost, camera.py) and case 6 (starting with nine photos: first frame,
# photos in the preview, full quality, startup.py). Cases 4 and 6 watch the
# release app from outside, by polling the screen. The last line printed is
# a one-line summary.
# Needs an X display for cases 4 to 6: without DISPLAY it runs itself again under
# xvfb-run in a private D-Bus session.

import argparse
import os
import sys
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in bench/

import camera  # noqa: E402
import fixtures  # noqa: E402
import gallery  # noqa: E402
import paper  # noqa: E402
import peers  # noqa: E402
import preview  # noqa: E402
import startup  # noqa: E402
import style  # noqa: E402
import workers as worker_startup  # noqa: E402
from common import COLLAGE_BENCH, CORES, TINYCOLLAGE, log, median, warm_page_cache  # noqa: E402


def parse_args():
    p = argparse.ArgumentParser(description="TinyCollage benchmark (make bench): cases 1-6.")
    p.add_argument("--runs", type=int, default=5, help="runs per measurement for cases 1-3 and 6 (default 5)")
    p.add_argument("--montage-runs", type=int, default=3, help="runs of montage, the slow peer (default 3)")
    p.add_argument("--scroll-steps", type=int, default=gallery.SCROLL_STEPS, help="gallery scroll steps (default 500)")
    p.add_argument("--skip-gallery", action="store_true", help="leave out case 4")
    p.add_argument("--compare", metavar="BINARY",
                   help="another build of tinycollage (e.g. the one before a change) to time beside ours "
                        "(cases 1, 2, 6, and case 4's first screenful)")
    p.add_argument("--skip-camera", action="store_true", help="leave out case 5")
    p.add_argument("--camera-only", action="store_true", help="run case 5 (the camera's live view) alone")
    p.add_argument("--skip-startup", action="store_true", help="leave out case 6")
    p.add_argument("--startup-only", action="store_true", help="run case 6 (starting with nine photos) alone")
    p.add_argument("--paper-only", action="store_true", help="run the A3 300 dpi page (issue 22) alone")
    p.add_argument("--workers-only", action="store_true", help="run case 7 (a decoder worker's start-up) alone")
    return p.parse_args()


def reexec_under_xvfb():
    if os.environ.get("DISPLAY") or os.environ.get("BENCH_UNDER_XVFB"):
        return
    os.environ["BENCH_UNDER_XVFB"] = "1"
    argv = ["dbus-run-session", "--", "xvfb-run", "-a", "-s", "-screen 0 1280x1024x24 -nolisten tcp",
            sys.executable, os.path.abspath(__file__), *sys.argv[1:]]
    os.execvp(argv[0], argv)


def met(ok):
    return "met" if ok else "NOT MET"


def table(rows, header, align):
    """Prints rows under header; align holds one l (left) or r (right) per column."""
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]

    def line(r):
        return "  ".join(str(c).rjust(w) if a == "r" else str(c).ljust(w)
                         for c, w, a in zip(r, widths, align)).rstrip()
    log(line(header))
    log("  ".join("-" * w for w in widths))
    for r in rows:
        log(line(r))


def measure_startup(photos, compare, runs):
    log(f"bench: case 6: starting with nine photos, {runs} starts" + (" of each build, interleaved" if compare else "")
        + " ...")
    return startup.measure(photos, TINYCOLLAGE, compare=compare, runs=runs)


# What issue 14 measured on this machine before its work, from outside, for
# when no other build is given to time beside ours (--compare). Before it the
# photos appeared only at full quality, so both figures are the same moment.
BEFORE_ISSUE_14 = {"frame": 0.335, "photos": 0.570, "full": 0.570}


def report_startup(measured, compare, targets):
    samples, areas = measured
    ours = startup.summary(samples["ours"])
    before = startup.summary(samples["before"]) if "before" in samples else BEFORE_ISSUE_14
    side = areas["ours"][2]
    log(f"Case 6 (issue 14): starting the app with the nine 6000x4000 JPEGs (EXIF thumbnails) on its command line, "
        f"fresh home and thumbnail cache, watched from outside by polling the screen (medians of "
        f"{len(samples['ours'])} starts; preview square {side}x{side} px)")
    header = ["", "ours", "before (this run)" if compare else "before (issue 14's figures)", "target"]
    rows = []
    figures = [("window's first frame, after process start", "frame", "≤ 300 ms"),
               ("photos in the preview, after the first frame", "photos", "≤ 150 ms"),
               ("full-quality preview, after the first frame", "full", "≤ before")]
    for label, key, limit in figures:
        runs = ", ".join(f"{s[key] * 1000:.0f}" for s in samples["ours"])
        rows.append([label, f"{ours[key] * 1000:.0f} ms ({runs})",
                     f"{before[key] * 1000:.0f} ms" if before else "", limit])
    table(rows, header, "lrrl")
    if compare:
        log(f"  before: {compare}")
    targets.append(("case 6 window's first frame after process start", f"{ours['frame'] * 1000:.0f} ms", "≤ 300 ms",
                    ours["frame"] <= 0.300))
    targets.append(("case 6 photos in the preview after the first frame", f"{ours['photos'] * 1000:.0f} ms", "≤ 150 ms",
                    ours["photos"] <= 0.150))
    if before:
        targets.append(("case 6 full-quality preview after the first frame, ÷ before", f"{ours['full'] * 1000:.0f} ms",
                        f"≤ {before['full'] * 1000:.0f} ms", ours["full"] <= before["full"]))


def report_paper(photos, runs, targets):
    """Issue 22's A3 page at 300 dpi as JPEG, PNG and PDF, ours vs vips (paper.py)."""
    log(f"bench: A3 300 dpi ({paper.WIDTH}x{paper.HEIGHT}) ours / vips, JPEG PNG PDF ...")
    rows, ratios = paper.measure(photos, runs)
    log("")
    log(f"A3 at 300 dpi: nine 6000x4000 JPEGs -> {paper.WIDTH}x{paper.HEIGHT}; our memory is the peak of the "
        "summed RSS of render and its workers; vips cannot write such a PDF, so ours is timed against its PNG job")
    table(rows, paper.HEADER, "lrrrrrr")
    for ext, (r_time, r_mem) in ratios.items():
        targets += [(f"A3 {ext} ours ÷ vips" + (" (png)" if ext == "pdf" else ""), f"{r_time:.2f}", f"≤ {paper.TARGET_TIME}", r_time <= paper.TARGET_TIME),
                    (f"A3 {ext} peak ÷ (pixels + 100 MB)", f"{r_mem:.2f}", f"≤ {paper.TARGET_MEMORY}",
                     r_mem <= paper.TARGET_MEMORY)]


def main():
    args = parse_args()
    if not args.paper_only and (not args.skip_gallery or not args.skip_camera or not args.skip_startup):
        reexec_under_xvfb()
    if args.camera_only:
        targets = []
        camera.report(camera.run(), targets)
        table([[n, v, l, met(ok)] for n, v, l, ok in targets], ["target", "value", "limit", "met?"], "lrrl")
        return
    for binary in (TINYCOLLAGE, COLLAGE_BENCH):
        if not os.access(binary, os.X_OK):
            sys.exit(f"bench: {binary} missing: run `make release` first")
    compare = os.path.abspath(args.compare) if args.compare else None
    if args.workers_only:
        targets = []
        worker_startup.report(worker_startup.measure(compare), targets)
        table([[n, v, l, met(ok)] for n, v, l, ok in targets], ["target", "value", "limit", "met?"], "lrrl")
        return
    if args.paper_only:
        photos, _ = fixtures.ensure()
        warm_page_cache(photos)
        targets = []
        report_paper(photos, args.runs, targets)
        table([[n, v, l, met(ok)] for n, v, l, ok in targets], ["target", "value", "limit", "met?"], "lrrl")
        return
    if args.startup_only:
        photos, _ = fixtures.ensure()
        warm_page_cache(photos)
        targets = []
        report_startup(measure_startup(photos, compare, args.runs), compare, targets)
        table([[n, v, l, met(ok)] for n, v, l, ok in targets], ["target", "value", "limit", "met?"], "lrrl")
        return
    gallery.SCROLL_STEPS = args.scroll_steps
    peers.COMPARE = compare
    photos, folder = fixtures.ensure()
    # Every tool sees the same warm page cache (the gallery's 5,000 names share 100 files).
    warm_page_cache(photos + [os.path.join(fixtures.UNIQUE_DIR, f) for f in sorted(os.listdir(fixtures.UNIQUE_DIR))])
    log(f"bench: {CORES} cores, {args.runs} runs per measurement ({args.montage_runs} for montage), "
        f"load average {os.getloadavg()[0]:.1f} (other work on the machine skews the figures)")

    results, floors, targets = {}, {}, []
    for case in peers.CASES:
        d = case.dct_denominator()
        log(f"bench: {case.name}: djpeg -scale 1/{d} floor ...")
        floors[case.name] = peers.measure_floor(photos, d, args.runs)
        log(f"bench: {case.name}: {case.side}x{case.side} ours / vips / montage ...")
        results[case.name] = peers.measure(case, photos, args.runs, args.montage_runs)

    log("bench: case 3: collage-bench ...")
    try:
        prev = preview.measure(photos, processes=args.runs)
    except Exception as e:  # keep going: the other cases still tell something
        prev = None
        log(f"bench: case 3 failed: {e}")

    log("bench: case 3, the look: nine photos to 1080x1080, plain and styled ...")
    try:
        look = style.measure(photos, runs=max(3, min(args.runs, 5)))
    except Exception as e:
        look = None
        log(f"bench: case 3, the look, failed: {e}")

    cold = warm = hostile = firsts = None
    gallery_error = "skipped" if args.skip_gallery else None
    if not args.skip_gallery:
        log(f"bench: case 4: gallery of 5,000 photos, {gallery.SCROLL_STEPS} scroll steps, cold then warm cache ...")
        try:
            cold, warm = gallery.run(folder)
            log("bench: case 4, hostile: the same folder with SVGs that crash and hang librsvg ...")
            hostile = gallery.run(gallery.hostile_folder(folder), name="gallery-hostile-run")
            builds = {"ours": TINYCOLLAGE, **({"before": compare} if compare else {})}
            log(f"bench: case 4, first screenful: {args.runs} starts of {' and '.join(builds)}, cold then warm ...")
            firsts = gallery.first_screenfuls(folder, builds, runs=args.runs)
        except Exception as e:
            gallery_error = str(e)
            traceback.print_exc()

    starts = None
    if not args.skip_startup:
        try:
            starts = measure_startup(photos, compare, args.runs)
        except Exception as e:
            log(f"bench: case 6 failed: {e}")
            traceback.print_exc()

    # ---- Cases 1 and 2 -------------------------------------------------
    log("")
    log("Cases 1 and 2: nine 6000x4000 JPEGs (q90, ~8.3 MB) -> 3x3 collage, each photo aspect-filled into its cell")
    rows = []
    summary = {}
    limits = {"case1": 60, "case2": 150}
    for case in peers.CASES:
        s = results[case.name]
        med = {t: median([x[0] for x in v]) for t, v in s.items()}
        rss = {t: max(x[1] for x in v) for t, v in s.items()}
        workers = max(x[2] for x in s["ours"])
        seq, par = floors[case.name]
        floor = seq / CORES
        label = f"{case.name[-1]}: {case.side}x{case.side} {case.ext.upper()}"
        r_vips, r_mont, r_floor = med["ours"] / med["vips"], med["ours"] / med["montage"], med["ours"] / floor
        checks = [("÷vips", r_vips <= 0.5), ("÷montage", r_mont <= 0.1), ("÷floor", r_floor <= 1.5),
                  ("RSS", rss["ours"] <= limits[case.name])]
        failed = [n for n, ok in checks if not ok]
        for tool in ("ours", "before", "vips", "montage"):
            if tool not in s:
                continue
            v = [x[0] for x in s[tool]]
            target = (f"≤0.5×vips ≤0.1×montage ≤1.5×floor RSS≤{limits[case.name]}MB" if tool == "ours" else "")
            verdict = ("met" if not failed else "NOT MET: " + ", ".join(failed)) if tool == "ours" else ""
            name = {"ours": "ours (workers' peak RSS %.0f MB)" % workers, "before": "before (the --compare build)"}.get(tool, tool)
            rows.append([label, name, f"{med[tool]:.3f}", f"{min(v):.3f}-{max(v):.3f} ({len(v)})", f"{rss[tool]:.0f}",
                         f"{med[tool] / med['vips']:.2f}", f"{med[tool] / floor:.1f}", target, verdict])
        d = case.dct_denominator()
        rows.append([label, f"floor: 9×djpeg 1/{d} ÷ {CORES} cores", f"{floor:.3f}", f"(sequential {seq:.3f})", "",
                     f"{floor / med['vips']:.2f}", "1.0", "", ""])
        rows.append([label, f"floor: 9×djpeg 1/{d}, 2 at a time", f"{par:.3f}", "", "",
                     f"{par / med['vips']:.2f}", f"{par / floor:.1f}", "", ""])
        targets += [(f"case {case.name[-1]} ours ÷ vips", f"{r_vips:.2f}", "≤ 0.5", r_vips <= 0.5),
                    (f"case {case.name[-1]} ours ÷ montage", f"{r_mont:.2f}", "≤ 0.1", r_mont <= 0.1),
                    (f"case {case.name[-1]} ours ÷ decode floor (djpeg 1/{d} ÷ cores)", f"{r_floor:.2f}", "≤ 1.5",
                     r_floor <= 1.5),
                    (f"case {case.name[-1]} ours peak RSS (own process; workers {workers:.0f} MB)", f"{rss['ours']:.0f} MB",
                     f"≤ {limits[case.name]} MB", rss["ours"] <= limits[case.name])]
        if "before" in s:
            cost = med["ours"] / med["before"]
            targets.append((f"case {case.name[-1]} ours ÷ the --compare build", f"{cost:.2f}", "≤ 1.10", cost <= 1.10))
        summary[case.name] = (r_vips, rss["ours"])
    table(rows, ["case", "tool", "median s", "min-max s (runs)", "peak RSS MB", "÷vips", "÷floor", "target", "met?"],
          "llrlrrrll")

    log("")
    try:
        report_paper(photos, args.runs, targets)
    except Exception as e:  # keep going: the other cases still tell something
        log(f"bench: A3 page failed: {e}")

    log("")
    log("Outputs (same layout expected; RMSE vs ours with both scaled to 512x512: ~0 same layout, > 0.1 differs):")
    for case in peers.CASES:
        ours = case.output("ours")
        parts = []
        for tool in ("ours", "vips", "montage"):
            size = peers.image_size(case.output(tool))
            diff = peers.layout_rmse(ours, case.output(tool)) if tool != "ours" else None
            parts.append(f"{tool} {size}" + (f" RMSE {diff:.3f}" if diff is not None else
                                               " (compare failed)" if tool != "ours" else ""))
        log(f"  {case.name}: " + "; ".join(parts) + f"  [{os.path.dirname(ours)}]")
    log("Commands (photos in column-major order for ours; row order for the peers):")
    for case in peers.CASES:
        for tool, text in peers.commands_text(case, photos).items():
            log(f"  {case.name} {tool}: {text}")

    # ---- Case 3 ----------------------------------------------------------
    log("")
    floor1 = floors["case1"][0] / CORES
    if prev:
        log(f"Case 3: preview {prev['preview_size']} in the window's code path (collage-bench, medians of "
            f"{args.runs} processes; peak RSS {prev['rss_mb']:.0f} MB)")
        log(f"  first preview (decode included)  {prev['first_preview_ms']:8.1f} ms   "
            f"(runs: {', '.join(f'{x:.0f}' for x in prev['first_preview_all'])}; "
            f"{prev['first_preview_ms'] / 1000 / floor1:.1f}× floor {floor1 * 1000:.0f} ms)")
        log(f"  re-composite after a reorder     {prev['reorder_ms']:8.2f} ms")
        log(f"  re-composite after settings      {prev['settings_ms']:8.2f} ms")
        log(f"  re-composite with a title        {prev['title_above_ms']:8.2f} ms above, "
            f"{prev['title_overlay_ms']:.2f} ms over the photos, {prev['plain_reorder_ms']:.2f} ms without "
            f"(interleaved); {prev['title_typing_ms']:.2f} ms while typing")
        log(f"  arranging (interleaved)          {prev['layout_switch_ms']:8.2f} ms a layout switch, "
            f"{prev['swap_ms']:.2f} ms a swap, {prev['divider_frame_ms']:.2f} ms a divider drag frame, "
            f"{prev['arrange_reorder_ms']:.2f} ms a plain reorder; {prev['arrange_decodes']:.0f} decodes in all; "
            f"the mosaic for nine photos chosen in {prev['mosaic_choice_ms']:.3f} ms")
        targets += [("case 3 reorder re-composite 800x800", f"{prev['reorder_ms']:.2f} ms", "< 8 ms",
                     prev["reorder_ms"] < 8),
                    ("case 3 layout switch re-composite 800x800", f"{prev['layout_switch_ms']:.2f} ms", "≤ 2 ms",
                     prev["layout_switch_ms"] <= 2),
                    ("case 3 swap re-composite 800x800", f"{prev['swap_ms']:.2f} ms", "≤ 2 ms", prev["swap_ms"] <= 2),
                    ("case 3 divider drag frame 800x800", f"{prev['divider_frame_ms']:.2f} ms", "≤ 2 ms",
                     prev["divider_frame_ms"] <= 2),
                    ("case 3 mosaic choice, nine photos", f"{prev['mosaic_choice_ms']:.3f} ms", "≤ 1 ms",
                     prev["mosaic_choice_ms"] <= 1),
                    ("case 3 what a title adds to a re-composite 800x800", f"{prev['title_added_ms']:.2f} ms",
                     "≤ 5 ms", prev["title_added_ms"] <= 5),
                    ("case 3 first preview ÷ decode floor (djpeg 1/8 ÷ cores)",
                     f"{prev['first_preview_ms'] / 1000 / floor1:.2f}", "≤ 1.5",
                     prev["first_preview_ms"] / 1000 / floor1 <= 1.5)]
    else:
        log("Case 3: failed (see above)")
    if prev:
        log(f"  the look (shadow, blurred background, corners): re-composite {prev['styled_reorder_ms']:8.2f} ms "
            f"after a reorder, {prev['style_plain_reorder_ms']:.2f} ms plain (interleaved); "
            f"{prev['styled_reorder_remade']:.0f} shadow masks or backdrops made again")
        targets.append(("case 3 styled reorder re-composite 800x800", f"{prev['styled_reorder_ms']:.2f} ms", "≤ 8 ms",
                        prev["styled_reorder_ms"] <= 8))
    if look:
        log(f"  the look, saved: nine photos to 1080x1080 in {look['styled_render_ms']:.0f} ms styled, "
            f"{look['plain_render_ms']:.0f} ms plain (medians of {look['runs']} interleaved, one process): "
            f"{look['styled_render_ratio']:.2f}×")
        targets.append(("case 3 render 1080x1080 styled ÷ plain", f"{look['styled_render_ratio']:.2f}", "≤ 1.3",
                        look["styled_render_ratio"] <= 1.3))

    # ---- Case 4 ----------------------------------------------------------
    log("")
    if cold and warm:
        log(f"Case 4: gallery of 5,000 photos (1600x1200, 100 unique files hard-linked), watched from outside "
            f"(screen, /proc), scrolled through with the wheel in {gallery.SCROLL_STEPS} steps of "
            f"{gallery.CLICKS_PER_STEP} clicks")
        for name, r in (("cold", cold), ("warm", warm)):
            curve = " ".join(f"{k:.2f}:{v:.0f}" for k, v in sorted(r["rss_at"].items()))
            first, before = r["first_ms"], ""
            if firsts:
                first = median(firsts["ours"][name])
                runs = ", ".join(f"{v:.0f}" for v in firsts["ours"][name])
                before = f" (median of {len(firsts['ours'][name])} starts: {runs}"
                if "before" in firsts:
                    before += f"; before: {median(firsts['before'][name]):.0f} ms"
                before += ")"
                r["first_ms"] = first
            log(f"  {name} cache: first screenful {first:6.0f} ms after the first frame{before} "
                f"[{r['cells_shown']} of the {r['cells']} cells on screen; first frame {r['frame_ms']:.0f} ms "
                f"after start]")
            waits = gallery.SCROLL_STEPS * gallery.STEP_PLATEAU
            log(f"              scroll {r['scroll_s']:.1f} s (of which at least {waits:.0f} s the harness's own "
                f"per-step waits; {r['stalled_steps']} steps timed out), "
                f"RSS after {r['rss_mb']:.0f} MB, peak {r['peak_mb']:.0f} MB, RSS by scroll position {curve} MB, "
                f"files in thumbnails/ {r['cache_files']}")
        for name, r in (("cold", cold), ("warm", warm)):
            half = r["rss_at"].get(0.5, r["rss_mb"])
            ok = r["rss_mb"] <= half * 1.1
            targets.append((f"case 4 RSS bounded, {name} (end ≤ 1.1 × halfway {half:.0f} MB)",
                            f"{r['rss_mb']:.0f} MB", f"≤ {half * 1.1:.0f} MB", ok))
        targets.append(("case 4 first screenful, warm cache", f"{warm['first_ms']:.0f} ms", "< 300 ms",
                        warm["first_ms"] < 300))
        if hostile:
            h_cold, h_warm = hostile
            log(f"  with hostile SVGs first in the folder (a librsvg crash and a hang): first screenful cold "
                f"{h_cold['first_ms']:.0f} ms, warm {h_warm['first_ms']:.0f} ms [{h_warm['cells_shown']} of the "
                f"{h_warm['cells']} cells show photos]; RSS after {h_warm['rss_mb']:.0f} MB")
            targets.append(("case 4 first screenful with hostile files, warm cache", f"{h_warm['first_ms']:.0f} ms",
                            "< 300 ms", h_warm["first_ms"] < 300))
    else:
        log(f"Case 4: not measured ({gallery_error})")

    # ---- Case 5 ----------------------------------------------------------
    log("")
    cam = None
    if not args.skip_camera:
        try:
            cam = camera.run()
            camera.report(cam, targets)
        except Exception as e:
            log(f"Case 5: failed ({e})")

    # ---- Case 6 ----------------------------------------------------------
    log("")
    if starts:
        report_startup(starts, compare, targets)
    else:
        log("Case 6: not measured" + (" (skipped)" if args.skip_startup else " (see above)"))

    # ---- Case 7 ----------------------------------------------------------
    log("")
    worker_figures = None
    try:
        worker_figures = worker_startup.measure(compare)
        worker_startup.report(worker_figures, targets)
    except Exception as e:
        log(f"Case 7: failed ({e})")

    log("")
    log(f"Load average at the end: {os.getloadavg()[0]:.1f}")
    log("Targets:")
    table([[n, v, l, met(ok)] for n, v, l, ok in targets], ["target", "value", "limit", "met?"], "lrrl")
    log("")
    parts = [f"case1 ours/vips {summary['case1'][0]:.2f} (RSS {summary['case1'][1]:.0f} MB)",
             f"case2 ours/vips {summary['case2'][0]:.2f} (RSS {summary['case2'][1]:.0f} MB)"]
    if prev:
        parts += [f"reorder {prev['reorder_ms']:.1f} ms", f"styled reorder {prev['styled_reorder_ms']:.1f} ms",
                  f"first preview {prev['first_preview_ms'] / 1000 / floor1:.2f}x floor"]
    if cold and warm:
        parts += [f"gallery warm first screen {warm['first_ms']:.0f} ms",
                  f"gallery RSS {warm['rss_mb']:.0f} MB (cold {cold['rss_mb']:.0f} MB)"]
    if cam:
        parts.append(f"camera live view {cam['cost']:.1f} % of a core")
    if starts:
        ours = startup.summary(starts[0]["ours"])
        parts.append(f"start: first frame {ours['frame'] * 1000:.0f} ms, photos +{ours['photos'] * 1000:.0f} ms, "
                     f"full +{ours['full'] * 1000:.0f} ms")
    if worker_figures:
        parts.append(f"worker ready {worker_figures['worker_startup_ms']:.0f} ms, "
                     f"{worker_figures['worker_resident_mb']:.0f} MB")
    parts.append(f"targets met {sum(t[3] for t in targets)}/{len(targets)}")
    print("summary: " + ", ".join(parts), flush=True)


if __name__ == "__main__":
    main()

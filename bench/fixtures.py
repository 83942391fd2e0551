# Makes the benchmark's inputs once, deterministically, under .bench/: nine
# 6000x4000 photo-like JPEGs at quality 90 (smooth plasma colour fields with
# Gaussian grain, ~8 MB each, numbered 1-9 in the middle so layouts can be told
# apart), each carrying an EXIF thumbnail as cameras write it (160x120 in
# IFD1, the 3:2 photo letterboxed in black, made by exiftool), and a gallery folder of 5,000 1600x1200 JPEGs: 100 unique images made
# the same way, hard-linked to IMG_0001.jpg ... IMG_5000.jpg. A stamp file
# holding the recipe marks them done; change the recipe and they are remade.

import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

from common import BENCH_DIR, CONVERT, log

PHOTO_COUNT = 9
PHOTO_SIZE = (6000, 4000)
GALLERY_COUNT = 5000
GALLERY_UNIQUE = 100
GALLERY_SIZE = (1600, 1200)
GRAIN = 0.34  # -attenuate: 0.2 gives ~4 MB, 0.6 ~16 MB at 6000x4000
QUALITY = 90
# The nine photos' embedded thumbnail: its size, the photo fitted inside it on black.
EXIF_THUMBNAIL = (160, 120)
# A font by name: ImageMagick's default (Helvetica) needs Ghostscript's fonts,
# which a fresh machine lacks; DejaVu comes with fontconfig (fonts-dejavu-core).
FONT = "DejaVu-Sans"
RECIPE = f"v3 exif-thumbnail={EXIF_THUMBNAIL} font={FONT} photos={PHOTO_COUNT}x{PHOTO_SIZE} gallery={GALLERY_COUNT}/{GALLERY_UNIQUE}x{GALLERY_SIZE} grain={GRAIN} q={QUALITY}"

PHOTOS_DIR = os.path.join(BENCH_DIR, "photos")
GALLERY_DIR = os.path.join(BENCH_DIR, "gallery")
UNIQUE_DIR = os.path.join(BENCH_DIR, "gallery-unique")
STAMP = os.path.join(BENCH_DIR, "fixtures.stamp")


def photo_paths():
    return [os.path.join(PHOTOS_DIR, f"photo{i}.jpg") for i in range(1, PHOTO_COUNT + 1)]


def photo_like(seed, size, label, path):
    """A smooth colour field (plasma at 1/10 size, blurred, scaled up) with grain."""
    w, h = size
    return [CONVERT, "-seed", str(seed), "-size", f"{w // 10}x{h // 10}", "plasma:fractal",
            "-blur", "0x3" if w > 2000 else "0x1",
            "-fill", "rgba(255,255,255,0.5)", "-font", FONT, "-gravity", "center", "-pointsize", str(h // 40),
            "-annotate", "0", label, "-resize", f"{w}x{h}!", "-attenuate", str(GRAIN),
            "+noise", "Gaussian", "-strip", "-quality", str(QUALITY), path]


def add_exif_thumbnail(path):
    """Embeds a camera-style EXIF thumbnail (IFD1 JPEG) with exiftool."""
    w, h = EXIF_THUMBNAIL
    thumb = path + ".thumb.jpg"
    subprocess.run([CONVERT, path, "-thumbnail", f"{w}x{h}", "-background", "black", "-gravity", "center",
                    "-extent", f"{w}x{h}", "-strip", "-quality", "80", thumb], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-Make=TinyCollage Bench", "-Model=Plasma 24",
                    "-Orientation#=1", f"-ThumbnailImage<={thumb}", path], check=True)
    os.remove(thumb)


def ensure():
    """Returns (nine photo paths, gallery folder), making them if needed."""
    try:
        with open(STAMP) as f:
            if f.read().strip() == RECIPE:
                return photo_paths(), GALLERY_DIR
    except FileNotFoundError:
        pass
    log(f"fixtures: generating under {BENCH_DIR} (once; about a minute)")
    for d in (PHOTOS_DIR, GALLERY_DIR, UNIQUE_DIR):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    jobs = [photo_like(i, PHOTO_SIZE, str(i), p) for i, p in enumerate(photo_paths(), 1)]
    uniques = [os.path.join(UNIQUE_DIR, f"u{i:03d}.jpg") for i in range(GALLERY_UNIQUE)]
    jobs += [photo_like(1000 + i, GALLERY_SIZE, str(i), p) for i, p in enumerate(uniques)]
    # Two at a time: the machine has two cores and each convert needs ~0.4 GB.
    with ThreadPoolExecutor(max_workers=2) as pool:
        for _ in pool.map(lambda argv: subprocess.run(argv, check=True), jobs):
            pass
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(add_exif_thumbnail, photo_paths()))
    for n in range(GALLERY_COUNT):
        os.link(uniques[n % GALLERY_UNIQUE], os.path.join(GALLERY_DIR, f"IMG_{n + 1:04d}.jpg"))
    sizes = [os.path.getsize(p) / 1e6 for p in photo_paths()]
    log(f"fixtures: photos {min(sizes):.1f}-{max(sizes):.1f} MB, gallery {GALLERY_COUNT} files")
    with open(STAMP, "w") as f:
        f.write(RECIPE + "\n")
    return photo_paths(), GALLERY_DIR


if __name__ == "__main__":
    ensure()

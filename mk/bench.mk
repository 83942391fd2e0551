# `make bench` (not part of `make check`): makes its inputs once under .bench/
# (nine 6000x4000 JPEGs and a 5,000-photo gallery folder, about two minutes the
# first time), then times `tinycollage render` against libvips and ImageMagick
# and the djpeg decode floor, the preview in the window's code path
# (collage-bench), and under Xvfb the gallery, the camera page and the start
# with nine photos (the release app watched from outside, by polling the
# screen), issue 22's A3 page at 300 dpi beside libvips (bench/paper.py),
# and prints a table whose last line is a one-line summary. See
# bench/bench.py; BENCH_ARGS passes options to it (e.g. --runs 3,
# --skip-gallery, --camera-only, --startup-only, --compare OTHER-BUILD).
# Debian's python3 runs it: python3-xlib and python3-pyatspi are its
# packages. Takes ~15 minutes.

# This fragment is included before the Makefile's first rule: keep `all` the
# default goal rather than the first target below.
ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

BENCH_ARGS ?=

.PHONY: bench

bench: deps release
	dbus-run-session -- xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" \
		/usr/bin/python3 bench/bench.py $(BENCH_ARGS)

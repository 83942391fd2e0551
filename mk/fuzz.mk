# Fuzzing what crosses the app's boundaries (Sources/CollageFuzz, the
# collage-fuzz program): the image loaders (SVG through decoder workers, the
# fuzzer itself run as one), the session decoder, and the decoder-worker
# protocol from the app's side against fake workers.
# `make fuzz` runs the seeded mutation fuzzer for FUZZ_SECONDS with a new seed
# each time (printed; FUZZ_SEED=N replays a run), `make fuzz-short` for
# FUZZ_SHORT_SECONDS with a fixed seed, for `make check`. Both exit non-zero on
# a crash, a hang or a failed check, and keep the inputs that caused them in
# FUZZ_KEEP. The fuzzer is built with AddressSanitizer in a scratch path of its
# own, so the normal build is not disturbed. ASan's runtime and llvm-symbolizer
# come with the Swift toolchain (/opt/swift/usr/lib/swift/clang/lib/linux), so
# no Debian package is needed beyond what `deps` installs (ImageMagick,
# exiftool and the WebP loader make and read the seed images). Decoder workers
# run under AddressSanitizer too: their address-space limit is counted from
# their size at start-up, shadow memory included.

# This fragment is included before the Makefile's first rule: keep `all` the
# default goal rather than the first target below.
ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

FUZZ_SECONDS ?= 300
FUZZ_SHORT_SECONDS ?= 20
FUZZ_SHORT_SEED ?= 1
FUZZ_SEED ?=
# More options for collage-fuzz, e.g. --allow-problems, --hang-seconds N, seed files.
FUZZ_ARGS ?=
FUZZ_SCRATCH := $(BUILD)/asan
FUZZ_BIN := $(FUZZ_SCRATCH)/debug/collage-fuzz
FUZZ_KEEP ?= $(BUILD)/fuzz

# A debug build: collage-fuzz reaches JPEGEndCheck through @testable import,
# which needs the testability a debug build has. lld, which the toolchain
# ships, links the sanitizer runtime without gold's "Cannot export local
# symbol" warnings.
FUZZ_BUILD_FLAGS := --scratch-path $(FUZZ_SCRATCH) -Xswiftc -sanitize=address -Xswiftc -use-ld=lld

# AddressSanitizer with GLib and gdk-pixbuf:
#   detect_leaks=0             GLib's type system, gdk-pixbuf's loader modules and
#                              Foundation keep allocations until the process ends;
#                              LeakSanitizer would report them at every exit.
#   allocator_may_return_null=1  gdk-pixbuf asks for pixel buffers with g_try_malloc
#                              and copes with NULL; ASan would abort instead of
#                              returning NULL for a size it cannot allocate.
#   handle_abort=1, handle_sigill=1  a stack trace for abort() (g_error, failed
#                              g_assert) and for Swift's runtime traps (ud2, SIGILL)
#                              too, not only for memory errors and SIGSEGV.
#   G_SLICE=always-malloc      GLib 2.74's slice allocator carves its own blocks,
#                              which ASan cannot see into; plain malloc it can.
FUZZ_ENV := ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:handle_abort=1:handle_sigill=1 \
	G_SLICE=always-malloc

.PHONY: fuzz fuzz-short fuzz-build

fuzz-build: deps
	swift build $(FUZZ_BUILD_FLAGS) --product collage-fuzz

fuzz: fuzz-build
	$(FUZZ_ENV) $(FUZZ_BIN) --seconds $(FUZZ_SECONDS) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED)) \
		--keep $(FUZZ_KEEP) $(FUZZ_ARGS)

fuzz-short: fuzz-build
	$(FUZZ_ENV) $(FUZZ_BIN) --seconds $(FUZZ_SHORT_SECONDS) --seed $(FUZZ_SHORT_SEED) \
		--keep $(FUZZ_KEEP)/short $(FUZZ_ARGS)

# TinyCollage: `make run` and `make check` set up a fresh Debian 12 machine
# (installing what is missing with apt-get, through sudo when not root),
# build, and run the app or every test. See README.md.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

APP_ID := io.github.tinycollage.TinyCollage
PREFIX ?= /usr/local
DESTDIR ?=
BUILD := .build
DEBUG_BIN := $(BUILD)/debug/tinycollage
RELEASE_BIN := $(BUILD)/release/tinycollage
LOCALE_DIR := $(BUILD)/locale
SCHEMA_DIR := $(BUILD)/schemas
LINGUAS := $(shell cat po/LINGUAS 2>/dev/null)
SOURCES := $(shell find Sources -name '*.swift' -o -name '*.h' -o -name '*.modulemap') Package.swift

# Debian packages: the GTK stack to build against, libseccomp and libtiff for
# the decoder workers (their sandbox; why a TIFF cannot be read), fonts for the
# title in any script (DejaVu: Latin, Greek, Cyrillic, Hebrew, Arabic; Noto
# CJK: Japanese, Chinese, Korean), photo metadata and the offline place
# database for title suggestions (gexiv2, libgeonames), gdk-pixbuf loaders
# for phone photos, validators, gettext, and what the tests and benchmarks
# drive (webp's img2webp makes animated WebP fixtures; Nautilus and AT-SPI;
# python3-xlib, with which the benchmark watches the screen);
# GStreamer for the camera (videotestsrc and decodebin in -base, v4l2src and
# jpegdec in -good, pipewiresrc for the Camera portal); weston, a headless
# Wayland compositor for the window tests on Wayland.
DEBIAN_PACKAGES := pkg-config libgtk-4-dev libadwaita-1-dev libgdk-pixbuf-2.0-dev libglib2.0-dev-bin libseccomp-dev libtiff-dev \
	libpango1.0-dev fonts-noto-cjk libgexiv2-dev libgeonames-dev \
	librsvg2-common heif-gdk-pixbuf webp-pixbuf-loader libavif-gdk-pixbuf \
	gettext desktop-file-utils appstream \
	xvfb xauth dbus dbus-x11 xdotool imagemagick libimage-exiftool-perl \
	libjpeg-turbo-progs libvips-tools time fonts-dejavu-core webp \
	nautilus at-spi2-core python3-pyatspi python3-xlib \
	libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good \
	gstreamer1.0-pipewire weston
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

# bubblewrap, which every decoder worker starts in (a run-time dependency),
# and libstdc++ for the C++ guard around gexiv2 (CMetadataGuard).
DEBIAN_PACKAGES += bubblewrap libstdc++-12-dev

# valgrind: the leak tests run the loading path and the window under memcheck.
DEBIAN_PACKAGES += valgrind

# poppler-utils: the PDF and print tests read the written page back (pdfinfo,
# pdfimages, pdftotext, pdftoppm, pdftocairo), also what GTK's Print to File wrote.
DEBIAN_PACKAGES += poppler-utils

# shared-mime-info's update-mime-database checks the project MIME type and
# builds a database of it for the tests, where gio (libglib2.0-bin) reads it.
DEBIAN_PACKAGES += shared-mime-info libglib2.0-bin

# xclip: the clipboard's window tests read what Copy offers and offer what Paste takes.
DEBIAN_PACKAGES += xclip

.PHONY: all deps toolchain build release data run check test validate install uninstall pot clean

all: build

# Fuzzing and benchmarks live in fragments of their own.
include mk/*.mk

# NO_DEPS=1 builds without installing anything: the Debian package build
# (debian/rules) and the Flatpak run where their build dependencies are
# already there, and must not call apt-get.
deps: toolchain
ifndef NO_DEPS
	@missing=""; for p in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endif

toolchain:
	@command -v swift >/dev/null || { echo "Swift 6 not found (expected at /opt/swift/usr/bin/swift)"; exit 1; }

build: deps data
	swift build

release: deps data
	swift build -c release --static-swift-stdlib --scratch-path $(BUILD)

# Message catalogues and the compiled schema, where the binary finds them
# when it runs from the build tree.
data: $(SCHEMA_DIR)/gschemas.compiled $(foreach l,$(LINGUAS),$(LOCALE_DIR)/$(l)/LC_MESSAGES/tinycollage.mo)

$(SCHEMA_DIR)/gschemas.compiled: data/$(APP_ID).gschema.xml
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) data

$(LOCALE_DIR)/%/LC_MESSAGES/tinycollage.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

run: release
	$(RELEASE_BIN) $(ARGS)

# Every test: unit, command line and window tests (under Xvfb, in a private
# D-Bus session), after the validators of data/ and po/ and a short run of
# the loading path's fuzzer under AddressSanitizer, the Flatpak manifest's
# check (mk/flatpak.mk) and the Debian package installed in a fresh Debian 12
# root (mk/deb.mk).
check: build validate fuzz-short flatpak-check deb-test
	build-aux/run-tests

test: check

validate: deps
	desktop-file-validate data/$(APP_ID).desktop
	@# Debian 12's appstream 0.16 does not know <developer> (AppStream 1.0,
	@# which Flathub asks for): that one tag is demoted, everything else is strict.
	appstreamcli validate --no-net --explain --strict --override=unknown-tag=pedantic data/$(APP_ID).metainfo.xml
	glib-compile-schemas --strict --dry-run data
	@# The MIME type, built into a database of its own: update-mime-database
	@# says what it cannot parse or use, yet exits 0, so anything it says fails
	@# here (with the folder in XDG_DATA_DIRS it has no note to add).
	@tmp=$$(mktemp -d); mkdir -p $$tmp/mime/packages; cp data/$(APP_ID).mime.xml $$tmp/mime/packages/$(APP_ID).xml; \
	out=$$(XDG_DATA_DIRS=$$tmp update-mime-database $$tmp/mime 2>&1); \
	ok=$$([ -s $$tmp/mime/mime.cache ] && grep -qx 'application/x-tinycollage-project' $$tmp/mime/types && echo yes); rm -rf $$tmp; \
	if [ "$$ok" != yes ] || [ -n "$$out" ]; then echo "data/$(APP_ID).mime.xml: $$out"; exit 1; fi; \
	echo "data/$(APP_ID).mime.xml: application/x-tinycollage-project in a mime.cache"
	@grep -qx 'MimeType=application/x-tinycollage-project;' data/$(APP_ID).thumbnailer && \
		grep -q '^Exec=tinycollage thumbnail -s %s %u %o$$' data/$(APP_ID).thumbnailer || \
		{ echo "data/$(APP_ID).thumbnailer: no MimeType= or Exec= for the project thumbnailer"; exit 1; }
	@for l in $(LINGUAS); do echo "msgfmt --check po/$$l.po"; msgfmt --check --statistics -o /dev/null po/$$l.po || exit 1; done
	@$(MAKE) --no-print-directory pot-check

# The template from the sources; pot-check fails when a message is missing from it.
# The app's messages are tr()/trn()/trc(); the render layer's failure words
# (FailureWords.swift) are marked N_() and translated where they are shown.
POT := po/tinycollage.pot
POT_SOURCES = { grep -rlE '\btr[nc]?\(' Sources/TinyCollage; grep -rlE '\bN_\(' Sources/CollageRender; } | sort
POT_KEYWORDS = --keyword=tr --keyword=trn:1,2 --keyword=trc:1c,2 --keyword=N_
pot:
	$(POT_SOURCES) > po/POTFILES
	xgettext --language=C --from-code=UTF-8 $(POT_KEYWORDS) --add-comments=TRANSLATORS \
		--package-name=TinyCollage --msgid-bugs-address=https://github.com/tinycollage/TinyCollage/issues \
		--files-from=po/POTFILES --output=$(POT)
	@for l in $(LINGUAS); do msgmerge --quiet --update --backup=none po/$$l.po $(POT); done

pot-check:
	@$(POT_SOURCES) | diff -q - po/POTFILES >/dev/null || \
		{ echo "po/POTFILES does not list every file with translatable messages: run 'make pot'"; exit 1; }
	@tmp=$$(mktemp); xgettext --language=C --from-code=UTF-8 $(POT_KEYWORDS) \
		--files-from=po/POTFILES --output=$$tmp; \
	missing=$$(msgcomm --less-than=2 --unique $$tmp $(POT) 2>/dev/null | grep -c '^msgid "' ); rm -f $$tmp; \
	for l in $(LINGUAS); do \
		untranslated=$$(msgattrib --untranslated --no-obsolete po/$$l.po | grep -c '^msgid "' || true); \
		fuzzy=$$(msgattrib --only-fuzzy --no-obsolete po/$$l.po | grep -c '^msgid "' || true); \
		if [ "$$untranslated" -gt 1 ] || [ "$$fuzzy" -gt 0 ]; then \
			echo "po/$$l.po: $$untranslated untranslated, $$fuzzy fuzzy (run 'make pot' and translate)"; exit 1; fi; \
	done; \
	if [ "$$missing" -gt 0 ]; then echo "po/tinycollage.pot is out of date with the sources: run 'make pot'"; exit 1; fi
	@echo "po: every message is in the template and translated"

# With DESTDIR (a package build) the caches are left to the system that
# installs the files: Debian's triggers, Flatpak's build-finish.
install: release $(MAN_PAGE)
	install -Dm755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/tinycollage
	$(if $(MAN_PAGE),install -Dm644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/tinycollage.1)
	install -Dm644 data/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -Dm644 data/$(APP_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	install -Dm755 $(BUILD)/release/tinycollage-decoder $(DESTDIR)$(PREFIX)/libexec/tinycollage/tinycollage-decoder
	install -Dm644 data/icons/hicolor/scalable/apps/$(APP_ID).svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 data/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg
	install -Dm644 data/$(APP_ID).gschema.xml $(DESTDIR)$(PREFIX)/share/glib-2.0/schemas/$(APP_ID).gschema.xml
	$(if $(DESTDIR),,glib-compile-schemas $(PREFIX)/share/glib-2.0/schemas)
	install -Dm644 data/$(APP_ID).mime.xml $(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml
	install -Dm644 data/$(APP_ID).thumbnailer $(DESTDIR)$(PREFIX)/share/thumbnailers/$(APP_ID).thumbnailer
	$(if $(DESTDIR),,update-mime-database $(PREFIX)/share/mime)
	@for l in $(LINGUAS); do \
		install -Dm644 $(LOCALE_DIR)/$$l/LC_MESSAGES/tinycollage.mo \
			$(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/tinycollage.mo; done
	$(if $(DESTDIR),,-gtk4-update-icon-cache -q -t -f $(PREFIX)/share/icons/hicolor 2>/dev/null)
	$(if $(DESTDIR),,-update-desktop-database -q $(PREFIX)/share/applications 2>/dev/null)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tinycollage $(DESTDIR)$(PREFIX)/libexec/tinycollage/tinycollage-decoder \
		$(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop \
		$(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg \
		$(DESTDIR)$(PREFIX)/share/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg \
		$(DESTDIR)$(PREFIX)/share/glib-2.0/schemas/$(APP_ID).gschema.xml \
		$(DESTDIR)$(PREFIX)/share/mime/packages/$(APP_ID).xml \
		$(DESTDIR)$(PREFIX)/share/thumbnailers/$(APP_ID).thumbnailer \
		$(DESTDIR)$(PREFIX)/share/man/man1/tinycollage.1
	@for l in $(LINGUAS); do rm -f $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/tinycollage.mo; done
	$(if $(DESTDIR),,-update-mime-database $(PREFIX)/share/mime 2>/dev/null)

clean:
	rm -rf $(BUILD)

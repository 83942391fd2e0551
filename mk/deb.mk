# The Debian package: `make deb` builds it from debian/ with
# dpkg-buildpackage (debhelper 13; debian/rules calls this Makefile with
# NO_DEPS=1) and leaves the binary package, its -dbgsym package, .buildinfo
# and .changes in dist/, then runs lintian on the .changes: an error, or a
# warning without an override in debian/, fails it. `make deb-test` installs
# the package in a fresh Debian 12 root made by mmdebstrap and uses it there
# (build-aux/deb-test/); `make check` runs it. What goes into the package and
# how it is built is debian/'s business, not this file's.

# This fragment is included before the Makefile's first rule: keep `all` the
# default goal rather than the first target below.
ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

# What building and testing the package needs on this machine, beyond the
# build dependencies that the Makefile's list already has: build-essential
# (which dpkg-buildpackage checks for), debhelper and help2man (debian/control's
# Build-Depends), lintian, mmdebstrap (uidmap for its unshare mode, when not
# root), and bubblewrap to enter the fresh root (build-aux/deb-test/run says
# why).
DEBIAN_PACKAGES += build-essential debhelper help2man lintian mmdebstrap uidmap bubblewrap

DIST := dist
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version 2>/dev/null)
DEB_UPSTREAM_VERSION = $(firstword $(subst -, ,$(DEB_VERSION)))
DEB_ARCH = $(shell dpkg --print-architecture 2>/dev/null)
DEB_NAME = tinycollage_$(DEB_VERSION)_$(DEB_ARCH)
DEB_FILE = $(DIST)/$(DEB_NAME).deb
DEB_TEST_DIR := $(BUILD)/deb-test

.PHONY: deb deb-test deb-test-refusal

# dpkg-buildpackage would write next to the source tree (".."); every
# output is sent to dist/ instead, so worktrees side by side do not meet.
deb: deps
	@mkdir -p $(DIST)
	rm -f $(DIST)/tinycollage_* $(DIST)/tinycollage-dbgsym_*
	DEB_DESTDIR=$(CURDIR)/$(DIST) dpkg-buildpackage -us -uc -b \
		--buildinfo-option=-u$(DIST) --buildinfo-file=$(DIST)/$(DEB_NAME).buildinfo \
		--changes-option=-u$(DIST) --changes-file=$(DIST)/$(DEB_NAME).changes
	lintian -EvIL +pedantic --fail-on error,warning $(DIST)/$(DEB_NAME).changes
	@ls -l $(DIST)

# The package, rebuilt for deb-test only when a tracked file that goes into
# it is newer than it.
$(DEB_FILE): $(wildcard $(shell git ls-files Package.swift Sources data po debian Makefile mk \
		build-aux/tinycollage.h2m build-aux/man-sections.pl 2>/dev/null))
	$(MAKE) --no-print-directory deb

deb-test: deps deb-test-refusal $(DEB_FILE)
	build-aux/deb-test/run $(DEB_FILE) $(DEB_UPSTREAM_VERSION) $(DEB_TEST_DIR)

# Where neither root nor user namespaces are to be had, deb-test must say so
# and fail: run it as an ordinary user in a sandbox that forbids them; and
# where user namespaces work but the user has no subordinate ids (nobody has
# none), it must say that. The script is copied where the user `nobody` can
# read it, whatever folder the tree is in (a clone under /tmp, which the
# sandbox hides, or under a home only root may enter).
deb-test-refusal:
	@tmp=$$(mktemp -d); chmod 755 "$$tmp"; install -m755 build-aux/deb-test/run "$$tmp/run"; \
	sandbox="bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --ro-bind $$tmp /tmp/deb-test \
		--unshare-user --uid 65534 --gid 65534"; \
	out=$$($$sandbox --disable-userns /tmp/deb-test/run $(DEB_FILE) 0 /tmp/x 2>&1); status=$$?; \
	if [ $$status -ne 1 ] || ! echo "$$out" | grep -q "cannot run: .*may not create user namespaces"; then \
		rm -rf "$$tmp"; echo "deb-test-refusal: expected status 1 and the reason, got $$status: $$out"; exit 1; fi; \
	echo "deb-test-refusal: without root or user namespaces deb-test says: $${out#deb-test: }"; \
	out=$$($$sandbox /tmp/deb-test/run $(DEB_FILE) 0 /tmp/x 2>&1); status=$$?; rm -rf "$$tmp"; \
	if [ $$status -ne 1 ] || ! echo "$$out" | grep -q "cannot run: .*/etc/subuid"; then \
		echo "deb-test-refusal: expected status 1 and the reason, got $$status: $$out"; exit 1; fi; \
	echo "deb-test-refusal: without subordinate ids deb-test says: $${out#deb-test: }"

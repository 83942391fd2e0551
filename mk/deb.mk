# The Debian package: `make deb` builds it from debian/ with
# dpkg-buildpackage (debhelper 13; debian/rules calls this Makefile with
# NO_DEPS=1) and leaves the binary package, its -dbgsym package, .buildinfo
# and .changes in dist/, then runs lintian on the .changes: an error, or a
# warning without an override in debian/, fails it. What goes into the
# package and how it is built is debian/'s business, not this file's.

# This fragment is included before the Makefile's first rule: keep `all` the
# default goal rather than the first target below.
ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

# What building and checking the package needs on this machine, beyond the
# build dependencies that the Makefile's list already has: build-essential
# (which dpkg-buildpackage checks for), debhelper and help2man (debian/control's
# Build-Depends) and lintian.
DEBIAN_PACKAGES += build-essential debhelper help2man lintian

DIST := dist
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version)
DEB_ARCH = $(shell dpkg --print-architecture)
DEB_NAME = tinycollage_$(DEB_VERSION)_$(DEB_ARCH)

.PHONY: deb

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


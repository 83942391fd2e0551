# The manual page, tinycollage(1), made at build time by help2man from the
# release binary's own --help and --version, so a new option reaches the page
# without anyone editing it; build-aux/tinycollage.h2m adds what --help does
# not say (exit status of the window, files, environment, examples), and
# build-aux/man-sections.pl gives each command its own part of the page.
# `make install` installs it (MAN_PAGE= leaves it out: the Flatpak's SDK
# has no help2man); compressing it is left to the packaging (dh_compress in
# the Debian package).

# This fragment is included before the Makefile's first rule: keep `all` the
# default goal rather than the first target below.
ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

MAN_PAGE := $(BUILD)/man/tinycollage.1

.PHONY: man

man: $(MAN_PAGE)

# On the phony `release`, not on the binary's file: the binary has no rule of
# its own, and help2man takes well under a second. English whatever the
# builder's locale (C.UTF-8 keeps the help's typographic quotes). help2man
# dates the page by SOURCE_DATE_EPOCH when it is set (dpkg-buildpackage sets
# it from debian/changelog), so two package builds make the same page.
$(MAN_PAGE): release build-aux/tinycollage.h2m build-aux/man-sections.pl
	@mkdir -p $(dir $@)
	LANGUAGE= LANG= LC_ALL=C.UTF-8 \
		help2man --locale=C.UTF-8 --no-info --section=1 \
		--name="turn up to nine photos into one collage image" \
		--include=build-aux/tinycollage.h2m --output=$@.raw $(RELEASE_BIN)
	perl -0p build-aux/man-sections.pl $@.raw > $@.tmp
	@! grep -q '^Usage: ' $@.tmp || { echo "$@: a command's usage was not made a section (build-aux/man-sections.pl)"; exit 1; }
	@sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' $@.tmp | grep -q '^render ' || \
		{ echo "$@: the commands are missing from SYNOPSIS (build-aux/man-sections.pl)"; exit 1; }
	rm -f $@.raw && mv $@.tmp $@

# `make flatpak-check`: what can be checked of the Flatpak manifest
# (build-aux/flatpak/) on a machine that cannot reach Flathub, where the
# GNOME 50 runtime and the Swift 6 SDK extension come from. flatpak-builder
# reads the manifest as it would to build it (--show-manifest) and must not
# find a property it does not know; the permissions must be exactly those the
# app uses. Both checks are also run on a broken copy, which must fail them.
# Building the Flatpak is left to a machine with Flathub (README.md, Install).

# This fragment is included before the Makefile's first rule: keep `all` the
# default goal rather than the first target below.
ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

DEBIAN_PACKAGES += flatpak-builder

FLATPAK_MANIFEST := build-aux/flatpak/$(APP_ID).yml
FLATPAK_CHECK := build-aux/flatpak/check-manifest

.PHONY: flatpak-check

flatpak-check: deps
	$(FLATPAK_CHECK) $(FLATPAK_MANIFEST)
	@broken=$$(mktemp --suffix=.yml); \
	sed 's/^  - --device=dri$$/  - --device=all/' $(FLATPAK_MANIFEST) > $$broken; \
	if $(FLATPAK_CHECK) $$broken > /dev/null 2>&1; then echo "flatpak-check passed a manifest asking for --device=all"; rm -f $$broken; exit 1; fi; \
	sed 's/^        skip:$$/        skipped:/' $(FLATPAK_MANIFEST) > $$broken; \
	if $(FLATPAK_CHECK) $$broken > /dev/null 2>&1; then echo "flatpak-check passed a manifest with an unknown property"; rm -f $$broken; exit 1; fi; \
	rm -f $$broken; echo "flatpak-check: it fails a manifest with an unknown property or a permission too many"

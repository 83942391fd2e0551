// The C side of CollageMetadata: libgeonames (GeoNames' cities of 15,000
// people or more, offline, with their names translated through its own
// gettext domain). Kept apart from CGtk so that only CollageMetadata sees
// it; photos' metadata is read in the decoder workers (CMetadataGuard).
#ifndef TINYCOLLAGE_METADATA_SHIM_H
#define TINYCOLLAGE_METADATA_SHIM_H

#include <geonames.h>

#endif

// The C side of CollageMetadata: libgweather 4 (its offline database of
// places). Kept apart from CGtk so that only CollageMetadata sees it; photos'
// metadata is read in the decoder workers (CMetadataGuard).
#ifndef TINYCOLLAGE_METADATA_SHIM_H
#define TINYCOLLAGE_METADATA_SHIM_H

#include <libgweather/gweather.h>

#endif

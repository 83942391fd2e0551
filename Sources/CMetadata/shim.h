// The C side of CollageMetadata: gexiv2 (EXIF, over Exiv2) and libgweather 4
// (its offline database of places). Kept apart from CGtk so that only
// CollageMetadata sees these libraries; the rest of the app asks it.
#ifndef TINYCOLLAGE_METADATA_SHIM_H
#define TINYCOLLAGE_METADATA_SHIM_H

#include <gexiv2/gexiv2.h>
#include <libgweather/gweather.h>

#endif

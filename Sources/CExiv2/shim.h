// gexiv2 (EXIF and XMP over Exiv2), for the decoder workers only: the one
// caller is CMetadataGuard, which keeps Exiv2's C++ exceptions on its side.
#ifndef TINYCOLLAGE_EXIV2_SHIM_H
#define TINYCOLLAGE_EXIV2_SHIM_H

#include <gexiv2/gexiv2.h>

#endif

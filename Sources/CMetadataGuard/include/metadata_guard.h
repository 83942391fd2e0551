// What a decoder worker reads of a photo's metadata, through gexiv2, with
// every C++ exception caught on the C++ side (metadata_guard.cpp): gexiv2
// catches only Exiv2::Error, and Exiv2 0.27 also throws std::out_of_range (a
// Canon maker note's AFInfo2) and std::overflow_error (a WebP's RIFF size),
// which must never unwind into Swift. Choosing what to read is the caller's.
#ifndef TINYCOLLAGE_METADATA_GUARD_H
#define TINYCOLLAGE_METADATA_GUARD_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    /// EXIF DateTimeOriginal, or XMP's copy of it, as text ("" when none).
    char taken[64];
    int has_position;
    double latitude;
    double longitude;
} tc_photo_metadata;

enum {
    TC_METADATA_READ = 0,
    /// Exiv2 could not read it (no metadata it knows, damaged): nothing to say.
    TC_METADATA_UNREADABLE = 1,
    /// Exiv2 threw something else; its words are in `why`.
    TC_METADATA_THREW = 2,
};

/// Reads the metadata in `count` bytes at `bytes` into `out`.
int tc_metadata_read(const unsigned char *bytes, long count, tc_photo_metadata *out, char *why, int why_size);

#ifdef __cplusplus
}
#endif

#endif

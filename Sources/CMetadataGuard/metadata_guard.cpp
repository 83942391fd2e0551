// The C++ side of metadata reading (see metadata_guard.h): every gexiv2 call
// inside one try, so that whatever Exiv2 throws ends here as an error code.

#include "metadata_guard.h"

#include <gexiv2/gexiv2.h>
#include <cstdio>
#include <cstring>
#include <exception>

namespace {

bool copy_tag(GExiv2Metadata *metadata, const char *tag, char *into, size_t size) {
    GError *error = nullptr;
    if (!gexiv2_metadata_try_has_tag(metadata, tag, &error)) {
        g_clear_error(&error);
        return false;
    }
    gchar *value = gexiv2_metadata_try_get_tag_string(metadata, tag, &error);
    g_clear_error(&error);
    if (!value) return false;
    snprintf(into, size, "%s", value);
    g_free(value);
    return true;
}

int read_metadata(const unsigned char *bytes, long count, tc_photo_metadata *out) {
    static const bool initialized = [] {
        // Exiv2's warnings about odd files are not the user's business.
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE);
        return gexiv2_initialize() != 0;
    }();
    if (!initialized) return TC_METADATA_UNREADABLE;
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    if (!metadata) return TC_METADATA_UNREADABLE;
    struct Unref {
        GExiv2Metadata *object;
        ~Unref() { g_object_unref(object); }
    } unref{metadata};
    GError *error = nullptr;
    if (!gexiv2_metadata_open_buf(metadata, bytes, count, &error)) {
        g_clear_error(&error);
        return TC_METADATA_UNREADABLE;
    }
    if (!copy_tag(metadata, "Exif.Photo.DateTimeOriginal", out->taken, sizeof out->taken))
        copy_tag(metadata, "Xmp.exif.DateTimeOriginal", out->taken, sizeof out->taken);
    double latitude = 0, longitude = 0;
    if (gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, &error) &&
        gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, &error)) {
        out->has_position = 1;
        out->latitude = latitude;
        out->longitude = longitude;
    }
    g_clear_error(&error);
    return TC_METADATA_READ;
}

}  // namespace

extern "C" int tc_metadata_read(const unsigned char *bytes, long count, tc_photo_metadata *out, char *why,
                                int why_size) {
    memset(out, 0, sizeof *out);
    if (why_size > 0) why[0] = '\0';
    try {
        return read_metadata(bytes, count, out);
    } catch (const std::exception &exception) {
        snprintf(why, static_cast<size_t>(why_size), "%s", exception.what());
    } catch (...) {
        snprintf(why, static_cast<size_t>(why_size), "an exception of an unknown kind");
    }
    memset(out, 0, sizeof *out);
    return TC_METADATA_THREW;
}

// The camera's C side: GStreamer (core, app sink, video conversion, tags for
// EXIF) and the V4L2 capability query, plus static inline helpers for the C
// macros Swift cannot import. The Swift side is Sources/TinyCollage/Camera.
#ifndef TINYCOLLAGE_GST_SHIM_H
#define TINYCOLLAGE_GST_SHIM_H

#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/video/video.h>
#include <gst/tag/tag.h>
#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/videodev2.h>

// Error domains are macros over functions.
static inline GQuark tc_gst_resource_error(void) { return GST_RESOURCE_ERROR; }
static inline GQuark tc_gst_core_error(void) { return GST_CORE_ERROR; }
static inline GQuark tc_gst_stream_error(void) { return GST_STREAM_ERROR; }

static inline GType tc_gst_date_time_type(void) { return GST_TYPE_DATE_TIME; }

// Whether an open V4L2 device captures video (VIDIOC_QUERYCAP is a macro
// over _IOR); device_caps describe this node when the driver fills them.
static inline gboolean tc_v4l2_is_capture(int fd) {
    struct v4l2_capability cap;
    memset(&cap, 0, sizeof cap);
    if (ioctl(fd, VIDIOC_QUERYCAP, &cap) != 0) return FALSE;
    guint32 caps = (cap.capabilities & V4L2_CAP_DEVICE_CAPS) ? cap.device_caps : cap.capabilities;
    return (caps & (V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_CAPTURE_MPLANE)) != 0;
}

#endif

// The render layer's image loading: gdk-pixbuf (and the GLib it stands on),
// nothing of GTK, so that a decoder worker maps no toolkit (DESIGN "Decoding
// out of process"). Text and drawing are CPangoCairo's.
#ifndef TINYCOLLAGE_PIXBUF_SHIM_H
#define TINYCOLLAGE_PIXBUF_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>

// g_signal_connect is a macro; this one takes the destroy notify too, so a
// Swift context box lives exactly as long as its connection.
static inline gulong tc_pixbuf_signal_connect(gpointer instance, const char *signal, GCallback handler,
                                              gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, 0);
}

#endif

// The C side of TinyCollage: GTK4, libadwaita, gdk-pixbuf and Cairo headers,
// plus static inline helpers for the few C macros Swift cannot import.
// Everything else is called from Swift directly.
#ifndef TINYCOLLAGE_SHIM_H
#define TINYCOLLAGE_SHIM_H

#include <adwaita.h>
#include <gtk/gtk.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <cairo.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <libintl.h>

// G_TYPE_* constants are macros over function calls or shifted integers.
static inline GType tc_type_file_list(void) { return GDK_TYPE_FILE_LIST; }
static inline GType tc_type_file(void) { return G_TYPE_FILE; }
static inline GType tc_type_string(void) { return G_TYPE_STRING; }
static inline GType tc_type_uint(void) { return G_TYPE_UINT; }
static inline GType tc_type_file_info(void) { return G_TYPE_FILE_INFO; }

// g_signal_connect is a macro; this one takes the destroy notify too, so a
// Swift context box lives exactly as long as its connection.
static inline gulong tc_signal_connect(gpointer instance, const char *signal,
                                       GCallback handler, gpointer data,
                                       GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, 0);
}

static inline gulong tc_signal_connect_after(gpointer instance, const char *signal,
                                             GCallback handler, gpointer data,
                                             GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, G_CONNECT_AFTER);
}

#endif

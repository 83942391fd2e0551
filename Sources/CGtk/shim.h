// The C side of TinyCollage: GTK4, libadwaita, gdk-pixbuf, Cairo and PangoCairo headers,
// plus static inline helpers for the few C macros Swift cannot import.
// Everything else is called from Swift directly.
#ifndef TINYCOLLAGE_SHIM_H
#define TINYCOLLAGE_SHIM_H

#include <adwaita.h>
#include <gtk/gtk.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <cairo.h>
#include <pango/pangocairo.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <libintl.h>

// G_TYPE_* constants are macros over function calls or shifted integers.
static inline GType tc_type_file_list(void) { return GDK_TYPE_FILE_LIST; }
static inline GType tc_type_file(void) { return G_TYPE_FILE; }
static inline GType tc_type_string(void) { return G_TYPE_STRING; }

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

// gtk_accessible_update_property and _state are variadic.
static inline void tc_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void tc_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void tc_accessible_set_checked(GtkWidget *widget, gboolean checked) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_CHECKED,
                                checked ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE, -1);
}

static inline void tc_accessible_set_selected(GtkWidget *widget, gboolean selected) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_SELECTED, selected, -1);
}

// Hidden from assistive technologies: decoration whose meaning a parent already says.
static inline void tc_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

// Any GtkAccessible, not only widgets (GtkStackPage is one).
static inline void tc_accessible_object_set_label(gpointer accessible, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(accessible), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

// A label with another accessible role (the role is construct-only): an
// alert label is what a screen reader speaks when it appears.
static inline GtkWidget *tc_label_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_LABEL, "accessible-role", role, NULL));
}

// A drawing area with another accessible role (an image, for a photo's cell).
static inline GtkWidget *tc_drawing_area_new_with_role(GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", role, NULL));
}

// Any widget type with another accessible role (a box that is a list, a
// menu button that is not a second button around its own).
static inline GtkWidget *tc_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

// A scale that a screen reader knows as a separator with a value: a divider
// of the collage, whose position AT-SPI's Value interface reads and sets
// (GTK 4.8 gives that interface to ranges).
static inline GtkWidget *tc_separator_scale_new(GtkOrientation orientation) {
    GtkAdjustment *adjustment = gtk_adjustment_new(50, 0, 100, 1, 10, 0);
    return GTK_WIDGET(g_object_new(GTK_TYPE_SCALE, "accessible-role", GTK_ACCESSIBLE_ROLE_SEPARATOR,
                                   "orientation", orientation, "adjustment", adjustment, "draw-value", FALSE, NULL));
}

// G_OBJECT_TYPE_NAME is a macro.
static inline const char *tc_type_name_of(gpointer instance) {
    return G_OBJECT_TYPE_NAME(instance);
}

static inline void tc_accessible_set_key_shortcuts(GtkWidget *widget, const char *shortcuts) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_KEY_SHORTCUTS, shortcuts, -1);
}


// Drag content: the files as text/uri-list bytes, what file managers read.
static inline GdkContentProvider *tc_content_provider_for_uri_list(const char *uri_list) {
    GBytes *bytes = g_bytes_new(uri_list, strlen(uri_list));
    GdkContentProvider *provider = gdk_content_provider_new_for_bytes("text/uri-list", bytes);
    g_bytes_unref(bytes);
    return provider;
}

static inline gboolean tc_value_holds(const GValue *value, GType type) {
    return G_VALUE_HOLDS(value, type);
}

// Keyboard shortcuts set through gtk_application_set_accels_for_action take a
// NULL-terminated array; one accelerator per action is all we need.
static inline void tc_set_accel(GtkApplication *app, const char *action, const char *accel, const char *accel2) {
    const char *accels[] = { accel, accel2, NULL };
    gtk_application_set_accels_for_action(app, action, accels);
}

#endif

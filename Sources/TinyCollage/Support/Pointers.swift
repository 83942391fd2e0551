// Small casts between GTK's typed pointers. GtkWidget, GtkWindow and friends
// import as UnsafeMutablePointer<T>; types with private structs (GdkTexture,
// AdwToast, GdkPixbuf…) as OpaquePointer. GObject inheritance is invisible to
// Swift, so going from a GtkButton* to a GtkWidget* is a cast like these.

import CGtk
import CollageCore

typealias Widget = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer {
    /// The same object seen as another GObject type.
    @inline(__always) func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }

    @inline(__always) var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
    @inline(__always) var widget: Widget { cast(GtkWidget.self) }
    @inline(__always) var opaque: OpaquePointer { OpaquePointer(self) }
}

extension OpaquePointer {
    /// Uniform spelling at call sites that take either kind of pointer.
    @inline(__always) var opaque: OpaquePointer { self }
    @inline(__always) var widget: Widget { cast(GtkWidget.self) }

    @inline(__always) func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self)
    }

    @inline(__always) var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer {
    @inline(__always) func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> {
        assumingMemoryBound(to: T.self)
    }
}

/// Names and labels for the areas the spec names, so tests and screen readers find them.
@MainActor
func name(_ widget: Widget, _ name: String, label: String) {
    gtk_widget_set_name(widget, name)
    AccessibleTree.label(widget, label)
}

@MainActor
func addClass(_ widget: Widget, _ name: String) { gtk_widget_add_css_class(widget, name) }

@MainActor
func removeClass(_ widget: Widget, _ name: String) { gtk_widget_remove_css_class(widget, name) }

/// A Swift string from a C string GLib owns (nil for NULL).
func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

/// A file path GLib gave us (and we now own), kept losslessly even when it
/// is not UTF-8 (see FilePathText); frees it with g_free.
func takePath(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return FilePathText.text(fromCString: pointer)
}

/// A GFile for one of our path texts (a new reference).
func fileForPath(_ path: String) -> OpaquePointer {
    FilePathText.withCString(path) { g_file_new_for_path($0) }
}

/// A Swift string from a C string we own: frees it with g_free.
func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}

/// A menu item that shows its shortcut beside it, as GNOME menus do.
@MainActor
func appendItem(_ menu: OpaquePointer, _ label: String, _ action: String, accel: String? = nil) {
    let item = g_menu_item_new(label, action)!
    if let accel { g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accel)) }
    g_menu_append_item(menu, item)
    g_object_unref(item.raw)
}

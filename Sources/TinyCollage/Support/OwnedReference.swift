// GObject references we are handed (transfer full) and pass on. A setter
// such as gtk_menu_button_set_menu_model or gtk_file_chooser_add_filter
// takes a reference of its own, so the one `…_new` gave us must be given
// back once it has been passed on — forgetting it leaks the object when its
// user goes. `handOver` does both, so every call site frees the same way.
// Floating references (widgets, GStreamer elements) are not this: their
// parent takes them over; an element kept by us is sunk (ElementRef).

import CGtk

/// A pointer to a GObject of some type, as Swift imports it.
protocol GObjectPointer {
    var objectPointer: UnsafeMutableRawPointer { get }
}

extension OpaquePointer: GObjectPointer {
    var objectPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: GObjectPointer {
    var objectPointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// Runs `use` with `reference` (a new reference we own), then drops ours:
/// whoever `use` gave it to holds their own.
@discardableResult
func handOver<P: GObjectPointer, R>(_ reference: P, to use: (P) -> R) -> R {
    defer { g_object_unref(reference.objectPointer) }
    return use(reference)
}

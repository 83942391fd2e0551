// Only what is on screen is in the accessible tree. GTK 4.8 presents every
// visible widget to AT-SPI, even one its parent keeps off screen by turning
// its child-visible off (a GtkStack's other pages — the "Add photos" page
// behind the collage, the closed settings panel, "No photos in this folder"
// — and a scrolled window's unneeded scroll bars), and its AT-SPI backend
// (collect_states in gtkatspicontext.c) reports SHOWING for windows only, so
// a screen reader cannot tell those parts from the ones shown. Such a part
// is hidden from assistive technologies for as long as it is unmapped, and
// is back when GTK maps it again. AccessibleTree's tidy pass and
// addStackPage call `follow`; GTK does the mapping.

import CGtk

@MainActor
enum OffscreenParts {
    private static let key = "tinycollage-offscreen-followed"

    /// Keeps `widget` out of the accessible tree while it is not mapped; once per widget.
    static func follow(_ widget: Widget) {
        let object = widget.cast(GObject.self)
        guard g_object_get_data(object, key) == nil else { return }
        g_object_set_data(object, key, UnsafeMutableRawPointer(bitPattern: 1))
        // The handlers live as long as the widget they are connected to.
        Signals.plain(widget.raw, "map") { tc_accessible_set_hidden(widget, 0) }
        Signals.plain(widget.raw, "unmap") { tc_accessible_set_hidden(widget, 1) }
        tc_accessible_set_hidden(widget, gtk_widget_get_mapped(widget) == 0 ? 1 : 0)
    }
}

// The window's first size: the remembered one when it fits the monitor's
// work area, else the schema's default (portrait, 500 × 720, which fits a
// 1366 × 768 screen with GNOME's top bar and a dock) made smaller where the
// work area is, all in logical pixels (GDK's monitor geometry is logical, so
// a 2× screen of 2732 × 1536 is 1366 × 768 here). Remembering the size on
// close is MainWindow's.

import CGtk

@MainActor
enum WindowSize {
    /// The window's size request: below it the layout would not fit.
    static let minimum = (width: 360, height: 520)
    /// Left free of the work area: the title bar's shadow and a dock that
    /// the work area does not count (Xvfb, or a desktop without _NET_WORKAREA).
    static let room = 48

    /// The first size for a remembered `saved` one (nil when none was) on a
    /// monitor whose work area is `area` (nil when unknown).
    static func first(saved: (width: Int, height: Int)?, preferred: (width: Int, height: Int),
                      area: (width: Int, height: Int)?) -> (width: Int, height: Int) {
        guard let area else { return saved ?? preferred }
        if let saved, saved.width <= area.width, saved.height <= area.height,
           saved.width >= minimum.width, saved.height >= minimum.height {
            return saved
        }
        return (max(minimum.width, min(preferred.width, area.width - room)),
                max(minimum.height, min(preferred.height, area.height - room)))
    }

    /// The work area of the monitor the window opens on: on X11 without
    /// panels and docks; elsewhere the whole monitor. The window is not on a
    /// monitor yet, so the display's first (X11 lists the primary one first).
    static func workArea() -> (width: Int, height: Int)? {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
              g_list_model_get_n_items(monitors) > 0,
              let item = g_list_model_get_item(monitors, 0) else { return nil }
        defer { g_object_unref(item) }
        let monitor = OpaquePointer(item)
        var area = GdkRectangle()
        if tc_is_x11_monitor(monitor) != 0 {
            gdk_x11_monitor_get_workarea(monitor, &area)
        } else {
            gdk_monitor_get_geometry(monitor, &area)
        }
        guard area.width > 0, area.height > 0 else { return nil }
        return (Int(area.width), Int(area.height))
    }
}

// The window for every screen (libadwaita 1.2 has no AdwBreakpoint): below
// `wideWidth` one portrait column — preview, strip, gallery — as the phone
// app had it; from `wideWidth` up the preview takes the left and the strip
// and gallery a column on the right, switched live as the window is resized.
// The settings panel takes the strip's and gallery's place while it is open
// (win.settings, F9), so in both layouts the preview stays in view beside or
// above it while settings change.

import CGtk

extension MainWindow {
    /// Logical pixels from which the preview goes beside the strip and gallery.
    static let wideWidth: Int32 = 900
    /// The right column's width in the wide layout.
    static let sideWidth: Int32 = 420
    /// Below this, the header bar keeps only the close button, so the title keeps its room.
    static let phoneWidth: Int32 = 440

    /// `sizer` spans the window's content and reports every size it is given
    /// (GtkWindow has no such signal, and its default-width changes before
    /// the new size is laid out); the switch waits until that layout is done.
    func installAdaptiveLayout(sizer: Widget) {
        Signals.withInts(sizer.raw, "resize") { [weak self] width, _ in
            MainLoop.post(on: sizer) { [weak self] _ in
                guard let self else { return }
                self.contentWidth = width
                self.followWidth()
            }
        }
        followWidth()
    }

    /// The content's width once laid out, the default size before.
    private var currentWidth: Int32 {
        if contentWidth > 0 { return contentWidth }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        return width
    }

    func followWidth() {
        setWide(currentWidth >= Self.wideWidth)
        adw_header_bar_set_decoration_layout(header.opaque, currentWidth < Self.phoneWidth ? ":close" : nil)
        saver.isNarrow = contentWidth > 0 && contentWidth < Self.phoneWidth
        if !isWide { gallery.fitColumns(toWidth: currentWidth) }
    }

    private func setWide(_ wide: Bool) {
        guard wide != isWide || gtk_orientable_get_orientation(body.opaque) != orientation(wide) else { return }
        isWide = wide
        gtk_orientable_set_orientation(body.opaque, orientation(wide))
        gtk_orientable_set_orientation(bodySeparator.opaque, wide ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL)
        gtk_widget_set_size_request(side, wide ? Self.sideWidth : -1, -1)
        gtk_widget_set_hexpand(side, wide ? 0 : 1)
        gtk_widget_set_vexpand(side, wide ? 1 : 0)
        gallery.fitColumns(toWidth: wide ? Self.sideWidth : currentWidth)
        wide ? addClass(window.widget, "wide") : removeClass(window.widget, "wide")
    }

    private func orientation(_ wide: Bool) -> GtkOrientation {
        wide ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }

    // MARK: The settings panel

    var isShowingSettings: Bool {
        string(gtk_stack_get_visible_child_name(sideStack.opaque)) == "settings"
    }

    /// Escape leaves the settings, as it leaves a popover or a dialog, and
    /// gives the keyboard back to the button that opened them.
    func installSettingsKeys() {
        let keys = gtk_event_controller_key_new()!
        Signals.key(keys.raw) { [weak self] keyval, _, state in
            guard let self, Int32(keyval) == GDK_KEY_Escape, self.isShowingSettings else { return false }
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard modifiers == 0 else { return false }
            self.showSettings(false)
            gtk_widget_grab_focus(self.settingsButton)
            return true
        }
        // On the window: the focus may be anywhere (the preview, the header) while they are open.
        gtk_widget_add_controller(window.widget, keys)
    }

    func showSettings(_ show: Bool) {
        gtk_stack_set_visible_child_name(sideStack.opaque, show ? "settings" : "photos")
        if let action = actions["settings"] { g_simple_action_set_state(action, g_variant_new_boolean(show ? 1 : 0)) }
        if show { gtk_widget_child_focus(settingsPanel.widget, GTK_DIR_TAB_FORWARD) }
        tidyAccessibleTree()
    }
}

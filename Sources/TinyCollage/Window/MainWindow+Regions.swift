// F6 and Shift+F6 move the keyboard between the window's regions, as in
// GNOME's core apps: the header bar, the preview (with its layout picker),
// the strip and the gallery — or, while they are open, the settings in the
// strip's and gallery's place. Reaching the gallery from the header took 23
// Tab presses; it is three F6 presses. A region gets the focus on its first
// control that takes it; one with none (an empty strip) is passed over.
// The keys are accelerators of win.focus-next-region and
// win.focus-previous-region (Application), listed in the shortcuts window.

import CGtk

extension MainWindow {
    func installRegionActions() {
        for (name, step) in [("focus-next-region", 1), ("focus-previous-region", -1)] {
            let action = g_simple_action_new(name, nil)!
            Signals.withPointer(action.raw, "activate") { [weak self] _ in self?.moveToRegion(by: step) }
            g_action_map_add_action(OpaquePointer(window), action)
            g_object_unref(action.raw)
        }
    }

    /// The regions on screen now, in the order F6 visits them.
    private var regions: [Widget] {
        let side = isShowingSettings ? [settingsPanel.widget] : [strip.widget, gallery.widget]
        return ([header, previewColumn] + side).filter { gtk_widget_get_mapped($0) != 0 }
    }

    /// Focuses the first control of the region `step` regions on from the focused one.
    func moveToRegion(by step: Int) {
        let regions = self.regions
        guard !regions.isEmpty else { return }
        let focus = gtk_window_get_focus(window)
        let current = focus.flatMap { focused in
            regions.firstIndex { $0 == focused || gtk_widget_is_ancestor(focused, $0) != 0 }
        }
        // From outside every region, F6 starts at the first and Shift+F6 at the last.
        var index = current ?? (step > 0 ? regions.count - 1 : 0)
        for _ in regions.indices {
            index = (index + step + regions.count) % regions.count
            // From outside it, the region starts at its first control.
            if index != current, focus != nil { gtk_window_set_focus(window, nil) }
            if gtk_widget_child_focus(regions[index], GTK_DIR_TAB_FORWARD) != 0 { return }
        }
        if let focus { gtk_widget_grab_focus(focus) }
    }
}

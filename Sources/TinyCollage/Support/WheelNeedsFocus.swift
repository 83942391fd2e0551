// The wheel over a field in a scrolling panel scrolls the panel, as in GNOME
// Settings: a spin button, scale or drop-down changes by the wheel only once
// it has the keyboard focus. A capture-phase scroll controller on the field
// sees the wheel before the field does; when the field is not focused it
// scrolls the nearest scrolled window itself (GTK gives no way to hand an
// event on to an ancestor) and stops the event there. Which fields get it is
// the panel's choice.

import CGtk
import Foundation

@MainActor
enum WheelNeedsFocus {
    /// Pixels per unit of a touchpad's (surface-unit) scroll.
    static let pixelsPerSurfaceUnit = 1.0

    /// The kinds of field the wheel changes.
    static let fieldTypes: [GType] = [gtk_spin_button_get_type(), gtk_scale_get_type(), gtk_drop_down_get_type()]

    /// Installs on every such field inside `container`.
    static func installOnFields(in container: Widget) {
        if fieldTypes.contains(where: { g_type_check_instance_is_a(container.cast(GTypeInstance.self), $0) != 0 }) {
            return install(on: container)
        }
        var child = gtk_widget_get_first_child(container)
        while let current = child {
            installOnFields(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    static func install(on field: Widget) {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        Signals.scroll(scroll.raw) { [scroll] dx, dy in
            let flags = gtk_widget_get_state_flags(field).rawValue
            if flags & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0 { return false }
            let wheel = gtk_event_controller_scroll_get_unit(OpaquePointer(scroll.raw)) == GDK_SCROLL_UNIT_WHEEL
            scrollAncestor(of: field, dx: dx, dy: dy, wheel: wheel)
            return true
        }
        gtk_widget_add_controller(field, scroll)
    }

    /// Scrolls the scrolled window around `field` as its own wheel handling
    /// would: a wheel notch moves page_size^(2/3), GTK's step.
    private static func scrollAncestor(of field: Widget, dx: Double, dy: Double, wheel: Bool) {
        guard let scrolled = gtk_widget_get_ancestor(field, gtk_scrolled_window_get_type()) else { return }
        for (delta, adjustment) in [(dy, gtk_scrolled_window_get_vadjustment(scrolled.opaque)),
                                    (dx, gtk_scrolled_window_get_hadjustment(scrolled.opaque))] {
            guard delta != 0, let adjustment else { continue }
            let page = gtk_adjustment_get_page_size(adjustment)
            let step = wheel ? pow(page, 2.0 / 3.0) : pixelsPerSurfaceUnit
            let top = gtk_adjustment_get_upper(adjustment) - page
            let value = min(max(gtk_adjustment_get_value(adjustment) + delta * step, gtk_adjustment_get_lower(adjustment)), top)
            gtk_adjustment_set_value(adjustment, value)
        }
    }
}

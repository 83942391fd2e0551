// The preview's layer of photo cells, as a widget type of its own
// (WidgetClass): a GtkFixed whose Tab order is its children's order. What
// the cells are and where they go is CollagePreview+Keyboard's.

import CGtk

/// A GtkFixed whose Tab order is the order of its children. GTK 4.8 sorts
/// the children of a container that is not a box by where they are, top to
/// bottom (by their middles), so the preview's photos, placed column by
/// column, were walked 3, 1, 4, 2, 5; here Tab follows the child list, which
/// the preview keeps in the collage's order. Arrow keys are left to GtkFixed.
@MainActor
enum OrderedFixed {
    typealias Focus = @convention(c) (UnsafeMutablePointer<GtkWidget>?, GtkDirectionType) -> gboolean
    nonisolated(unsafe) private static var parentFocus: Focus?

    private static let type = WidgetClass.register("TinyCollageOrderedFixed", parent: gtk_fixed_get_type()) { klass, _ in
        let widgetClass = WidgetClass.widgetClass(klass)
        OrderedFixed.parentFocus = widgetClass.pointee.focus
        widgetClass.pointee.focus = { widget, direction in
            guard let widget else { return 0 }
            guard direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD else {
                return OrderedFixed.parentFocus?(widget, direction) ?? 0
            }
            return OrderedFixed.tab(widget, direction) ? 1 : 0
        }
    }

    static func make() -> Widget { WidgetClass.make(type) }

    /// Gives the focus to the next child in list order that takes it (the
    /// focused child first, so one with parts of its own can move within).
    private static func tab(_ widget: Widget, _ direction: GtkDirectionType) -> Bool {
        var children: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            children.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        if direction == GTK_DIR_TAB_BACKWARD { children.reverse() }
        var start = 0
        if let focused = gtk_widget_get_focus_child(widget), let index = children.firstIndex(of: focused) {
            if gtk_widget_child_focus(focused, direction) != 0 { return true }
            start = index + 1
        }
        for candidate in children[start...] where gtk_widget_get_mapped(candidate) != 0 {
            if gtk_widget_child_focus(candidate, direction) != 0 { return true }
        }
        return false
    }
}

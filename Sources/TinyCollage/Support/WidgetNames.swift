// A widget's names: the one the spec gives an area (for tests and screen
// readers) and its CSS style classes. What a name means is the caller's.

import CGtk

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

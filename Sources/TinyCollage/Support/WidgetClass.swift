// GTK types of our own, for the few things GTK 4.8 lets only a widget class
// say: how Tab walks its children (the `focus` vfunc) and actions that an
// AT-SPI client lists by readable names (class actions: GTK 4.8 lists an
// action group's actions as "prefix.name"). Each type is registered once,
// derived from a GTK type whose instances it otherwise leaves as they are;
// the types themselves (OrderedFixed, StripPhotoWidget) say what they change.

import CGtk

@MainActor
enum WidgetClass {
    /// Registers `name` as a subclass of `parent`, set up by `classInit` once.
    static func register(_ name: String, parent: GType, classInit: GClassInitFunc) -> GType {
        var query = GTypeQuery()
        g_type_query(parent, &query)
        return g_type_register_static_simple(parent, name, query.class_size, classInit, query.instance_size, nil,
                                             GTypeFlags(rawValue: 0))
    }

    /// A new widget of `type` (registered above), floating as gtk_*_new's are.
    static func make(_ type: GType) -> Widget {
        g_object_new_with_properties(type, 0, nil, nil)!.cast(GtkWidget.self)
    }

    /// The widget class inside a class pointer GLib hands to a class_init.
    static func widgetClass(_ klass: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<GtkWidgetClass> {
        klass!.assumingMemoryBound(to: GtkWidgetClass.self)
    }
}

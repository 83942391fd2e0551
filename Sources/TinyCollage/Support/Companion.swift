// A widget owns its Swift companion (DESIGN.md, "Who owns whom"): the
// companion rides on the widget as GObject data, released when the widget
// is finalized (or the data replaced), never before.

import CGtk

@MainActor
enum Companion {
    static func attach(_ companion: AnyObject, to widget: Widget, key: String) {
        g_object_set_data_full(UnsafeMutablePointer<GObject>(OpaquePointer(widget)), key,
                               Unmanaged.passRetained(companion).toOpaque()) { data in
            Unmanaged<AnyObject>.fromOpaque(data!).release()
        }
    }
}

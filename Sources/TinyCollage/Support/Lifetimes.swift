// THE LIFETIME RULE, for every file in TinyCollage/.
//
// GTK decides when a widget dies, and it often keeps one alive past the
// moment our code lets go of it: a drag source lives until `drag-end`, a
// popover until it is unparented, an idle or timeout until it runs. So:
//
//   1. A widget owns its Swift companion, never the other way round.
//      `Companion.attach(self, to: widget)` hands the widget a retained
//      reference to the companion, released when the widget is finalized.
//      A parent companion may also hold its children's companions, but it
//      drops each one the moment it takes that child's widget out.
//   2. Every signal, idle, timeout and observer closure reaches its object
//      weakly (`[weak self]`, then `guard let self else { return }`), so a
//      handler that fires late finds nothing and returns. An unowned
//      capture is never used: it is a crash waiting for a late signal.
//   3. A widget we parent by hand (a popover on a thumbnail) is made once,
//      and unparented exactly once, when its parent is destroyed.
//   4. A companion never keeps its widget alive on its own (no strong
//      GObject reference to its own widget), or the two would keep each
//      other forever; children's widgets it made are the parent widget's.
//
//        GtkWidget ──(set_data_full, retained)──▶ Swift companion
//            ▲                                        │
//            └──────────(plain pointer)───────────────┘
//        signal box ──(weak)──▶ companion
//
// Signal closures themselves live in boxes owned by their connection
// (Signals.swift), so a closure lives exactly as long as its connection.

import CGtk

@MainActor
enum Companion {
    private static let defaultKey = "tinycollage-companion"

    /// Makes `widget` keep `companion` alive until the widget is finalized.
    /// One companion per widget and key; attaching another under the same
    /// key replaces (and releases) it.
    static func attach(_ companion: AnyObject, to widget: Widget, key: String = defaultKey) {
        let retained = Unmanaged.passRetained(companion).toOpaque()
        g_object_set_data_full(widget.cast(GObject.self), key, retained) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }

    /// The companion `attach` gave `widget`, if it is a `T` (for callbacks
    /// that GTK hands only the widget, such as a class action's).
    static func find<T: AnyObject>(_: T.Type, on widget: Widget, key: String = defaultKey) -> T? {
        guard let data = g_object_get_data(widget.cast(GObject.self), key) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
    }

    /// Calls `body` once, when `widget` is disposed (GtkWidget::destroy),
    /// e.g. to unparent what was parented to it by hand. GObject may run a
    /// dispose more than once; `body` still runs once.
    static func onDestroy(_ widget: Widget, _ body: @escaping @MainActor () -> Void) {
        final class Once { var done = false }
        let once = Once()
        Signals.plain(widget.raw, "destroy") {
            guard !once.done else { return }
            once.done = true
            body()
        }
    }
}

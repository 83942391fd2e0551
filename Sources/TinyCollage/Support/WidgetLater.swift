// Calls that come later — an idle, a timeout — and touch a widget. GTK may
// free the widget meanwhile (leaving the camera page frees its overlay and
// all inside it at once), and a raw pointer kept in the closure then points
// at freed memory. So a later call holds the widget only through a GWeakRef
// and runs only if the widget is still there, with the widget it got back.
// Reaching a Swift companion weakly stays the closure's own business
// (`[weak self]`, see Lifetimes.swift).

import CGtk

/// A widget held weakly: `widget` is nil once GTK has let it go.
@MainActor
final class WeakWidget {
    private let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    init(_ widget: Widget) {
        reference.initialize(to: GWeakRef())
        g_weak_ref_init(reference, widget.raw)
    }

    isolated deinit {
        g_weak_ref_clear(reference)
        reference.deallocate()
    }

    /// Runs `body` with the widget if it is still alive (held for the call).
    func withWidget(_ body: (Widget) -> Void) {
        guard let object = g_weak_ref_get(reference) else { return }
        defer { g_object_unref(object) }
        body(object.cast(GtkWidget.self))
    }

    var isAlive: Bool {
        guard let object = g_weak_ref_get(reference) else { return false }
        g_object_unref(object)
        return true
    }
}

@MainActor
extension MainLoop {
    /// Runs `work` with `widget` after `milliseconds`, if the widget is still alive then.
    static func after(milliseconds: UInt32, on widget: Widget, _ work: @escaping @MainActor (Widget) -> Void) {
        let weak = WeakWidget(widget)
        after(milliseconds: milliseconds) { weak.withWidget(work) }
    }

    /// Runs `work` with `widget` on the main loop soon, if the widget is still alive then.
    static func post(on widget: Widget, _ work: @escaping @MainActor (Widget) -> Void) {
        let weak = WeakWidget(widget)
        post { weak.withWidget(work) }
    }
}

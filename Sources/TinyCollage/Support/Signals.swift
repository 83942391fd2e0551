// Connects GObject signals to Swift closures. Each closure lives in a box
// that the connection owns: GLib's destroy notify releases it when the
// connection goes (object finalized or handler disconnected), so a closure
// lives exactly as long as its connection (rhx/SwiftGtk's pattern). One
// function per C signature, named for it, so call sites read plainly and the
// type checker never has to choose between overloads.

import CGtk

final class SignalBox<F: Sendable>: Sendable {
    let function: F
    init(_ function: F) { self.function = function }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

@MainActor
enum Signals {
    @discardableResult
    private static func connect<F>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ box: SignalBox<F>,
                                   _ thunk: GCallback, after: Bool = false) -> gulong {
        let data = Unmanaged.passRetained(box as AnyObject).toOpaque()
        return after
            ? tc_signal_connect_after(instance, signal, thunk, data, releaseBox)
            : tc_signal_connect(instance, signal, thunk, data, releaseBox)
    }

    private static func box<F>(_ data: UnsafeMutableRawPointer?) -> SignalBox<F> {
        Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! SignalBox<F>
    }

    typealias Plain = @MainActor () -> Void

    /// `void handler(instance)`: clicked, activate, leave, closed, startup… Only
    /// for signals with no arguments: GLib passes the user data last.
    @discardableResult
    static func plain(_ instance: UnsafeMutableRawPointer, _ signal: String, after: Bool = false,
                      _ handler: @escaping Plain) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let b: SignalBox<Plain> = Signals.box(data)
            MainActor.assumeIsolated { b.function() }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self), after: after)
    }

    typealias Decide = @MainActor () -> Bool

    /// `gboolean handler(instance)`: close-request.
    @discardableResult
    static func decide(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping Decide) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let b: SignalBox<Decide> = Signals.box(data)
            return MainActor.assumeIsolated { b.function() } ? 1 : 0
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias WithPointer = @MainActor (UnsafeMutableRawPointer?) -> Void

    /// `void handler(instance, gpointer)`: factory setup/bind/unbind, action activate, drag-begin…
    @discardableResult
    static func withPointer(_ instance: UnsafeMutableRawPointer, _ signal: String,
                            _ handler: @escaping WithPointer) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
            _, argument, data in
            let b: SignalBox<WithPointer> = Signals.box(data)
            nonisolated(unsafe) let argument = argument
            MainActor.assumeIsolated { b.function(argument) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Accept = @MainActor (UnsafeMutableRawPointer?) -> Bool

    /// `gboolean handler(instance, gpointer)`: GtkDropTarget::accept.
    @discardableResult
    static func accept(_ instance: UnsafeMutableRawPointer, _ handler: @escaping Accept) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = {
            _, argument, data in
            let b: SignalBox<Accept> = Signals.box(data)
            nonisolated(unsafe) let argument = argument
            return MainActor.assumeIsolated { b.function(argument) } ? 1 : 0
        }
        return connect(instance, "accept", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `gboolean handler(instance, gpointer)`: GtkPrintOperation::paginate.
    @discardableResult
    static func decideWithPointer(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                  _ handler: @escaping Accept) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = {
            _, argument, data in
            let b: SignalBox<Accept> = Signals.box(data)
            nonisolated(unsafe) let argument = argument
            return MainActor.assumeIsolated { b.function(argument) } ? 1 : 0
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias WithPointerAndInt = @MainActor (UnsafeMutableRawPointer?, Int32) -> Void

    /// `void handler(instance, gpointer, int)`: GtkPrintOperation::draw-page.
    @discardableResult
    static func withPointerAndInt(_ instance: UnsafeMutableRawPointer, _ signal: String,
                                  _ handler: @escaping WithPointerAndInt) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = {
            _, argument, number, data in
            let b: SignalBox<WithPointerAndInt> = Signals.box(data)
            nonisolated(unsafe) let argument = argument
            MainActor.assumeIsolated { b.function(argument, number) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    /// `void handler(GtkDragSource *, GdkDrag *, gboolean delete_data)`: GtkDragSource::drag-end.
    @discardableResult
    static func dragEnd(_ instance: UnsafeMutableRawPointer, _ handler: @escaping Plain) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, gboolean,
                                   UnsafeMutableRawPointer?) -> Void = { _, _, _, data in
            let b: SignalBox<Plain> = Signals.box(data)
            MainActor.assumeIsolated { b.function() }
        }
        return connect(instance, "drag-end", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias WithDouble = @MainActor (Double) -> Void

    /// `void handler(instance, double)`: GtkGestureZoom::scale-changed.
    @discardableResult
    static func withDouble(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping WithDouble) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            let b: SignalBox<WithDouble> = Signals.box(data)
            MainActor.assumeIsolated { b.function(value) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias WithInts = @MainActor (Int32, Int32) -> Void

    /// `void handler(instance, int, int)`: GtkDrawingArea::resize.
    @discardableResult
    static func withInts(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping WithInts) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, a, b2, data in
            let b: SignalBox<WithInts> = Signals.box(data)
            MainActor.assumeIsolated { b.function(a, b2) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias WithInt = @MainActor (Int32) -> Void

    /// `void handler(instance, int)` or `(instance, guint)`: response, GtkGridView::activate.
    @discardableResult
    static func withInt(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping WithInt) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, a, data in
            let b: SignalBox<WithInt> = Signals.box(data)
            MainActor.assumeIsolated { b.function(a) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Press = @MainActor (Int32, Double, Double) -> Void

    /// `void handler(gesture, int n_press, double x, double y)`: GtkGestureClick::pressed/released.
    @discardableResult
    static func press(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping Press) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            _, n, x, y, data in
            let b: SignalBox<Press> = Signals.box(data)
            MainActor.assumeIsolated { b.function(n, x, y) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Point = @MainActor (Double, Double) -> Void

    /// `void handler(instance, double, double)`: drag-begin/update/end of GtkGestureDrag, motion.
    @discardableResult
    static func point(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping Point) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = {
            _, x, y, data in
            let b: SignalBox<Point> = Signals.box(data)
            MainActor.assumeIsolated { b.function(x, y) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias DropMotion = @MainActor (Double, Double) -> GdkDragAction

    /// `GdkDragAction handler(target, double x, double y)`: GtkDropTarget::enter/motion.
    @discardableResult
    static func dropMotion(_ instance: UnsafeMutableRawPointer, _ signal: String,
                           _ handler: @escaping DropMotion) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> GdkDragAction = {
            _, x, y, data in
            let b: SignalBox<DropMotion> = Signals.box(data)
            return MainActor.assumeIsolated { b.function(x, y) }
        }
        return connect(instance, signal, SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Drop = @MainActor (UnsafePointer<GValue>, Double, Double) -> Bool

    /// `gboolean handler(target, const GValue *value, double x, double y)`: GtkDropTarget::drop.
    @discardableResult
    static func drop(_ instance: UnsafeMutableRawPointer, _ handler: @escaping Drop) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, Double, Double,
                                   UnsafeMutableRawPointer?) -> gboolean = { _, value, x, y, data in
            let b: SignalBox<Drop> = Signals.box(data)
            nonisolated(unsafe) let value = value!
            return MainActor.assumeIsolated { b.function(value, x, y) } ? 1 : 0
        }
        return connect(instance, "drop", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Prepare = @MainActor (Double, Double) -> OpaquePointer?

    /// `GdkContentProvider *handler(source, double x, double y)`: GtkDragSource::prepare.
    @discardableResult
    static func prepare(_ instance: UnsafeMutableRawPointer, _ handler: @escaping Prepare) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> OpaquePointer? = {
            _, x, y, data in
            let b: SignalBox<Prepare> = Signals.box(data)
            // A pointer is not Sendable, so it leaves the actor through a local, not as a result:
            // the thunk runs on the main thread, as the closure does.
            nonisolated(unsafe) var provider: OpaquePointer?
            MainActor.assumeIsolated { provider = b.function(x, y) }
            return provider
        }
        return connect(instance, "prepare", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Key = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool

    /// `gboolean handler(controller, guint keyval, guint keycode, GdkModifierType)`: key-pressed.
    @discardableResult
    static func key(_ instance: UnsafeMutableRawPointer, _ handler: @escaping Key) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, GdkModifierType,
                                   UnsafeMutableRawPointer?) -> gboolean = { _, keyval, keycode, state, data in
            let b: SignalBox<Key> = Signals.box(data)
            return MainActor.assumeIsolated { b.function(keyval, keycode, state) } ? 1 : 0
        }
        return connect(instance, "key-pressed", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Scroll = @MainActor (Double, Double) -> Bool

    /// `gboolean handler(controller, double dx, double dy)`: GtkEventControllerScroll::scroll.
    @discardableResult
    static func scroll(_ instance: UnsafeMutableRawPointer, _ handler: @escaping Scroll) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = {
            _, dx, dy, data in
            let b: SignalBox<Scroll> = Signals.box(data)
            return MainActor.assumeIsolated { b.function(dx, dy) } ? 1 : 0
        }
        return connect(instance, "scroll", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias FileChanged = @MainActor (OpaquePointer?, OpaquePointer?, GFileMonitorEvent) -> Void

    /// `void handler(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent)`: GFileMonitor::changed.
    @discardableResult
    static func fileChanged(_ instance: UnsafeMutableRawPointer, _ handler: @escaping FileChanged) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent,
                                   UnsafeMutableRawPointer?) -> Void = { _, file, other, event, data in
            let b: SignalBox<FileChanged> = Signals.box(data)
            nonisolated(unsafe) let file = file, other = other
            MainActor.assumeIsolated { b.function(file, other, event) }
        }
        return connect(instance, "changed", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias LocalOptions = @MainActor (UnsafeMutablePointer<GVariantDict>) -> Int32

    /// `gint handler(GApplication *, GVariantDict *options)`: GApplication::handle-local-options.
    @discardableResult
    static func localOptions(_ instance: UnsafeMutableRawPointer, _ handler: @escaping LocalOptions) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GVariantDict>?, UnsafeMutableRawPointer?) -> Int32 = {
            _, options, data in
            let b: SignalBox<LocalOptions> = Signals.box(data)
            nonisolated(unsafe) let options = options!
            return MainActor.assumeIsolated { b.function(options) }
        }
        return connect(instance, "handle-local-options", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }

    typealias Open = @MainActor ([UnsafeMutableRawPointer]) -> Void

    /// `void handler(GApplication *, GFile **files, int n_files, const char *hint)`: GApplication::open.
    @discardableResult
    static func open(_ instance: UnsafeMutableRawPointer, _ handler: @escaping Open) -> gulong {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, Int32,
                                   UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, files, count, _, data in
            let b: SignalBox<Open> = Signals.box(data)
            let list = (0..<Int(count)).compactMap { files?[$0] }
            nonisolated(unsafe) let unchecked = list
            MainActor.assumeIsolated { b.function(unchecked) }
        }
        return connect(instance, "open", SignalBox(handler), unsafeBitCast(thunk, to: GCallback.self))
    }
}

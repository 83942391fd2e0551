// Work that waits until the window has painted its first frame (issue 14):
// whatever is not needed to draw that frame — starting the rest of the
// decoder workers — runs only once it is on screen, so a person sees the
// window as early as GTK can show it.

import CGtk

@MainActor
enum FirstFrame {
    /// Runs `work` once, on the main loop, after `window`'s first frame was painted.
    static func after(_ window: UnsafeMutablePointer<GtkWindow>, _ work: @escaping @MainActor () -> Void) {
        // The handler's id, known once connected, for the handler to disconnect itself.
        final class Connection { var id: gulong = 0 }
        guard let clock = gtk_widget_get_frame_clock(window.widget) else {
            // Not realized yet: its frame clock comes with the realization.
            let realized = Connection()
            realized.id = Signals.plain(window.raw, "realize") {
                g_signal_handler_disconnect(window.raw, realized.id)
                after(window, work)
            }
            return
        }
        let instance = UnsafeMutableRawPointer(clock)
        let painted = Connection()
        painted.id = Signals.plain(instance, "after-paint") {
            g_signal_handler_disconnect(instance, painted.id)
            // After this frame's paint has gone out, not inside it.
            MainLoop.post { work() }
        }
    }
}

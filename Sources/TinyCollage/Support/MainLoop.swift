// Getting back to GTK's main thread. GTK owns it inside g_application_run,
// where DispatchQueue.main never runs, so work from a background thread
// returns through g_idle_add_full; the box is released by its destroy notify.

import CGtk

enum MainLoop {
    private final class Job: Sendable {
        let work: @MainActor () -> Void
        init(_ work: @escaping @MainActor () -> Void) { self.work = work }
    }

    /// Runs `work` on the main loop soon; safe to call from any thread.
    /// `afterPainting` waits for any frame GTK has due (G_PRIORITY_DEFAULT_IDLE,
    /// below GDK's redraw), for results that need not hold a frame back.
    static func post(afterPainting: Bool = false, _ work: @escaping @MainActor @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(work)).toOpaque()
        g_idle_add_full(afterPainting ? G_PRIORITY_DEFAULT_IDLE : G_PRIORITY_DEFAULT, { data in
            // Take the job out of the raw pointer before entering the actor.
            let job = Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { job.work() }
            return 0  // G_SOURCE_REMOVE
        }, job, { data in
            Unmanaged<Job>.fromOpaque(data!).release()
        })
    }

    /// Runs `work` once after `milliseconds` on the main loop.
    static func after(milliseconds: UInt32, _ work: @escaping @MainActor @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(work)).toOpaque()
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            let job = Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { job.work() }
            return 0
        }, job, { data in
            Unmanaged<Job>.fromOpaque(data!).release()
        })
    }
}

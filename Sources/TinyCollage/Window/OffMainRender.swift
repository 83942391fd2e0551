// Rendering the collage at its output size without holding up the window:
// a one-off compositor (not the preview's, whose cached small decodes a
// full-size render would push out), the work on a background queue, the
// answer back on GTK's main loop (MainLoop.post). Save, Copy, Print and
// Save Project's preview go through here; what is done with the pixels — a file, the clipboard, a
// page — is theirs. A late answer reaches its caller through whatever the
// caller captured (weakly, by the lifetime rule).

import CollageCore
import CollageRender
import Dispatch
import Synchronization

@MainActor
enum OffMainRender {
    struct Settings: Sendable {
        /// Photos that cannot be read are left out (and named in the result) rather than failing the render.
        var skipFailures = true
        /// Hears, on the decoding threads, how many photos have been painted.
        var step: (@Sendable (Int) -> Void)?
    }

    /// Renders `document` at its output size; `completion` runs on the main loop.
    static func render(_ document: CollageDocument, settings: Settings = Settings(),
                       completion: @escaping @MainActor @Sendable (Result<RenderResult, RenderError>) -> Void) {
        run({ compositor in paint(document, with: compositor, settings: settings) }, completion: completion)
    }

    /// Runs `work` on a background queue with a one-off compositor, and hands
    /// what it returns to `completion` on the main loop: for callers that must
    /// also finish off the main loop (encode, write), and may render more than once.
    static func run<Output: Sendable>(_ work: @escaping @Sendable (Compositor) -> Output,
                                      completion: @escaping @MainActor @Sendable (Output) -> Void) {
        let compositor = Compositor.oneOff()
        run({ work(compositor) }, completion: completion)
    }

    /// Runs `work` on a background queue and hands what it returns to
    /// `completion` on the main loop, for work that brings its own compositor.
    static func run<Output: Sendable>(_ work: @escaping @Sendable () -> Output,
                                      completion: @escaping @MainActor @Sendable (Output) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async {
            let output = work()
            MainLoop.post { completion(output) }
        }
    }

    /// The render itself, on the calling (background) thread.
    nonisolated static func paint(_ document: CollageDocument, with compositor: Compositor,
                                  settings: Settings) -> Result<RenderResult, RenderError> {
        let painted = PaintedCount()
        let step = settings.step
        return Result { () throws(RenderError) in
            try compositor.render(document, skipFailures: settings.skipFailures) { _, _ in step?(painted.next()) }
        }
    }
}

/// Photos painted so far, counted on the decoding threads (a render's own
/// count; Save's PDF page, drawn by PDFExporter, counts with one too).
final class PaintedCount: Sendable {
    private let count = Mutex(0)

    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}

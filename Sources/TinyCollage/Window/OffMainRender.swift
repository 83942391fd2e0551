// The collage rendered again from the original files at its output size, off
// the main loop: a one-off compositor (full-size decodes must not push the
// preview's cached ones out), the work on a background queue, the result back
// on the main loop through MainLoop.post. Save, Print and Copy all render this
// way. What to do with the pixels (write a file, hand them to a printer) is
// left to the caller; so are the messages a failure becomes.

import CollageCore
import CollageRender
import Dispatch
import Synchronization

enum OffMainRender {
    struct Settings: Sendable {
        /// Hears how many photos are painted so far, on a decoding thread.
        var step: (@Sendable (Int) -> Void)?
        /// Leave out photos that cannot be read (RenderResult.failures names
        /// them) rather than fail; only `renderHere` can report them.
        var skipFailures = false

        init(step: (@Sendable (Int) -> Void)? = nil, skipFailures: Bool = false) {
            self.step = step
            self.skipFailures = skipFailures
        }
    }

    /// Renders `document` at its output size and hands the image to
    /// `completion` on the main loop. A photo that cannot be read fails it.
    @MainActor
    static func render(_ document: CollageDocument, settings: Settings = Settings(),
                       completion: @escaping @MainActor (Result<CairoImage, RenderError>) -> Void) {
        let settings = Settings(step: settings.step, skipFailures: false)
        let compositor = Compositor.oneOff()
        run({ () -> Result<CairoImage, RenderError> in
            do throws(RenderError) {
                return .success(try renderHere(document, compositor: compositor, settings: settings).image)
            } catch {
                return .failure(error)
            }
        }, then: completion)
    }

    /// Runs `work` on a background queue and hands its value to `then` on the main loop.
    @MainActor
    static func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value,
                                     then: @escaping @MainActor (Value) -> Void) {
        let box = Completion(then)
        DispatchQueue.global(qos: .userInitiated).async {
            let value = work()
            MainLoop.post { box.call(value) }
        }
    }

    /// The render itself, on the calling thread (never the main loop's):
    /// for a caller that does more there with the pixels, as Save writes them.
    static func renderHere(_ document: CollageDocument, compositor: Compositor,
                           settings: Settings) throws(RenderError) -> RenderResult {
        let painted = PaintedCount()
        let step = settings.step
        return try compositor.render(document, skipFailures: settings.skipFailures) { _, _ in
            let done = painted.next()
            step?(done)
        }
    }
}

/// The main-loop completion, carried through the background queue untouched.
private final class Completion<Value: Sendable>: @unchecked Sendable {
    // Unchecked: `call` runs only on the main loop (MainLoop.post), where the closure was made.
    private let then: @MainActor (Value) -> Void
    init(_ then: @escaping @MainActor (Value) -> Void) { self.then = then }
    @MainActor func call(_ value: Value) { then(value) }
}

/// Photos painted so far, counted on the decoding threads.
private final class PaintedCount: Sendable {
    private let count = Mutex(0)

    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}

// Renders the preview off the main thread. One render runs at a time (the
// compositor already decodes on every core); while it runs, newer requests
// replace each other in a one-slot queue, and a result that is no longer the
// newest request is dropped when it comes back. So a burst of changes costs
// at most two renders, and the preview always ends on the final document.

import CollageCore
import CollageRender
import Dispatch

@MainActor
final class PreviewRenderer {
    struct Job: Sendable {
        var document: CollageDocument
        var size: PixelSize
        var generation: Int
        var requestedAt: DispatchTime
    }

    private let compositor: Compositor
    private let queue = DispatchQueue(label: "preview", qos: .userInitiated)
    private var pending: Job?
    private var running = false
    private var generation = 0
    /// Called on the main thread with each result that is still the newest.
    var onResult: ((RenderResult) -> Void)?
    var onError: ((RenderError) -> Void)?
    /// From the request to the result on the main thread, for the last shown preview.
    private(set) var lastLatencyMilliseconds: Double = 0

    init(compositor: Compositor) {
        self.compositor = compositor
    }

    /// Whether nothing is rendering or waiting (tests wait for this).
    var isIdle: Bool { !running && pending == nil }

    func request(_ document: CollageDocument, size: PixelSize) {
        generation += 1
        pending = Job(document: document, size: size, generation: generation, requestedAt: .now())
        startNext()
    }

    private func startNext() {
        guard !running, let job = pending else { return }
        pending = nil
        running = true
        let compositor = self.compositor
        queue.async {
            let outcome: Result<RenderResult, RenderError>
            do throws(RenderError) {
                outcome = .success(try compositor.render(job.document, size: job.size, skipFailures: true))
            } catch {
                outcome = .failure(error)
            }
            let done = RenderOutcome(outcome)
            MainLoop.post { self.finished(job, done.value) }
        }
    }

    private func finished(_ job: Job, _ outcome: Result<RenderResult, RenderError>) {
        running = false
        if job.generation == generation {
            lastLatencyMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - job.requestedAt.uptimeNanoseconds) / 1e6
            switch outcome {
            case let .success(result): onResult?(result)
            case let .failure(error): onError?(error)
            }
        }
        startNext()
    }
}

/// A render result crossing back to the main thread.
struct RenderOutcome: @unchecked Sendable {
    let value: Result<RenderResult, RenderError>
    init(_ value: Result<RenderResult, RenderError>) { self.value = value }
}

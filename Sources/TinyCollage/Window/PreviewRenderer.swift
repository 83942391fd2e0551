// Renders the preview off the main thread. One render runs at a time (the
// compositor already decodes on every core); while it runs, newer requests
// replace each other in a one-slot queue, and a result that is no longer the
// newest request is dropped when it comes back. So a burst of changes costs
// at most two renders, and the preview always ends on the final document.
//
// Progressive (issue 14): when a render has photos to decode, a draft comes
// first — the cached decodes, and for the rest their small pictures
// (SmallImageSource: the thumbnail cache's or the EXIF one), composited in
// milliseconds — then each cell is replaced by its decode as it arrives, and
// the render's own result ends it. Drafts are RenderResults marked
// `isDraft`, shown here and nowhere else: saving renders again from the
// files (SaveController, the drag out, the command line).

import CollageCore
import CollageRender
import Dispatch
import Foundation
import Synchronization

@MainActor
final class PreviewRenderer {
    struct Job: Sendable {
        var document: CollageDocument
        var size: PixelSize
        var generation: Int
        var requestedAt: DispatchTime
        /// Photos the last finished render left out, left out of drafts alike.
        var leftOut: [Photo.ID: LoadError]
    }

    private let compositor: Compositor
    private let smallImages: SmallImageSource
    private let queue = DispatchQueue(label: "preview", qos: .userInitiated)
    private var pending: Job?
    /// What the render in progress is of, if one is.
    private var current: (document: CollageDocument, size: PixelSize)?
    private var running = false
    private var generation = 0
    /// The newest draft shown of the running render, so an older one coming late is dropped.
    private var shownStep = 0
    private var leftOut: [Photo.ID: LoadError] = [:]
    /// Called on the main thread with each result that is still the newest (drafts too).
    var onResult: ((RenderResult) -> Void)?
    var onError: ((RenderError) -> Void)?
    /// From the request to the result on the main thread, for the last shown preview.
    private(set) var lastLatencyMilliseconds: Double = 0
    /// Whether what is on screen is a draft (small pictures in some cells).
    private(set) var showsDraft = false

    init(compositor: Compositor, smallImages: SmallImageSource = .shared) {
        self.compositor = compositor
        self.smallImages = smallImages
    }

    /// Whether nothing is rendering or waiting (tests wait for this).
    var isIdle: Bool { !running && pending == nil }

    func request(_ document: CollageDocument, size: PixelSize) {
        // Asked again for what is being rendered (several observers of one change): nothing new.
        if pending == nil, let current, current.document == document, current.size == size { return }
        generation += 1
        let ids = Set(document.photos.map(\.id))
        pending = Job(document: document, size: size, generation: generation, requestedAt: .now(),
                      leftOut: leftOut.filter { ids.contains($0.key) })
        startNext()
    }

    private func startNext() {
        guard !running, let job = pending else { return }
        pending = nil
        running = true
        current = (job.document, job.size)
        shownStep = 0
        let compositor = self.compositor
        let smallImages = self.smallImages
        queue.async {
            let drafts = Self.draftFirst(job, compositor: compositor, smallImages: smallImages) { step, draft in
                MainLoop.post { self.showDraft(draft.value, step: step, of: job) }
            }
            let outcome: Result<RenderResult, RenderError>
            do throws(RenderError) {
                outcome = .success(try compositor.render(job.document, size: job.size, skipFailures: true,
                                                         arrived: drafts.map { drafts in { @Sendable id, photo in
                                                             drafts.arrived(id, photo)
                                                         } }))
            } catch {
                outcome = .failure(error)
            }
            let done = RenderOutcome(outcome)
            MainLoop.post { self.finished(job, done.value) }
        }
    }

    /// When `job` has photos to decode: the first draft, sent now, and what
    /// sends the next one as each decode arrives; nil when everything is cached.
    nonisolated private static func draftFirst(_ job: Job, compositor: Compositor, smallImages: SmallImageSource,
                                               send: @escaping @Sendable (Int, RenderOutcome.Draft) -> Void) -> Drafts? {
        let (ready, waiting) = compositor.cachedDecodes(job.document, size: job.size, leavingOut: Set(job.leftOut.keys))
        guard !waiting.isEmpty else { return nil }
        let found = SmallImages()
        DispatchQueue.concurrentPerform(iterations: waiting.count) { i in
            if let image = smallImages.image(for: waiting[i].path) { found.set(waiting[i].id, image) }
        }
        let drafts = Drafts(job: job, compositor: compositor, decoded: ready, small: found.all, send: send)
        // Nothing at hand at all: a blank draft would say nothing.
        if !ready.isEmpty || !found.all.isEmpty { drafts.sendNext() }
        #if DEBUG
        DebugKnobs.slowFullDecodes()
        #endif
        return drafts
    }

    private func showDraft(_ draft: RenderResult, step: Int, of job: Job) {
        guard running, job.generation == generation, pending == nil, step > shownStep else { return }
        shownStep = step
        showsDraft = true
        onResult?(draft)
    }

    private func finished(_ job: Job, _ outcome: Result<RenderResult, RenderError>) {
        running = false
        current = nil
        if job.generation == generation {
            lastLatencyMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - job.requestedAt.uptimeNanoseconds) / 1e6
            showsDraft = false
            switch outcome {
            case let .success(result):
                leftOut = result.failures
                onResult?(result)
            case let .failure(error):
                onError?(error)
            }
        }
        startNext()
    }
}

/// Small pictures found in parallel.
private final class SmallImages: Sendable {
    private let images = Mutex<[Photo.ID: SmallImage]>([:])

    func set(_ id: Photo.ID, _ image: SmallImage) { images.withLock { $0[id] = image } }
    var all: [Photo.ID: SmallImage] { images.withLock { $0 } }
}

/// The drafts of one render: the decodes so far and the small pictures,
/// composited again as decodes arrive (about a millisecond at preview size,
/// and a paint on the main thread), at most every `interval` — decodes come
/// in pairs and threes, one per worker — numbered so the main thread shows
/// only the newest.
private final class Drafts: Sendable {
    private struct State {
        var decoded: [Photo.ID: DecodedPhoto]
        var step = 0
        var lastSent = DispatchTime(uptimeNanoseconds: 0)
        var unsent = false
    }

    private let state: Mutex<State>
    private let job: PreviewRenderer.Job
    private let compositor: Compositor
    private let small: [Photo.ID: SmallImage]
    private let send: @Sendable (Int, RenderOutcome.Draft) -> Void
    static let interval: UInt64 = 40_000_000  // ns

    init(job: PreviewRenderer.Job, compositor: Compositor, decoded: [Photo.ID: DecodedPhoto], small: [Photo.ID: SmallImage],
         send: @escaping @Sendable (Int, RenderOutcome.Draft) -> Void) {
        self.job = job
        self.compositor = compositor
        state = Mutex(State(decoded: decoded))
        self.small = small
        self.send = send
    }

    func arrived(_ id: Photo.ID, _ photo: DecodedPhoto) {
        state.withLock { state in
            guard state.decoded[id] == nil else { return }
            state.decoded[id] = photo
            // The last decode's picture is the render's own result, coming next.
            guard state.decoded.count < job.document.photos.count - job.leftOut.count else { return }
            let due = DispatchTime(uptimeNanoseconds: state.lastSent.uptimeNanoseconds + Self.interval)
            guard DispatchTime.now() >= due else {
                // Sent with a later decode, or at `due` if none comes first.
                if !state.unsent {
                    state.unsent = true
                    DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: due) { self.sendIfUnsent() }
                }
                return
            }
            sendLocked(&state)
        }
    }

    func sendNext() {
        state.withLock { sendLocked(&$0) }
    }

    private func sendIfUnsent() {
        state.withLock { if $0.unsent { sendLocked(&$0) } }
    }

    private func sendLocked(_ state: inout State) {
        state.unsent = false
        state.lastSent = .now()
        guard let draft = try? compositor.draft(job.document, size: job.size, leavingOut: job.leftOut,
                                                decoded: state.decoded, small: small) else { return }
        state.step += 1
        send(state.step, RenderOutcome.Draft(draft))
    }
}

/// A render result crossing back to the main thread.
struct RenderOutcome: Sendable {
    let value: Result<RenderResult, RenderError>
    init(_ value: Result<RenderResult, RenderError>) { self.value = value }

    /// A draft crossing back (its image is immutable once made).
    struct Draft: Sendable {
        let value: RenderResult
        init(_ value: RenderResult) { self.value = value }
    }
}

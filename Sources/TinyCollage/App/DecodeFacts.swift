// What decoding has learned about the collage's photos, in one place: each
// file's full-resolution size, the photos the preview had to leave out and
// why, and those enlarged beyond their pixels. These are facts about files,
// not choices of the user, so they live outside the undoable document: the
// preview writes them after each render, the strip and the state dump read
// them, and learning one is neither an undo step nor a session write.
// Observers are told which kind of fact changed, and only when it did.

import CollageCore
import CollageRender

@MainActor
final class DecodeFacts {
    enum Kind: Sendable {
        case sizes
        case failures
        case tooSmall
    }

    /// Upright full-resolution sizes, by file path.
    private(set) var sizes: [String: PixelSize] = [:]
    /// Photos left out of the last preview, and why.
    private(set) var failures: [Photo.ID: LoadError] = [:]
    /// Photos enlarged beyond their pixels at the output size, with the words that say so.
    private(set) var tooSmall: [Photo.ID: String] = [:]
    private var observers: [Int: (Kind) -> Void] = [:]
    private var nextToken = 0

    @discardableResult
    func observe(_ observer: @escaping (Kind) -> Void) -> Int {
        nextToken += 1
        observers[nextToken] = observer
        return nextToken
    }

    func removeObserver(_ token: Int) {
        observers[token] = nil
    }

    /// The size of `photo`'s file, if a decode has told it.
    func size(of photo: Photo) -> PixelSize? { sizes[photo.path] }

    /// What a render of `photos` learned.
    func learn(from result: RenderResult, photos: [Photo]) {
        var newSizes = sizes
        for photo in photos {
            if let size = result.originalSizes[photo.id] { newSizes[photo.path] = size }
        }
        if newSizes != sizes {
            sizes = newSizes
            notify(.sizes)
        }
        if result.failures != failures {
            failures = result.failures
            notify(.failures)
        }
    }

    func setTooSmall(_ marks: [Photo.ID: String]) {
        guard marks != tooSmall else { return }
        tooSmall = marks
        notify(.tooSmall)
    }

    private func notify(_ kind: Kind) {
        for key in observers.keys.sorted() { observers[key]?(kind) }
    }
}

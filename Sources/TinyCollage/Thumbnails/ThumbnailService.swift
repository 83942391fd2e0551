// Small textures of photos for the strip and the gallery, off the main
// thread: from the freedesktop shared thumbnail cache when it holds a current
// one, otherwise decoded by the decoder workers like the collage (EXIF-upright,
// pixel limit, truncation check) at the smallest JPEG scale that covers the
// thumbnail, which is then left in the shared cache for next time; a file
// that cost a worker leaves a fail marker there instead. The strip
// passes the preview's PhotoSource, so a photo just added is decoded once for
// both. The newest request is served first (what the user just scrolled to),
// at most two run at once, and finished textures are kept in a small LRU.
// Whoever asked decides whether the answer still matters when it comes back.

import CGtk
import CollageCore
import CollageRender
import Dispatch
import Foundation

/// Thumbnails left in the shared cache, one at a time, behind the decodes.
private let writeQueue = DispatchQueue(label: "thumbnail-cache", qos: .background)

@MainActor
final class ThumbnailService {
    typealias Completion = @MainActor (Result<Texture, LoadError>) -> Void

    private struct Key: Hashable {
        var path: String
        var side: Int
    }

    private struct Request {
        var key: Key
        var completions: [Completion]
        var source: PhotoSource?
    }

    private let decoder = Decoder.isolated()
    private let queue = DispatchQueue(label: "thumbnails", qos: .userInitiated, attributes: .concurrent)
    private var cache: [Key: (texture: Texture, lastUse: Int)] = [:]
    private var waiting: [Request] = []
    private var running = 0
    private var clock = 0
    /// Decodes in flight at once; the preview gets the rest of the cores.
    let parallelDecodes = 2
    /// Textures kept; at 256 px a side about 250 KiB each.
    let capacity: Int

    init(capacity: Int = 200) {
        self.capacity = capacity
    }

    /// Calls `completion` with a texture that fits `side`×`side`, now if cached.
    /// With `source`, a decode goes through (and stays in) that source's cache.
    func request(_ path: String, side: Int, decodingWith source: PhotoSource? = nil, _ completion: @escaping Completion) {
        let key = Key(path: path, side: side)
        if let hit = cache[key] {
            clock += 1
            cache[key]!.lastUse = clock
            completion(.success(hit.texture))
            return
        }
        if let index = waiting.firstIndex(where: { $0.key == key }) {
            var request = waiting.remove(at: index)
            request.completions.append(completion)
            waiting.append(request)
        } else {
            waiting.append(Request(key: key, completions: [completion], source: source))
        }
        startMore()
    }

    /// Forgets queued requests nobody wants any more (e.g. scrolled away).
    func cancel(_ path: String, side: Int) {
        waiting.removeAll { $0.key == Key(path: path, side: side) }
    }

    /// Drops cached textures of a file that changed on disk.
    func forget(_ path: String) {
        cache = cache.filter { $0.key.path != path }
    }

    private func startMore() {
        while running < parallelDecodes, let request = waiting.popLast() {
            running += 1
            let source = request.source ?? PhotoSource(decoder: decoder, cache: ImageCache(budgetBytes: 0), purpose: .thumbnail)
            let key = request.key
            queue.async {
                let outcome = Self.thumbnail(key.path, side: key.side, source: source)
                let sendable = UncheckedResult(outcome)
                MainLoop.post { self.finish(request, sendable.value) }
            }
        }
    }

    nonisolated private static func thumbnail(_ path: String, side: Int, source: PhotoSource) -> Result<CairoImage, LoadError> {
        let bounds = PixelSize(width: side, height: side)
        let flavour = SharedThumbnailCache.Flavour.fitting(side)
        let entry = SharedThumbnailCache.entry(for: path, flavour: flavour)
        if let entry, let cached = SharedThumbnailCache.read(entry, decoder: source.decoder) {
            return .success(cached.scaled(toFit: bounds))
        }
        let failureEntry = SharedThumbnailCache.failureEntry(for: path)
        if let failureEntry, let reason = SharedThumbnailCache.readFailure(failureEntry, decoder: source.decoder) {
            return .failure(LoadError(path: path, reason: reason))
        }
        do throws(LoadError) {
            // Cover two thirds of the side on both axes: the smallest decode whose
            // long side still reaches it for photos up to 3:2.
            let cover = flavour.side * 2 / 3
            let decoded = try source.photo(path, covering: PixelSize(width: cover, height: cover))
            let thumbnail = decoded.image.scaled(toFit: PixelSize(width: flavour.side, height: flavour.side))
            if let entry {
                // After the texture is on its way: the write is for next time.
                let original = decoded.originalSize
                writeQueue.async { SharedThumbnailCache.write(thumbnail, for: entry, original: original) }
            }
            return .success(thumbnail.scaled(toFit: bounds))
        } catch {
            if let failureEntry {
                writeQueue.async { SharedThumbnailCache.writeFailure(error.reason, for: failureEntry) }
            }
            return .failure(error)
        }
    }

    private func finish(_ request: Request, _ outcome: Result<CairoImage, LoadError>) {
        running -= 1
        // Callers that asked again while this one was decoding are waiting too.
        var completions = request.completions
        if let index = waiting.firstIndex(where: { $0.key == request.key }) {
            completions += waiting.remove(at: index).completions
        }
        switch outcome {
        case let .success(image):
            let texture = Texture(image)
            clock += 1
            cache[request.key] = (texture, clock)
            evict()
            completions.forEach { $0(.success(texture)) }
        case let .failure(error):
            completions.forEach { $0(.failure(error)) }
        }
        startMore()
    }

    private func evict() {
        guard cache.count > capacity else { return }
        let oldest = cache.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(cache.count - capacity)
        for (key, _) in oldest { cache[key] = nil }
    }
}

/// A decode result crossing back to the main thread (CairoImage is immutable).
struct UncheckedResult: @unchecked Sendable {
    let value: Result<CairoImage, LoadError>
    init(_ value: Result<CairoImage, LoadError>) { self.value = value }
}

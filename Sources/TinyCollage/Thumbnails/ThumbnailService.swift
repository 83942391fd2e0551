// Small textures of photos for the strip and the gallery, off the main
// thread: from the freedesktop shared thumbnail cache when it holds a current
// one, otherwise decoded by the decoder workers like the collage (EXIF-upright,
// pixel limit, truncation check) at the smallest JPEG scale that covers the
// thumbnail, which is then left in the shared cache for next time; a file
// that cost a worker leaves a fail marker there instead. The strip
// passes the preview's PhotoSource, so a photo just added is decoded once for
// both.
//
// Two steps (issue 14): first the quick look — the shared cache, or else
// the photo's own EXIF thumbnail (SmallImageSource), handed to the caller
// at once as a preliminary texture — then the decode, whose texture follows
// through the same completion. Quick looks go before any decode, so a
// screenful of EXIF thumbnails shows before the first decode is done. Within
// each step the newest request is served first (what the user just scrolled
// to), at most two run at once, and finished textures are kept in a small
// LRU. Whoever asked decides whether the answer still matters when it comes.

import CGtk
import CollageCore
import CollageRender
import Dispatch
import Foundation

/// Thumbnails left in the shared cache, one at a time, behind the decodes.
private let writeQueue = DispatchQueue(label: "thumbnail-cache", qos: .background)

@MainActor
final class ThumbnailService {
    /// Called with a preliminary texture (a small picture) and then the
    /// final one or the failure; or only with the final one.
    typealias Completion = @MainActor (Result<Texture, LoadError>) -> Void

    private struct Key: Hashable {
        var path: String
        var side: Int
    }

    private struct Request {
        var key: Key
        var completions: [Completion]
        var source: PhotoSource?
        /// The small picture's texture, once the quick look found one.
        var preliminary: Texture?
    }

    private let decoder = Decoder.isolated()
    private let smallImages: SmallImageSource
    private let queue = DispatchQueue(label: "thumbnails", qos: .userInitiated, attributes: .concurrent)
    private var cache: [Key: (texture: Texture, lastUse: Int)] = [:]
    /// Requests waiting for their quick look, and those waiting for their decode.
    private var waiting: [Request] = []
    private var decoding: [Request] = []
    /// Requests being looked at or decoded now.
    private var inFlight: [Key: Request] = [:]
    private var running = 0
    private var clock = 0
    /// Decodes in flight at once; the preview gets the rest of the cores.
    let parallelDecodes = 2
    /// Textures kept; at 256 px a side about 250 KiB each.
    let capacity: Int
    /// Decodes kept waiting at most: the grid keeps at most 180 cells, so
    /// older ones belong to cells long recycled (a cell shown again asks again).
    let decodeBacklog = 256

    init(capacity: Int = 200, smallImages: SmallImageSource = .shared) {
        self.capacity = capacity
        self.smallImages = smallImages
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
        if inFlight[key] != nil {
            inFlight[key]!.completions.append(completion)
            if let preliminary = inFlight[key]!.preliminary { completion(.success(preliminary)) }
        } else if let index = waiting.firstIndex(where: { $0.key == key }) {
            var request = waiting.remove(at: index)
            request.completions.append(completion)
            waiting.append(request)
        } else if let index = decoding.firstIndex(where: { $0.key == key }) {
            var request = decoding.remove(at: index)
            request.completions.append(completion)
            if let preliminary = request.preliminary { completion(.success(preliminary)) }
            decoding.append(request)
        } else {
            waiting.append(Request(key: key, completions: [completion], source: source))
        }
        startMore()
    }

    /// Forgets queued requests nobody wants any more (e.g. scrolled away).
    func cancel(_ path: String, side: Int) {
        let key = Key(path: path, side: side)
        waiting.removeAll { $0.key == key }
        decoding.removeAll { $0.key == key }
    }

    /// Drops cached textures of a file that changed on disk.
    func forget(_ path: String) {
        cache = cache.filter { $0.key.path != path }
    }

    private func startMore() {
        while running < parallelDecodes {
            if let request = waiting.popLast() {
                start(request, decode: false)
            } else if let request = decoding.popLast() {
                start(request, decode: true)
            } else {
                return
            }
        }
    }

    private func start(_ request: Request, decode: Bool) {
        running += 1
        inFlight[request.key] = request
        let source = request.source ?? PhotoSource(decoder: decoder, cache: ImageCache(budgetBytes: 0), purpose: .thumbnail)
        let key = request.key
        let smallImages = self.smallImages
        queue.async {
            if decode {
                #if DEBUG
                DebugKnobs.slowFullDecodes()
                #endif
                let outcome = UncheckedResult(Self.decoded(key.path, side: key.side, source: source))
                MainLoop.post { self.finish(key, outcome.value) }
            } else {
                let look = Self.quickLook(key.path, side: key.side, decoder: source.decoder, smallImages: smallImages)
                MainLoop.post { self.looked(key, look) }
            }
        }
    }

    /// What the quick look found.
    private enum Look: Sendable {
        /// The answer: the cache's thumbnail, or the fail marker's failure.
        case final(Result<CairoImage, LoadError>)
        /// A decode is needed; the small picture to show meanwhile, if any.
        case small(CairoImage?)
    }

    nonisolated private static func quickLook(_ path: String, side: Int, decoder: Decoder,
                                              smallImages: SmallImageSource) -> Look {
        let bounds = PixelSize(width: side, height: side)
        let flavour = SharedThumbnailCache.Flavour.fitting(side)
        if let entry = SharedThumbnailCache.entry(for: path, flavour: flavour),
           let cached = SharedThumbnailCache.read(entry, decoder: decoder) {
            return .final(.success(cached.scaled(toFit: bounds)))
        }
        if let failureEntry = SharedThumbnailCache.failureEntry(for: path),
           let reason = SharedThumbnailCache.readFailure(failureEntry, decoder: decoder) {
            return .final(.failure(LoadError(path: path, reason: reason)))
        }
        return .small(smallImages.image(for: path, purpose: .thumbnail)?.image.scaled(toFit: bounds))
    }

    nonisolated private static func decoded(_ path: String, side: Int, source: PhotoSource) -> Result<CairoImage, LoadError> {
        let bounds = PixelSize(width: side, height: side)
        let flavour = SharedThumbnailCache.Flavour.fitting(side)
        do throws(LoadError) {
            // Cover two thirds of the side on both axes: the smallest decode whose
            // long side still reaches it for photos up to 3:2.
            let cover = flavour.side * 2 / 3
            let decoded = try source.photo(path, covering: PixelSize(width: cover, height: cover))
            let thumbnail = decoded.image.scaled(toFit: PixelSize(width: flavour.side, height: flavour.side))
            if let entry = SharedThumbnailCache.entry(for: path, flavour: flavour) {
                // After the texture is on its way: the write is for next time.
                let original = decoded.originalSize
                writeQueue.async { SharedThumbnailCache.write(thumbnail, for: entry, original: original) }
            }
            return .success(thumbnail.scaled(toFit: bounds))
        } catch {
            if let failureEntry = SharedThumbnailCache.failureEntry(for: path) {
                writeQueue.async { SharedThumbnailCache.writeFailure(error.reason, for: failureEntry) }
            }
            return .failure(error)
        }
    }

    private func looked(_ key: Key, _ look: Look) {
        switch look {
        case let .final(outcome):
            finish(key, outcome)
        case let .small(image):
            running -= 1
            guard var request = inFlight.removeValue(forKey: key) else { return startMore() }
            if let image {
                let texture = Texture(image)
                request.preliminary = texture
                request.completions.forEach { $0(.success(texture)) }
            }
            // Callers that asked again while this one was looked at join it.
            if let index = waiting.firstIndex(where: { $0.key == key }) {
                request.completions += waiting.remove(at: index).completions
            }
            decoding.append(request)
            if decoding.count > decodeBacklog { decoding.removeFirst(decoding.count - decodeBacklog) }
            startMore()
        }
    }

    private func finish(_ key: Key, _ outcome: Result<CairoImage, LoadError>) {
        running -= 1
        // Callers that asked again while this one was running are waiting too.
        var completions = inFlight.removeValue(forKey: key)?.completions ?? []
        if let index = waiting.firstIndex(where: { $0.key == key }) { completions += waiting.remove(at: index).completions }
        switch outcome {
        case let .success(image):
            let texture = Texture(image)
            clock += 1
            cache[key] = (texture, clock)
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
struct UncheckedResult: Sendable {
    let value: Result<CairoImage, LoadError>
    init(_ value: Result<CairoImage, LoadError>) { self.value = value }
}

// Small textures of photos for the strip and the gallery, decoded off the
// main thread with the same loader as the collage (EXIF-upright, pixel limit,
// truncation check) at the smallest JPEG scale that covers the size asked,
// then shrunk to fit it. The newest request is served first (what the user
// just scrolled to), at most two decodes run at once, and finished
// textures are kept in a small LRU. Whoever asked decides whether the answer
// still matters when it comes back.

import CGtk
import CollageCore
import CollageRender
import Dispatch
import Foundation

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
    }

    private let loader = ImageLoader()
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
    func request(_ path: String, side: Int, _ completion: @escaping Completion) {
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
            waiting.append(Request(key: key, completions: [completion]))
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
            let loader = self.loader
            let key = request.key
            queue.async {
                let outcome: Result<CairoImage, LoadError>
                do throws(LoadError) {
                    let bounds = PixelSize(width: key.side, height: key.side)
                    // Cover a box a third of the side: the smallest decode whose
                    // long side still reaches `side` for common aspect ratios.
                    let decoded = try loader.load(key.path, covering: PixelSize(width: key.side / 3 * 2, height: key.side / 3 * 2))
                    outcome = .success(decoded.image.scaled(toFit: bounds))
                } catch {
                    outcome = .failure(error)
                }
                let sendable = UncheckedResult(outcome)
                MainLoop.post { self.finish(request, sendable.value) }
            }
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

// Decoded photos kept in memory, keyed by file identity (so a changed file is
// decoded again) and reused for any request they cover, so a reorder or a
// settings change only re-composites. Bounded in bytes, least recently used
// goes first; safe to use from the compositor's parallel decodes. A file
// that cost a decoder worker (a crash, the memory limit, the deadline) is
// remembered too, so the next render of an unchanged collage does not wait
// for it again.

import CollageCore
import Foundation

// Unchecked: every stored property but `lock` is touched only with it held;
// it is an NSCondition because a caller waits there for another's decode.
public final class ImageCache: @unchecked Sendable {
    private struct Entry {
        var photo: DecodedPhoto
        var lastUse: UInt64
    }

    private let lock = NSCondition()
    private var entries: [FileIdentity: [Entry]] = [:]
    /// Files being decoded right now; others asking for them wait (see PhotoSource).
    private var decoding: Set<FileIdentity> = []
    /// Files that cost a worker, and how.
    private var failed: [FileIdentity: LoadError.Reason] = [:]
    /// Each decoded file's upright full size, kept after its pixels go
    /// (a few bytes a file): the mosaic lays photos out by their shapes.
    private var shapes: [FileIdentity: PixelSize] = [:]
    private var clock: UInt64 = 0
    private var bytes = 0
    /// The most pixel memory the cache keeps.
    public let budgetBytes: Int

    public init(budgetBytes: Int = 160 << 20) {
        self.budgetBytes = budgetBytes
    }

    public var byteCount: Int { lock.withLock { bytes } }
    /// How many decodes have come in (for `make bench`: a re-composite should add none).
    public var decodesInserted: Int { lock.withLock { inserted } }
    private var inserted = 0

    /// The smallest cached decode of this file that covers `cover` (upright), if any.
    func lookup(_ identity: FileIdentity, covering cover: PixelSize?) -> DecodedPhoto? {
        lock.withLock {
            guard var list = entries[identity] else { return nil }
            var best: Int?
            for (i, entry) in list.enumerated() where Self.covers(entry.photo, cover) {
                if best == nil || entry.photo.image.byteCount < list[best!].photo.image.byteCount { best = i }
            }
            guard let best else { return nil }
            clock += 1
            list[best].lastUse = clock
            entries[identity] = list
            return list[best].photo
        }
    }

    /// What is known of the file's EXIF rotation from an earlier decode.
    func swapsAxes(_ identity: FileIdentity) -> Bool? {
        lock.withLock { entries[identity]?.first?.photo.swapsAxes }
    }

    /// The file's upright full size, if a decode has told it.
    func shape(_ identity: FileIdentity) -> PixelSize? {
        lock.withLock { shapes[identity] }
    }

    func insert(_ photo: DecodedPhoto, for identity: FileIdentity) {
        let cost = photo.image.byteCount
        lock.withLock {
            inserted += 1
            if shapes.count > 1000 { shapes.removeAll() }
            shapes[identity] = photo.originalSize
        }
        guard cost <= budgetBytes else { return }
        lock.withLock {
            clock += 1
            // Another path to the same file with an older identity is stale now.
            for key in entries.keys where key.path == identity.path && key != identity {
                bytes -= entries[key]!.reduce(0) { $0 + $1.photo.image.byteCount }
                entries[key] = nil
            }
            entries[identity, default: []].append(Entry(photo: photo, lastUse: clock))
            bytes += cost
            evictOverBudget()
        }
    }

    /// How this file cost a worker last time, if it did.
    func failure(_ identity: FileIdentity) -> LoadError.Reason? {
        lock.withLock { failed[identity] }
    }

    /// Keeps a failure that took a worker's time or life to find.
    func recordFailure(_ reason: LoadError.Reason, for identity: FileIdentity) {
        switch reason {
        case .timedOut, .outOfMemory, .crashed:
            lock.withLock {
                if failed.count > 1000 { failed.removeAll() }
                failed[identity] = reason
            }
        default:
            break
        }
    }

    /// Claims the decode of `identity`: true when the caller should decode it,
    /// false after waiting for another thread's decode of it to finish.
    func claimDecode(_ identity: FileIdentity) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard decoding.contains(identity) else {
            decoding.insert(identity)
            return true
        }
        while decoding.contains(identity) { lock.wait() }
        return false
    }

    func finishDecode(_ identity: FileIdentity) {
        lock.lock()
        decoding.remove(identity)
        lock.broadcast()
        lock.unlock()
    }

    private func evictOverBudget() {
        while bytes > budgetBytes {
            var oldest: (FileIdentity, Int, UInt64)?
            for (key, list) in entries {
                for (i, entry) in list.enumerated() where oldest == nil || entry.lastUse < oldest!.2 {
                    oldest = (key, i, entry.lastUse)
                }
            }
            guard let (key, index, _) = oldest else { return }
            bytes -= entries[key]![index].photo.image.byteCount
            entries[key]!.remove(at: index)
            if entries[key]!.isEmpty { entries[key] = nil }
        }
    }

    /// Whether a decode is big enough for `cover` after aspect fill (or is the whole photo).
    static func covers(_ photo: DecodedPhoto, _ cover: PixelSize?) -> Bool {
        let full = photo.originalSize
        let image = photo.image.size
        if image.width >= full.width && image.height >= full.height { return true }
        guard let cover else { return false }
        let s = min(1, max(Double(cover.width) / Double(full.width), Double(cover.height) / Double(full.height)))
        return Double(image.width) >= Double(full.width) * s - 1e-6
            && Double(image.height) >= Double(full.height) * s - 1e-6
    }
}

/// Photos by path at the size asked for: from the cache when it has them,
/// otherwise decoded (from the descriptor just opened, by the decoder
/// workers) and cached.
public struct PhotoSource: Sendable {
    public let decoder: Decoder
    public let cache: ImageCache
    /// What the decodes are for: how long each may take.
    public let purpose: DecodePurpose

    public init(decoder: Decoder = .isolated(), cache: ImageCache = ImageCache(), purpose: DecodePurpose = .preview) {
        self.decoder = decoder
        self.cache = cache
        self.purpose = purpose
    }

    /// What the cache holds for `path` now, without decoding: a decode that
    /// covers `cover`, or the failure that cost a worker last time; nil for
    /// both when `photo` would have to decode it (or the file cannot be opened).
    public func cached(_ path: String, covering cover: PixelSize?) -> Result<DecodedPhoto, LoadError>? {
        guard let file = try? PhotoFile.open(path) else { return nil }
        defer { file.close() }
        if let decoded = cache.lookup(file.identity, covering: cover) { return .success(decoded) }
        return cache.failure(file.identity).map { .failure(LoadError(path: path, reason: $0)) }
    }

    /// The upright full size of `path` as far as decodes have told it, without decoding.
    public func knownShape(_ path: String) -> PixelSize? {
        guard let file = try? PhotoFile.open(path) else { return nil }
        defer { file.close() }
        return cache.shape(file.identity)
    }

    /// The upright full size of `path`: known from an earlier decode, else
    /// from the smallest decode that tells it (a JPEG at an eighth).
    public func shape(_ path: String) throws(LoadError) -> PixelSize {
        if let known = knownShape(path) { return known }
        return try photo(path, covering: Self.shapeCover).originalSize
    }

    /// What a decode made only to learn a photo's shape covers.
    static let shapeCover = PixelSize(width: 64, height: 64)

    public func photo(_ path: String, covering cover: PixelSize?) throws(LoadError) -> DecodedPhoto {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        // Two callers wanting the same file at once (the preview and a strip
        // thumbnail) share one decode: the second waits, then finds it cached.
        while true {
            if let cached = cache.lookup(file.identity, covering: cover) { return cached }
            if cache.claimDecode(file.identity) { break }
        }
        defer { cache.finishDecode(file.identity) }
        if let reason = cache.failure(file.identity) { throw LoadError(path: path, reason: reason) }
        do {
            let decoded = try decoder.decode(file, path: path, covering: cover, swapsAxes: cache.swapsAxes(file.identity),
                                             purpose: purpose)
            cache.insert(decoded, for: file.identity)
            return decoded
        } catch {
            cache.recordFailure(error.reason, for: file.identity)
            throw error
        }
    }
}

// The small picture of a photo that can be on screen in milliseconds, while
// its real decode takes a few hundred (issue 14): the freedesktop thumbnail
// cache's (large, then normal) when its Thumb::MTime still matches the file,
// else the JPEG's own EXIF thumbnail, both read by the decoder workers;
// else none. Answers are kept per file identity (an edited file is looked
// at again), none included, and two callers asking at once (the preview and
// the strip) share one look. The preview's draft and the strip and gallery
// thumbnails use it; what they do with it, and replacing it with the real
// decode, is theirs (PreviewRenderer, ThumbnailService). Synchronous, for
// background threads.

import CollageCore
import CollageRender
import Foundation

// Unchecked: its state is only touched with `lock` held, and callers wait on
// that NSCondition for a file another thread is reading, which Mutex cannot do.
final class SmallImageSource: @unchecked Sendable {
    /// One for the process: the preview and the thumbnails see the same pictures.
    static let shared = SmallImageSource()

    private let decoder: Decoder
    private let lock = NSCondition()
    private var kept: [FileIdentity: (image: SmallImage?, lastUse: Int)] = [:]
    private var looking: Set<FileIdentity> = []
    private var clock = 0
    /// Files remembered; a 256 px cache thumbnail is 256 KiB, an EXIF one 75 KiB.
    let capacity: Int

    init(decoder: Decoder = .isolated(), capacity: Int = 64) {
        self.decoder = decoder
        self.capacity = capacity
    }

    /// The small picture of `path`, or nil; `purpose` bounds how long a worker may take.
    func image(for path: String, purpose: DecodePurpose = .probe) -> SmallImage? {
        guard let identity = FileIdentity.current(path) else { return nil }
        lock.lock()
        while looking.contains(identity) { lock.wait() }
        if let hit = kept[identity] {
            clock += 1
            kept[identity]!.lastUse = clock
            lock.unlock()
            return hit.image
        }
        looking.insert(identity)
        lock.unlock()
        let found = look(path, purpose: purpose)
        lock.lock()
        looking.remove(identity)
        clock += 1
        kept[identity] = (found, clock)
        if kept.count > capacity, let oldest = kept.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            kept[oldest] = nil
        }
        lock.broadcast()
        lock.unlock()
        return found
    }

    private func look(_ path: String, purpose: DecodePurpose) -> SmallImage? {
        for flavour in [SharedThumbnailCache.Flavour.large, .normal] {
            if let entry = SharedThumbnailCache.entry(for: path, flavour: flavour),
               let image = SharedThumbnailCache.read(entry, decoder: decoder) {
                return SmallImage(image: image, photoSize: nil, origin: .thumbnailCache)
            }
        }
        // A worker that cannot read it (or dies trying) costs only the small picture:
        // the real decode says what is wrong with the file.
        return (try? decoder.embeddedThumbnail(path, purpose: purpose)) ?? nil
    }
}

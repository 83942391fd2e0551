// The freedesktop shared thumbnail cache (Thumbnail Managing Standard), so
// the gallery opens a folder other apps already showed at the speed of
// reading small PNGs, and leaves thumbnails for them in turn:
// $XDG_CACHE_HOME/thumbnails/{normal,large}/<md5 of the file's URI>.png, each
// PNG carrying Thumb::URI and Thumb::MTime; a thumbnail counts only when both
// match the file as it is now. Written atomically (AtomicFile),
// 0600 in 0700 folders as the standard asks. A file that cost a decoder
// worker (a crash, its memory, its deadline) gets a fail marker in
// fail/tinycollage/, as the standard has it, so the gallery does not pay for
// it again until the file changes. The cache's PNGs may come from anyone,
// so they are read by the decoder workers too. Deciding when to use it is
// ThumbnailService's job; decoding the photo is the Decoder's.

import CGtk
import CollageCore
import CollageRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum SharedThumbnailCache {
    /// "normal" thumbnails fit 128×128, "large" ones 256×256.
    enum Flavour: String {
        case normal
        case large

        var side: Int { self == .normal ? 128 : 256 }
        /// The standard's folder for this flavour.
        var folder: String { rawValue }

        static func fitting(_ side: Int) -> Flavour { side <= 128 ? .normal : .large }
    }

    struct Entry {
        let uri: String
        let modified: Int64
        let file: String
    }

    static var root: String {
        (string(g_get_user_cache_dir()) ?? NSHomeDirectory() + "/.cache") + "/thumbnails"
    }

    /// Where the thumbnail of `path` would be, and what it must say; nil for a
    /// file that cannot be stat'ed (it will fail to decode too, with the reason).
    static func entry(for path: String, flavour: Flavour) -> Entry? {
        entry(for: path, folder: flavour.folder)
    }

    /// Where a fail marker for `path` would be.
    static func failureEntry(for path: String) -> Entry? {
        entry(for: path, folder: "fail/tinycollage")
    }

    private static func entry(for path: String, folder: String) -> Entry? {
        var info = stat()
        guard FilePathText.withCString(path, { stat($0, &info) }) == 0,
              let uri = FilePathText.withCString(path, { takeString(g_filename_to_uri($0, nil, nil)) }),
              let md5 = takeString(g_compute_checksum_for_string(G_CHECKSUM_MD5, uri, -1)) else { return nil }
        return Entry(uri: uri, modified: Int64(info.st_mtim.tv_sec),
                     file: root + "/" + folder + "/" + md5 + ".png")
    }

    /// The cached PNG at `entry`, if it is there and still matches the file.
    private static func readFile(_ entry: Entry, decoder: Decoder) -> ThumbnailFile? {
        guard let thumbnail = try? decoder.thumbnailFile(entry.file), thumbnail.uri == entry.uri,
              Int64(thumbnail.modified) == entry.modified else { return nil }
        return thumbnail
    }

    /// The cached thumbnail, if it is there and still matches the file.
    static func read(_ entry: Entry, decoder: Decoder) -> CairoImage? {
        readFile(entry, decoder: decoder).map(\.image)
    }

    /// How the file cost a worker, if its fail marker is there and current.
    static func readFailure(_ entry: Entry, decoder: Decoder) -> LoadError.Reason? {
        let note = readFile(entry, decoder: decoder)?.note
        return [LoadError.Reason.timedOut, .outOfMemory, .crashed].first { $0.key == note }
    }

    /// Leaves a fail marker when the failure cost a worker; nothing else is worth one.
    static func writeFailure(_ reason: LoadError.Reason, for entry: Entry) {
        guard [LoadError.Reason.timedOut, .outOfMemory, .crashed].contains(reason) else { return }
        // The standard's fail markers are PNGs too; one transparent pixel.
        guard let marker = CairoImage.make(width: 1, height: 1, opaque: false) else { return }
        write(marker, for: entry, original: PixelSize(width: 1, height: 1), extra: [(ThumbnailFile.noteKey, reason.key)])
    }

    /// Leaves a thumbnail for `entry`; failures only cost the next visit a decode.
    static func write(_ image: CairoImage, for entry: Entry, original: PixelSize, extra: [(String, String)] = []) {
        let folder = (entry.file as NSString).deletingLastPathComponent
        g_mkdir_with_parents(folder, 0o700)
        guard let pixbuf = image.pixbufCopy() else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let options: [(String, String)] = [
            ("tEXt::Thumb::URI", entry.uri), ("tEXt::Thumb::MTime", String(entry.modified)),
            ("tEXt::Thumb::Image::Width", String(original.width)), ("tEXt::Thumb::Image::Height", String(original.height)),
            ("tEXt::Software", AppInfo.name),
            // A 256 px thumbnail is small either way; zlib's fastest level
            // keeps the cache from competing with the decodes on screen.
            ("compression", "1"),
        ] + extra
        var keys = options.map { strdup($0.0) } + [nil]
        var values = options.map { strdup($0.1) } + [nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var buffer: UnsafeMutablePointer<CChar>?
        var size: gsize = 0
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, "png", &keys, &values, nil) != 0, let buffer else { return }
        defer { g_free(buffer) }
        // Private to the user (the standard's 0600), replacing a stale one; a
        // lost thumbnail is made again, so it is not flushed to disk.
        try? AtomicFile.write(to: entry.file, replacing: true, permissions: 0o600, durable: false) { fd throws(ExportError) in
            if let failed = AtomicFile.writeAll(fd, buffer, count: Int(size)) { throw ExportError.fromErrno(failed, path: entry.file) }
        }
    }
}

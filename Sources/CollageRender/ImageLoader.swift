// Decodes one photo with gdk-pixbuf at the size its cell needs, upright per
// its EXIF orientation, as a Cairo surface — in this process. The app never
// calls it on a user's file itself: decoder workers do (DecodeWorker), and
// the fuzzer. The size is chosen in the loader's size-prepared signal, from
// the header, before any pixel buffer is allocated (DecodeSize: JPEG at a
// libjpeg scale, SVG at the cover size, the pixel limit on what is decoded);
// an image over a limit is refused by asking the loader for a 0×0 image,
// which every gdk-pixbuf loader treats as "stop". An animation gives its
// first frame. Caching is PhotoSource's job; the loader's callbacks and its
// errors' words are LoaderContext's.

import CPangoCairo
import CPixbuf
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A decoded photo and what is known about the file it came from.
public struct DecodedPhoto: Sendable {
    public let image: CairoImage
    /// The full-resolution size, upright.
    public let originalSize: PixelSize
    /// Whether the EXIF orientation turns the image by 90° (orientations 5–8).
    public let swapsAxes: Bool
}

/// A freedesktop thumbnail-cache PNG as read: its pixels, what it says it
/// shows, and the failure it records when it is one of our fail markers.
public struct ThumbnailFile: Sendable {
    public let image: CairoImage
    public let uri: String
    public let modified: String
    public let note: String

    /// The PNG text key of a fail marker's note (SharedThumbnailCache).
    public static let noteKey = "tEXt::TinyCollage::Failure"
}

public struct ImageLoader: Sendable {
    /// Refuse to decode more pixels than this (checked from the header).
    public var pixelLimit: Int
    public static let defaultPixelLimit = 250_000_000
    /// A JPEG larger than this is refused whatever size it is decoded at (see DecodeSize).
    public static let jpegSourcePixelLimit = DecodeSize.jpegSourcePixelLimit

    /// Shrink JPEG decodes to exactly what their cell needs while converting
    /// them (libjpeg's 1/2, 1/4, 1/8 can leave up to twice that on each side).
    /// For one-off renders (the command line, Save), where nothing is reused:
    /// a cached decode is better kept larger, so it serves other cell sizes.
    public var shrinkToCover: Bool

    /// Where the decoded pixels go: a decoder worker asks for shared memory.
    public var storage: PixelStorage = .heap

    public init(pixelLimit: Int = ImageLoader.defaultPixelLimit, shrinkToCover: Bool = false) {
        self.pixelLimit = pixelLimit
        self.shrinkToCover = shrinkToCover
    }

    /// Decodes `path` covering `cover` (upright pixels) after aspect fill, or
    /// at full resolution when `cover` is nil.
    public func load(_ path: String, covering cover: PixelSize?, swapsAxes: Bool? = nil) throws(LoadError) -> DecodedPhoto {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        return try decode(file, path: path, covering: cover, swapsAxes: swapsAxes)
    }

    /// Checks that `path` is an image gdk-pixbuf can read and that some size
    /// of it can be decoded within the limits, from its header only: the
    /// loader is stopped as soon as it knows the size. Returns the stored
    /// (not EXIF-turned) size.
    public func probe(_ path: String) throws(LoadError) -> PixelSize {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        return try probe(file, path: path)
    }

    func probe(_ file: PhotoFile, path: String) throws(LoadError) -> PixelSize {
        let context = LoaderContext(cover: nil, swapsAxes: nil, pixelLimit: pixelLimit, probeOnly: true)
        let loader = context.makeLoader(rows: false)
        defer { g_object_unref(loader) }
        // A read error reads as "not an image" here; decoding says which.
        let (error, _) = Self.feed(file, to: loader, chunkSize: 64 * 1024, while: { context.raw == nil }, seeing: { _ in })
        gdk_pixbuf_loader_close(loader, nil)
        defer { if let error { g_error_free(error) } }
        if let limit = context.refusedOver, let raw = context.raw {
            throw LoadError(path: path, reason: .tooLarge(raw, limit: limit))
        }
        guard let raw = context.raw else {
            if let error { throw LoadError(path: path, reason: context.reason(for: error.pointee, sawHeader: false)) }
            throw LoadError(path: path, reason: .notAnImage)
        }
        // A header may claim 0×N (seen in GIFs): nothing to show.
        guard !raw.isEmpty else { throw LoadError(path: path, reason: .corrupt("the image has no pixels")) }
        return raw
    }

    /// Reads a thumbnail-cache PNG whole, with its Thumb::URI and Thumb::MTime.
    func thumbnailFile(_ file: PhotoFile, path: String) throws(LoadError) -> ThumbnailFile {
        var limited = self
        limited.pixelLimit = Self.thumbnailPixelLimit
        let (decoded, pixbuf) = try limited.decodeKeepingPixbuf(file, path: path, covering: nil, swapsAxes: false)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // Text after the image data is not the loader's to report (PNGText).
        lazy var late = PNGText.read(file.descriptor)
        func option(_ key: String) -> String {
            gdk_pixbuf_get_option(pixbuf, key).map { String(cString: $0) } ?? late[String(key.dropFirst("tEXt::".count))] ?? ""
        }
        return ThumbnailFile(image: decoded.image, uri: option("tEXt::Thumb::URI"), modified: option("tEXt::Thumb::MTime"),
                             note: option(ThumbnailFile.noteKey))
    }

    /// The largest thumbnail the standard has (xx-large, 1024²).
    static let thumbnailPixelLimit = 1024 * 1024

    /// Writes the file into the loader a chunk at a time while `more()` holds,
    /// showing each chunk to `seeing` first. Returns the loader's error (the
    /// caller frees it) and what went wrong reading, if anything.
    private static func feed(_ file: PhotoFile, to loader: UnsafeMutablePointer<GdkPixbufLoader>, chunkSize: Int,
                             while more: () -> Bool, seeing: (UnsafeBufferPointer<UInt8>) -> Void)
        -> (error: UnsafeMutablePointer<GError>?, readError: String?) {
        var error: UnsafeMutablePointer<GError>?
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { buffer.deallocate() }
        while error == nil, more() {
            let count = read(file.descriptor, buffer, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                return (error, String(cString: strerror(errno)))
            }
            if count == 0 { break }
            seeing(UnsafeBufferPointer(start: buffer, count: count))
            if gdk_pixbuf_loader_write(loader, buffer, gsize(count), &error) == 0 { break }
        }
        return (error, nil)
    }

    func decode(_ file: PhotoFile, path: String, covering cover: PixelSize?, swapsAxes: Bool?) throws(LoadError) -> DecodedPhoto {
        let (decoded, pixbuf) = try decodeKeepingPixbuf(file, path: path, covering: cover, swapsAxes: swapsAxes)
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        return decoded
    }

    /// Decodes, and returns the loader's pixbuf too (a new reference) for its options.
    private func decodeKeepingPixbuf(_ file: PhotoFile, path: String, covering cover: PixelSize?,
                                     swapsAxes: Bool?) throws(LoadError) -> (DecodedPhoto, OpaquePointer) {
        let (loaded, raw, scaling) = try runLoader(file, path: path, covering: cover, swapsAxes: swapsAxes)
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        let orientation = gdk_pixbuf_get_option(loaded, "orientation").flatMap { Int(String(cString: $0)) } ?? 1
        let swaps = (5...8).contains(orientation)
        let isJPEG = scaling == .jpeg
        let pixbuf = Self.scaledToCover(loaded, cover: isJPEG ? nil : cover, swapsAxes: swaps)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw LoadError(path: path, reason: .outOfMemory)
        }
        let uprightSize = PixelSize(width: Int(gdk_pixbuf_get_width(upright)), height: Int(gdk_pixbuf_get_height(upright)))
        // A vector image's own size is the one it declares.
        let original = swaps ? raw.transposed : raw
        if shrinkToCover, isJPEG, let cover {
            let target = DecodeSize.request(raw: uprightSize, cover: cover, swapsAxes: false, isJPEG: false)
            if target.pixelCount * 10 < uprightSize.pixelCount * 8,
               let image = CairoImage.from(pixbuf: upright, shrunkTo: target, storage: storage) {
                return (DecodedPhoto(image: image, originalSize: original, swapsAxes: swaps), upright)
            }
        }
        guard let image = CairoImage.from(pixbuf: upright, storage: storage) else {
            g_object_unref(UnsafeMutableRawPointer(upright))
            throw LoadError(path: path, reason: .outOfMemory)
        }
        return (DecodedPhoto(image: image, originalSize: original, swapsAxes: swaps), upright)
    }

    /// Runs the loader over the file: its pixbuf (a new reference, an
    /// animation's first frame), the size the header declared, and how it
    /// was sized.
    func runLoader(_ file: PhotoFile, path: String, covering cover: PixelSize?,
                   swapsAxes: Bool?) throws(LoadError) -> (OpaquePointer, PixelSize, DecodeSize.Scaling) {
        let context = LoaderContext(cover: cover, swapsAxes: swapsAxes, pixelLimit: pixelLimit, probeOnly: false)
        let loader = context.makeLoader(rows: true)
        defer { g_object_unref(loader) }
        var endCheck: ContainerEndCheck?
        let (error, readError) = Self.feed(file, to: loader, chunkSize: 256 * 1024,
                                           while: { context.refusedOver == nil && context.raw?.isEmpty != true },
                                           seeing: { chunk in
            if endCheck == nil { endCheck = ContainerEndCheck(firstBytes: chunk) }
            endCheck?.feed(chunk)
        })
        // Close even after a failure, or GLib warns that the loader was not closed.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = error == nil
            ? gdk_pixbuf_loader_close(loader, &closeError) != 0
            : gdk_pixbuf_loader_close(loader, nil) != 0
        defer {
            if let error { g_error_free(error) }
            if let closeError { g_error_free(closeError) }
        }
        if let limit = context.refusedOver, let raw = context.raw {
            throw LoadError(path: path, reason: .tooLarge(raw, limit: limit))
        }
        if let raw = context.raw, raw.isEmpty {
            throw LoadError(path: path, reason: .corrupt("the image has no pixels"))
        }
        if let readError { throw LoadError(path: path, reason: .ioError(readError)) }
        if let failure = error ?? closeError {
            var reason = context.reason(for: failure.pointee, sawHeader: context.raw != nil)
            if case .corrupt = reason, let raw = context.raw {
                switch context.formatName {
                case "jpeg" where Self.needsWholeFile(failure.pointee):
                    return (try readWhole(file, path: path, raw: raw), raw, .whole)
                case "tiff":
                    reason = UnsupportedTIFF.check(file.descriptor).map { .unsupported("TIFF", $0) } ?? reason
                default:
                    break
                }
            }
            throw LoadError(path: path, reason: reason)
        }
        guard closed, let loaded = gdk_pixbuf_loader_get_pixbuf(loader), let raw = context.raw else {
            throw LoadError(path: path, reason: .notAnImage)
        }
        // Loaders fill what a truncated file lacks and say nothing: the rows
        // they reported decoding tell for most formats, the file's own
        // structure for JPEG, PNG and WebP, where rows cannot (ContainerEndCheck).
        // An animation's rows are its first frame's, which may be smaller
        // than its screen; its loader or container reports a cut file.
        let animation = gdk_pixbuf_loader_get_animation(loader)
        let animated = animation.map { gdk_pixbuf_animation_is_static_image($0) == 0 } ?? false
        if (context.countsRows && !animated && context.decodedRows < Int(gdk_pixbuf_get_height(loaded)))
            || endCheck?.reachedEnd == false {
            throw LoadError(path: path, reason: .corrupt("the file ends before the image does"))
        }
        g_object_ref(UnsafeMutableRawPointer(loaded))
        return (loaded, raw, context.scaling)
    }

    /// libjpeg decodes arithmetic-coded JPEGs only from a source that never
    /// runs dry, which gdk-pixbuf's incremental loader is not.
    private static func needsWholeFile(_ error: GError) -> Bool {
        error.message.map { String(cString: $0).contains("Suspension not allowed") } ?? false
    }

    /// Decodes the whole file through gdk-pixbuf's one-go path (its loader
    /// reads from the file itself), for what the incremental loader cannot.
    private func readWhole(_ file: PhotoFile, path: String, raw: PixelSize) throws(LoadError) -> OpaquePointer {
        guard raw.pixelCount <= pixelLimit else { throw LoadError(path: path, reason: .tooLarge(raw, limit: pixelLimit)) }
        // The same structure check as the incremental path: a cut file is refused.
        lseek(file.descriptor, 0, SEEK_SET)
        var check = JPEGEndCheck()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(file.descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBufferPointer { check.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
        }
        guard check.reachedEnd else { throw LoadError(path: path, reason: .corrupt("the file ends before the image does")) }
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file("/proc/self/fd/\(file.descriptor)", &error) else {
            let message = error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw LoadError(path: path, reason: .corrupt(message))
        }
        return pixbuf
    }

    /// Formats other than JPEG decode whole; shrink them to what the cell needs
    /// so the cache and every paint handle fewer pixels (nil cover: keep the
    /// size, as for JPEG, which libjpeg already scaled), and never past the
    /// sides Cairo can hold. Returns a new reference.
    private static func scaledToCover(_ pixbuf: OpaquePointer, cover: PixelSize?, swapsAxes: Bool?) -> OpaquePointer {
        let size = PixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        let wanted = cover.map { DecodeSize.request(raw: size, cover: $0, swapsAxes: swapsAxes, isJPEG: false) } ?? size
        let target = DecodeSize.fittingCairo(wanted)
        guard target != size, let scaled = gdk_pixbuf_scale_simple(pixbuf, Int32(target.width), Int32(target.height),
                                                                  GDK_INTERP_BILINEAR) else {
            g_object_ref(UnsafeMutableRawPointer(pixbuf))
            return pixbuf
        }
        // The orientation tag travels with the option, which scaling drops.
        if let orientation = gdk_pixbuf_get_option(pixbuf, "orientation") {
            gdk_pixbuf_set_option(scaled, "orientation", orientation)
        }
        return scaled
    }
}

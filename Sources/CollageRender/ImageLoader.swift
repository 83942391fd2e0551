// Decodes one photo with gdk-pixbuf at the size its cell needs, upright per
// its EXIF orientation, as a Cairo surface. The pixel limit is checked in the
// loader's size-prepared signal, from the header, before any pixel buffer is
// allocated: a decompression bomb is refused by asking the loader for a 0×0
// image, which every gdk-pixbuf loader treats as "stop". Caching is PhotoSource's job.

import CGtk
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

public struct ImageLoader: Sendable {
    /// Refuse images with more pixels than this (read from the header).
    public var pixelLimit: Int
    public static let defaultPixelLimit = 250_000_000

    /// Shrink JPEG decodes to exactly what their cell needs while converting
    /// them (libjpeg's 1/2, 1/4, 1/8 can leave up to twice that on each side).
    /// For one-off renders (the command line, Save), where nothing is reused:
    /// a cached decode is better kept larger, so it serves other cell sizes.
    public var shrinkToCover: Bool

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

    /// Checks that `path` is an image gdk-pixbuf can read and within the pixel
    /// limit, from its header only: the loader is stopped as soon as it knows
    /// the size. Returns the stored (not EXIF-turned) size.
    public func probe(_ path: String) throws(LoadError) -> PixelSize {
        let file = try PhotoFile.open(path)
        defer { file.close() }
        let context = SizeContext(cover: nil, swapsAxes: nil, pixelLimit: pixelLimit)
        context.probeOnly = true
        let loader = Self.makeLoader(reportingTo: context, rows: false)
        defer { g_object_unref(loader) }
        // A read error reads as "not an image" here; decoding says which.
        let (error, _) = Self.feed(file, to: loader, chunkSize: 64 * 1024, while: { context.raw == nil }, seeing: { _ in })
        gdk_pixbuf_loader_close(loader, nil)
        defer { if let error { g_error_free(error) } }
        if context.tooLarge, let raw = context.raw {
            throw LoadError(path: path, reason: .tooLarge(raw, limit: pixelLimit))
        }
        guard let raw = context.raw else {
            if let error { throw LoadError(path: path, reason: Self.reason(for: error.pointee, sawHeader: false)) }
            throw LoadError(path: path, reason: .notAnImage)
        }
        // A header may claim 0×N (seen in GIFs): nothing to show.
        guard !raw.isEmpty else { throw LoadError(path: path, reason: .corrupt("the image has no pixels")) }
        return raw
    }

    /// A new loader whose size-prepared signal (and area-updated, with `rows`)
    /// report into `context`; each connection keeps the context alive. The
    /// caller owns the loader.
    private static func makeLoader(reportingTo context: SizeContext, rows: Bool) -> UnsafeMutablePointer<GdkPixbufLoader> {
        let loader = gdk_pixbuf_loader_new()!
        let release: GClosureNotify = { data, _ in Unmanaged<SizeContext>.fromOpaque(data!).release() }
        tc_signal_connect(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
                          Unmanaged.passRetained(context).toOpaque(), release)
        if rows {
            tc_signal_connect(UnsafeMutableRawPointer(loader), "area-updated", unsafeBitCast(areaUpdated, to: GCallback.self),
                              Unmanaged.passRetained(context).toOpaque(), release)
        }
        return loader
    }

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
        let context = SizeContext(cover: cover, swapsAxes: swapsAxes, pixelLimit: pixelLimit)
        let loader = Self.makeLoader(reportingTo: context, rows: true)
        defer { g_object_unref(loader) }
        var endCheck: ContainerEndCheck?
        let (error, readError) = Self.feed(file, to: loader, chunkSize: 256 * 1024,
                                           while: { !context.tooLarge && context.raw?.isEmpty != true },
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
        if context.tooLarge, let raw = context.raw {
            throw LoadError(path: path, reason: .tooLarge(raw, limit: pixelLimit))
        }
        if let raw = context.raw, raw.isEmpty {
            throw LoadError(path: path, reason: .corrupt("the image has no pixels"))
        }
        if let readError { throw LoadError(path: path, reason: .ioError(readError)) }
        if let failure = error ?? closeError {
            throw LoadError(path: path, reason: Self.reason(for: failure.pointee, sawHeader: context.raw != nil))
        }
        guard closed, let loaded = gdk_pixbuf_loader_get_pixbuf(loader), let raw = context.raw else {
            throw LoadError(path: path, reason: .notAnImage)
        }
        // Loaders fill what a truncated file lacks and say nothing: the rows
        // they reported decoding tell for most formats, the file's own
        // structure for JPEG, PNG and WebP, where rows cannot (ContainerEndCheck).
        if context.decodedRows < Int(gdk_pixbuf_get_height(loaded)) || endCheck?.reachedEnd == false {
            throw LoadError(path: path, reason: .corrupt("the file ends before the image does"))
        }
        let orientation = gdk_pixbuf_get_option(loaded, "orientation").flatMap { Int(String(cString: $0)) } ?? 1
        let swaps = (5...8).contains(orientation)
        let format = gdk_pixbuf_loader_get_format(loader).flatMap { gdk_pixbuf_format_get_name($0) }
        let isJPEG = format.map { String(cString: $0) == "jpeg" } ?? false
        let pixbuf = Self.scaledToCover(loaded, cover: isJPEG ? nil : cover, swapsAxes: swaps)
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let upright = gdk_pixbuf_apply_embedded_orientation(pixbuf) else {
            throw LoadError(path: path, reason: .corrupt("cannot turn it upright"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(upright)) }
        let uprightSize = PixelSize(width: Int(gdk_pixbuf_get_width(upright)), height: Int(gdk_pixbuf_get_height(upright)))
        if shrinkToCover, isJPEG, let cover {
            let target = DecodeSize.request(raw: uprightSize, cover: cover, swapsAxes: false, isJPEG: false)
            if target.pixelCount * 10 < uprightSize.pixelCount * 8,
               let image = CairoImage.from(pixbuf: upright, shrunkTo: target) {
                return DecodedPhoto(image: image, originalSize: swaps ? raw.transposed : raw, swapsAxes: swaps)
            }
        }
        guard let image = CairoImage.from(pixbuf: upright) else {
            throw LoadError(path: path, reason: .tooLarge(raw, limit: pixelLimit))
        }
        return DecodedPhoto(image: image, originalSize: swaps ? raw.transposed : raw, swapsAxes: swaps)
    }

    /// Formats other than JPEG decode whole; shrink them to what the cell needs
    /// so the cache and every paint handle fewer pixels (nil cover: keep the
    /// size, as for JPEG, which libjpeg already scaled). Returns a new reference.
    private static func scaledToCover(_ pixbuf: OpaquePointer, cover: PixelSize?, swapsAxes: Bool?) -> OpaquePointer {
        let size = PixelSize(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
        let target = cover.map { DecodeSize.request(raw: size, cover: $0, swapsAxes: swapsAxes, isJPEG: false) } ?? size
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

    private static func reason(for error: GError, sawHeader: Bool) -> LoadError.Reason {
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        if error.domain == gdk_pixbuf_error_quark(), error.code == Int32(GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue) {
            return .notAnImage
        }
        // A file no loader recognised never reaches the header.
        return sawHeader ? .corrupt(message) : .notAnImage
    }
}

/// What the size-prepared callback needs and learns; lives as long as the connection.
private final class SizeContext {
    let cover: PixelSize?
    let swapsAxes: Bool?
    let pixelLimit: Int
    var raw: PixelSize?
    var tooLarge = false
    /// Stop once the size is known (probe).
    var probeOnly = false
    /// The lowest row the loader reported as decoded (area-updated).
    var decodedRows = 0

    init(cover: PixelSize?, swapsAxes: Bool?, pixelLimit: Int) {
        self.cover = cover
        self.swapsAxes = swapsAxes
        self.pixelLimit = pixelLimit
    }
}

private let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
    loader, width, height, data in
    let context = Unmanaged<SizeContext>.fromOpaque(data!).takeUnretainedValue()
    let raw = PixelSize(width: Int(width), height: Int(height))
    context.raw = raw
    if raw.isEmpty || raw.pixelCount > context.pixelLimit || context.probeOnly {
        context.tooLarge = !raw.isEmpty && raw.pixelCount > context.pixelLimit
        gdk_pixbuf_loader_set_size(loader, 0, 0)
        return
    }
    // Only JPEG scales while decoding; asking another loader for a smaller
    // size would make it rescale and stop reporting rows (see areaUpdated).
    let format = gdk_pixbuf_loader_get_format(loader).flatMap { gdk_pixbuf_format_get_name($0) }
    guard let format, String(cString: format) == "jpeg" else { return }
    let request = DecodeSize.request(raw: raw, cover: context.cover, swapsAxes: context.swapsAxes, isJPEG: true)
    if request != raw {
        gdk_pixbuf_loader_set_size(loader, Int32(request.width), Int32(request.height))
    }
}

private let areaUpdated: @convention(c) (OpaquePointer?, Int32, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
    _, _, y, _, height, data in
    let context = Unmanaged<SizeContext>.fromOpaque(data!).takeUnretainedValue()
    context.decodedRows = max(context.decodedRows, Int(y + height))
}

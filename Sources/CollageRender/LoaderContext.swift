// What one gdk-pixbuf loader run needs and learns: the size-prepared
// callback that chooses the decoded size from the header (DecodeSize) and
// stops the loader over a limit, the area-updated callback that counts the
// rows decoded (ImageLoader's truncation check), and the words for a
// loader's error — a variant of a known format this computer cannot read is
// "unsupported", not "damaged". Decoding itself is ImageLoader's.

import CPangoCairo
import CPixbuf
import CLinux
import CollageCore

final class LoaderContext {
    let cover: PixelSize?
    let swapsAxes: Bool?
    let pixelLimit: Int
    /// Stop once the size is known (probe).
    let probeOnly: Bool
    /// The size the header declares.
    var raw: PixelSize?
    /// The limit the image is over, when it was refused.
    var refusedOver: Int?
    /// The lowest row the loader reported as decoded (area-updated).
    var decodedRows = 0
    var scaling = DecodeSize.Scaling.whole
    /// The loader's format name once it recognised the file ("jpeg", "svg", ...).
    var formatName: String?

    init(cover: PixelSize?, swapsAxes: Bool?, pixelLimit: Int, probeOnly: Bool) {
        self.cover = cover
        self.swapsAxes = swapsAxes
        self.pixelLimit = pixelLimit
        self.probeOnly = probeOnly
    }

    /// Whether the rows reported tell a cut file: not for GIF, whose rows are
    /// its first frame's (smaller than the screen is valid), nor for a vector
    /// image, drawn at once.
    var countsRows: Bool { formatName != "gif" && scaling != .vector }

    /// A new loader whose size-prepared signal (and area-updated, with `rows`)
    /// report here; each connection keeps this context alive. The caller owns the loader.
    func makeLoader(rows: Bool) -> UnsafeMutablePointer<GdkPixbufLoader> {
        let loader = gdk_pixbuf_loader_new()!
        let release: GClosureNotify = { data, _ in Unmanaged<LoaderContext>.fromOpaque(data!).release() }
        tc_pixbuf_signal_connect(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(sizePrepared, to: GCallback.self),
                          Unmanaged.passRetained(self).toOpaque(), release)
        if rows {
            tc_pixbuf_signal_connect(UnsafeMutableRawPointer(loader), "area-updated", unsafeBitCast(areaUpdated, to: GCallback.self),
                              Unmanaged.passRetained(self).toOpaque(), release)
        }
        return loader
    }

    /// The name to show for the format, e.g. "TIFF".
    var formatDisplayName: String {
        switch formatName {
        case nil: return "image"
        case "heif/avif": return "HEIF"
        case let name?: return name.uppercased()
        }
    }

    /// Why the loader failed, in our terms.
    func reason(for error: GError, sawHeader: Bool) -> LoadError.Reason {
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        if error.domain == gdk_pixbuf_error_quark() {
            switch UInt32(error.code) {
            case GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY.rawValue:
                return .outOfMemory
            case GDK_PIXBUF_ERROR_UNKNOWN_TYPE.rawValue, GDK_PIXBUF_ERROR_UNSUPPORTED_OPERATION.rawValue:
                return formatName == nil ? .notAnImage : .unsupported(formatDisplayName, message)
            default:
                break
            }
        }
        if formatName != nil, Self.saysUnsupported(message) { return .unsupported(formatDisplayName, message) }
        // A file no loader recognised never reaches the header.
        return sawHeader ? .corrupt(message) : .notAnImage
    }

    /// The loaders' own words for a variant they do not handle (libtiff's
    /// "Sorry, can not handle images with 32-bit samples", libjpeg's "Sorry,
    /// arithmetic code not supported", libheif's "Unsupported feature").
    static func saysUnsupported(_ message: String) -> Bool {
        let lower = message.lowercased()
        return ["not supported", "unsupported", "can not handle", "cannot handle", "sorry,"].contains { lower.contains($0) }
    }
}

private let sizePrepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
    loader, width, height, data in
    let context = Unmanaged<LoaderContext>.fromOpaque(data!).takeUnretainedValue()
    let raw = PixelSize(width: Int(width), height: Int(height))
    context.raw = raw
    let format = gdk_pixbuf_loader_get_format(loader)
    context.formatName = GLibString.take(format.flatMap { gdk_pixbuf_format_get_name($0) })
    if let format, gdk_pixbuf_format_is_scalable(format) != 0 {
        context.scaling = .vector
    } else if context.formatName == "jpeg" {
        context.scaling = .jpeg
    }
    guard !raw.isEmpty else {
        gdk_pixbuf_loader_set_size(loader, 0, 0)
        return
    }
    switch DecodeSize.plan(raw: raw, cover: context.cover, swapsAxes: context.swapsAxes, scaling: context.scaling,
                           pixelLimit: context.pixelLimit) {
    case let .refuse(limit):
        context.refusedOver = limit
        gdk_pixbuf_loader_set_size(loader, 0, 0)
    case let .decode(size):
        if context.probeOnly {
            gdk_pixbuf_loader_set_size(loader, 0, 0)
        } else if size != raw {
            // Only JPEG and vector loaders size their output while decoding;
            // asking another for a smaller size would make it rescale after
            // and stop reporting rows. DecodeSize plans theirs at `raw`.
            gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
        }
    }
}

private let areaUpdated: @convention(c) (OpaquePointer?, Int32, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void = {
    _, _, y, _, height, data in
    let context = Unmanaged<LoaderContext>.fromOpaque(data!).takeUnretainedValue()
    context.decodedRows = max(context.decodedRows, Int(y + height))
}

/// Why libtiff cannot read a TIFF, when it cannot: gdk-pixbuf only says
/// "Failed to load RGB data", for damage and for variants alike.
enum UnsupportedTIFF {
    static func check(_ descriptor: Int32) -> String? {
        var message = [CChar](repeating: 0, count: 1024)
        guard tc_tiff_cannot_handle(descriptor, &message, Int32(message.count)) != 0 else { return nil }
        let text = String(cChars: message)
        return text.isEmpty ? "libtiff cannot read it" : text
    }
}

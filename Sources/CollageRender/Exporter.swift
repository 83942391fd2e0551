// Writes a rendered collage as PNG or JPEG, atomically through AtomicFile
// (never a half-written file, never a silent replace), with the collage's
// DPI in the file when it has one (PNG pHYs, JPEG JFIF density); the errors
// of any such write, naming the file and saying why, are ExportError's.
// Which DPI a collage has is CollageSettings.dpi's business. A PDF is drawn
// from the document, not encoded from pixels: PDFExporter.

import CPangoCairo
import CPixbuf
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum ImageFormat: Equatable, Sendable {
    case png
    case jpeg(quality: Int)
    /// A one-page PDF of the collage's physical size (PDFExporter).
    case pdf

    public static let defaultJPEGQuality = 92

    /// From the file name's extension; nil for anything but .png, .jpg, .jpeg, .pdf.
    public init?(path: String, quality: Int = ImageFormat.defaultJPEGQuality) {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg(quality: quality)
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// Whether it keeps a transparent background (JPEG flattens it onto white).
    public var keepsTransparency: Bool {
        if case .jpeg = self { return false }
        return true
    }

    var gdkName: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpeg"
        case .pdf: return "pdf"
        }
    }
}

public struct ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case folderMissing
        case notAFolder
        case permissionDenied
        case readOnly
        case diskFull
        case exists
        case encodeFailed(String)
        case ioError(String)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var reasonText: String { reason.wording.english }

    public var description: String { "\(FilePathText.displayText(path)): \(reasonText)" }

    public static func fromErrno(_ code: Int32, path: String) -> ExportError {
        switch code {
        case ENOENT: return ExportError(path: path, reason: .folderMissing)
        case ENOTDIR: return ExportError(path: path, reason: .notAFolder)
        case EACCES, EPERM: return ExportError(path: path, reason: .permissionDenied)
        case EROFS: return ExportError(path: path, reason: .readOnly)
        case ENOSPC, EDQUOT: return ExportError(path: path, reason: .diskFull)
        case EEXIST: return ExportError(path: path, reason: .exists)
        default: return ExportError(path: path, reason: .ioError(String(cString: strerror(code))))
        }
    }
}

public enum Exporter {
    /// Writes `image` to `path`, atomically (see AtomicFile). The image's
    /// pixels are converted in place to the encoder's layout (saving a copy
    /// the size of the collage), so the image must not be drawn again afterwards.
    /// `dpi`, when given, is written as the image's resolution, so a viewer or
    /// printer knows its size on paper; nil writes none (a screen image).
    public static func write(consuming image: CairoImage, to path: String, format: ImageFormat, dpi: Int? = nil,
                             replacing: Bool = false) throws(ExportError) {
        try AtomicFile.write(to: path, replacing: replacing) { fd throws(ExportError) in
            try encode(image, format: format, dpi: dpi, to: WriteSink(fd: fd), path: path)
        }
    }

    /// The file `write` would write, as bytes in memory (for the clipboard);
    /// `name` is what an error calls it. Consumes `image` as `write` does.
    public static func encoded(consuming image: CairoImage, format: ImageFormat, dpi: Int? = nil,
                               name: String) throws(ExportError) -> [UInt8] {
        let sink = WriteSink(fd: nil)
        try encode(image, format: format, dpi: dpi, to: sink, path: name)
        return sink.bytes
    }

    private static func encode(_ image: CairoImage, format: ImageFormat, dpi: Int?, to sink: WriteSink,
                               path: String) throws(ExportError) {
        // A page is drawn from the document, never encoded from a collage's pixels.
        precondition(format != .pdf, "a PDF is written by PDFExporter.write, not Exporter.write")
        // JPEG has no alpha: a transparent background is saved white, not black.
        if case .jpeg = format, !image.isOpaque { flattenOntoWhite(image) }
        let alpha = convertForEncoder(image, keepAlpha: !image.isOpaque && format == .png)
        let data = cairo_image_surface_get_data(image.surface)!
        let pixbuf = gdk_pixbuf_new_from_data(data, GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, Int32(image.width),
                                              Int32(image.height), Int32(image.stride), nil, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var error: UnsafeMutablePointer<GError>?
        var keys: [UnsafeMutablePointer<CChar>?] = []
        var values: [UnsafeMutablePointer<CChar>?] = []
        switch format {
        case let .jpeg(quality):
            keys = [strdup("quality")]
            values = [strdup(String(min(max(quality, 1), 100)))]
        case .png:
            // Measured on a 1080² collage of photos: zlib level 3 takes half
            // the time of level 6 (libpng's adaptive filters make 6 slow) for
            // a file 9% larger.
            keys = [strdup("compression")]
            values = [strdup("3")]
        case .pdf:
            break
        }
        // gdk-pixbuf's PNG and JPEG savers take these (since 2.36): PNG
        // writes pHYs in pixels per metre, JPEG the JFIF density in inches.
        if let dpi {
            keys += [strdup("x-dpi"), strdup("y-dpi")]
            values += [strdup(String(dpi)), strdup(String(dpi))]
        }
        keys.append(nil)
        values.append(nil)
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        let ok = withExtendedLifetime(sink) {
            gdk_pixbuf_save_to_callbackv(pixbuf, writeChunk, Unmanaged.passUnretained(sink).toOpaque(),
                                         format.gdkName, &keys, &values, &error)
        }
        if let code = sink.errnoValue {
            if let error { g_error_free(error) }
            throw .fromErrno(code, path: path)
        }
        if ok == 0 {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            throw ExportError(path: path, reason: .encodeFailed(message))
        }
    }

    private static func flattenOntoWhite(_ image: CairoImage) {
        let cr = cairo_create(image.surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(image.surface)
    }

    /// Cairo's premultiplied native-endian ARGB words to gdk-pixbuf's bytes,
    /// in place: packed RGB rows for an opaque collage (a quarter less for the
    /// encoder to filter and compress), RGBA, not premultiplied, otherwise.
    /// Returns whether the result has alpha.
    private static func convertForEncoder(_ image: CairoImage, keepAlpha: Bool) -> Bool {
        cairo_surface_flush(image.surface)
        let data = cairo_image_surface_get_data(image.surface)!
        for y in 0..<image.height {
            let rowStart = data + y * image.stride
            let words = UnsafeMutableRawPointer(rowStart).assumingMemoryBound(to: UInt32.self)
            if !keepAlpha {
                // Writing 3 bytes for every 4 read never overtakes the reading.
                for x in 0..<image.width {
                    let v = words[x]
                    let out = rowStart + x * 3
                    out[0] = UInt8(truncatingIfNeeded: v >> 16)
                    out[1] = UInt8(truncatingIfNeeded: v >> 8)
                    out[2] = UInt8(truncatingIfNeeded: v)
                }
                continue
            }
            for x in 0..<image.width {
                let v = words[x]
                let a = v >> 24
                var r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF
                if a != 0 && a != 255 {
                    r = min(255, (r * 255 + a / 2) / a)
                    g = min(255, (g * 255 + a / 2) / a)
                    b = min(255, (b * 255 + a / 2) / a)
                }
                words[x] = (a << 24) | (b << 16) | (g << 8) | r
            }
        }
        cairo_surface_mark_dirty(image.surface)
        return keepAlpha
    }
}

/// Where the encoder's chunks go: a file, or (no descriptor) `bytes`.
private final class WriteSink {
    let fd: Int32?
    var bytes: [UInt8] = []
    var errnoValue: Int32?

    init(fd: Int32?) {
        self.fd = fd
    }
}

private let writeChunk: GdkPixbufSaveFunc = { buffer, count, error, data in
    let sink = Unmanaged<WriteSink>.fromOpaque(data!).takeUnretainedValue()
    guard let fd = sink.fd else {
        sink.bytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: Int(count)))
        return 1
    }
    guard let code = AtomicFile.writeAll(fd, buffer!, count: Int(count)) else { return 1 }
    sink.errnoValue = code
    g_set_error_literal(error, g_file_error_quark(), Int32(G_FILE_ERROR_IO.rawValue), strerror(code))
    return 0
}

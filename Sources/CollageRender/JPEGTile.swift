// A PDF page's photo from a JPEG kept as a JPEG (issue 22's "Speed and
// memory"): the cell's image (StylePainter.tile) encoded once more as a JPEG
// on its decoding thread and attached to the surface as its MIME data, which
// Cairo's PDF surface embeds as it is (DCTDecode) instead of deflating the
// raw pixels alone on one thread at the end. Measured on the A3 page at 300
// dpi (README, PDF): Flate took most of the page's time and made a 40 MB file.
// Only for an opaque cell whose photo was a JPEG: a PNG or a screenshot stays
// lossless, a photo with transparency keeps its alpha. Choosing when is
// PaintPass's; the page is PDFExporter's.

import CPangoCairo
import CPixbuf
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum JPEGTile {
    /// Whether the file at `path` is a JPEG (its first bytes, as a decoder tells).
    static func isJPEG(_ path: String) -> Bool {
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 3)
        return read(fd, &head, 3) == 3 && head == [0xFF, 0xD8, 0xFF]
    }

    /// Attaches a JPEG of `tile` at `quality` as its MIME data; false (and
    /// nothing attached) when it has transparency or the encoder fails.
    @discardableResult
    static func attach(to tile: CairoImage, quality: Int) -> Bool {
        guard tile.isOpaque else { return false }
        cairo_surface_flush(tile.surface)
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(tile.width), Int32(tile.height)) else {
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // Cairo's native-endian words to packed RGB (opaque, so not premultiplied in effect).
        let source = cairo_image_surface_get_data(tile.surface)!
        let target = gdk_pixbuf_get_pixels(pixbuf)!
        let rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for y in 0..<tile.height {
            let words = UnsafeRawPointer(source + y * tile.stride).assumingMemoryBound(to: UInt32.self)
            let out = target + y * rowstride
            for x in 0..<tile.width {
                let v = words[x]
                out[3 * x] = UInt8(truncatingIfNeeded: v >> 16)
                out[3 * x + 1] = UInt8(truncatingIfNeeded: v >> 8)
                out[3 * x + 2] = UInt8(truncatingIfNeeded: v)
            }
        }
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(min(max(quality, 1), 100))), nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var encoded: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &encoded, &size, "jpeg", &keys, &values, nil) != 0, let encoded else {
            return false
        }
        // The surface owns the bytes from here: Cairo frees them with it.
        let status = cairo_surface_set_mime_data(tile.surface, "image/jpeg", UnsafeRawPointer(encoded).assumingMemoryBound(to: UInt8.self),
                                                 UInt(size), { g_free($0) }, encoded)
        if status != CAIRO_STATUS_SUCCESS {
            g_free(encoded)
            return false
        }
        return true
    }
}

// An image in memory as a Cairo image surface, owned by one Swift object so
// it can cross threads (immutable once made) and is destroyed exactly once.
// Decoded photos, previews and the saved collage are all CairoImages. Their
// pixels live on the heap, or in shared memory when a decoder worker hands
// them over (SharedPixels.swift).

import CPangoCairo
import CPixbuf
import CollageCore
import Foundation

// Unchecked: the surface pointer is not Sendable, but nothing writes the pixels
// once an image is shared (export converts in place only what it consumes),
// Cairo's reference counts are atomic, and `half` is guarded by `halfLock`.
public final class CairoImage: @unchecked Sendable {
    /// The cairo_surface_t; this object owns one reference.
    public let surface: OpaquePointer
    public let width: Int
    public let height: Int
    /// Every pixel is opaque (alpha 255). Surfaces are always ARGB32, whose
    /// alpha byte is defined, unlike RGB24's, so textures can share the pixels.
    public let isOpaque: Bool

    /// This image at half size, made once when first asked (see `level(forScale:)`).
    private var half: CairoImage?
    private let halfLock = NSLock()

    /// Takes ownership of `surface`.
    init(adopting surface: OpaquePointer, isOpaque: Bool) {
        self.surface = surface
        self.isOpaque = isOpaque
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    /// A new surface, cleared to transparent; nil when Cairo refuses the size
    /// (or, in shared memory, when the memory cannot be had).
    public static func make(width: Int, height: Int, opaque: Bool, storage: PixelStorage = .heap) -> CairoImage? {
        guard width > 0, height > 0, width <= CollageSettings.maximumSide, height <= CollageSettings.maximumSide
        else { return nil }
        if storage == .sharedMemory { return makeShared(width: width, height: height, opaque: opaque) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return CairoImage(adopting: surface, isOpaque: opaque)
    }

    /// The image to draw at `scale` (≤ 1 shrinks) so that what is left is at
    /// least 0.5, where bilinear filtering loses nothing: this image, or a
    /// halved copy, halved again as often as needed. Each halving is a
    /// bilinear paint at exactly 0.5 — an average of 2×2 pixels — and is kept,
    /// so the next draw of a cached photo (a reorder) costs one bilinear paint
    /// instead of Cairo's much slower GOOD filter.
    public func level(forScale scale: Double) -> CairoImage {
        var image = self
        var remaining = scale
        while remaining < 0.5, image.width > 1, image.height > 1 {
            image = image.halved()
            remaining *= 2
        }
        return image
    }

    private func halved() -> CairoImage {
        halfLock.lock()
        defer { halfLock.unlock() }
        if let half { return half }
        let w = max(1, width / 2), h = max(1, height / 2)
        guard let small = CairoImage.make(width: w, height: h, opaque: isOpaque) else { return self }
        paint(into: small)
        half = small
        return small
    }

    /// Draws this whole image scaled onto all of `target` (bilinear).
    private func paint(into target: CairoImage) {
        let cr = cairo_create(target.surface)!
        cairo_scale(cr, Double(target.width) / Double(width), Double(target.height) / Double(height))
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(target.surface)
    }

    /// A copy scaled to fit inside `bounds` (aspect kept), for thumbnails.
    public func scaled(toFit bounds: PixelSize) -> CairoImage {
        let fit = Compositor.size(of: size, fitting: bounds)
        guard fit != size, let small = CairoImage.make(width: fit.width, height: fit.height, opaque: isOpaque) else {
            return self
        }
        level(forScale: Double(fit.width) / Double(width)).paint(into: small)
        return small
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }
    /// Bytes the pixels take, for the cache's budget.
    public var byteCount: Int { stride * height }

    /// The pixel at (x, y) as non-premultiplied 8-bit RGBA; for tests and checks.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let p = data + y * stride + x * 4
        // Cairo keeps native-endian 0xAARRGGBB words: B, G, R, A in memory here.
        let a = p[3]
        func unpremultiply(_ v: UInt8) -> UInt8 {
            a == 0 ? 0 : UInt8(min(255, (Int(v) * 255 + Int(a) / 2) / Int(a)))
        }
        return (unpremultiply(p[2]), unpremultiply(p[1]), unpremultiply(p[0]), a)
    }

    /// A copy as a GdkPixbuf (RGBA, not premultiplied), e.g. to save a thumbnail.
    public func pixbufCopy() -> OpaquePointer? {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, Int32(width), Int32(height)) else { return nil }
        cairo_surface_flush(surface)
        let source = cairo_image_surface_get_data(surface)!
        let destination = gdk_pixbuf_get_pixels(pixbuf)!
        let destinationStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        for y in 0..<height {
            let src = UnsafeRawPointer(source + y * stride).assumingMemoryBound(to: UInt32.self)
            let dst = destination + y * destinationStride
            for x in 0..<width {
                let v = src[x]
                let a = v >> 24
                func channel(_ c: UInt32) -> UInt8 {
                    UInt8(a == 0 ? 0 : min(255, ((c & 0xFF) * 255 + a / 2) / a))
                }
                dst[x * 4] = channel(v >> 16)
                dst[x * 4 + 1] = channel(v >> 8)
                dst[x * 4 + 2] = channel(v)
                dst[x * 4 + 3] = UInt8(a)
            }
        }
        return pixbuf
    }

    /// Copies an RGB GdkPixbuf into a new surface of `size` (at least half
    /// the pixbuf's size on each side), interpolating bilinearly on the way,
    /// so the full-size copy a plain conversion makes is never allocated.
    /// Returns nil for pixbufs with alpha (the caller converts those plainly).
    static func from(pixbuf: OpaquePointer, shrunkTo size: PixelSize, storage: PixelStorage = .heap) -> CairoImage? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        guard gdk_pixbuf_get_has_alpha(pixbuf) == 0, channels == 3, width > 1, height > 1,
              let image = make(width: size.width, height: size.height, opaque: true, storage: storage),
              let source = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let destination = cairo_image_surface_get_data(image.surface)!
        let sx = Double(width) / Double(size.width), sy = Double(height) / Double(size.height)
        // Per column: the left source pixel (byte offset) and the weight of the right one (of 256).
        var columns = [(offset: Int, weight: UInt32)](repeating: (0, 0), count: size.width)
        for x in 0..<size.width {
            let position = min(max((Double(x) + 0.5) * sx - 0.5, 0), Double(width - 1) - 1e-9)
            let left = Int(position)
            columns[x] = (left * 3, UInt32((position - Double(left)) * 256))
        }
        columns.withUnsafeBufferPointer { columns in
            for y in 0..<size.height {
                let position = min(max((Double(y) + 0.5) * sy - 0.5, 0), Double(height - 1) - 1e-9)
                let top = Int(position)
                let wy = UInt32((position - Double(top)) * 256)
                let row0 = source + top * sourceStride, row1 = row0 + sourceStride
                let out = UnsafeMutableRawPointer(destination + y * image.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<size.width {
                    let (o, wx) = columns[x]
                    @inline(__always) func channel(_ c: Int) -> UInt32 {
                        let a = UInt32(row0[o + c]) * (256 - wx) + UInt32(row0[o + 3 + c]) * wx
                        let b = UInt32(row1[o + c]) * (256 - wx) + UInt32(row1[o + 3 + c]) * wx
                        return (a * (256 - wy) + b * wy + 32768) >> 16
                    }
                    out[x] = 0xFF00_0000 | (channel(0) << 16) | (channel(1) << 8) | channel(2)
                }
            }
        }
        cairo_surface_mark_dirty(image.surface)
        return image
    }

    /// Copies a GdkPixbuf (RGB or RGBA, not premultiplied) into a new surface.
    public static func from(pixbuf: OpaquePointer, storage: PixelStorage = .heap) -> CairoImage? {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard let image = make(width: width, height: height, opaque: !alpha, storage: storage),
              let source = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let destination = cairo_image_surface_get_data(image.surface)!
        let destinationStride = image.stride
        for y in 0..<height {
            let src = source + y * sourceStride
            let dst = UnsafeMutableRawPointer(destination + y * destinationStride)
                .assumingMemoryBound(to: UInt32.self)
            if alpha {
                for x in 0..<width {
                    let s = src + x * channels
                    let a = UInt32(s[3])
                    @inline(__always) func pm(_ v: UInt8) -> UInt32 {
                        let t = UInt32(v) * a + 0x80
                        return (t + (t >> 8)) >> 8
                    }
                    dst[x] = (a << 24) | (pm(s[0]) << 16) | (pm(s[1]) << 8) | pm(s[2])
                }
            } else {
                for x in 0..<width {
                    let s = src + x * channels
                    dst[x] = 0xFF00_0000 | (UInt32(s[0]) << 16) | (UInt32(s[1]) << 8) | UInt32(s[2])
                }
            }
        }
        cairo_surface_mark_dirty(image.surface)
        return image
    }
}

// What the look's soft parts are drawn from (issue 23), made once and kept:
// a shadow's blurred mask per frame size, and each photo's blurred, darkened
// small copy for the blurred background. Both are small (a mask is made at
// a scale where its blur is `maskBlur` pixels, a backdrop is `backdropSide`
// pixels long) and drawn scaled, so a re-composite (a reorder, a preview
// resize) only paints. Kept process-wide, as the decodes' cache is, a few
// dozen at most; what is drawn from them is StylePainter's.

import CPangoCairo
import CollageCore
import Foundation

// Unchecked: the dictionaries and counts are touched only with `lock` held;
// what is made is made outside it, so two renders never wait on a blur.
final class StyleCache: @unchecked Sendable {
    static let shared = StyleCache()

    /// A shadow's blur, in mask pixels: enough for a smooth fall-off.
    static let maskBlur = 12.0
    /// A backdrop's long side in pixels: it needs no detail.
    static let backdropSide = 48
    /// How much darker than the photo a backdrop is, so the photos stand out on it.
    static let backdropDarkening = 0.2
    static let limit = 64

    struct MaskKey: Hashable {
        var width: Int, height: Int, radius: Int, blur: Int
    }

    struct BackdropKey: Hashable {
        var photo: FileIdentity
        var size: PixelSize
    }

    private let lock = NSLock()
    private var masks: [MaskKey: Mask] = [:]
    private var backdrops: [BackdropKey: CairoImage] = [:]
    private(set) var masksMade = 0
    private(set) var backdropsMade = 0

    /// An A8 surface owned by one object.
    /// Unchecked: the surface pointer is not Sendable, but it is never drawn
    /// into once made (only drawn from), and Cairo's reference counts are atomic.
    final class Mask: @unchecked Sendable {
        let surface: OpaquePointer
        /// Mask pixels per render pixel.
        let scale: Double
        /// Render pixels the mask reaches beyond the frame on each side.
        let reach: Double

        init(surface: OpaquePointer, scale: Double, reach: Double) {
            self.surface = surface
            self.scale = scale
            self.reach = reach
        }

        deinit { cairo_surface_destroy(surface) }
    }

    /// The blurred alpha of a rounded frame of `width`×`height` render
    /// pixels with corners of `radius`, fading to nothing within `blur`.
    func mask(width: Double, height: Double, radius: Double, blur: Double) -> Mask? {
        let scale = min(1, Self.maskBlur / max(blur, 1))
        let key = MaskKey(width: Int((width * scale).rounded()), height: Int((height * scale).rounded()),
                          radius: Int((radius * scale).rounded()), blur: Int((blur * scale).rounded()))
        if let found = lock.withLock({ masks[key] }) { return found }
        let pad = key.blur + 1
        let w = key.width + 2 * pad, h = key.height + 2 * pad
        guard key.width > 0, key.height > 0, w <= CollageSettings.maximumSide, h <= CollageSettings.maximumSide,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        let cr = cairo_create(surface)!
        StylePainter.roundedRectangle(cr, x: Double(pad), y: Double(pad), width: Double(key.width),
                                      height: Double(key.height), radius: Double(key.radius))
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_destroy(cr)
        // Three boxes of a third of the blur each: the fall-off ends within it.
        BoxBlur.blur(surface, radius: max(1, Int((Double(key.blur) / 3).rounded())))
        let mask = Mask(surface: surface, scale: scale, reach: Double(pad) / scale)
        return lock.withLock {
            if masks.count >= Self.limit { masks.removeAll() }
            masksMade += 1
            masks[key] = mask
            return mask
        }
    }

    /// `photo`'s blurred and darkened copy (from `image`, any decode of it
    /// at hand), `backdropSide` long, kept per photo and size.
    func backdrop(of photo: FileIdentity, from image: CairoImage) -> CairoImage? {
        let size = Compositor.size(of: image.size, fitting: PixelSize(width: Self.backdropSide, height: Self.backdropSide))
        let key = BackdropKey(photo: photo, size: size)
        if let found = lock.withLock({ backdrops[key] }) { return found }
        guard let small = CairoImage.make(width: size.width, height: size.height, opaque: image.isOpaque) else { return nil }
        let source = image.level(forScale: Double(size.width) / Double(image.width))
        let cr = cairo_create(small.surface)!
        cairo_scale(cr, Double(size.width) / Double(source.width), Double(size.height) / Double(source.height))
        cairo_set_source_surface(cr, source.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        // Three boxes of a twelfth of the side: a Gaussian of about a tenth of it.
        guard BoxBlur.blurKeepingEdges(small, radius: Self.backdropSide / 12) else { return nil }
        let back = cairo_create(small.surface)!
        cairo_set_operator(back, CAIRO_OPERATOR_ATOP)
        cairo_set_source_rgba(back, 0, 0, 0, Self.backdropDarkening)
        cairo_paint(back)
        cairo_destroy(back)
        cairo_surface_flush(small.surface)
        return lock.withLock {
            if backdrops.count >= Self.limit { backdrops.removeAll() }
            backdropsMade += 1
            backdrops[key] = small
            return small
        }
    }

    /// How many masks and backdrops were made so far (for tests and the bench).
    var made: (masks: Int, backdrops: Int) { lock.withLock { (masksMade, backdropsMade) } }
}

extension Compositor {
    /// How many shadow masks and backdrops this process has made: a re-composite makes none (for the bench).
    public static var styleCacheMade: Int {
        let made = StyleCache.shared.made
        return made.masks + made.backdrops
    }
}

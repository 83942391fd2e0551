// A blur for the shadows' masks and the blurred background (issue 23).
// Cairo has no blur, and GTK's (GskBlurNode) would bring GTK into the
// render layer the decoder workers share; pixman's convolution filters cost
// a multiply per kernel tap per pixel. A box blur costs two additions per
// pixel whatever its radius, and three of them in a row are a Gaussian to
// the eye (the central limit). It runs on small pictures only: a mask or a
// backdrop made a few dozen pixels across and drawn scaled, never on the canvas.

import CPangoCairo

enum BoxBlur {
    /// Blurs `surface` (A8 or ARGB32, premultiplied) in place with a box of
    /// `radius` pixels either side, across then down, `passes` times; what is
    /// beyond the edge counts as transparent.
    static func blur(_ surface: OpaquePointer, radius: Int, passes: Int = 3) {
        guard radius > 0 else { return }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let channels = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_A8 ? 1 : 4
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return }
        var line = [Int](repeating: 0, count: max(width, height))
        for _ in 0..<passes {
            for channel in 0..<channels {
                for y in 0..<height {
                    run(data + y * stride + channel, count: width, step: channels, radius: radius, line: &line)
                }
                for x in 0..<width {
                    run(data + x * channels + channel, count: height, step: stride, radius: radius, line: &line)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Blurs `image` in place as if its edge pixels went on beyond it (the
    /// box's transparent outside would otherwise darken the rim): padded,
    /// blurred, cropped back. False when the padded copy cannot be had.
    static func blurKeepingEdges(_ image: CairoImage, radius: Int) -> Bool {
        let pad = 3 * radius + 1
        guard let padded = CairoImage.make(width: image.width + 2 * pad, height: image.height + 2 * pad,
                                           opaque: image.isOpaque) else { return false }
        let out = cairo_create(padded.surface)!
        cairo_set_source_surface(out, image.surface, Double(pad), Double(pad))
        cairo_pattern_set_extend(cairo_get_source(out), CAIRO_EXTEND_PAD)
        cairo_set_operator(out, CAIRO_OPERATOR_SOURCE)
        cairo_paint(out)
        cairo_destroy(out)
        blur(padded.surface, radius: radius)
        let back = cairo_create(image.surface)!
        cairo_set_source_surface(back, padded.surface, -Double(pad), -Double(pad))
        cairo_set_operator(back, CAIRO_OPERATOR_SOURCE)
        cairo_paint(back)
        cairo_destroy(back)
        cairo_surface_flush(image.surface)
        return true
    }

    /// One box pass along `count` bytes `step` apart: each becomes the mean
    /// of the 2·radius+1 around it, from a running sum.
    private static func run(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, line: inout [Int]) {
        for i in 0..<count { line[i] = Int(start[i * step]) }
        let window = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += line[i] }
        for i in 0..<count {
            let entering = i + radius, leaving = i - radius - 1
            if entering < count { sum += line[entering] }
            if leaving >= 0 { sum -= line[leaving] }
            start[i * step] = UInt8((sum + window / 2) / window)
        }
    }
}

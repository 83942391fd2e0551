// How a cell and the space behind the cells are drawn with the collage's
// look (issue 23), for both of the Compositor's ways to render (a render
// and a draft), so the preview is the saved file made smaller. A render
// paints the photos first on a clear canvas, as each is decoded, then puts
// the shadows and the background *under* them (Cairo's DEST_OVER): a
// shadow then never darkens a neighbour painted before it, a photo shown
// whole gets its shadow from the part it covers, and the blurred background
// is made from the decodes as they pass. Corners are a percent of the
// drawn frame's shorter side (the cell's, or a photo shown whole's);
// border, shadow and gap scale alike with the render size.

import CPangoCairo
import CollageCore
import Foundation

/// The look resolved at one render size.
struct CellLook: Sendable {
    let style: CollageStyle
    /// Render pixels per output pixel.
    let scale: Double
    /// The shadow's reach and offset in render pixels.
    let shadowBlur: Double
    let shadowOffset: Double

    /// The shadow reaches 1.5 % of the output's shorter side, offset half that down and right.
    static let shadowReach = 0.015
    static let shadowOpacity = 0.45

    init(_ settings: CollageSettings, scale: Double) {
        style = settings.style
        self.scale = scale
        shadowBlur = max(1, Self.shadowReach * Double(min(settings.outputSize.width, settings.outputSize.height)) * scale)
        shadowOffset = shadowBlur / 2
    }

    /// What the look leaves as the seed drew it: rectangles, no border, no shadow.
    var isPlain: Bool { style.cornerRadius <= 0 && style.borderWidth <= 0 && !style.shadow && style.fit == .cover }
}

/// A drawn photo's frame (its border's outer edge), in render pixels.
struct DrawnFrame: Sendable {
    var x: Double, y: Double, width: Double, height: Double
    var radius: Double
}

enum StylePainter {
    static func roundedRectangle(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(max(radius, 0), min(width, height) / 2)
        guard r > 0 else {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// Draws `original` with `crop` in `cell`: its border inside the cell,
    /// the photo inset by it, both clipped to the rounded frame; returns the frame.
    @discardableResult
    static func draw(_ original: CairoImage, crop: Crop, in cell: CellRect, look: CellLook, cr: OpaquePointer) -> DrawnFrame {
        let style = look.style
        let border = Double(style.borderWidth(in: cell.size, scale: look.scale))
        let inner = PixelSize(width: max(1, cell.width - Int(2 * border)), height: max(1, cell.height - Int(2 * border)))
        let fit = style.fit
        let shown = crop.shown(image: original.size, cell: inner, fit: fit)
        let photo = (x: Double(cell.x) + border + shown.x, y: Double(cell.y) + border + shown.y,
                     width: shown.width, height: shown.height)
        let frameSize = PixelSize(width: Int((photo.width + 2 * border).rounded()), height: Int((photo.height + 2 * border).rounded()))
        let frame = DrawnFrame(x: photo.x - border, y: photo.y - border, width: photo.width + 2 * border,
                               height: photo.height + 2 * border, radius: style.cornerRadius(for: frameSize))
        let image = original.level(forScale: crop.scale(image: original.size, cell: inner, fit: fit))
        let clamped = crop.clamped(image: image.size, cell: inner, fit: fit)
        let scale = clamped.scale(image: image.size, cell: inner, fit: fit)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        roundedRectangle(cr, x: frame.x, y: frame.y, width: frame.width, height: frame.height, radius: frame.radius)
        if border > 0 {
            let c = style.borderColour
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
            // Round corners by an even-odd ring, so a translucent border does not darken under the photo.
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            roundedRectangle(cr, x: photo.x, y: photo.y, width: photo.width, height: photo.height,
                             radius: max(0, frame.radius - border))
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        } else {
            cairo_new_path(cr)
        }
        roundedRectangle(cr, x: photo.x, y: photo.y, width: photo.width, height: photo.height,
                         radius: max(0, frame.radius - border))
        cairo_clip(cr)
        cairo_translate(cr, Double(cell.x) + border + Double(inner.width) / 2, Double(cell.y) + border + Double(inner.height) / 2)
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, image.surface, -clamped.centerX * Double(image.width),
                                 -clamped.centerY * Double(image.height))
        let pattern = cairo_get_source(cr)
        // The level was chosen so the scale is at least 0.5, where bilinear
        // filtering skips no pixel.
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
        return frame
    }

    /// The blurred background's picture of the photo at `path`, from `image` (any decode of it).
    static func backdrop(_ path: String, _ image: CairoImage) -> CairoImage? {
        guard let file = try? PhotoFile.open(path) else { return nil }
        defer { file.close() }
        return StyleCache.shared.backdrop(of: file.identity, from: image)
    }

    /// Puts the shadows of `frames` under what is on the canvas.
    static func drawShadows(_ frames: [DrawnFrame], look: CellLook, cr: OpaquePointer) {
        guard look.style.shadow else { return }
        for frame in frames {
            guard let mask = StyleCache.shared.mask(width: frame.width, height: frame.height, radius: frame.radius,
                                                    blur: look.shadowBlur) else { continue }
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
            cairo_translate(cr, frame.x + look.shadowOffset - mask.reach, frame.y + look.shadowOffset - mask.reach)
            cairo_scale(cr, 1 / mask.scale, 1 / mask.scale)
            cairo_set_source_rgba(cr, 0, 0, 0, CellLook.shadowOpacity)
            let pattern = cairo_pattern_create_for_surface(mask.surface)!
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
            cairo_restore(cr)
        }
    }

    /// Puts the background under what is on the canvas: the colour, the
    /// gradient, or each photo's backdrop (in `backdrops`, by cell index)
    /// over the part of the canvas nearest its cell.
    static func drawBackground(_ settings: CollageSettings, size: PixelSize, cells: [CellRect],
                               backdrops: [Int: CairoImage], cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_DEST_OVER)
        switch settings.style.fill {
        case .colour:
            paintColour(settings.background, cr: cr)
        case let .gradient(from, to, angle):
            let line = gradientLine(angle: angle, size: size)
            let pattern = cairo_pattern_create_linear(line.x0, line.y0, line.x1, line.y1)!
            cairo_pattern_add_color_stop_rgba(pattern, 0, from.red, from.green, from.blue, from.alpha)
            cairo_pattern_add_color_stop_rgba(pattern, 1, to.red, to.green, to.blue, to.alpha)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        case .blur:
            if let softened = softenedBackdrops(backdrops, cells: cells, size: size) {
                cairo_save(cr)
                cairo_scale(cr, Double(size.width) / Double(softened.width), Double(size.height) / Double(softened.height))
                cairo_set_source_surface(cr, softened.surface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
                cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
                cairo_paint(cr)
                cairo_restore(cr)
            }
            // Under all of it, for a cell whose photo is not there: the colour, made opaque.
            var colour = settings.background
            colour.alpha = 1
            paintColour(colour, cr: cr)
        }
        cairo_restore(cr)
    }

    /// The blurred background at a few dozen pixels: each photo's backdrop
    /// over the part of the canvas nearest its cell, blurred once more so
    /// no seam shows between them. The backdrops are kept (StyleCache); this
    /// small picture costs a fraction of a millisecond and is made each time.
    static func softenedBackdrops(_ backdrops: [Int: CairoImage], cells: [CellRect], size: PixelSize) -> CairoImage? {
        guard !backdrops.isEmpty else { return nil }
        let small = Compositor.size(of: size, fitting: PixelSize(width: softenedSide, height: softenedSide))
        guard let image = CairoImage.make(width: small.width, height: small.height, opaque: true) else { return nil }
        let cr = cairo_create(image.surface)!
        cairo_scale(cr, Double(small.width) / Double(size.width), Double(small.height) / Double(size.height))
        for (index, region) in nearestRegions(cells, size: size).enumerated() {
            guard let backdrop = backdrops[index] else { continue }
            cairo_save(cr)
            cairo_rectangle(cr, region.x, region.y, region.width, region.height)
            cairo_clip(cr)
            // Scaled to cover its region, centred.
            let scale = max(region.width / Double(backdrop.width), region.height / Double(backdrop.height))
            cairo_translate(cr, region.x + region.width / 2, region.y + region.height / 2)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, backdrop.surface, -Double(backdrop.width) / 2, -Double(backdrop.height) / 2)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        cairo_destroy(cr)
        _ = BoxBlur.blurKeepingEdges(image, radius: softenedSide / 32)
        return image
    }

    /// The softened background's long side.
    static let softenedSide = 96

    private static func paintColour(_ colour: RGBAColor, cr: OpaquePointer) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
        cairo_paint(cr)
    }

    /// The gradient's line as CSS draws `linear-gradient(<angle>deg, …)`:
    /// 0° points up, angles turn clockwise, and the line is just long
    /// enough that the corners get the end colours.
    static func gradientLine(angle: Double, size: PixelSize) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        let radians = angle * .pi / 180
        let dx = sin(radians), dy = -cos(radians)
        let w = Double(size.width), h = Double(size.height)
        let half = (abs(w * dx) + abs(h * dy)) / 2
        return (w / 2 - dx * half, h / 2 - dy * half, w / 2 + dx * half, h / 2 + dy * half)
    }

    /// The canvas split between the cells: each cell's edge moved out to
    /// halfway to the cell beyond it (a whole pixel, so no seam shows), or
    /// to the canvas's edge when there is none.
    static func nearestRegions(_ cells: [CellRect], size: PixelSize)
        -> [(x: Double, y: Double, width: Double, height: Double)] {
        cells.map { cell in
            func overlapsDown(_ o: CellRect) -> Bool { o.y < cell.maxY && o.maxY > cell.y }
            func overlapsAcross(_ o: CellRect) -> Bool { o.x < cell.maxX && o.maxX > cell.x }
            let others = cells.filter { $0 != cell }
            let left = others.filter { overlapsDown($0) && $0.maxX <= cell.x }.map { Double(($0.maxX + cell.x) / 2) }.max() ?? 0
            let right = others.filter { overlapsDown($0) && $0.x >= cell.maxX }.map { Double(($0.x + cell.maxX) / 2) }.min()
                ?? Double(size.width)
            let top = others.filter { overlapsAcross($0) && $0.maxY <= cell.y }.map { Double(($0.maxY + cell.y) / 2) }.max() ?? 0
            let bottom = others.filter { overlapsAcross($0) && $0.y >= cell.maxY }.map { Double(($0.y + cell.maxY) / 2) }.min()
                ?? Double(size.height)
            return (left, top, right - left, bottom - top)
        }
    }
}

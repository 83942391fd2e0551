// How a cell and the space behind the cells are drawn with the collage's
// look (issue 23), for both of the Compositor's ways to render (a render
// and a draft), so the preview is the saved file made smaller. The
// background goes first, then every shadow, then the photos — so no shadow
// darkens a neighbour. A render that must decode paints each photo as it
// comes (the least memory) on a clear canvas and then puts the shadows and
// the background *under* the photos (Cairo's DEST_OVER), which gives the
// same pixels: a photo shown whole gets its shadow from the part it covers,
// and the blurred background is made from the decodes as they pass. Corners are a percent of the
// drawn frame's shorter side (the cell's, or a photo shown whole's);
// border, shadow and gap scale alike with the render size. On a vector
// canvas (a PDF page, see Canvas) nothing can go under what is there: the
// photos are kept as images at their places' size (`tile`) until all have
// come, then everything is painted in order; the border and the rounded
// corners are vector paths, the shadows and the blurred background images.

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

    /// Where `original` with `crop` goes in `cell`: the photo's rectangle
    /// (inside the border; whole pixels, so the straight edges take Cairo's
    /// fast path — a photo shown whole moves by under a pixel), and the frame.
    struct Placement {
        var frame: DrawnFrame
        var photo: (x: Double, y: Double, width: Double, height: Double)
        var border: Double
        var inner: PixelSize
    }

    static func placement(of original: PixelSize, crop: Crop, fit: PhotoFit, in cell: CellRect, look: CellLook) -> Placement {
        let style = look.style
        let area = style.photoArea(of: cell, scale: look.scale)
        let border = area.x - cell.x, inner = area.size
        let shown = crop.shown(image: original, cell: inner, fit: fit)
        let left = (shown.x).rounded(), top = (shown.y).rounded()
        let right = max(left + 1, (shown.x + shown.width).rounded()), bottom = max(top + 1, (shown.y + shown.height).rounded())
        let photo = (x: Double(cell.x + border) + left, y: Double(cell.y + border) + top, width: right - left, height: bottom - top)
        let b = Double(border)
        let frameSize = PixelSize(width: Int(photo.width) + 2 * border, height: Int(photo.height) + 2 * border)
        let frame = DrawnFrame(x: photo.x - b, y: photo.y - b, width: photo.width + 2 * b, height: photo.height + 2 * b,
                               radius: style.cornerRadius(for: frameSize))
        return Placement(frame: frame, photo: photo, border: b, inner: inner)
    }

    /// Draws `original` with `crop` in `cell`: its border inside the cell,
    /// the photo inset by it, both clipped to the rounded frame; returns the
    /// frame. On a vector canvas the photo goes as an image of its own at
    /// its rectangle's pixel size (`tile`), painted 1:1.
    @discardableResult
    static func draw(_ original: CairoImage, crop: Crop, fit: PhotoFit, in cell: CellRect, look: CellLook,
                     vector: Bool = false, cr: OpaquePointer) -> DrawnFrame {
        let place = placement(of: original.size, crop: crop, fit: fit, in: cell, look: look)
        if vector {
            if let tile = tile(original, crop: crop, fit: fit, in: cell, at: place) {
                drawTile(tile, at: place, look: look, cr: cr)
            }
            return place.frame
        }
        drawFramed(place, look: look, vector: false, cr: cr) {
            paintScaled(original, crop: crop, fit: fit, in: cell, at: place, cr: cr)
        }
        return place.frame
    }

    /// The border ring, then `paint` clipped to the photo's rounded rectangle.
    private static func drawFramed(_ place: Placement, look: CellLook, vector: Bool, cr: OpaquePointer,
                                   _ paint: () -> Void) {
        let frame = place.frame, photo = place.photo, border = place.border
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        let inside = max(0, frame.radius - border)
        if border > 0 {
            let c = look.style.borderColour
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
            // A ring (even-odd), so a translucent border does not darken under the photo.
            roundedRectangle(cr, x: frame.x, y: frame.y, width: frame.width, height: frame.height, radius: frame.radius)
            roundedRectangle(cr, x: photo.x, y: photo.y, width: photo.width, height: photo.height, radius: inside)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
        if vector {
            // One curved clip: a vector costs nothing per pixel, and the photo is painted once.
            cairo_save(cr)
            roundedRectangle(cr, x: photo.x, y: photo.y, width: photo.width, height: photo.height, radius: inside)
            cairo_clip(cr)
            paint()
            cairo_restore(cr)
        } else {
            clipped(cr, x: photo.x, y: photo.y, width: photo.width, height: photo.height, radius: inside, paint)
        }
        cairo_restore(cr)
    }

    /// Paints `original` scaled and cropped into the photo's place (the clip is the caller's).
    private static func paintScaled(_ original: CairoImage, crop: Crop, fit: PhotoFit, in cell: CellRect,
                                    at place: Placement, cr: OpaquePointer) {
        let inner = place.inner, border = place.border
        let image = original.level(forScale: crop.scale(image: original.size, cell: inner, fit: fit))
        let clamped = crop.clamped(image: image.size, cell: inner, fit: fit)
        let scale = clamped.scale(image: image.size, cell: inner, fit: fit)
        cairo_save(cr)
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
    }

    /// The photo as it shows in its place, at the place's pixel size: what a
    /// vector canvas embeds, so a page holds each photo at the resolution its
    /// cell needs and no more. The same pixels a raster canvas gets there
    /// (the place is whole pixels). Nil when Cairo refuses the size.
    static func tile(_ original: CairoImage, crop: Crop, fit: PhotoFit, in cell: CellRect, at place: Placement) -> CairoImage? {
        let photo = place.photo
        guard let tile = CairoImage.make(width: Int(photo.width), height: Int(photo.height), opaque: original.isOpaque)
        else { return nil }
        let cr = cairo_create(tile.surface)!
        cairo_translate(cr, -photo.x, -photo.y)
        paintScaled(original, crop: crop, fit: fit, in: cell, at: place, cr: cr)
        cairo_destroy(cr)
        cairo_surface_flush(tile.surface)
        return tile
    }

    /// Draws a photo made by `tile` in its place, 1:1, with its border and rounded corners as vectors.
    static func drawTile(_ tile: CairoImage, at place: Placement, look: CellLook, cr: OpaquePointer) {
        drawFramed(place, look: look, vector: true, cr: cr) {
            cairo_set_source_surface(cr, tile.surface, place.photo.x, place.photo.y)
            cairo_paint(cr)
        }
    }

    /// Clips `cr` to the canvas less what the photos of `places` cover for
    /// certain (each one's rectangle but its corner squares), as whole-pixel boxes.
    static func clipOutside(_ places: [Placement], size: PixelSize, cr: OpaquePointer) {
        var whole = cairo_rectangle_int_t(x: 0, y: 0, width: Int32(size.width), height: Int32(size.height))
        let region = cairo_region_create_rectangle(&whole)!
        defer { cairo_region_destroy(region) }
        for place in places {
            let p = place.photo
            let k = cornerSquare(width: p.width, height: p.height, radius: max(0, place.frame.radius - place.border))
            let x = Int32(p.x), y = Int32(p.y), w = Int32(p.width), h = Int32(p.height), c = Int32(k)
            var across = cairo_rectangle_int_t(x: x, y: y + c, width: w, height: max(0, h - 2 * c))
            var down = cairo_rectangle_int_t(x: x + c, y: y, width: max(0, w - 2 * c), height: h)
            cairo_region_subtract_rectangle(region, &across)
            cairo_region_subtract_rectangle(region, &down)
        }
        for i in 0..<cairo_region_num_rectangles(region) {
            var box = cairo_rectangle_int_t()
            cairo_region_get_rectangle(region, i, &box)
            cairo_rectangle(cr, Double(box.x), Double(box.y), Double(box.width), Double(box.height))
        }
        cairo_clip(cr)
    }

    /// The side of the squares at a rounded rectangle's corners that hold its curves, in whole pixels.
    static func cornerSquare(width: Double, height: Double, radius: Double) -> Double {
        let r = min(radius, min(width, height) / 2)
        return r > 0 ? min(r.rounded(.up), (min(width, height) / 2).rounded(.down)) : 0
    }

    /// Runs `paint` clipped to a rounded rectangle of whole pixels. A clip
    /// with a curve makes Cairo paint through a mask, several times slower
    /// for a scaled photo; so the straight parts (a cross of whole-pixel
    /// boxes) are painted without one, and only the four corner squares
    /// through the curve.
    static func clipped(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double,
                        _ paint: () -> Void) {
        let r = min(radius, min(width, height) / 2)
        let k = cornerSquare(width: width, height: height, radius: radius)
        guard r > 0, k > 0 else {
            cairo_save(cr)
            cairo_rectangle(cr, x, y, width, height)
            cairo_clip(cr)
            paint()
            cairo_restore(cr)
            return
        }
        cairo_save(cr)
        cairo_rectangle(cr, x + k, y, width - 2 * k, height)
        cairo_rectangle(cr, x, y + k, k, height - 2 * k)
        cairo_rectangle(cr, x + width - k, y + k, k, height - 2 * k)
        cairo_clip(cr)
        paint()
        cairo_restore(cr)
        for (cx, cy) in [(x, y), (x + width - k, y), (x, y + height - k), (x + width - k, y + height - k)] {
            cairo_save(cr)
            cairo_rectangle(cr, cx, cy, k, k)
            cairo_clip(cr)
            roundedRectangle(cr, x: x, y: y, width: width, height: height, radius: r)
            cairo_clip(cr)
            paint()
            cairo_restore(cr)
        }
    }

    /// A photo at hand, to be painted in its cell.
    struct Item {
        var index: Int
        var image: CairoImage
        var path: String
        var crop: Crop
        /// The photo's own fit, else the collage's (Photo.fit(in:)).
        var fit: PhotoFit
        var cell: CellRect
    }

    /// Paints `items` on a clear canvas in order — background, shadows,
    /// photos — when every picture is at hand (a draft, a re-composite).
    static func paintInOrder(_ items: [Item], settings: CollageSettings, look: CellLook, size: PixelSize,
                             cells: [CellRect], vector: Bool = false, cr: OpaquePointer) {
        var backdrops: [Int: CairoImage] = [:]
        if settings.style.fill == .blur {
            for item in items { backdrops[item.index] = backdrop(item.path, item.image) }
        }
        let places = items.map { placement(of: $0.image.size, crop: $0.crop, fit: $0.fit, in: $0.cell, look: look) }
        paintUnder(places, opaque: vector ? nil : items.map(\.image.isOpaque), backdrops: backdrops, settings: settings,
                   look: look, size: size, cells: cells, cr: cr)
        for item in items {
            draw(item.image, crop: item.crop, fit: item.fit, in: item.cell, look: look, vector: vector, cr: cr)
        }
    }

    /// What goes under the photos of `places`, painted first: the background
    /// and the shadows. `opaque` says which photos cover their places for
    /// certain, so the background is left out there (a scaled background
    /// costs per pixel painted); nil paints it whole (a vector canvas, where
    /// a seam could show between the background's edge and the photo's).
    static func paintUnder(_ places: [Placement], opaque: [Bool]?, backdrops: [Int: CairoImage], settings: CollageSettings,
                           look: CellLook, size: PixelSize, cells: [CellRect], cr: OpaquePointer) {
        cairo_save(cr)
        if let opaque {
            clipOutside(zip(places, opaque).filter(\.1).map(\.0), size: size, cr: cr)
        }
        drawBackground(settings, size: size, cells: cells, backdrops: backdrops, under: false, cr: cr)
        drawShadows(places.map(\.frame), look: look, under: false, cr: cr)
        cairo_restore(cr)
    }

    /// The blurred background's picture of the photo at `path`, from `image` (any decode of it).
    static func backdrop(_ path: String, _ image: CairoImage) -> CairoImage? {
        guard let file = try? PhotoFile.open(path) else { return nil }
        defer { file.close() }
        return StyleCache.shared.backdrop(of: file.identity, from: image)
    }

    /// Puts the shadows of `frames` under what is on the canvas (`under`),
    /// or over it before the photos are painted.
    static func drawShadows(_ frames: [DrawnFrame], look: CellLook, under: Bool, cr: OpaquePointer) {
        guard look.style.shadow else { return }
        for frame in frames {
            guard let mask = StyleCache.shared.mask(width: frame.width, height: frame.height, radius: frame.radius,
                                                    blur: look.shadowBlur) else { continue }
            cairo_save(cr)
            cairo_set_operator(cr, under ? CAIRO_OPERATOR_DEST_OVER : CAIRO_OPERATOR_OVER)
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

    /// Puts the background under what is on the canvas (`under`), or on the
    /// clear canvas first: the colour, the gradient, or each photo's
    /// backdrop (in `backdrops`, by cell index) over the part of the canvas
    /// nearest its cell. Painted first it takes pixman's fast paths, which
    /// have no DEST_OVER: a scaled picture under the photos costs ten times more.
    static func drawBackground(_ settings: CollageSettings, size: PixelSize, cells: [CellRect],
                               backdrops: [Int: CairoImage], under: Bool, cr: OpaquePointer) {
        cairo_save(cr)
        cairo_set_operator(cr, under ? CAIRO_OPERATOR_DEST_OVER : CAIRO_OPERATOR_OVER)
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
            if let softened = softenedBackdrops(backdrops, cells: cells, size: size, under: settings.background) {
                cairo_save(cr)
                cairo_scale(cr, Double(size.width) / Double(softened.width), Double(size.height) / Double(softened.height))
                cairo_set_source_surface(cr, softened.surface, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
                cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
                cairo_paint(cr)
                cairo_restore(cr)
            } else {
                var colour = settings.background
                colour.alpha = 1
                paintColour(colour, cr: cr)
            }
        }
        cairo_restore(cr)
    }

    /// The blurred background at a few dozen pixels: each photo's backdrop
    /// over the part of the canvas nearest its cell, blurred once more so
    /// no seam shows between them. The backdrops are kept (StyleCache); this
    /// small picture costs a fraction of a millisecond and is made each time.
    /// The colour, made opaque, is under it all: for a photo that is not
    /// there or has transparent parts, the canvas stays opaque.
    static func softenedBackdrops(_ backdrops: [Int: CairoImage], cells: [CellRect], size: PixelSize,
                                  under colour: RGBAColor) -> CairoImage? {
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
        let under = cairo_create(image.surface)!
        cairo_set_operator(under, CAIRO_OPERATOR_DEST_OVER)
        cairo_set_source_rgba(under, colour.red, colour.green, colour.blue, 1)
        cairo_paint(under)
        cairo_destroy(under)
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

// What the Compositor draws a collage on: a CairoImage's pixels (the
// preview, Save, the command line's PNG and JPEG), or any Cairo surface seen
// through a device scale (a PDF page in points, drawn in the collage's
// pixels: PDFExporter). The drawing code is one; a vector canvas only changes
// how the painters paint (StylePainter: photos as images at their cells'
// pixel size under a vector clip, everything in order, never under what is
// there already; TitlePainter: real text, not outlines). Making the surface
// and writing it out are the caller's.

import CPangoCairo
import CollageCore

// Unchecked: the surface is drawn on only under PaintPass's lock (or by one
// thread), and Cairo's reference counts are atomic.
struct Canvas: @unchecked Sendable {
    /// The collage's size in pixels, whatever the surface's units.
    let size: PixelSize
    /// The pixels behind a raster canvas; nil for a vector one.
    let image: CairoImage?
    private let surface: OpaquePointer
    /// Surface units per collage pixel (72 / dpi for a PDF page).
    private let unitsPerPixel: Double
    /// A vector canvas's photos from JPEGs are embedded as JPEGs of this quality (JPEGTile); nil keeps every one lossless.
    let photoQuality: Int?

    init(_ image: CairoImage) {
        size = image.size
        self.image = image
        surface = image.surface
        unitsPerPixel = 1
        photoQuality = nil
    }

    /// A vector surface (not an image surface) that shows `size` pixels at `unitsPerPixel` of its units each.
    init(vector surface: OpaquePointer, size: PixelSize, unitsPerPixel: Double, photoQuality: Int?) {
        self.size = size
        image = nil
        self.surface = surface
        self.unitsPerPixel = unitsPerPixel
        self.photoQuality = photoQuality
    }

    /// Whether what is drawn stays vectors and text (so nothing may be
    /// drawn under what is there, and photos go as images of their own).
    var isVector: Bool { image == nil }

    /// A new context drawing in collage pixels; the caller destroys it.
    func context() -> OpaquePointer {
        let cr = cairo_create(surface)!
        if unitsPerPixel != 1 { cairo_scale(cr, unitsPerPixel, unitsPerPixel) }
        return cr
    }
}

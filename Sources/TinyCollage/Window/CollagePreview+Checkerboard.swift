// Behind a collage with a transparent background the preview draws the
// checkerboard image apps use for "nothing here" (GIMP, Loupe, GTK's own
// colour swatches), so transparent does not look like the window's own
// background. It is drawn by the drawing area under the picture, only where
// the collage is, and never reaches the rendered image: the saved file keeps
// its alpha of 0 there.

import CGtk
import CollageCore

extension CollagePreview {
    /// A square's side, in logical pixels.
    static let checkerSide = 8.0
    /// The two greys, light and dark (as GIMP's mid-tone checks).
    static let checkerLight = 0.8, checkerDark = 0.6

    func installCheckerboard() {
        DrawFunction.set(on: sizer) { [weak self] cr, _, _ in
            guard let self, !(self.controller.trialSettings ?? self.controller.document.settings).background.isOpaque,
                  !self.controller.document.photos.isEmpty, let texture = self.texture,
                  let frame = self.imageFrame(in: self.sizer) else { return }
            Self.drawCheckerboard(cr, x: frame.x, y: frame.y, width: Double(texture.width) * frame.scale,
                                  height: Double(texture.height) * frame.scale)
        }
    }

    static func drawCheckerboard(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        cairo_save(cr)
        cairo_rectangle(cr, x, y, width, height)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, checkerLight, checkerLight, checkerLight)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, checkerDark, checkerDark, checkerDark)
        let columns = Int((width / checkerSide).rounded(.up)), rows = Int((height / checkerSide).rounded(.up))
        for row in 0..<rows {
            for column in 0..<columns where (row + column) % 2 == 1 {
                cairo_rectangle(cr, x + Double(column) * checkerSide, y + Double(row) * checkerSide, checkerSide, checkerSide)
            }
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

// What a pan or a zoom in the preview does to a photo's crop, and whether a
// photo is too small for its cell. Pure geometry on sizes, in any unit, so
// the preview (screen pixels) and the saved collage (output pixels) agree:
// a crop is a zoom and a centre in fractions of the photo, whatever size
// the collage is drawn at. Drawing it is CollageRender's Compositor.

extension Crop {
    /// Image pixels per cell pixel is 1 / this: aspect fill times zoom.
    public func scale(image: PixelSize, cell: PixelSize) -> Double {
        max(Double(cell.width) / Double(image.width), Double(cell.height) / Double(image.height)) * zoom
    }

    /// The same crop with its centre moved just enough that the cell stays covered.
    public func clamped(image: PixelSize, cell: PixelSize) -> Crop {
        guard !image.isEmpty, !cell.isEmpty else { return self }
        let s = scale(image: image, cell: cell)
        let halfW = Double(cell.width) / s / 2 / Double(image.width)
        let halfH = Double(cell.height) / s / 2 / Double(image.height)
        return Crop(zoom: zoom, centerX: min(max(centerX, halfW), 1 - halfW),
                    centerY: min(max(centerY, halfH), 1 - halfH))
    }

    /// Dragged by (dx, dy) cell pixels: the photo follows the pointer.
    public func panned(dx: Double, dy: Double, image: PixelSize, cell: PixelSize) -> Crop {
        let start = clamped(image: image, cell: cell)
        let s = scale(image: image, cell: cell)
        return Crop(zoom: zoom, centerX: start.centerX - dx / s / Double(image.width),
                    centerY: start.centerY - dy / s / Double(image.height)).clamped(image: image, cell: cell)
    }

    /// Zoomed by `factor` (> 1 in, < 1 out), never below filling the cell nor
    /// past `maximumZoom`, keeping the point under the pointer — at (px, py) in
    /// cell pixels from the cell's top left — where it is.
    public func zoomed(by factor: Double, at px: Double, _ py: Double, image: PixelSize, cell: PixelSize) -> Crop {
        let start = clamped(image: image, cell: cell)
        let next = Crop(zoom: zoom * factor, centerX: start.centerX, centerY: start.centerY)
        let before = start.scale(image: image, cell: cell), after = next.scale(image: image, cell: cell)
        // The image point under the pointer, before and after, must be the same.
        let offsetX = px - Double(cell.width) / 2, offsetY = py - Double(cell.height) / 2
        let pointX = start.centerX + offsetX / before / Double(image.width)
        let pointY = start.centerY + offsetY / before / Double(image.height)
        return Crop(zoom: next.zoom, centerX: pointX - offsetX / after / Double(image.width),
                    centerY: pointY - offsetY / after / Double(image.height)).clamped(image: image, cell: cell)
    }
}

public enum Enlargement {
    /// How many times a photo of `image` pixels is enlarged to fill `cell`
    /// output pixels with `crop`: above 1 it is shown beyond its real pixels.
    public static func factor(image: PixelSize, cell: PixelSize, crop: Crop = Crop()) -> Double {
        guard !image.isEmpty, !cell.isEmpty else { return 1 }
        return crop.scale(image: image, cell: cell)
    }

    /// The factor as a person reads it: one decimal, or two below 1.1 so a
    /// photo marked too small never reads "1.0×".
    public static func text(_ factor: Double) -> String {
        let digits = factor < 1.095 ? 2 : 1
        let scale = digits == 2 ? 100.0 : 10.0
        let rounded = (factor * scale).rounded() / scale
        var text = String(rounded)
        while text.split(separator: ".").last.map({ $0.count < digits }) ?? false { text += "0" }
        return text
    }

    /// Whether it shows: a hair over 1 (rounding of cell edges) is not "too small".
    public static func isTooSmall(image: PixelSize, cell: PixelSize, crop: Crop = Crop()) -> Bool {
        factor(image: image, cell: cell, crop: crop) > 1.01
    }
}

// What a pan or a zoom in the preview does to a photo's crop, and whether a
// photo is too small for its cell. Pure geometry on sizes, in any unit, so
// the preview (screen pixels) and the saved collage (output pixels) agree:
// a crop is a zoom and a centre in fractions of the photo, whatever size
// the collage is drawn at. Drawing it is CollageRender's Compositor.

extension Crop {
    /// Image pixels per cell pixel is 1 / this: aspect fill (or, shown
    /// whole, aspect fit) times zoom.
    public func scale(image: PixelSize, cell: PixelSize, fit: PhotoFit = .cover) -> Double {
        let across = Double(cell.width) / Double(image.width), down = Double(cell.height) / Double(image.height)
        return (fit == .cover ? max(across, down) : min(across, down)) * zoom
    }

    /// The same crop with its centre moved just enough that the cell stays
    /// covered; along a side where the photo (shown whole) is shorter than
    /// the cell, centred.
    public func clamped(image: PixelSize, cell: PixelSize, fit: PhotoFit = .cover) -> Crop {
        guard !image.isEmpty, !cell.isEmpty else { return self }
        let s = scale(image: image, cell: cell, fit: fit)
        let halfW = Double(cell.width) / s / 2 / Double(image.width)
        let halfH = Double(cell.height) / s / 2 / Double(image.height)
        func kept(_ centre: Double, _ half: Double) -> Double { half >= 0.5 ? 0.5 : min(max(centre, half), 1 - half) }
        return Crop(zoom: zoom, centerX: kept(centerX, halfW), centerY: kept(centerY, halfH))
    }

    /// The part of the cell the photo covers, in cell pixels from its top
    /// left: all of it when it fills the cell, a centred band when shown whole.
    public func shown(image: PixelSize, cell: PixelSize, fit: PhotoFit = .cover) -> (x: Double, y: Double, width: Double, height: Double) {
        guard fit == .contain, !image.isEmpty, !cell.isEmpty else {
            return (0, 0, Double(cell.width), Double(cell.height))
        }
        let s = scale(image: image, cell: cell, fit: fit)
        let w = min(Double(cell.width), Double(image.width) * s), h = min(Double(cell.height), Double(image.height) * s)
        return ((Double(cell.width) - w) / 2, (Double(cell.height) - h) / 2, w, h)
    }

    /// Dragged by (dx, dy) cell pixels: the photo follows the pointer.
    public func panned(dx: Double, dy: Double, image: PixelSize, cell: PixelSize, fit: PhotoFit = .cover) -> Crop {
        let start = clamped(image: image, cell: cell, fit: fit)
        let s = scale(image: image, cell: cell, fit: fit)
        return Crop(zoom: zoom, centerX: start.centerX - dx / s / Double(image.width),
                    centerY: start.centerY - dy / s / Double(image.height)).clamped(image: image, cell: cell, fit: fit)
    }

    /// Zoomed by `factor` (> 1 in, < 1 out), never below filling the cell nor
    /// past `maximumZoom`, keeping the point under the pointer — at (px, py) in
    /// cell pixels from the cell's top left — where it is.
    public func zoomed(by factor: Double, at px: Double, _ py: Double, image: PixelSize, cell: PixelSize,
                       fit: PhotoFit = .cover) -> Crop {
        let start = clamped(image: image, cell: cell, fit: fit)
        let next = Crop(zoom: zoom * factor, centerX: start.centerX, centerY: start.centerY)
        let before = start.scale(image: image, cell: cell, fit: fit), after = next.scale(image: image, cell: cell, fit: fit)
        // The image point under the pointer, before and after, must be the same.
        let offsetX = px - Double(cell.width) / 2, offsetY = py - Double(cell.height) / 2
        let pointX = start.centerX + offsetX / before / Double(image.width)
        let pointY = start.centerY + offsetY / before / Double(image.height)
        return Crop(zoom: next.zoom, centerX: pointX - offsetX / after / Double(image.width),
                    centerY: pointY - offsetY / after / Double(image.height)).clamped(image: image, cell: cell, fit: fit)
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

// Where everything goes at one render size: the title's band and the photos'
// cells. A band above or below takes its height from the photos' area (the
// image keeps the size the user asked for); an overlay band lies over the
// bottom of the photos. Sizes are decided at the output size and scaled to
// the render size like gap and margin, so a preview is the saved collage
// made smaller. Pixels are whole here; the text inside the band is the
// renderer's (Pango), laid out in output pixels and drawn scaled.

public struct CollageFrame: Equatable, Sendable {
    /// The photos' cells, in collage order, in render pixels.
    public var cells: [CellRect]
    /// The lines between them that the user can move, in render pixels.
    public var dividers: [Divider] = []
    /// The shape of the layout's tree (see LayoutProportions).
    public var shape = ""
    /// The title's band in render pixels; nil without a title.
    public var band: CellRect?
    /// Render pixels per output pixel.
    public var scale: Double
    /// The title's font size asked for, in output pixels.
    public var fontPixels: Double
    /// The box the text must fit in (centred in the band), in output pixels.
    public var textWidth: Double
    public var textHeight: Double

    /// The band is this many times the font size high: one line of any
    /// script's font (CJK fonts' lines are about 1.45 em) with room around it.
    public static let bandPerFontSize = 2.0
    /// Space left and right of the text in the band, in font sizes (plus
    /// the margin for a band above or below, so the text lines up with the photos).
    public static let sidePaddingPerFontSize = 0.5
    /// Space above and below the text in the band, as a share of the band.
    public static let verticalPadding = 0.08

    /// The frame of `count` photos (of upright `aspects`, which the mosaic
    /// needs; 1 where unknown) and `title` at `size` (default: the output size).
    public static func make(count: Int, aspects: [Double] = [], settings: CollageSettings, title: CollageTitle,
                            size: PixelSize? = nil) throws(CollageLayout.LayoutError) -> CollageFrame {
        let output = settings.outputSize
        let target = size ?? output
        let scale = Double(target.width) / Double(output.width)
        let gap = Int((Double(settings.gap) * scale).rounded())
        let margin = Int((Double(settings.margin) * scale).rounded())
        let font = title.size * Double(min(output.width, output.height))
        let outputBand = title.isEmpty ? 0 : bandHeight(font: font, height: output.height, gap: settings.gap,
                                                         margin: settings.margin)
        let band = outputBand == 0 ? 0 : min(Int((Double(outputBand) * scale).rounded()),
                                             roomForBand(height: target.height, gap: gap, margin: margin))
        var frame = CollageFrame(cells: [], band: nil, scale: scale, fontPixels: font, textWidth: 0, textHeight: 0)
        let photos: CellRect
        switch title.position {
        case .top: photos = CellRect(x: 0, y: band, width: target.width, height: target.height - band)
        case .bottom: photos = CellRect(x: 0, y: 0, width: target.width, height: target.height - band)
        case .overlay: photos = CellRect(x: 0, y: 0, width: target.width, height: target.height)
        }
        let arrangement = try CollageLayout.arrange(settings.layout, count: count, aspects: aspects, size: photos.size,
                                                    gap: gap, margin: margin, proportions: settings.currentProportions)
        frame.cells = arrangement.cells.map { $0.offset(x: photos.x, y: photos.y) }
        frame.dividers = arrangement.dividers.map { $0.offset(x: photos.x, y: photos.y) }
        frame.shape = arrangement.shape
        guard band > 0 else { return frame }
        let bandRect: CellRect
        switch title.position {
        case .top: bandRect = CellRect(x: 0, y: 0, width: target.width, height: band)
        case .bottom: bandRect = CellRect(x: 0, y: target.height - band, width: target.width, height: band)
        case .overlay:
            // Over the photos' area, inside the margin, at its bottom.
            let width = max(1, target.width - 2 * margin)
            let height = min(band, max(1, target.height - 2 * margin))
            bandRect = CellRect(x: min(margin, target.width - 1), y: max(0, target.height - margin - height),
                                width: width, height: height)
        }
        frame.band = bandRect
        // The text box in output pixels: the band's size at the output size,
        // less the padding; a narrow or short band never gives a negative box.
        let sidePadding = (title.position == .overlay ? 0 : Double(settings.margin)) + sidePaddingPerFontSize * font
        frame.textWidth = max(1, Double(bandRect.width) / scale - 2 * sidePadding)
        frame.textHeight = max(1, Double(bandRect.height) / scale * (1 - 2 * verticalPadding))
        return frame
    }

    /// The band's height in output pixels for a font of `font` pixels, never
    /// so high that the photos' area could not hold three rows of a pixel.
    static func bandHeight(font: Double, height: Int, gap: Int, margin: Int) -> Int {
        min(Int((bandPerFontSize * font).rounded(.up)), roomForBand(height: height, gap: gap, margin: margin))
    }

    /// What the band may take and still leave three rows of at least a pixel.
    static func roomForBand(height: Int, gap: Int, margin: Int) -> Int {
        max(0, min(height * 2 / 5, height - 2 * margin - 2 * gap - 3))
    }
}

extension CollageDocument {
    /// The frame at `size` (default: the output size), for photos of `aspects`.
    public func frame(size: PixelSize? = nil, aspects: [Double] = []) throws(CollageLayout.LayoutError) -> CollageFrame {
        try CollageFrame.make(count: photos.count, aspects: aspects, settings: settings, title: title, size: size)
    }
}

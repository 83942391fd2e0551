// The paper sizes a collage can be made for (issue 22): each one's size in
// millimetres or inches, and the pixels it takes at a DPI. The physical size
// of a collage is `outputSize / dpi` inches (CollageSettings.dpi); choosing a
// paper, naming it on the command line and drawing a PDF page are left to
// the settings panel, RenderCommand and PDFExporter.

public enum PaperSize: String, CaseIterable, Sendable {
    case a4, a3, a5, letter
    case fourBySix = "4x6"
    case fiveBySeven = "5x7"

    /// The DPI a paper size gets unless one is chosen: what photo printers print at.
    public static let defaultDPI = 300
    /// The DPIs offered next to a paper size.
    public static let offeredDPIs = [150, 300, 600]
    /// The DPIs a collage may have (SessionValidation, the command line).
    public static let dpiRange = 30...1200

    /// Portrait width and height in inches (ISO sizes are defined in millimetres).
    public var inches: (width: Double, height: Double) {
        func mm(_ w: Double, _ h: Double) -> (width: Double, height: Double) { (w / 25.4, h / 25.4) }
        switch self {
        case .a4: return mm(210, 297)
        case .a3: return mm(297, 420)
        case .a5: return mm(148, 210)
        case .letter: return (8.5, 11)
        case .fourBySix: return (4, 6)
        case .fiveBySeven: return (5, 7)
        }
    }

    /// The pixels this paper takes at `dpi`, rounded to the nearest pixel;
    /// landscape swaps the sides.
    public func pixels(dpi: Int, landscape: Bool) -> PixelSize {
        let (w, h) = inches
        let portrait = PixelSize(width: Int((w * Double(dpi)).rounded()), height: Int((h * Double(dpi)).rounded()))
        return landscape ? PixelSize(width: portrait.height, height: portrait.width) : portrait
    }

    /// The paper and orientation whose pixels at `dpi` are `size`, if any
    /// (so a collage made for A4 shows as A4 again).
    public static func matching(_ size: PixelSize, dpi: Int) -> (paper: PaperSize, landscape: Bool)? {
        for paper in allCases {
            for landscape in [false, true] where paper.pixels(dpi: dpi, landscape: landscape) == size {
                return (paper, landscape)
            }
        }
        return nil
    }
}

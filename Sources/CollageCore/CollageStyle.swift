// The look of the cells (issue 23): rounded corners, a border, a drop
// shadow, what fills the space behind the photos, and whether photos fill
// their cells or are shown whole. Plain values with their ranges and text
// forms (the command line's); drawing them is CollageRender's Compositor,
// bringing a session's values into range is SessionValidation's.

public struct CollageStyle: Hashable, Codable, Sendable {
    /// The corners' radius in percent of each cell's shorter side: 50 makes a square cell a circle.
    public var cornerRadius: Double
    /// The border's width in output pixels, inside the cell (the photo is inset).
    public var borderWidth: Int
    public var borderColour: RGBAColor
    public var shadow: Bool
    public var fill: BackgroundFill
    public var fit: PhotoFit

    public init(cornerRadius: Double = 0, borderWidth: Int = 0, borderColour: RGBAColor = .white, shadow: Bool = false,
                fill: BackgroundFill = .colour, fit: PhotoFit = .cover) {
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.borderColour = borderColour
        self.shadow = shadow
        self.fill = fill
        self.fit = fit
    }

    private enum CodingKeys: String, CodingKey { case cornerRadius, borderWidth, borderColour, shadow, fill, fit }

    /// Each value read on its own: one that cannot be read (a gradient
    /// colour that is no colour, a fit this version does not know) takes the
    /// seed's and is named in `unreadable` for SessionValidation's message.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let seed = CollageStyle()
        var unreadable: [String] = []
        func read<T: Decodable>(_ type: T.Type, _ key: CodingKeys, _ fallback: T) -> T {
            c.decodeIfReadable(type, forKey: key, unreadable: &unreadable) ?? fallback
        }
        cornerRadius = read(Double.self, .cornerRadius, seed.cornerRadius)
        borderWidth = read(Int.self, .borderWidth, seed.borderWidth)
        borderColour = read(RGBAColor.self, .borderColour, seed.borderColour)
        shadow = read(Bool.self, .shadow, seed.shadow)
        fill = read(BackgroundFill.self, .fill, seed.fill)
        fit = read(PhotoFit.self, .fit, seed.fit)
        self.unreadable = unreadable
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(cornerRadius, forKey: .cornerRadius)
        try c.encode(borderWidth, forKey: .borderWidth)
        try c.encode(borderColour, forKey: .borderColour)
        try c.encode(shadow, forKey: .shadow)
        try c.encode(fill, forKey: .fill)
        try c.encode(fit, forKey: .fit)
    }

    /// The values a file held that could not be read (for SessionValidation's message); never written.
    public internal(set) var unreadable: [String] = []

    public static let cornerRadiusRange = 0.0...50.0
    /// Wider than this no border is drawn whole in any cell of a collage of
    /// `CollageSettings.maximumSide`; each cell also keeps a pixel of photo.
    public static let maximumBorderWidth = 10_000

    /// The border drawn in a cell of `cell` pixels when the output is
    /// `scale` render pixels per output pixel: scaled like the gap, and never
    /// so wide that no photo is left.
    public func borderWidth(in cell: PixelSize, scale: Double) -> Int {
        let wanted = Int((Double(min(max(borderWidth, 0), Self.maximumBorderWidth)) * scale).rounded())
        return max(0, min(wanted, (min(cell.width, cell.height) - 1) / 2))
    }

    /// The part of `cell` a photo's pixels go in: inside the border. The
    /// renderer draws there and the preview's pan and zoom work there, so both agree.
    public func photoArea(of cell: CellRect, scale: Double) -> CellRect {
        let border = borderWidth(in: cell.size, scale: scale)
        return CellRect(x: cell.x + border, y: cell.y + border,
                        width: max(1, cell.width - 2 * border), height: max(1, cell.height - 2 * border))
    }

    /// The corner radius in pixels for a box of `size`.
    public func cornerRadius(for size: PixelSize) -> Double {
        let percent = cornerRadius.isFinite ? min(max(cornerRadius, 0), 50) : 0
        return percent / 100 * Double(min(size.width, size.height))
    }
}

/// What is drawn behind the cells.
public enum BackgroundFill: Hashable, Codable, Sendable {
    /// The settings' background colour (transparent when its alpha is 0).
    case colour
    /// A two-colour linear gradient; the angle reads as CSS's
    /// `linear-gradient`: 0° runs from the bottom up, 90° from left to right,
    /// 180° (the default) puts the first colour at the top.
    case gradient(from: RGBAColor, to: RGBAColor, angle: Double)
    /// The photos themselves, scaled to cover the canvas, blurred and darkened.
    case blur

    public static let defaultGradientAngle = 180.0

    /// "blur", "gradient:C1,C2[,DEG]", or a colour (then the colour is returned too).
    public static func parse(_ text: String) -> (fill: BackgroundFill, colour: RGBAColor?)? {
        let lower = text.trimmingWhitespace().lowercased()
        if lower == "blur" { return (.blur, nil) }
        if lower.hasPrefix("gradient:") {
            let parts = lower.dropFirst("gradient:".count).split(separator: ",", omittingEmptySubsequences: false)
                .map { String($0).trimmingWhitespace() }
            guard (2...3).contains(parts.count), let first = RGBAColor(parsing: parts[0]),
                  let second = RGBAColor(parsing: parts[1]) else { return nil }
            var angle = defaultGradientAngle
            if parts.count == 3 {
                var degrees = Substring(parts[2])
                if degrees.hasSuffix("deg") { degrees = degrees.dropLast(3) }
                guard let value = Double(degrees), value.isFinite, abs(value) <= 360 else { return nil }
                angle = value
            }
            return (.gradient(from: first, to: second, angle: angle), nil)
        }
        return RGBAColor(parsing: lower).map { (.colour, $0) }
    }
}

public enum PhotoFit: String, Hashable, Codable, Sendable, CaseIterable {
    /// Fill the cell, cropping what is beyond it (the seed's way).
    case cover
    /// Show the whole photo inside the cell, on the background.
    case contain
}

extension CollageSettings {
    /// Whether every pixel of the canvas is covered by an opaque colour.
    public var backgroundIsOpaque: Bool {
        switch style.fill {
        case .colour: return background.isOpaque
        case let .gradient(a, b, _): return a.isOpaque && b.isOpaque
        case .blur: return true
        }
    }

    /// The colour a title's automatic colour is chosen against (and an
    /// overlay band is made of): the background colour, a gradient's middle,
    /// or for the blurred photos — darkened — a dark grey.
    public var titleGround: RGBAColor {
        switch style.fill {
        case .colour: return background
        case let .gradient(a, b, _):
            return RGBAColor(red: (a.red + b.red) / 2, green: (a.green + b.green) / 2, blue: (a.blue + b.blue) / 2,
                             alpha: (a.alpha + b.alpha) / 2)
        case .blur: return Self.blurredGround
        }
    }

    static let blurredGround = RGBAColor(red: 0.3, green: 0.3, blue: 0.3)
}

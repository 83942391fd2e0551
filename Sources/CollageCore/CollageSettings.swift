// What the user can set about the collage as a whole (SPEC §3), with the
// original app's defaults. Whether the settings fit a given photo count is
// the layout's question; see CollageLayout.

public struct CollageSettings: Hashable, Codable, Sendable {
    /// The saved image's size in pixels.
    public var outputSize: PixelSize
    /// Space between neighbouring cells, in output pixels.
    public var gap: Int
    /// Space between the cells and the image's edge, in output pixels.
    public var margin: Int
    public var background: RGBAColor
    /// How the photos are arranged.
    public var layout: LayoutKind
    /// The dividers the user moved, by layout name (each for one shape of it).
    public var proportions: [String: LayoutProportions]
    /// Corners, border, shadow, what fills the background, and the photos' fit.
    public var style: CollageStyle
    /// Dots per inch of the printed collage; nil is a screen image with no
    /// physical size (and every session from before paper sizes).
    public var dpi: Int?

    public init(outputSize: PixelSize = CollageSettings.defaultOutputSize, gap: Int = 0, margin: Int = 0,
                background: RGBAColor = .white, layout: LayoutKind = .default,
                proportions: [String: LayoutProportions] = [:], style: CollageStyle = CollageStyle(),
                dpi: Int? = nil) {
        self.outputSize = outputSize
        self.gap = gap
        self.margin = margin
        self.background = background
        self.layout = layout
        self.proportions = proportions
        self.style = style
        self.dpi = dpi
    }

    private enum CodingKeys: String, CodingKey { case outputSize, gap, margin, background, layout, proportions, style, dpi }

    /// Sessions from before layouts have none: they load as `columns`, as
    /// they were drawn; sessions from before styles have the seed's look.
    /// A layout this version does not know is kept out by
    /// the decoder as text and turned into the default by SessionValidation.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        outputSize = try c.decode(PixelSize.self, forKey: .outputSize)
        gap = try c.decode(Int.self, forKey: .gap)
        margin = try c.decode(Int.self, forKey: .margin)
        background = try c.decode(RGBAColor.self, forKey: .background)
        var unreadable: [String] = []
        func read<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            c.decodeIfReadable(type, forKey: key, unreadable: &unreadable)
        }
        let name = read(String.self, .layout)
        layout = name.flatMap(LayoutKind.init(rawValue:)) ?? .default
        unknownLayout = name.flatMap { LayoutKind(rawValue: $0) == nil ? $0 : nil }
        proportions = read([String: LayoutProportions].self, .proportions) ?? [:]
        self.unreadable = unreadable
        style = try c.decodeIfPresent(CollageStyle.self, forKey: .style) ?? CollageStyle()
        // Read as a number of any size (1e9, 1e300) so SessionValidation can
        // clamp it and say so; a DPI that is no number is kept out as text.
        if c.contains(.dpi), (try? c.decodeNil(forKey: .dpi)) != true {
            if let value = try? c.decode(Double.self, forKey: .dpi), value.isFinite {
                dpi = Int(min(max(value, -1e9), 1e9))
            } else {
                unreadableDPI = true
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outputSize, forKey: .outputSize)
        try c.encode(gap, forKey: .gap)
        try c.encode(margin, forKey: .margin)
        try c.encode(background, forKey: .background)
        try c.encode(layout.rawValue, forKey: .layout)
        try c.encode(proportions, forKey: .proportions)
        try c.encode(style, forKey: .style)
        try c.encodeIfPresent(dpi, forKey: .dpi)
    }

    /// A layout name read from a file that this version does not know (for
    /// SessionValidation's message); never written.
    public internal(set) var unknownLayout: String? = nil
    /// A DPI read from a file that was no number (for SessionValidation's message); never written.
    public internal(set) var unreadableDPI = false
    /// The layout or proportions, when a file held what cannot be read as
    /// them (a number for a name), by key (for SessionValidation's message); never written.
    public internal(set) var unreadable: [String] = []

    /// The proportions set for the current layout, if any.
    public var currentProportions: LayoutProportions? { proportions[layout.rawValue] }

    public static let defaultOutputSize = PixelSize(width: 1080, height: 1080)
    /// Cairo image surfaces are limited to 32767 pixels a side.
    public static let maximumSide = 32767
    /// The largest gap or margin, in output pixels, anywhere it is set (the
    /// command line, the settings panel, a session): already a third of the
    /// largest side, far past any look, and small enough that a typo's zeros
    /// are caught as a mistake rather than drawn as a blank collage.
    public static let maximumSpacing = 10_000

    /// These settings with the split at `path` of the current layout (of
    /// `shape`) given `weights`; nil gives the split its own sizes back.
    /// Proportions of another shape of the layout are dropped: they could
    /// not be used together.
    public func moving(split path: String, shape: String, to weights: [Double]?) -> CollageSettings {
        var next = self
        var current = proportions[layout.rawValue].flatMap { $0.shape == shape ? $0 : nil }
            ?? LayoutProportions(shape: shape)
        current.splits[path] = weights
        next.proportions[layout.rawValue] = current.splits.isEmpty ? nil : current
        return next
    }
}

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

    public init(outputSize: PixelSize = CollageSettings.defaultOutputSize, gap: Int = 0, margin: Int = 0,
                background: RGBAColor = .white) {
        self.outputSize = outputSize
        self.gap = gap
        self.margin = margin
        self.background = background
    }

    public static let defaultOutputSize = PixelSize(width: 1080, height: 1080)
    /// Cairo image surfaces are limited to 32767 pixels a side.
    public static let maximumSide = 32767
}

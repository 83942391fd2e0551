// Named looks (issue 23 point 6): each sets the style and, where its look
// needs them, the background colour, gap and margin, all at once so the
// window can make it one undo step. The names are English here; the window
// translates them (its tr() is not CollageCore's). Which preset the current
// settings match is `matching(_:)`; showing them is the settings panel's.

public struct StylePreset: Hashable, Sendable {
    /// The English name, also the key the window translates.
    public let name: String
    public let style: CollageStyle
    public let background: RGBAColor?
    public let gap: Int?
    public let margin: Int?

    /// `settings` with this look applied; the size, layout and proportions stay.
    public func applied(to settings: CollageSettings) -> CollageSettings {
        var next = settings
        next.style = style
        // The fit is the user's choice of how photos sit, not part of a look.
        next.style.fit = settings.style.fit
        if let background { next.background = background }
        if let gap { next.gap = gap }
        if let margin { next.margin = margin }
        return next
    }

    /// Whether `settings` look as this preset makes them.
    public func matches(_ settings: CollageSettings) -> Bool {
        applied(to: settings) == settings
    }

    /// The seed's look: square corners, no border or shadow, a white background, no gap.
    public static let classic = StylePreset(name: "Classic", style: CollageStyle(), background: .white, gap: 0, margin: 0)
    /// A print on a table: a white border and a shadow on light grey.
    public static let print = StylePreset(
        name: "Print", style: CollageStyle(borderWidth: 16, borderColour: .white, shadow: true),
        background: RGBAColor(red: 0.88, green: 0.88, blue: 0.88), gap: 24, margin: 32)
    /// Soft corners with room between the photos, on white.
    public static let rounded = StylePreset(
        name: "Rounded", style: CollageStyle(cornerRadius: 12), background: .white, gap: 16, margin: 16)
    /// Photos on near-black with a thin dark border and rounded corners.
    public static let dark = StylePreset(
        name: "Dark", style: CollageStyle(cornerRadius: 4, borderWidth: 4,
                                          borderColour: RGBAColor(red: 0.2, green: 0.2, blue: 0.2)),
        background: RGBAColor(red: 0.1, green: 0.1, blue: 0.1), gap: 12, margin: 12)

    public static let all: [StylePreset] = [classic, print, rounded, dark]

    /// The preset the settings look like, if any.
    public static func matching(_ settings: CollageSettings) -> StylePreset? {
        all.first { $0.matches(settings) }
    }
}

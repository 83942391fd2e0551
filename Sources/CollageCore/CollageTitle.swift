// The collage's title (SPEC §9) as part of the document: its text, where it
// goes (a band above or below the photos, or over them on a translucent
// band), its size relative to the collage and its colour. Also the rule for
// a colour that reads on the background when the user chose none. Measuring
// and drawing the text is CollageRender's job (Pango); where the band goes
// is TitleGeometry's.

import Foundation

public struct CollageTitle: Hashable, Codable, Sendable {
    public enum Position: String, Codable, CaseIterable, Sendable {
        /// A band above the photos; the photos' area shrinks to make room.
        case top
        /// A band below the photos; the photos' area shrinks to make room.
        case bottom
        /// A translucent band over the bottom of the photos.
        case overlay
    }

    /// As the user typed it, with control characters (line breaks, tabs)
    /// turned into spaces and at most `maximumLength` characters (and
    /// `maximumCodePoints` code points, `maximumCombiningRun` marks in a row). Leading and
    /// trailing spaces are kept here (the user may be typing the next word)
    /// and left out when drawn.
    public var text: String {
        didSet { text = Self.cleaned(text) }
    }
    public var position: Position
    /// The text's height (font size) as a fraction of the collage's shorter side.
    public var size: Double {
        didSet { size = Self.clampedSize(size) }
    }
    /// nil: black or white, whichever reads better on what is behind the text.
    public var colour: RGBAColor?

    public static let defaultPosition = Position.top
    public static let small = 0.04, medium = 0.06, large = 0.09
    public static let sizeRange = 0.02...0.2
    /// Long enough for any title a person means; short enough that a pasted
    /// book cannot make every render lay out a megabyte of text.
    public static let maximumLength = 300
    /// Characters alone do not bound the text: one letter with 60,000
    /// combining marks is one character (and took Pango 23 s). So the code
    /// points are capped too — four per character, room for flags and
    /// emoji sequences — which caps the UTF-8 bytes at 16 per character;
    /// and, as Unicode's stream-safe format has it (UAX #15), no more than
    /// 30 combining marks follow one another.
    public static let maximumCodePoints = 4 * maximumLength
    public static let maximumCombiningRun = 30

    /// The values a file held that could not be read or were out of range,
    /// by key (for SessionValidation's message); never written.
    public internal(set) var unreadable: [String] = []

    public init(text: String = "", position: Position = CollageTitle.defaultPosition,
                size: Double = CollageTitle.medium, colour: RGBAColor? = nil) {
        self.text = Self.cleaned(text)
        self.position = position
        self.size = Self.clampedSize(size)
        self.colour = colour
    }

    /// The text as drawn: without leading and trailing spaces.
    public var shownText: String { text.trimmingWhitespace() }
    /// Nothing to draw: no band, no room taken from the photos.
    public var isEmpty: Bool { shownText.isEmpty }

    static func cleaned(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var combining = 0
        for scalar in text.unicodeScalars {
            guard scalars.count < maximumCodePoints else { break }
            if scalar.properties.canonicalCombiningClass != .notReordered {
                combining += 1
                if combining > maximumCombiningRun { continue }
            } else {
                combining = 0
            }
            let control = scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
            scalars.append(control ? " " : scalar)
        }
        let flat = String(scalars)
        return flat.count > maximumLength ? String(flat.prefix(maximumLength)) : flat
    }

    static func clampedSize(_ size: Double) -> Double {
        size.isFinite ? min(max(size, sizeRange.lowerBound), sizeRange.upperBound) : medium
    }

    // MARK: Colours

    /// What the text stands on: the background for a band above or below
    /// (a transparent one counts as white, as most viewers show it), the
    /// overlay band's colour over the photos.
    public func ground(background: RGBAColor) -> RGBAColor {
        switch position {
        case .top, .bottom: return background.isOpaque ? background : .white
        case .overlay: return overlayBand(background: background).opaque
        }
    }

    /// The overlay's band: the background colour (black when the background
    /// is transparent) at `overlayAlpha`, so the photos show through a little.
    public func overlayBand(background: RGBAColor) -> RGBAColor {
        var band = background.isOpaque ? background : .black
        band.alpha = Self.overlayAlpha
        return band
    }

    public static let overlayAlpha = 0.7

    /// The user's colour, or black or white: whichever has the higher WCAG
    /// contrast with the ground.
    public func textColour(background: RGBAColor) -> RGBAColor {
        if let colour { return colour }
        let ground = ground(background: background)
        return ground.contrast(with: .black) >= ground.contrast(with: .white) ? .black : .white
    }
}

extension RGBAColor {
    /// WCAG 2.1 relative luminance of the colour's RGB (alpha ignored).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            let v = min(max(c, 0), 1)
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.1 contrast ratio, 1...21.
    public func contrast(with other: RGBAColor) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    var opaque: RGBAColor { RGBAColor(red: red, green: green, blue: blue) }
}

extension CollageTitle {
    private enum CodingKeys: String, CodingKey { case text, position, size, colour }

    /// Read back from a session file, nothing is trusted: an unknown position
    /// or an unusable size falls back to the default, a colour that cannot be
    /// read means automatic; each is named in `unreadable`, so a title lost
    /// to a damaged file is said rather than silently gone.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var unreadable: [String] = []
        func read<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            c.decodeIfReadable(type, forKey: key, unreadable: &unreadable)
        }
        let text = read(String.self, .text) ?? ""
        let name = read(String.self, .position)
        let position = name.flatMap(Position.init(rawValue:))
        if name != nil, position == nil { unreadable.append(CodingKeys.position.stringValue) }
        let size = read(Double.self, .size)
        if let size, !Self.sizeRange.contains(size) { unreadable.append(CodingKeys.size.stringValue) }
        self.init(text: text, position: position ?? Self.defaultPosition, size: size ?? Self.medium,
                  colour: read(RGBAColor.self, .colour))
        self.unreadable = unreadable
    }
}

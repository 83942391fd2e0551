// The collage background colour and its text forms ("#rrggbb", "white",
// "transparent"), shared by the command line, GSettings and the session file.

public struct RGBAColor: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Channels in 0...1, not premultiplied.
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    public var isOpaque: Bool { alpha >= 1 }

    private static let named: [String: RGBAColor] = [
        "white": .white, "black": .black, "transparent": .transparent,
        "red": RGBAColor(red: 1, green: 0, blue: 0), "green": RGBAColor(red: 0, green: 0.5, blue: 0),
        "blue": RGBAColor(red: 0, green: 0, blue: 1), "gray": RGBAColor(red: 0.5, green: 0.5, blue: 0.5),
        "grey": RGBAColor(red: 0.5, green: 0.5, blue: 0.5),
    ]

    /// Accepts a name above, "#rgb", "#rrggbb" or "#rrggbbaa" (the "#" may be left out).
    public init?(parsing text: String) {
        let lower = text.trimmingWhitespace().lowercased()
        if let named = Self.named[lower] {
            self = named
            return
        }
        var hex = Substring(lower)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        let digits = hex.map { Int(String($0), radix: 16)! }
        func pair(_ i: Int) -> Double { Double(digits[i] * 16 + digits[i + 1]) / 255 }
        switch digits.count {
        case 3:
            self.init(red: Double(digits[0] * 17) / 255, green: Double(digits[1] * 17) / 255,
                      blue: Double(digits[2] * 17) / 255)
        case 6:
            self.init(red: pair(0), green: pair(2), blue: pair(4))
        case 8:
            self.init(red: pair(0), green: pair(2), blue: pair(4), alpha: pair(6))
        default:
            return nil
        }
    }

    /// "#rrggbb", or "#rrggbbaa" when not opaque; parses back to the same colour.
    public var hexString: String {
        func byte(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(n, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (isOpaque ? "" : byte(alpha))
    }

    public var description: String { hexString }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

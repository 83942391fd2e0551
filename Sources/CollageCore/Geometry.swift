// Integer pixel geometry shared by the layout, the renderer and the window.
// Pixels are whole numbers here because the saved image has whole pixels;
// fractional placement is the compositor's business.

/// A size in pixels.
public struct PixelSize: Hashable, Codable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var pixelCount: Int { width * height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// Width over height; 1 for an empty size so callers never divide by zero.
    public var aspectRatio: Double { isEmpty ? 1 : Double(width) / Double(height) }
    public var transposed: PixelSize { PixelSize(width: height, height: width) }
    public var description: String { "\(width)×\(height)" }

    /// Parses "1080x1080" (also "1080×1080" and "1080X1080").
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
            return nil
        }
        self.init(width: w, height: h)
    }
}

/// A rectangle in pixels, origin at the top left.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var description: String { "(\(x),\(y) \(width)×\(height))" }

    public func offset(x dx: Int, y dy: Int) -> CellRect {
        CellRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= Double(x) && px < Double(maxX) && py >= Double(y) && py < Double(maxY)
    }
}

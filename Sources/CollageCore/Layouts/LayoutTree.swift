// Each layout as a tree of splits (DESIGN.md, "one seam, many layouts"): a
// split lays its parts side by side (`across`) or stacked (`down`), sized by
// weights; a leaf is one photo, by its index in collage order. The trees
// here carry each layout's own weights; the user's (dragged dividers) and
// the 10 % floor are applied when the tree is placed (LayoutPlacement). The
// mosaic's tree depends on the photos' shapes and is chosen in Mosaic.

/// How a split lays out its parts.
public enum SplitAxis: String, Hashable, Sendable {
    /// Side by side, left to right: the lines between them are vertical.
    case across
    /// Stacked, top to bottom: the lines between them are horizontal.
    case down

    var other: SplitAxis { self == .across ? .down : .across }
}

public indirect enum LayoutNode: Hashable, Sendable {
    case photo(Int)
    /// Parts and their weights (any positive numbers; shares are weight ÷ sum).
    case split(SplitAxis, [LayoutNode], [Double])

    /// A split of `parts` with equal weights, or the one part itself.
    static func line(_ axis: SplitAxis, _ parts: [LayoutNode], weights: [Double]? = nil) -> LayoutNode {
        parts.count == 1 ? parts[0] : .split(axis, parts, weights ?? Array(repeating: 1, count: parts.count))
    }

    /// Photos `first..<first+count` in one line.
    static func photos(_ axis: SplitAxis, from first: Int, count: Int, weights: [Double]? = nil) -> LayoutNode {
        line(axis, (first..<(first + count)).map { .photo($0) }, weights: weights)
    }

    /// The tree's shape, to tell whether proportions set for one tree fit another:
    /// "p" for a photo, "a(…)" and "d(…)" for splits.
    public var shape: String {
        switch self {
        case .photo: return "p"
        case let .split(axis, parts, _):
            return (axis == .across ? "a(" : "d(") + parts.map(\.shape).joined(separator: ",") + ")"
        }
    }
}

enum LayoutTree {
    /// The tree of `kind` for `count` photos (1…9) in an area of `area`.
    /// `aspects` (width ÷ height of each photo, upright) matter to the mosaic only.
    static func make(_ kind: LayoutKind, count: Int, aspects: [Double], area: PixelSize, gap: Int) -> LayoutNode? {
        guard count > 0 else { return nil }
        switch kind {
        case .columns: return lines(CollageLayout.columns(for: count), outer: .across)
        case .rows: return lines(CollageLayout.columns(for: count), outer: .down)
        case .feature: return feature(count: count, area: area)
        case .mosaic: return Mosaic.choose(count: count, aspects: aspects, area: area, gap: gap)
        }
    }

    /// Lines of `counts` photos, in order, laid `outer`; each line's photos the other way.
    static func lines(_ counts: [Int], outer: SplitAxis, weights: [Double]? = nil,
                      inner: [[Double]?]? = nil) -> LayoutNode {
        var first = 0
        var parts: [LayoutNode] = []
        for (i, n) in counts.enumerated() {
            parts.append(.photos(outer.other, from: first, count: n, weights: inner?[i]))
            first += n
        }
        return .line(outer, parts, weights: weights)
    }

    /// The first photo on two thirds of the long side (the left of a square
    /// or landscape area, the top of a portrait one); the others in order in
    /// the last third, in one line when they are at most four, else in two
    /// (the second line one longer when they are odd, as in the seed's table).
    static func feature(count: Int, area: PixelSize) -> LayoutNode {
        guard count > 1 else { return .photo(0) }
        let long: SplitAxis = area.width >= area.height ? .across : .down
        let others = count - 1
        let rest: LayoutNode = others <= 4
            ? .photos(long.other, from: 1, count: others)
            : .line(long, [.photos(long.other, from: 1, count: others / 2),
                           .photos(long.other, from: 1 + others / 2, count: others - others / 2)])
        return .split(long, [.photo(0), rest], [2, 1])
    }
}

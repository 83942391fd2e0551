// Where each photo goes (SPEC §3). The seed's table is `columns(for:)`:
// photos fill columns top to bottom, columns left to right; columns share
// the width, rows in a column share its height. Every layout is a tree of
// splits (LayoutTree, Mosaic) placed inside the margin (LayoutPlacement);
// edges come from the running total (floor(i × inner / k) for equal parts),
// so cells tile the area with no gap or overlap of a pixel when the gap is 0.

public enum CollageLayout {
    public static let maximumPhotos = 9

    /// Photos per column, left to right, for 1...9 photos. An even count is
    /// split evenly, an odd count gives the right side one more; never more
    /// than three across or down.
    public static func columns(for count: Int) -> [Int] {
        switch count {
        case ...0: return []
        case 1: return [1]
        case 2: return [1, 1]
        case 3: return [1, 2]
        case 4: return [2, 2]
        case 5: return [2, 3]
        case 6: return [3, 3]
        case 7: return [2, 2, 3]
        case 8: return [3, 3, 2]
        default: return [3, 3, 3]
        }
    }

    public enum LayoutError: Error, Equatable, CustomStringConvertible {
        case noRoom(size: PixelSize, gap: Int, margin: Int)

        public var description: String {
            switch self {
            case let .noRoom(size, gap, margin):
                return "a gap of \(gap) px and a margin of \(margin) px leave no room for the photos in \(size)"
            }
        }
    }

    /// The cells of every photo in collage order, the dividers the user can
    /// move, and the shape of the tree that made them.
    public struct Arrangement: Equatable, Sendable {
        public var cells: [CellRect]
        public var dividers: [Divider]
        public var shape: String
    }

    /// `count` photos (of upright `aspects`, for the mosaic; 1 where unknown)
    /// arranged by `kind` in `size`, with the user's `proportions` when they
    /// were set for the same shape.
    public static func arrange(_ kind: LayoutKind = .default, count: Int, aspects: [Double] = [], size: PixelSize,
                               gap: Int = 0, margin: Int = 0,
                               proportions: LayoutProportions? = nil) throws(LayoutError) -> Arrangement {
        let count = min(count, maximumPhotos)
        let noRoom = LayoutError.noRoom(size: size, gap: gap, margin: margin)
        guard gap >= 0, margin >= 0 else { throw noRoom }
        guard count > 0 else { return Arrangement(cells: [], dividers: [], shape: "") }
        let area = PixelSize(width: size.width - 2 * margin, height: size.height - 2 * margin)
        guard area.width >= 1, area.height >= 1,
              let tree = LayoutTree.make(kind, count: count, aspects: aspects, area: area, gap: gap) else { throw noRoom }
        let shape = tree.shape
        let weights = proportions.flatMap { $0.shape == shape ? $0.splits : nil } ?? [:]
        guard let placed = LayoutPlacement.place(tree, count: count,
                                                 in: CellRect(x: margin, y: margin, width: area.width, height: area.height),
                                                 gap: gap, area: area, weights: weights) else { throw noRoom }
        return Arrangement(cells: placed.cells, dividers: placed.dividers, shape: shape)
    }

    /// The cell of every photo in the seed's `columns` layout, in collage order.
    public static func cells(count: Int, size: PixelSize, gap: Int = 0, margin: Int = 0) throws(LayoutError) -> [CellRect] {
        try arrange(.columns, count: count, size: size, gap: gap, margin: margin).cells
    }

    /// Whether the settings leave at least a pixel for every cell of `count`
    /// photos in their layout (the mosaic taken for square photos).
    public static func fits(count: Int, settings: CollageSettings) -> Bool {
        (try? arrange(settings.layout, count: max(count, 1), size: settings.outputSize, gap: settings.gap,
                      margin: settings.margin)) != nil
    }
}

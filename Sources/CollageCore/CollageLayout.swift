// Where each photo goes (SPEC §3): photos fill columns top to bottom, columns
// left to right; columns share the width, rows in a column share its height.
// Edges are computed from the running total (floor(i × inner / k)), so cells
// tile the area with no gap or overlap of a pixel when the gap is 0.

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

    /// The cell of every photo, in collage order.
    public static func cells(count: Int, size: PixelSize, gap: Int = 0, margin: Int = 0) throws(LayoutError) -> [CellRect] {
        let columns = columns(for: min(count, maximumPhotos))
        guard !columns.isEmpty else { return [] }
        let noRoom = LayoutError.noRoom(size: size, gap: gap, margin: margin)
        guard gap >= 0, margin >= 0 else { throw noRoom }
        guard let xs = split(length: size.width, parts: columns.count, gap: gap, margin: margin) else { throw noRoom }
        var cells: [CellRect] = []
        for (column, rows) in columns.enumerated() {
            guard let ys = split(length: size.height, parts: rows, gap: gap, margin: margin) else { throw noRoom }
            for row in ys {
                let col = xs[column]
                cells.append(CellRect(x: col.start, y: row.start, width: col.length, height: row.length))
            }
        }
        return cells
    }

    /// Whether the settings leave at least a pixel for every cell of `count` photos.
    public static func fits(count: Int, settings: CollageSettings) -> Bool {
        (try? cells(count: max(count, 1), size: settings.outputSize, gap: settings.gap, margin: settings.margin)) != nil
    }

    private static func split(length: Int, parts: Int, gap: Int, margin: Int) -> [(start: Int, length: Int)]? {
        let inner = length - 2 * margin - (parts - 1) * gap
        guard inner >= parts else { return nil }
        return (0..<parts).map { i in
            let start = i * inner / parts
            let end = (i + 1) * inner / parts
            return (margin + i * gap + start, end - start)
        }
    }
}

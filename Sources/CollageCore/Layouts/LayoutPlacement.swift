// A layout tree placed in whole pixels: every split shares its length
// (less the gaps between its parts) by its weights, the user's weights
// where they were set for this tree, and no part smaller than its floor
// (10 % of the photos' area along the split's axis per photo it has in a
// row, SPEC §3). Edges come from the running total, floor(share × length),
// so equal weights give the seed's exact pixels and the cells tile the area.
// Each split also gives its dividers, which the window drags and a screen
// reader sets; their geometry is here so the screen and the file agree.

/// A line between two parts of a split that the user can move.
public struct Divider: Hashable, Sendable {
    /// The split it belongs to (see LayoutProportions.splits).
    public var path: String
    /// The line between part `index` and part `index + 1`.
    public var index: Int
    public var axis: SplitAxis
    /// The gap between the two parts, across the split (no wider than the gap: none without one).
    public var line: CellRect
    /// The middle of the gap along the axis, in pixels.
    public var position: Double
    /// Where the split's parts lie along its axis, in pixels.
    public var start: Int
    public var end: Int
    /// Each part's length and its floor, along the axis.
    public var lengths: [Int]
    public var floors: [Int]
    public var gap: Int

    func offset(x dx: Int, y dy: Int) -> Divider {
        var moved = self
        moved.line = line.offset(x: dx, y: dy)
        let along = axis == .across ? dx : dy
        moved.position += Double(along)
        moved.start += along
        moved.end += along
        return moved
    }

    /// Where the line is within the split, 0…100.
    public var percent: Double {
        end > start ? (position - Double(start)) / Double(end - start) * 100 : 50
    }

    /// The position in pixels of `percent` within the split.
    public func position(percent: Double) -> Double {
        Double(start) + percent / 100 * Double(end - start)
    }

    /// The split's weights with this line moved to `position` (pixels along
    /// the axis), the two parts beside it kept at their floors.
    public func weights(movedTo position: Double) -> [Double] {
        var lengths = self.lengths.map(Double.init)
        let both = lengths[index] + lengths[index + 1]
        var partStart = Double(start)
        for i in 0..<index { partStart += lengths[i] + Double(gap) }
        let wanted = position - Double(gap) / 2 - partStart
        let low = Double(floors[index]), high = both - Double(floors[index + 1])
        let first = low <= high ? min(max(wanted, low), high) : both / 2
        lengths[index] = first
        lengths[index + 1] = both - first
        let total = lengths.reduce(0, +)
        return lengths.map { $0 / max(total, 1) }
    }
}

struct LayoutPlacement {
    var cells: [CellRect]
    var dividers: [Divider] = []
    /// Whether splits are named and their dividers kept: the mosaic's
    /// candidates need neither, and skipping them keeps its choice cheap.
    private let full: Bool

    /// Places `tree` (of `count` photos) in `rect`; nil when some part would get no pixel.
    static func place(_ tree: LayoutNode, count: Int, in rect: CellRect, gap: Int, area: PixelSize,
                      weights: [String: [Double]], dividers: Bool = true) -> LayoutPlacement? {
        var placement = LayoutPlacement(cells: Array(repeating: CellRect(x: 0, y: 0, width: 0, height: 0), count: count),
                                        full: dividers || !weights.isEmpty)
        guard placement.place(tree, in: rect, path: "", gap: gap, area: area, weights: weights) else { return nil }
        return placement
    }

    private mutating func place(_ node: LayoutNode, in rect: CellRect, path: String, gap: Int, area: PixelSize,
                                weights userWeights: [String: [Double]]) -> Bool {
        switch node {
        case let .photo(index):
            guard cells.indices.contains(index) else { return false }
            cells[index] = rect
            return true
        case let .split(axis, parts, ownWeights):
            let length = axis == .across ? rect.width : rect.height
            let origin = axis == .across ? rect.x : rect.y
            let inner = length - (parts.count - 1) * gap
            guard inner >= parts.count else { return false }
            var weights = ownWeights
            if full, let chosen = userWeights[path], chosen.count == parts.count { weights = chosen }
            let floors = parts.map { Self.floor(of: $0, along: axis, gap: gap, area: area) }
            let lengths = Self.share(inner, weights: weights, floors: floors)
            var position = origin
            for (i, part) in parts.enumerated() {
                let partRect = axis == .across
                    ? CellRect(x: position, y: rect.y, width: lengths[i], height: rect.height)
                    : CellRect(x: rect.x, y: position, width: rect.width, height: lengths[i])
                let partPath = !full ? "" : path.isEmpty ? String(i) : path + "." + String(i)
                guard lengths[i] >= 1, place(part, in: partRect, path: partPath,
                                             gap: gap, area: area, weights: userWeights) else { return false }
                position += lengths[i] + gap
                if full, i < parts.count - 1 {
                    let line = axis == .across
                        ? CellRect(x: position - gap, y: rect.y, width: gap, height: rect.height)
                        : CellRect(x: rect.x, y: position - gap, width: rect.width, height: gap)
                    dividers.append(Divider(path: path, index: i, axis: axis, line: line,
                                            position: Double(position) - Double(gap) / 2, start: origin,
                                            end: origin + length, lengths: lengths, floors: floors, gap: gap))
                }
            }
            return true
        }
    }

    /// The least length of `node` along `axis`: a tenth of the area's for
    /// each photo in a row along it (and the gaps between them).
    static func floor(of node: LayoutNode, along axis: SplitAxis, gap: Int, area: PixelSize) -> Int {
        switch node {
        case .photo:
            let side = axis == .across ? area.width : area.height
            return max(1, Int((Double(side) * minimumCellShare).rounded(.up)))
        case let .split(partAxis, parts, _):
            let floors = parts.map { floor(of: $0, along: axis, gap: gap, area: area) }
            return partAxis == axis ? floors.reduce(0, +) + (parts.count - 1) * gap : floors.max() ?? 1
        }
    }

    /// `length` pixels shared by `weights`, no part below its floor (unless
    /// the floors together do not fit, when the weights alone decide).
    static func share(_ length: Int, weights: [Double], floors: [Int]) -> [Int] {
        let clean = weights.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        var shares = clean.reduce(0, +) > 0 ? clean : Array(repeating: 1, count: weights.count)
        let total = Double(length)
        if floors.reduce(0, +) <= length {
            // Parts that would fall below their floor get it; the rest share what is left by weight.
            var fixed = Set<Int>()
            func free() -> (parts: [Int], weight: Double, room: Double) {
                let parts = shares.indices.filter { !fixed.contains($0) }
                return (parts, parts.reduce(0) { $0 + shares[$1] }, total - fixed.reduce(0) { $0 + Double(floors[$1]) })
            }
            while fixed.count < shares.count {
                let (parts, weight, room) = free()
                let short = parts.filter { weight <= 0 || shares[$0] / weight * room < Double(floors[$0]) }
                if short.isEmpty { break }
                fixed.formUnion(short)
            }
            let (_, weight, room) = free()
            shares = shares.indices.map { fixed.contains($0) ? Double(floors[$0]) : shares[$0] / weight * room }
        }
        let sum = shares.reduce(0, +)
        var edges: [Int] = [0]
        var running = 0.0
        for share in shares {
            running += share
            // The nudge keeps an edge that is a whole number in exact arithmetic on that number.
            edges.append(min(length, Int((running / sum * total + 1e-7).rounded(.down))))
        }
        edges[edges.count - 1] = length
        return (0..<shares.count).map { edges[$0 + 1] - edges[$0] }
    }
}

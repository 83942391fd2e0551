// The mosaic layout (issue 18): the ordered photos split into one to three
// columns of stacked photos, or one to three rows of side-by-side photos;
// each line sized so that its photos keep their shape (a justified layout:
// a row's height goes as 1 ÷ the sum of its photos' aspects, a column's
// width as 1 ÷ the sum of their inverses), scaled to the area; and of all
// such splits the one that crops least, summed over the photos, each photo
// costing 1 − min(cell aspect ÷ photo aspect, its inverse). The cost is
// taken on the placed cells (gap and floors included), so it is the crop
// the file will have. Each split is also tried with equal lines and cells
// (as the columns and rows tables size theirs), so the mosaic never cuts
// more than those would. Ties go to columns, then fewer lines, then the
// split that puts more photos in the earlier lines, then justified sizes.
// For nine photos that is 148 candidates of nine cells: well under a millisecond.

enum Mosaic {
    static let maximumLines = 3

    static func choose(count: Int, aspects: [Double], area: PixelSize, gap: Int) -> LayoutNode {
        let shapes = (0..<count).map { i in
            i < aspects.count && aspects[i].isFinite && aspects[i] > 0 ? min(max(aspects[i], 1 / 64), 64) : 1
        }
        guard count > 1 else { return .photo(0) }
        let rect = CellRect(x: 0, y: 0, width: area.width, height: area.height)
        var best: (tree: LayoutNode, cost: Double)?
        for tree in candidates(count: count, aspects: shapes) {
            guard let placed = LayoutPlacement.place(tree, count: count, in: rect, gap: gap, area: area, weights: [:],
                                                     dividers: false) else { continue }
            let cost = (0..<count).reduce(0.0) { $0 + crop(cell: placed.cells[$1].size.aspectRatio, photo: shapes[$1]) }
            if best == nil || cost < best!.cost - 1e-9 { best = (tree, cost) }
        }
        return best?.tree ?? LayoutTree.lines(CollageLayout.columns(for: count), outer: .across)
    }

    /// Every split of the ordered photos into lines, justified and equal, in the order ties are settled.
    static func candidates(count: Int, aspects: [Double]) -> [LayoutNode] {
        var trees: [LayoutNode] = []
        for outer in [SplitAxis.across, .down] {
            for lines in 1...min(maximumLines, count) {
                for counts in compositions(of: count, into: lines) {
                    trees.append(justified(counts, outer: outer, aspects: aspects))
                    trees.append(LayoutTree.lines(counts, outer: outer))
                }
            }
        }
        return trees
    }

    /// What share of a photo of aspect `photo` a cell of aspect `cell` cuts away.
    static func crop(cell: Double, photo: Double) -> Double {
        1 - min(cell / photo, photo / cell)
    }

    /// Lines of `counts` photos laid `outer`, each line and each photo in it sized to keep the photos' shapes.
    static func justified(_ counts: [Int], outer: SplitAxis, aspects: [Double]) -> LayoutNode {
        var first = 0
        var lineWeights: [Double] = []
        var photoWeights: [[Double]] = []
        for n in counts {
            let line = Array(aspects[first..<(first + n)])
            if outer == .across {
                // A column: photos stacked at its width w have heights w ÷ aspect.
                photoWeights.append(line.map { 1 / $0 })
                lineWeights.append(1 / line.reduce(0) { $0 + 1 / $1 })
            } else {
                // A row: photos side by side at its height h have widths h × aspect.
                photoWeights.append(line)
                lineWeights.append(1 / line.reduce(0, +))
            }
            first += n
        }
        return LayoutTree.lines(counts, outer: outer, weights: lineWeights, inner: photoWeights)
    }

    /// Every way to write `n` as `parts` positive numbers in order, the larger first parts first.
    static func compositions(of n: Int, into parts: Int) -> [[Int]] {
        guard parts > 1 else { return n > 0 ? [[n]] : [] }
        var result: [[Int]] = []
        for first in stride(from: n - parts + 1, through: 1, by: -1) {
            for rest in compositions(of: n - first, into: parts - 1) { result.append([first] + rest) }
        }
        return result
    }
}

// The layout table of SPEC §3, cell by cell, and the rounding rule.

import CollageCore
import Testing

@Suite struct LayoutTests {
    func r(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> CellRect { CellRect(x: x, y: y, width: w, height: h) }
    let square = PixelSize(width: 1080, height: 1080)

    @Test func columnsPerCount() {
        #expect(CollageLayout.columns(for: 1) == [1])
        #expect(CollageLayout.columns(for: 2) == [1, 1])
        #expect(CollageLayout.columns(for: 3) == [1, 2])
        #expect(CollageLayout.columns(for: 4) == [2, 2])
        #expect(CollageLayout.columns(for: 5) == [2, 3])
        #expect(CollageLayout.columns(for: 6) == [3, 3])
        #expect(CollageLayout.columns(for: 7) == [2, 2, 3])
        #expect(CollageLayout.columns(for: 8) == [3, 3, 2])
        #expect(CollageLayout.columns(for: 9) == [3, 3, 3])
    }

    @Test func exactCellsAt1080() throws {
        let expected: [Int: [CellRect]] = [
            1: [r(0, 0, 1080, 1080)],
            2: [r(0, 0, 540, 1080), r(540, 0, 540, 1080)],
            3: [r(0, 0, 540, 1080), r(540, 0, 540, 540), r(540, 540, 540, 540)],
            4: [r(0, 0, 540, 540), r(0, 540, 540, 540), r(540, 0, 540, 540), r(540, 540, 540, 540)],
            5: [r(0, 0, 540, 540), r(0, 540, 540, 540),
                r(540, 0, 540, 360), r(540, 360, 540, 360), r(540, 720, 540, 360)],
            6: [r(0, 0, 540, 360), r(0, 360, 540, 360), r(0, 720, 540, 360),
                r(540, 0, 540, 360), r(540, 360, 540, 360), r(540, 720, 540, 360)],
            7: [r(0, 0, 360, 540), r(0, 540, 360, 540), r(360, 0, 360, 540), r(360, 540, 360, 540),
                r(720, 0, 360, 360), r(720, 360, 360, 360), r(720, 720, 360, 360)],
            8: [r(0, 0, 360, 360), r(0, 360, 360, 360), r(0, 720, 360, 360),
                r(360, 0, 360, 360), r(360, 360, 360, 360), r(360, 720, 360, 360),
                r(720, 0, 360, 540), r(720, 540, 360, 540)],
            9: [r(0, 0, 360, 360), r(0, 360, 360, 360), r(0, 720, 360, 360),
                r(360, 0, 360, 360), r(360, 360, 360, 360), r(360, 720, 360, 360),
                r(720, 0, 360, 360), r(720, 360, 360, 360), r(720, 720, 360, 360)],
        ]
        for count in 1...9 {
            #expect(try CollageLayout.cells(count: count, size: square) == expected[count], "count \(count)")
        }
    }

    @Test func gapAndMarginAreExactPixels() throws {
        let cells = try CollageLayout.cells(count: 4, size: square, gap: 10, margin: 20)
        // inner width 1080 - 2×20 - 10 = 1030, 515 a column
        #expect(cells == [r(20, 20, 515, 515), r(20, 545, 515, 515), r(545, 20, 515, 515), r(545, 545, 515, 515)])
        let three = try CollageLayout.cells(count: 3, size: PixelSize(width: 800, height: 600), gap: 6, margin: 4)
        #expect(three == [r(4, 4, 393, 592), r(403, 4, 393, 293), r(403, 303, 393, 293)])
    }

    @Test func cellsTileWithoutGapsOrOverlapsAtAnySize() throws {
        for width in [3, 7, 100, 333, 1000, 1001, 1079, 4096] {
            for height in [3, 10, 641, 1080, 32767] {
                for count in 1...9 {
                    let size = PixelSize(width: width, height: height)
                    let cells = try CollageLayout.cells(count: count, size: size)
                    #expect(cells.count == count)
                    // Columns tile the width; the cells of each column tile the height.
                    let columns = Dictionary(grouping: cells, by: \.x).sorted { $0.key < $1.key }
                    #expect(columns.first?.key == 0)
                    var x = 0
                    for (left, column) in columns {
                        #expect(left == x, "\(count) photos in \(size)")
                        #expect(Set(column.map(\.width)).count == 1)
                        var y = 0
                        for cell in column.sorted(by: { $0.y < $1.y }) {
                            #expect(cell.y == y && cell.height > 0, "\(count) photos in \(size)")
                            y = cell.maxY
                        }
                        #expect(y == height)
                        x += column[0].width
                    }
                    #expect(x == width)
                }
            }
        }
    }

    @Test func unevenWidthsDifferByAtMostOnePixel() throws {
        let cells = try CollageLayout.cells(count: 9, size: PixelSize(width: 1000, height: 1000))
        #expect(Set(cells.map(\.width)) == [333, 334])
        #expect(cells.map(\.x).sorted().first == 0 && cells.map(\.maxX).max() == 1000)
    }

    @Test func gapOrMarginThatLeavesNoRoomIsAnError() {
        #expect(throws: CollageLayout.LayoutError.self) {
            try CollageLayout.cells(count: 2, size: square, gap: 1080)
        }
        #expect(throws: CollageLayout.LayoutError.self) {
            try CollageLayout.cells(count: 1, size: square, margin: 540)
        }
        #expect(!CollageLayout.fits(count: 9, settings: CollageSettings(margin: 539)))
        #expect(CollageLayout.fits(count: 9, settings: CollageSettings(gap: 100, margin: 100)))
    }

    @Test func noPhotosNoCells() throws {
        #expect(try CollageLayout.cells(count: 0, size: square).isEmpty)
    }
}

// Every layout of issue 18 for 1–9 photos at square, portrait and landscape
// sizes, with and without gap and margin: cells inside the margin, apart
// by at least the gap, never overlapping, tiling the area when there is no
// gap; the rows and feature layouts' exact cells; the mosaic's choice on
// photos of known shapes; dividers moved and held at their 10 % floor.

@testable import CollageCore
import Testing

@Suite struct ArrangementTests {
    func r(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> CellRect { CellRect(x: x, y: y, width: w, height: h) }
    static let sizes = [PixelSize(width: 1080, height: 1080), PixelSize(width: 1080, height: 1920),
                        PixelSize(width: 1920, height: 1080), PixelSize(width: 101, height: 97)]
    /// Photos of assorted shapes, so the mosaic meets panoramas and portraits.
    static let aspects = [1.5, 0.75, 1, 3, 0.5, 1.33, 0.8, 2, 1]

    func overlap(_ a: CellRect, _ b: CellRect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    @Test(arguments: LayoutKind.allCases)
    func cellsTileTheAreaWithoutOverlap(kind: LayoutKind) throws {
        for size in Self.sizes {
            for (gap, margin) in [(0, 0), (6, 20), (1, 0)] {
                for count in 1...9 {
                    let arranged = try CollageLayout.arrange(kind, count: count, aspects: Self.aspects, size: size,
                                                             gap: gap, margin: margin)
                    let cells = arranged.cells
                    let what = "\(kind) \(count) photos in \(size) gap \(gap) margin \(margin)"
                    #expect(cells.count == count, "\(what)")
                    for cell in cells {
                        #expect(cell.width >= 1 && cell.height >= 1, "\(what)")
                        #expect(cell.x >= margin && cell.y >= margin && cell.maxX <= size.width - margin
                                && cell.maxY <= size.height - margin, "\(what): \(cell)")
                    }
                    for i in cells.indices {
                        for j in cells.indices where j > i {
                            #expect(!overlap(cells[i], cells[j]), "\(what): \(cells[i]) \(cells[j])")
                        }
                    }
                    if gap == 0 {
                        let area = (size.width - 2 * margin) * (size.height - 2 * margin)
                        #expect(cells.reduce(0) { $0 + $1.width * $1.height } == area, "\(what)")
                    }
                    // A split of k parts has k − 1 dividers: a tree of n leaves has n − 1 of them.
                    #expect(arranged.dividers.count == count - 1, "\(what)")
                }
            }
        }
    }

    @Test func columnsIsTheSeedsTable() throws {
        for size in Self.sizes {
            for count in 1...9 {
                let columns = try CollageLayout.arrange(.columns, count: count, size: size).cells
                #expect(columns == (try CollageLayout.cells(count: count, size: size)))
                #expect(Set(columns.map(\.x)).count == CollageLayout.columns(for: count).count)
            }
        }
    }

    @Test func rowsAreTheTableTurned() throws {
        let square = PixelSize(width: 1080, height: 1080)
        #expect(try CollageLayout.arrange(.rows, count: 3, size: square).cells
                == [r(0, 0, 1080, 540), r(0, 540, 540, 540), r(540, 540, 540, 540)])
        for size in Self.sizes {
            for count in 1...9 {
                let rows = try CollageLayout.arrange(.rows, count: count, size: size).cells
                let turned = try CollageLayout.arrange(.columns, count: count, size: size.transposed).cells
                #expect(rows == turned.map { r($0.y, $0.x, $0.height, $0.width) }, "\(count) in \(size)")
            }
        }
    }

    @Test func featureTakesTwoThirdsOfTheLongSide() throws {
        let landscape = PixelSize(width: 1500, height: 1000), portrait = PixelSize(width: 1000, height: 1500)
        #expect(try CollageLayout.arrange(.feature, count: 3, size: landscape).cells
                == [r(0, 0, 1000, 1000), r(1000, 0, 500, 500), r(1000, 500, 500, 500)])
        #expect(try CollageLayout.arrange(.feature, count: 3, size: portrait).cells
                == [r(0, 0, 1000, 1000), r(0, 1000, 500, 500), r(500, 1000, 500, 500)])
        // Up to four others in one line; five to eight in two, the second one longer.
        let five = try CollageLayout.arrange(.feature, count: 5, size: landscape).cells
        #expect(five[0] == r(0, 0, 1000, 1000) && Set(five.dropFirst().map(\.x)) == [1000])
        let nine = try CollageLayout.arrange(.feature, count: 9, size: PixelSize(width: 1200, height: 1200)).cells
        #expect(nine[0] == r(0, 0, 800, 1200))
        #expect(nine[1...4].allSatisfy { $0.x == 800 && $0.width == 200 })
        #expect(nine[5...8].allSatisfy { $0.x == 1000 && $0.width == 200 })
        let six = try CollageLayout.arrange(.feature, count: 6, size: PixelSize(width: 1200, height: 1200)).cells
        #expect(six[1...2].allSatisfy { $0.x == 800 } && six[3...5].allSatisfy { $0.x == 1000 })
        #expect(try CollageLayout.arrange(.feature, count: 1, size: landscape).cells == [r(0, 0, 1500, 1000)])
    }

    @Test func mosaicKeepsKnownShapesWhole() throws {
        let square = PixelSize(width: 1000, height: 1000)
        // A 2:1 photo over two squares: one row each, nothing cut.
        #expect(try CollageLayout.arrange(.mosaic, count: 3, aspects: [2, 1, 1], size: square).cells
                == [r(0, 0, 1000, 500), r(0, 500, 500, 500), r(500, 500, 500, 500)])
        // Two 1:2 portraits side by side.
        #expect(try CollageLayout.arrange(.mosaic, count: 2, aspects: [0.5, 0.5], size: square).cells
                == [r(0, 0, 500, 1000), r(500, 0, 500, 1000)])
        // Three 3:1 panoramas stacked, each across the whole width (the columns table would cut them to squares).
        let panoramas = try CollageLayout.arrange(.mosaic, count: 3, aspects: [3, 3, 3], size: square).cells
        #expect(panoramas.allSatisfy { $0.width == 1000 && abs($0.height - 333) <= 1 })
        // Two squares beside a 1:2 portrait.
        #expect(try CollageLayout.arrange(.mosaic, count: 3, aspects: [0.5, 1, 1], size: PixelSize(width: 1000, height: 1000)).cells
                == [r(0, 0, 500, 1000), r(500, 0, 500, 500), r(500, 500, 500, 500)])
    }

    @Test func mosaicCropsNoMoreThanAnyOtherLayout() throws {
        let size = PixelSize(width: 1080, height: 1080)
        func cost(_ cells: [CellRect], _ aspects: [Double]) -> Double {
            zip(cells, aspects).reduce(0) { $0 + Mosaic.crop(cell: $1.0.size.aspectRatio, photo: $1.1) }
        }
        for count in 2...9 {
            let aspects = Array(Self.aspects.prefix(count))
            let mosaic = cost(try CollageLayout.arrange(.mosaic, count: count, aspects: aspects, size: size).cells, aspects)
            for kind in [LayoutKind.columns, .rows] {
                let other = cost(try CollageLayout.arrange(kind, count: count, size: size).cells, aspects)
                #expect(mosaic <= other + 1e-9, "\(count) photos: mosaic \(mosaic), \(kind) \(other)")
            }
        }
    }

    @Test func mosaicIsChosenAgainForOtherShapesAndSizes() throws {
        let square = PixelSize(width: 1000, height: 1000)
        let wide = try CollageLayout.arrange(.mosaic, count: 2, aspects: [2, 2], size: square)
        let tall = try CollageLayout.arrange(.mosaic, count: 2, aspects: [0.5, 0.5], size: square)
        #expect(wide.shape != tall.shape)
        let banner = try CollageLayout.arrange(.mosaic, count: 2, aspects: [2, 2], size: PixelSize(width: 4000, height: 1000))
        #expect(banner.shape != wide.shape)
    }

    @Test func aDividerMovesItsTwoPartsAndStopsAtTenPercent() throws {
        let square = PixelSize(width: 1000, height: 1000)
        let two = try CollageLayout.arrange(.columns, count: 2, size: square)
        #expect(two.dividers.count == 1)
        let divider = two.dividers[0]
        #expect(divider.axis == .across && divider.position == 500 && divider.percent == 50)
        let moved = divider.weights(movedTo: 700)
        #expect(moved == [0.7, 0.3])
        var settings = CollageSettings(outputSize: square)
        settings = settings.moving(split: divider.path, shape: two.shape, to: moved)
        let after = try CollageLayout.arrange(.columns, count: 2, size: square, proportions: settings.currentProportions)
        #expect(after.cells == [r(0, 0, 700, 1000), r(700, 0, 300, 1000)])
        // To the edge and past it: the part keeps a tenth of the width.
        #expect(divider.weights(movedTo: -50) == [0.1, 0.9])
        #expect(divider.weights(movedTo: 1e9) == [0.9, 0.1])
        // Weights that would squeeze a cell (a hand-made session) are held at the floor too.
        let squeezed = LayoutProportions(shape: two.shape, splits: ["": [0.01, 0.99]])
        #expect(try CollageLayout.arrange(.columns, count: 2, size: square, proportions: squeezed).cells[0].width == 100)
        // Back to its own sizes.
        let reset = settings.moving(split: divider.path, shape: two.shape, to: nil)
        #expect(reset.proportions.isEmpty)
    }

    @Test func aDividerKnowsItsGapAndItsNestedFloor() throws {
        // Feature with seven others: the line between the large photo and the
        // rest cannot squeeze the two lines of the rest below a tenth each.
        let size = PixelSize(width: 1000, height: 1000)
        let feature = try CollageLayout.arrange(.feature, count: 8, size: size, gap: 10)
        let main = try #require(feature.dividers.first { $0.path == "" })
        #expect(main.position == Double(feature.cells[0].maxX) + 5)
        let weights = main.weights(movedTo: 10_000)
        let settings = CollageSettings(outputSize: size, gap: 10, layout: .feature)
            .moving(split: "", shape: feature.shape, to: weights)
        let squeezed = try CollageLayout.arrange(.feature, count: 8, size: size, gap: 10,
                                                 proportions: settings.currentProportions)
        #expect(squeezed.cells[1...].allSatisfy { $0.width >= 100 })
    }

    @Test func proportionsOfAnotherShapeAreNotUsed() throws {
        let square = PixelSize(width: 1000, height: 1000)
        let two = try CollageLayout.arrange(.columns, count: 2, size: square)
        let settings = CollageSettings(outputSize: square)
            .moving(split: "", shape: two.shape, to: [0.7, 0.3])
        let three = try CollageLayout.arrange(.columns, count: 3, size: square, proportions: settings.currentProportions)
        #expect(three.cells == (try CollageLayout.cells(count: 3, size: square)))
    }

    @Test func mosaicCompositions() {
        #expect(Mosaic.compositions(of: 4, into: 2) == [[3, 1], [2, 2], [1, 3]])
        #expect(Mosaic.compositions(of: 9, into: 3).count == 28)
        #expect(Mosaic.compositions(of: 1, into: 1) == [[1]])
    }

    @Test(arguments: LayoutKind.allCases)
    func everyLayoutLeavesTheTitlesBandToTheTitle(kind: LayoutKind) throws {
        for position in [CollageTitle.Position.top, .bottom, .overlay] {
            for count in 1...9 {
                var settings = CollageSettings(gap: 8, margin: 16, layout: kind)
                settings.outputSize = PixelSize(width: 1200, height: 900)
                let title = CollageTitle(text: "Kyoto, April 2026", position: position)
                let frame = try CollageFrame.make(count: count, aspects: Self.aspects, settings: settings, title: title)
                let band = try #require(frame.band)
                #expect(frame.cells.count == count)
                for cell in frame.cells where position != .overlay {
                    #expect(!overlap(cell, band), "\(kind) \(count) \(position): \(cell) under the band \(band)")
                }
                // Dividers stay within the photos' area too.
                for divider in frame.dividers where position != .overlay {
                    #expect(!overlap(divider.line, band) || divider.line.width == 0 || divider.line.height == 0)
                }
            }
        }
    }
}

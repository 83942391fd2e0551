// Where Print… puts the collage on the page (issue 22): at its physical size
// when it has a DPI and fits, fitted to the printable area otherwise, centred;
// landscape paper for a wide collage.

import CollageCore
import Testing

@Suite struct PrintPlacementTests {
    /// A4 portrait less even quarter-inch margins, in points.
    private let a4Area = PrintPlacement.Area(x: 18, y: 18, width: 595.28 - 36, height: 841.89 - 36)

    @Test func anA5CollageAt300DPIPrintsAtItsSizeOnA4() {
        let placement = PrintPlacement.place(PaperSize.a5.pixels(dpi: 300, landscape: false), dpi: 300,
                                             in: a4Area)
        #expect(placement.isPhysicalSize)
        #expect(abs(placement.width - 1748.0 / 300 * 72) < 1e-9)
        #expect(abs(placement.height - 2480.0 / 300 * 72) < 1e-9)
        #expect(abs(placement.x - (a4Area.width - placement.width) / 2) < 1e-9)
        #expect(abs(placement.y - (a4Area.height - placement.height) / 2) < 1e-9)
    }

    @Test func anA4CollageIsFittedInsideTheMarginsOfA4() {
        let placement = PrintPlacement.place(PaperSize.a4.pixels(dpi: 300, landscape: false), dpi: 300,
                                             in: a4Area)
        #expect(!placement.isPhysicalSize)
        #expect(placement.width <= a4Area.width + 1e-9 && placement.height <= a4Area.height + 1e-9)
        // Aspect kept, one side touching the area.
        #expect(abs(placement.width / placement.height - 2480.0 / 3508) < 1e-6)
        #expect(abs(placement.height - a4Area.height) < 1e-9 || abs(placement.width - a4Area.width) < 1e-9)
    }

    @Test func withoutADPIAScreenSizedCollageFillsTheArea() {
        let placement = PrintPlacement.place(PixelSize(width: 1080, height: 1080), dpi: nil,
                                             in: .init(width: 500, height: 800))
        #expect(!placement.isPhysicalSize)
        #expect(placement == PrintPlacement(x: 0, y: 150, width: 500, height: 500, isPhysicalSize: false))
    }

    @Test func aSmallCollageWithoutADPIIsScaledUpToFit() {
        let placement = PrintPlacement.place(PixelSize(width: 200, height: 100), dpi: nil, in: .init(width: 800, height: 500))
        #expect(placement == PrintPlacement(x: 0, y: 50, width: 800, height: 400, isPhysicalSize: false))
    }

    @Test func roundingByAFewPixelsStillCountsAsFitting() {
        // 100 pt of area; a collage 100.3 pt wide at its DPI.
        let pixels = PixelSize(width: 418, height: 100)  // 418 / 300 * 72 = 100.32
        let placement = PrintPlacement.place(pixels, dpi: 300, in: .init(width: 100, height: 200))
        #expect(placement.isPhysicalSize)
        let wider = PrintPlacement.place(PixelSize(width: 430, height: 100), dpi: 300, in: .init(width: 100, height: 200))
        #expect(!wider.isPhysicalSize)
    }

    @Test func onUnevenMarginsItIsCentredOnTheSheet() {
        // GTK's A4 in landscape: 40 pt kept on the left, 18 pt on the right.
        let area = PrintPlacement.Area(x: 40, y: 18, width: 841.89 - 58, height: 595.28 - 36, paperWidth: 841.89,
                                       paperHeight: 595.28)
        let small = PrintPlacement.place(PixelSize(width: 1200, height: 600), dpi: 300, in: area)
        #expect(small.isPhysicalSize)
        #expect(abs(area.x + small.x + small.width / 2 - 841.89 / 2) < 1e-9, "centred on the sheet: \(small)")
        // Fitted to the area it cannot be centred on the sheet: it stays inside the area.
        let big = PrintPlacement.place(PixelSize(width: 1600, height: 900), dpi: nil, in: area)
        #expect(big.x >= 0 && big.x + big.width <= area.width + 1e-9, "\(big)")
        #expect(abs(big.width - area.width) < 1e-9)
    }

    @Test func aWideCollageTakesLandscapePaper() {
        #expect(PrintPlacement.isLandscape(PixelSize(width: 1920, height: 1080)))
        #expect(!PrintPlacement.isLandscape(PixelSize(width: 1080, height: 1350)))
        #expect(!PrintPlacement.isLandscape(PixelSize(width: 1080, height: 1080)))
    }

    @Test func anEmptyAreaOrImageGivesAnEmptyPlacement() {
        let placement = PrintPlacement.place(PixelSize(width: 100, height: 100), dpi: nil, in: .init(width: -5, height: 0))
        #expect(placement.width == 0 && placement.height == 0)
        #expect(PrintPlacement.physicalSize(of: PixelSize(width: 100, height: 100), dpi: 0) == nil)
    }
}

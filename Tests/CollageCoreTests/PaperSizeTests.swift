// Paper sizes at a DPI (issue 22): each paper's pixels at 150/300/600 dpi in
// both orientations, the DPI kept by a session, old sessions loading with no
// DPI, and DPIs that cannot be printed clamped with a listed repair.

import CollageCore
import Foundation
import Testing

@Suite struct PaperSizeTests {
    @Test(arguments: [
        (PaperSize.a4, 300, PixelSize(width: 2480, height: 3508)),
        (.a3, 300, PixelSize(width: 3508, height: 4961)),
        (.a5, 300, PixelSize(width: 1748, height: 2480)),
        (.letter, 300, PixelSize(width: 2550, height: 3300)),
        (.fourBySix, 300, PixelSize(width: 1200, height: 1800)),
        (.fiveBySeven, 300, PixelSize(width: 1500, height: 2100)),
        (.a4, 150, PixelSize(width: 1240, height: 1754)),
        (.letter, 600, PixelSize(width: 5100, height: 6600)),
    ])
    func aPaperHasItsPixelsAtADPI(paper: PaperSize, dpi: Int, portrait: PixelSize) {
        #expect(paper.pixels(dpi: dpi, landscape: false) == portrait)
        #expect(paper.pixels(dpi: dpi, landscape: true) == PixelSize(width: portrait.height, height: portrait.width))
    }

    @Test func paperNamesAreTheCommandLineWords() {
        #expect(PaperSize.allCases.map(\.rawValue) == ["a4", "a3", "a5", "letter", "4x6", "5x7"])
        #expect(PaperSize(rawValue: "b5") == nil)
    }

    @Test func aSizeFindsItsPaperAgain() {
        for paper in PaperSize.allCases {
            for dpi in PaperSize.offeredDPIs {
                for landscape in [false, true] {
                    let match = PaperSize.matching(paper.pixels(dpi: dpi, landscape: landscape), dpi: dpi)
                    #expect(match?.paper == paper && match?.landscape == landscape)
                }
            }
        }
        #expect(PaperSize.matching(PixelSize(width: 1080, height: 1080), dpi: 300) == nil)
    }

    func session(dpi: String?) -> Data {
        let field = dpi.map { #", "dpi": \#($0)"# } ?? ""
        return Data(#"{"formatVersion": 1, "document": {"photos": [], "settings": {"outputSize": {"width": 2480, "height": 3508}, "gap": 0, "margin": 0, "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}\#(field)}}}"#.utf8)
    }

    @Test func aSessionKeepsItsDPI() throws {
        var document = CollageDocument()
        document.settings = CollageSettings(outputSize: PaperSize.a4.pixels(dpi: 300, landscape: false), dpi: 300)
        let (back, repairs) = try SessionFile.decodeChecked(SessionFile.encode(document))
        #expect(back.settings.dpi == 300 && back.settings == document.settings)
        #expect(repairs.isEmpty)
    }

    @Test(arguments: [nil, "null"])
    func aSessionWithNoDPIIsAScreenImage(dpi: String?) throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(dpi: dpi))
        #expect(document.settings.dpi == nil)
        #expect(repairs.isEmpty)
        #expect(!String(decoding: try SessionFile.encode(document), as: UTF8.self).contains("dpi"))
    }

    @Test(arguments: [("0", 30), ("-5", 30), ("1e9", 1200), ("1e300", 1200), ("29", 30), ("1201", 1200)])
    func aDPIThatCannotBePrintedIsClamped(dpi: String, expected: Int) throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(dpi: dpi))
        #expect(document.settings.dpi == expected)
        #expect(repairs.count == 1 && repairs[0].hasPrefix("a DPI of"))
    }

    @Test(arguments: ["\"300\"", "[1]", "true"])
    func aDPIThatIsNoNumberIsDropped(dpi: String) throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(dpi: dpi))
        #expect(document.settings.dpi == nil)
        #expect(repairs == ["a DPI that is not a number"])
    }

    @Test(arguments: [30, 96, 300, 1200])
    func aDPIInRangeIsKept(dpi: Int) throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(dpi: String(dpi)))
        #expect(document.settings.dpi == dpi && repairs.isEmpty)
    }
}

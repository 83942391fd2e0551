// Choosing a paper, an orientation, a DPI or a screen size (issue 22): a
// paper's pixels follow its DPI and orientation, a screen size drops the DPI,
// and a DPI changed on a size no paper has keeps the pixels.

import CollageCore
import Testing

@Suite struct PaperChoiceTests {
    @Test func aPaperGetsTheDefaultDPIAndPortraitFromAScreenSize() {
        let settings = CollageSettings(outputSize: PixelSize(width: 1920, height: 1080), gap: 12)
        let a4 = settings.onPaper(.a4)
        #expect(a4.outputSize == PixelSize(width: 2480, height: 3508) && a4.dpi == 300)
        #expect(a4.gap == 12, "only the size and DPI change")
        #expect(a4.paper?.paper == .a4 && a4.paper?.landscape == false)
    }

    @Test func anotherPaperKeepsTheDPIAndOrientation() {
        let a4 = CollageSettings().onPaper(.a4, landscape: true, dpi: 150)
        let a5 = a4.onPaper(.a5)
        #expect(a5.outputSize == PixelSize(width: 1240, height: 874) && a5.dpi == 150)
        #expect(a5.paper?.paper == .a5 && a5.paper?.landscape == true)
    }

    @Test func aDPIOnAPaperKeepsThePaper() {
        let letter = CollageSettings().onPaper(.letter).atDPI(600)
        #expect(letter.outputSize == PixelSize(width: 5100, height: 6600) && letter.dpi == 600)
        let a5 = CollageSettings().onPaper(.a5).atDPI(150)
        #expect(a5.outputSize == PixelSize(width: 874, height: 1240))
    }

    @Test func aDPIOnAnyOtherSizeKeepsThePixels() {
        let custom = CollageSettings(outputSize: PixelSize(width: 1000, height: 700)).atDPI(150)
        #expect(custom.outputSize == PixelSize(width: 1000, height: 700) && custom.dpi == 150)
        #expect(custom.paper == nil)
    }

    @Test func turningSwapsTheSidesOnlyWhenTheyAreTheOtherWay() {
        let portrait = CollageSettings().onPaper(.fourBySix)
        let landscape = portrait.turned(landscape: true)
        #expect(landscape.outputSize == PixelSize(width: 1800, height: 1200))
        #expect(landscape.paper?.paper == .fourBySix && landscape.paper?.landscape == true)
        #expect(landscape.turned(landscape: true) == landscape)
        #expect(landscape.turned(landscape: false) == portrait)
    }

    @Test func aScreenSizeHasNoDPI() {
        let screen = CollageSettings().onPaper(.a3).onScreen(PixelSize(width: 1080, height: 1350))
        #expect(screen.dpi == nil && screen.paper == nil && screen.outputSize == PixelSize(width: 1080, height: 1350))
    }

    @Test(arguments: [("a4", PaperSize.a4, false), ("a3-landscape", .a3, true), ("letter", .letter, false),
                      ("4x6-landscape", .fourBySix, true), ("5x7", .fiveBySeven, false)])
    func paperWordsAreRead(word: String, paper: PaperSize, landscape: Bool) {
        #expect(PaperSize(word: word) == paper)
        #expect(PaperSize.isLandscape(word: word) == landscape)
    }

    @Test(arguments: ["b4", "", "-landscape", "a4-portrait", "A4", "a4landscape"])
    func otherWordsAreNoPaper(word: String) {
        #expect(PaperSize(word: word) == nil)
    }
}

// The title as a person would check it in the collage: text pixels inside
// its band and nowhere else, none without a title, the photos moved out of
// the band's way, the preview the saved title made smaller, Japanese and
// right-to-left scripts drawn with real glyphs, a long title kept inside.

import CollageCore
import CollageRender
import Testing
import TestSupport

@Suite struct TitleRenderTests {
    let compositor = Compositor()

    init() {
        // The photos are decoded by workers: this build's tinycollage, not the test bundle.
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    /// How many pixels of `rect` differ from `ground` by more than `threshold` (sum over RGB).
    func ink(_ image: CairoImage, in rect: CellRect, ground: (Int, Int, Int), threshold: Int = 60) -> Int {
        inkPixels(image, in: rect, ground: ground, threshold: threshold).count
    }

    /// Those pixels.
    func inkPixels(_ image: CairoImage, in rect: CellRect, ground: (Int, Int, Int), threshold: Int = 60) -> [(x: Int, y: Int)] {
        var found: [(Int, Int)] = []
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = image.pixel(x: x, y: y)
                if abs(Int(p.r) - ground.0) + abs(Int(p.g) - ground.1) + abs(Int(p.b) - ground.2) > threshold { found.append((x, y)) }
            }
        }
        return found
    }

    /// How dark each pixel is (0 white … 1 black), averaged over `block`×`block` squares of `rect`.
    func darkness(_ image: CairoImage, in rect: CellRect, block: Int) -> [[Double]] {
        stride(from: rect.y, to: rect.maxY - block + 1, by: block).map { y in
            stride(from: rect.x, to: rect.maxX - block + 1, by: block).map { x in
                var sum = 0.0
                for dy in 0..<block {
                    for dx in 0..<block {
                        let p = image.pixel(x: x + dx, y: y + dy)
                        sum += 1 - (Double(p.r) + Double(p.g) + Double(p.b)) / 765
                    }
                }
                return sum / Double(block * block)
            }
        }
    }

    func twoPhotos(_ folder: FixtureFolder, title: CollageTitle, size: PixelSize = PixelSize(width: 400, height: 300),
                   background: RGBAColor = .white) throws -> CollageDocument {
        CollageDocument(photos: [Photo(path: try folder.solid("r.png", colour: "red")),
                                 Photo(path: try folder.solid("b.png", colour: "blue"))],
                        settings: CollageSettings(outputSize: size, background: background), title: title)
    }

    @Test func theTitleIsDrawnInItsBandAndTheBandShrinksThePhotos() throws {
        let folder = try FixtureFolder()
        let document = try twoPhotos(folder, title: CollageTitle(text: "Summer 2026", position: .top, size: 0.1))
        let result = try compositor.render(document)
        let band = try #require(try document.frame().band)
        #expect(band == CellRect(x: 0, y: 0, width: 400, height: 60))
        // Black text (the automatic colour on white) inside the band…
        let text = inkPixels(result.image, in: band, ground: (255, 255, 255))
        #expect(text.count > 400, "text pixels in the band: \(text.count)")
        let odd = text.map { result.image.pixel(x: $0.x, y: $0.y) }.filter { (c: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool in
            c.r != c.g || c.g != c.b
        }
        #expect(odd.isEmpty, "not grey: \(odd.prefix(10))")
        // …centred: as much ink left of the middle as right of it, give or take.
        let left = text.filter { $0.x < 200 }.count, right = text.count - left
        #expect(abs(left - right) < text.count / 4, "left \(left), right \(right)")
        // The photos start under the band and fill the rest.
        let red = try #require(result.cells[document.photos[0].id])
        #expect(red == CellRect(x: 0, y: 60, width: 200, height: 240))
        #expect(result.image.pixel(x: 100, y: 60) == (255, 0, 0, 255))
        #expect(result.image.pixel(x: 300, y: 299) == (0, 0, 255, 255))
    }

    @Test func withoutATitleNothingIsDrawnAndThePhotosFillTheImage() throws {
        let folder = try FixtureFolder()
        for text in ["", "   "] {
            let document = try twoPhotos(folder, title: CollageTitle(text: text, position: .top, size: 0.1))
            let result = try compositor.render(document)
            #expect(result.cells[document.photos[0].id] == CellRect(x: 0, y: 0, width: 200, height: 300))
            let reds = ink(result.image, in: CellRect(x: 0, y: 0, width: 200, height: 300), ground: (255, 0, 0), threshold: 3)
            #expect(reds == 0, "\(reds) pixels are not the photo's red")
        }
    }

    @Test func aBandBelowAndAnOverlay() throws {
        let folder = try FixtureFolder()
        let below = try twoPhotos(folder, title: CollageTitle(text: "Below", position: .bottom, size: 0.1))
        let result = try compositor.render(below)
        #expect(result.cells[below.photos[0].id] == CellRect(x: 0, y: 0, width: 200, height: 240))
        #expect(ink(result.image, in: CellRect(x: 0, y: 240, width: 400, height: 60), ground: (255, 255, 255)) > 200)
        // Over the photos: they keep the whole image; a translucent white band covers their bottom.
        let over = try twoPhotos(folder, title: CollageTitle(text: "Over", position: .overlay, size: 0.1))
        let overlaid = try compositor.render(over)
        #expect(overlaid.cells[over.photos[0].id] == CellRect(x: 0, y: 0, width: 200, height: 300))
        let tinted = overlaid.image.pixel(x: 2, y: 298)
        #expect(tinted.r == 255 && abs(Int(tinted.g) - Int(255 * CollageTitle.overlayAlpha)) <= 2 && tinted.g == tinted.b,
                "red under a 70 % white band: \(tinted), expected about (255, 178, 178)")
        #expect(overlaid.image.pixel(x: 2, y: 200) == (255, 0, 0, 255), "above the band the photo is untouched")
        // Black text on that band (it reads better on white than white does).
        let band = try #require(try over.frame().band)
        #expect(ink(overlaid.image, in: band, ground: (255, 178, 178), threshold: 200) > 200)
    }

    @Test func aChosenColourAndATransparentBackground() throws {
        let folder = try FixtureFolder()
        let document = try twoPhotos(folder, title: CollageTitle(text: "Red", position: .top, size: 0.1, colour: RGBAColor(parsing: "#ff0000")),
                                     background: .transparent)
        let image = try compositor.render(document).image
        let band = CellRect(x: 0, y: 0, width: 400, height: 60)
        var text = 0, clear = 0
        for y in band.y..<band.maxY {
            for x in band.x..<band.maxX {
                let p = image.pixel(x: x, y: y)
                if p.a == 0 { clear += 1 } else if p.a > 200 { #expect(p.r > 240 && p.g < 15 && p.b < 15); text += 1 }
            }
        }
        #expect(text > 100 && clear > band.width * band.height / 2, "text \(text), transparent \(clear)")
    }

    @Test func thePreviewIsTheSavedTitleMadeSmaller() throws {
        let folder = try FixtureFolder()
        var document = try twoPhotos(folder, title: CollageTitle(text: "Holidays in the Alps, 3–5 April 2026", position: .bottom, size: 0.06),
                                     size: PixelSize(width: 1600, height: 1200))
        document.settings.margin = 40
        let full = try compositor.render(document)
        let preview = try compositor.render(document, size: PixelSize(width: 400, height: 300))
        let fullBand = try #require(try document.frame().band)
        let previewBand = try #require(try document.frame(size: PixelSize(width: 400, height: 300)).band)
        #expect(previewBand == CellRect(x: fullBand.x / 4, y: fullBand.y / 4, width: fullBand.width / 4, height: fullBand.height / 4))
        // The same text at a quarter of the size: each preview pixel is as dark
        // as the 4×4 pixels it stands for (measured: 1 % in all, 0.06 at worst).
        let big = darkness(full.image, in: fullBand, block: 4)
        let small = darkness(preview.image, in: previewBand, block: 1)
        var difference = 0.0, worst = 0.0, ink = 0.0
        for (rowA, rowB) in zip(big, small) {
            for (a, b) in zip(rowA, rowB) {
                difference += abs(a - b)
                worst = max(worst, abs(a - b))
                ink += a
            }
        }
        #expect(ink > 100, "the band holds text: \(ink)")
        #expect(difference / ink < 0.03, "total darkness differs by \(difference) of \(ink)")
        #expect(worst < 0.15, "worst pixel differs by \(worst)")
        // And the photos' cells are the saved ones scaled, as for gap and margin.
        for photo in document.photos {
            let a = try #require(full.cells[photo.id]), b = try #require(preview.cells[photo.id])
            #expect(abs(a.x / 4 - b.x) <= 1 && abs(a.y / 4 - b.y) <= 1 && abs(a.maxY / 4 - b.maxY) <= 1, "\(a) vs \(b)")
        }
    }

    @Test(arguments: ["京都の春、2026年4月", "שלום עולם", "مرحبا بالعالم", "Ελλάδα · Россия"])
    func anyScriptIsDrawnWithRealGlyphs(text: String) throws {
        let folder = try FixtureFolder()
        let document = try twoPhotos(folder, title: CollageTitle(text: text, position: .top, size: 0.1))
        let frame = try document.frame()
        let fit = TitlePainter.fit(text, in: frame)
        #expect(fit.unknownGlyphs == 0, "\(text): \(fit.unknownGlyphs) characters without a glyph")
        let image = try compositor.render(document).image
        #expect(ink(image, in: frame.band!, ground: (255, 255, 255)) > 300)
    }

    @Test func missingGlyphsAreCaughtAndLookDifferent() throws {
        // Private-use characters have no glyph in any font: Pango draws boxes.
        // The check above would see them, and the pixels differ from real text.
        let folder = try FixtureFolder()
        let tofu = try twoPhotos(folder, title: CollageTitle(text: "\u{E000}\u{E001}\u{E002}", position: .top, size: 0.1))
        let real = try twoPhotos(folder, title: CollageTitle(text: "京都駅", position: .top, size: 0.1))
        #expect(TitlePainter.fit(tofu.title.text, in: try tofu.frame()).unknownGlyphs == 3)
        let band = try #require(try real.frame().band)
        let a = darkness(try compositor.render(tofu).image, in: band, block: 2)
        let b = darkness(try compositor.render(real).image, in: band, block: 2)
        let differing = zip(a.joined(), b.joined()).filter { abs($0 - $1) > 0.3 }.count
        #expect(differing > 50, "boxes and kanji differ in \(differing) places")
    }

    @Test(arguments: [
        String(repeating: "A very long title that goes on and on ", count: 8),
        String(repeating: "Donaudampfschifffahrt", count: 12),
        String(repeating: "長い題名", count: 75),
    ])
    func aLongTitleStaysInside(text: String) throws {
        let folder = try FixtureFolder()
        let document = try twoPhotos(folder, title: CollageTitle(text: text, position: .top, size: 0.1))
        let frame = try document.frame()
        let fit = TitlePainter.fit(CollageTitle(text: text).shownText, in: frame)
        #expect(fit.width <= frame.textWidth + 0.5 && fit.height <= frame.textHeight + 0.5, "\(fit) in \(frame.textWidth)×\(frame.textHeight)")
        #expect(fit.fontPixels < frame.fontPixels)
        let result = try compositor.render(document)
        // Below the band, only the photos: not one pixel of text spilled onto them.
        #expect(ink(result.image, in: CellRect(x: 0, y: 60, width: 200, height: 240), ground: (255, 0, 0), threshold: 3) == 0)
        #expect(ink(result.image, in: CellRect(x: 200, y: 60, width: 200, height: 240), ground: (0, 0, 255), threshold: 3) == 0)
        // The band's left and right padding stays clear too.
        #expect(ink(result.image, in: CellRect(x: 0, y: 0, width: 10, height: 60), ground: (255, 255, 255)) == 0)
        #expect(ink(result.image, in: CellRect(x: 390, y: 0, width: 10, height: 60), ground: (255, 255, 255)) == 0)
    }

    @Test func stackedAccentsAreClippedToTheBand() throws {
        // "Zalgo" text: dozens of combining marks reach far above and below the
        // line, beyond what Pango measures; the band's clip keeps them in.
        let folder = try FixtureFolder()
        let marks = (0x300...0x36F).map { String(UnicodeScalar($0)!) }.joined()
        let document = try twoPhotos(folder, title: CollageTitle(text: "Z\(marks)a\(marks)l\(marks)g\(marks)o", position: .bottom, size: 0.1))
        let result = try compositor.render(document)
        #expect(ink(result.image, in: CellRect(x: 0, y: 0, width: 200, height: 240), ground: (255, 0, 0), threshold: 3) == 0)
        #expect(ink(result.image, in: CellRect(x: 0, y: 240, width: 400, height: 60), ground: (255, 255, 255)) > 100)
    }

    @Test func aShortTitleKeepsItsSizeOnOneLine() throws {
        let folder = try FixtureFolder()
        let document = try twoPhotos(folder, title: CollageTitle(text: "Paris", position: .top, size: 0.1))
        let fit = TitlePainter.fit("Paris", in: try document.frame())
        #expect(fit.fontPixels == 30 && fit.lines == 1 && !fit.ellipsized)
    }
}

// The collage's look as the compositor draws it (issue 23), read back pixel
// by pixel: rounded corners show the background, the border has its colour
// at its width inside the cell, the shadow is darker below-right of a cell
// and fades to the background within its reach, the gradient's ends, the
// blurred background's colours in the margin, contain's bands beside a
// wide photo; the preview is the saved collage made smaller, the draft draws
// the same look, and a re-composite makes no shadow mask or backdrop again.

import CollageCore
@testable import CollageRender
import Testing
import TestSupport

@Suite(.serialized) struct StyleCompositorTests {
    let compositor = Compositor()

    init() {
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    func close(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 12) -> Bool {
        abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
    }

    func document(_ colours: [String], size: PixelSize, gap: Int = 0, margin: Int = 0, background: RGBAColor = .white,
                  style: CollageStyle, folder: FixtureFolder) throws -> CollageDocument {
        let photos = try colours.enumerated().map { i, c in Photo(path: try folder.solid("\(i).png", colour: c)) }
        return CollageDocument(photos: photos, settings: CollageSettings(outputSize: size, gap: gap, margin: margin,
                                                                         background: background, style: style))
    }

    @Test func roundedCornersShowTheBackground() throws {
        let folder = try FixtureFolder()
        // 20 % of 200: corners of 40 pixels.
        let doc = try document(["red"], size: PixelSize(width: 200, height: 200), background: .black,
                               style: CollageStyle(cornerRadius: 20), folder: folder)
        let image = try compositor.render(doc).image
        for (x, y) in [(0, 0), (199, 0), (0, 199), (199, 199), (8, 8), (191, 191)] {
            #expect(close(image.pixel(x: x, y: y), 0, 0, 0, tolerance: 2), "corner \(x),\(y)")
        }
        for (x, y) in [(40, 1), (1, 40), (100, 100), (20, 20), (198, 100)] {
            #expect(close(image.pixel(x: x, y: y), 255, 0, 0, tolerance: 2), "photo \(x),\(y)")
        }
    }

    @Test func fiftyPercentMakesASquareCellACircle() throws {
        let folder = try FixtureFolder()
        let doc = try document(["lime"], size: PixelSize(width: 200, height: 200),
                               style: CollageStyle(cornerRadius: 50), folder: folder)
        let image = try compositor.render(doc).image
        // Just inside and outside a circle of radius 100 about (100, 100), on a diagonal.
        #expect(close(image.pixel(x: 100 + 68, y: 100 + 68), 0, 255, 0, tolerance: 2))
        #expect(close(image.pixel(x: 100 + 74, y: 100 + 74), 255, 255, 255, tolerance: 2))
        #expect(close(image.pixel(x: 20, y: 20), 255, 255, 255, tolerance: 2))
        #expect(close(image.pixel(x: 100, y: 1), 0, 255, 0, tolerance: 2))
    }

    @Test(arguments: [4, 12, 30]) func theBorderHasItsColourAtItsWidthInsideTheCell(width: Int) throws {
        let folder = try FixtureFolder()
        // Two cells 10..<90 and 110..<190 (gap 20, margin 10) on grey.
        let grey = RGBAColor(red: 0.5, green: 0.5, blue: 0.5)
        let doc = try document(["red", "lime"], size: PixelSize(width: 200, height: 100), gap: 20, margin: 10,
                               background: grey, style: CollageStyle(borderWidth: width, borderColour: RGBAColor(red: 0, green: 0, blue: 1)),
                               folder: folder)
        let image = try compositor.render(doc).image
        #expect(close(image.pixel(x: 9, y: 50), 128, 128, 128, tolerance: 2), "margin")
        #expect(close(image.pixel(x: 10, y: 50), 0, 0, 255, tolerance: 2), "border's outer edge")
        #expect(close(image.pixel(x: 10 + width - 1, y: 50), 0, 0, 255, tolerance: 2), "border's inner edge")
        #expect(close(image.pixel(x: 10 + width, y: 50), 255, 0, 0, tolerance: 2), "photo inset by the border")
        #expect(close(image.pixel(x: 50, y: 10 + width - 1), 0, 0, 255, tolerance: 2))
        #expect(close(image.pixel(x: 50, y: 10 + width), 255, 0, 0, tolerance: 2))
        #expect(close(image.pixel(x: 89, y: 50), 0, 0, 255, tolerance: 2))
        #expect(close(image.pixel(x: 100, y: 50), 128, 128, 128, tolerance: 2), "the gap stays the gap")
        #expect(close(image.pixel(x: 110 + width, y: 50), 0, 255, 0, tolerance: 2))
        #expect(close(image.pixel(x: 110 + width - 1, y: 50), 0, 0, 255, tolerance: 2))
    }

    @Test func roundedCornersClipTheBorderToo() throws {
        let folder = try FixtureFolder()
        let doc = try document(["red"], size: PixelSize(width: 200, height: 200), background: .black,
                               style: CollageStyle(cornerRadius: 25, borderWidth: 10, borderColour: .white), folder: folder)
        let image = try compositor.render(doc).image
        #expect(close(image.pixel(x: 2, y: 2), 0, 0, 0, tolerance: 2), "corner beyond the border's curve")
        #expect(close(image.pixel(x: 100, y: 4), 255, 255, 255, tolerance: 2), "border along the top")
        #expect(close(image.pixel(x: 18, y: 18), 255, 255, 255, tolerance: 2), "border round the corner")
        #expect(close(image.pixel(x: 100, y: 100), 255, 0, 0, tolerance: 2))
    }

    @Test func aBorderWiderThanTheCellLeavesThePhotoAPixel() throws {
        let folder = try FixtureFolder()
        let doc = try document(["red"], size: PixelSize(width: 50, height: 50),
                               style: CollageStyle(borderWidth: 1000, borderColour: .black), folder: folder)
        let image = try compositor.render(doc).image
        #expect(close(image.pixel(x: 0, y: 0), 0, 0, 0, tolerance: 2))
        #expect(close(image.pixel(x: 24, y: 24), 255, 0, 0, tolerance: 2))
    }

    /// 1000² with a margin of 100: the shadow reaches 15 pixels, offset 7.5 down and right.
    @Test func theShadowIsDarkerBelowRightAndFadesWithinItsReach() throws {
        let folder = try FixtureFolder()
        let doc = try document(["red"], size: PixelSize(width: 1000, height: 1000), margin: 100,
                               style: CollageStyle(shadow: true), folder: folder)
        let image = try compositor.render(doc).image
        let right = (0..<30).map { Int(image.pixel(x: 900 + $0, y: 500).g) }
        let below = (0..<30).map { Int(image.pixel(x: 500, y: 900 + $0).g) }
        let left = Int(image.pixel(x: 99, y: 500).g), above = Int(image.pixel(x: 500, y: 99).g)
        for side in [right, below] {
            #expect(side[0] < 200, "dark next to the cell: \(side)")
            #expect(zip(side, side.dropFirst()).allSatisfy { $0 <= $1 }, "fading outwards: \(side)")
            #expect(side[23...].allSatisfy { $0 == 255 }, "the background beyond its reach: \(side)")
        }
        #expect(left > right[0] + 40 && above > below[0] + 40, "offset down-right: left \(left), above \(above)")
        #expect(close(image.pixel(x: 500, y: 500), 255, 0, 0, tolerance: 1), "the photo over its shadow")
        #expect(close(image.pixel(x: 50, y: 50), 255, 255, 255, tolerance: 0))
        // The shadow is under the neighbour too: with no gap, no cell is darkened.
        let two = try document(["red", "lime"], size: PixelSize(width: 1000, height: 500), style: CollageStyle(shadow: true),
                               folder: folder)
        let pair = try compositor.render(two).image
        #expect(close(pair.pixel(x: 505, y: 250), 0, 255, 0, tolerance: 1))
    }

    @Test(arguments: [(180.0, true), (90.0, false), (0.0, true), (270.0, false)])
    func theGradientRunsAsCSSReadsItsAngle(angle: Double, vertical: Bool) throws {
        let folder = try FixtureFolder()
        let red = RGBAColor(red: 1, green: 0, blue: 0), blue = RGBAColor(red: 0, green: 0, blue: 1)
        let doc = try document(["white"], size: PixelSize(width: 400, height: 400), margin: 100,
                               style: CollageStyle(fill: .gradient(from: red, to: blue, angle: angle)), folder: folder)
        let image = try compositor.render(doc).image
        #expect(image.isOpaque)
        // At 180° the first colour is at the top; at 0° at the bottom; 90° left to right.
        let first = vertical ? (angle == 180 ? image.pixel(x: 200, y: 0) : image.pixel(x: 200, y: 399))
            : (angle == 90 ? image.pixel(x: 0, y: 200) : image.pixel(x: 399, y: 200))
        let second = vertical ? (angle == 180 ? image.pixel(x: 200, y: 399) : image.pixel(x: 200, y: 0))
            : (angle == 90 ? image.pixel(x: 399, y: 200) : image.pixel(x: 0, y: 200))
        #expect(close(first, 255, 0, 0, tolerance: 3), "first colour \(first)")
        #expect(close(second, 0, 0, 255, tolerance: 3), "second colour \(second)")
        let middle = vertical ? image.pixel(x: 50, y: 200) : image.pixel(x: 200, y: 50)
        #expect(close(middle, 128, 0, 128, tolerance: 3), "halfway \(middle)")
        #expect(close(image.pixel(x: 200, y: 200), 255, 255, 255, tolerance: 1))
    }

    @Test func aGradientWithATransparentEndIsNotOpaque() throws {
        let folder = try FixtureFolder()
        let doc = try document(["red"], size: PixelSize(width: 100, height: 100), margin: 20,
                               style: CollageStyle(fill: .gradient(from: .transparent, to: .black, angle: 180)), folder: folder)
        let image = try compositor.render(doc).image
        #expect(!image.isOpaque)
        #expect(image.pixel(x: 50, y: 0).a < 5)
        #expect(image.pixel(x: 50, y: 99).a > 245)
    }

    @Test func theBlurredBackgroundCarriesThePhotosColoursInTheMargin() throws {
        let folder = try FixtureFolder()
        let doc = try document(["red", "blue"], size: PixelSize(width: 600, height: 300), gap: 40, margin: 60,
                               background: .transparent, style: CollageStyle(fill: .blur), folder: folder)
        let image = try compositor.render(doc).image
        #expect(image.isOpaque, "blur covers the canvas even on a transparent colour")
        for (x, y) in [(10, 150), (30, 10), (150, 290)] {
            let p = image.pixel(x: x, y: y)
            #expect(p.r > 150 && p.b < 40 && p.r < 240 && p.a == 255, "reddish, darkened, at \(x),\(y): \(p)")
        }
        for (x, y) in [(590, 150), (450, 10)] {
            let p = image.pixel(x: x, y: y)
            #expect(p.b > 150 && p.r < 40 && p.b < 240, "bluish, darkened, at \(x),\(y): \(p)")
        }
        // In the gap the two meet, softly: more of each on its own side.
        let left = image.pixel(x: 290, y: 150), right = image.pixel(x: 310, y: 150)
        #expect(Int(left.r) > Int(left.b) + 30 && Int(right.b) > Int(right.r) + 30, "\(left) \(right)")
        #expect(left.r > right.r && right.b > left.b)
        #expect(close(image.pixel(x: 150, y: 150), 255, 0, 0, tolerance: 1))
    }

    @Test func containShowsBackgroundBarsBesideAWidePhotoInATallCell() throws {
        let folder = try FixtureFolder()
        // Two tall cells 100×200; a 300×100 red photo shown whole is 100×33 in the middle.
        let wide = try folder.solid("wide.png", colour: "red", width: 300, height: 100)
        let tall = try folder.solid("tall.png", colour: "lime", width: 100, height: 400)
        let doc = CollageDocument(photos: [Photo(path: wide), Photo(path: tall)],
                                  settings: CollageSettings(outputSize: PixelSize(width: 200, height: 200), background: .black,
                                                            style: CollageStyle(fit: .contain)))
        let image = try compositor.render(doc).image
        #expect(close(image.pixel(x: 50, y: 60), 0, 0, 0, tolerance: 2), "bar above")
        #expect(close(image.pixel(x: 50, y: 140), 0, 0, 0, tolerance: 2), "bar below")
        #expect(close(image.pixel(x: 50, y: 100), 255, 0, 0, tolerance: 2))
        #expect(close(image.pixel(x: 1, y: 100), 255, 0, 0, tolerance: 2), "the whole width")
        // The tall one, 50×200, has bars left and right.
        #expect(close(image.pixel(x: 110, y: 100), 0, 0, 0, tolerance: 2))
        #expect(close(image.pixel(x: 150, y: 100), 0, 255, 0, tolerance: 2))
        #expect(close(image.pixel(x: 190, y: 100), 0, 0, 0, tolerance: 2))
        // Zoomed in 2×, the wide one is 200×67 across its 100 wide cell: its band is taller.
        var zoomed = doc
        zoomed.photos[0].crop = Crop(zoom: 2)
        let closer = try compositor.render(zoomed).image
        #expect(close(closer.pixel(x: 50, y: 75), 255, 0, 0, tolerance: 2))
        #expect(close(closer.pixel(x: 50, y: 60), 0, 0, 0, tolerance: 2))
    }

    /// A photo's own fit wins over the collage's, both ways, in a render, a re-composite and a draft.
    @Test(arguments: [(PhotoFit.cover, PhotoFit?.some(.contain)), (.contain, .some(.cover)), (.contain, nil), (.cover, nil)])
    func aPhotosOwnFitWinsOverTheCollages(collage: PhotoFit, own: PhotoFit?) throws {
        let folder = try FixtureFolder()
        // Two tall cells 100×200; the wide red photo shown whole is 100×33 in the middle of the first.
        let wide = try folder.solid("wide.png", colour: "red", width: 300, height: 100)
        let tall = try folder.solid("tall.png", colour: "lime", width: 100, height: 400)
        let doc = CollageDocument(photos: [Photo(path: wide, fit: own), Photo(path: tall)],
                                  settings: CollageSettings(outputSize: PixelSize(width: 200, height: 200), background: .black,
                                                            style: CollageStyle(fit: collage)))
        let whole = (own ?? collage) == .contain
        let first = try compositor.render(doc).image
        let again = try compositor.render(doc).image
        let ready = compositor.cachedDecodes(doc, size: doc.settings.outputSize, leavingOut: []).ready
        let draft = try compositor.draft(doc, size: doc.settings.outputSize, leavingOut: [:], decoded: ready, small: [:]).image
        for image in [first, again, draft] {
            #expect(close(image.pixel(x: 50, y: 60), whole ? 0 : 255, 0, 0, tolerance: 2), "above the wide photo")
            #expect(close(image.pixel(x: 50, y: 100), 255, 0, 0, tolerance: 2))
            // The other photo follows the collage's fit.
            #expect(close(image.pixel(x: 110, y: 100), 0, collage == .contain ? 0 : 255, 0, tolerance: 2), "beside the tall one")
        }
    }

    @Test func aBorderAndCornersFollowAPhotoShownWhole() throws {
        let folder = try FixtureFolder()
        let wide = try folder.solid("wide.png", colour: "red", width: 300, height: 100)
        let doc = CollageDocument(photos: [Photo(path: wide)], settings: CollageSettings(
            outputSize: PixelSize(width: 320, height: 320), background: .black,
            style: CollageStyle(borderWidth: 10, borderColour: .white, fit: .contain)))
        let image = try compositor.render(doc).image
        // Inner 300×300, photo 300×100 at y 110..<210, border 10 around it at y 100..<220.
        #expect(close(image.pixel(x: 160, y: 95), 0, 0, 0, tolerance: 2))
        #expect(close(image.pixel(x: 160, y: 105), 255, 255, 255, tolerance: 2))
        #expect(close(image.pixel(x: 160, y: 160), 255, 0, 0, tolerance: 2))
        #expect(close(image.pixel(x: 160, y: 215), 255, 255, 255, tolerance: 2))
        #expect(close(image.pixel(x: 160, y: 225), 0, 0, 0, tolerance: 2))
    }

    @Test func thePreviewIsTheSavedCollageMadeSmaller() throws {
        let folder = try FixtureFolder()
        let style = CollageStyle(cornerRadius: 20, borderWidth: 16, borderColour: .white, shadow: true,
                                 fill: .gradient(from: .black, to: RGBAColor(red: 0, green: 0, blue: 1), angle: 135))
        let doc = try document(["red", "lime", "yellow", "cyan"], size: PixelSize(width: 800, height: 800), gap: 60, margin: 60,
                               style: style, folder: folder)
        let saved = try compositor.render(doc).image
        let preview = try compositor.render(doc, size: PixelSize(width: 400, height: 400)).image
        var differing = 0
        for y in stride(from: 1, to: 400, by: 6) {
            for x in stride(from: 1, to: 400, by: 6) {
                let p = preview.pixel(x: x, y: y), s = saved.pixel(x: 2 * x, y: 2 * y)
                if !close(p, Int(s.r), Int(s.g), Int(s.b), tolerance: 40) { differing += 1 }
            }
        }
        // Only along edges, where half a pixel moves a colour.
        #expect(differing < 60, "\(differing) of 4356 samples differ")
    }

    @Test func theDraftDrawsTheSameLook() throws {
        let folder = try FixtureFolder()
        let style = CollageStyle(cornerRadius: 30, borderWidth: 8, borderColour: .black, shadow: true, fill: .blur, fit: .contain)
        var doc = try document(["red", "blue"], size: PixelSize(width: 400, height: 200), gap: 20, margin: 20, style: style,
                               folder: folder)
        doc.photos[1] = Photo(path: try folder.solid("wide.png", colour: "blue", width: 400, height: 100))
        let full = try compositor.render(doc)
        let ready = compositor.cachedDecodes(doc, size: doc.settings.outputSize, leavingOut: []).ready
        #expect(ready.count == 2)
        let draft = try compositor.draft(doc, size: doc.settings.outputSize, leavingOut: [:], decoded: ready, small: [:])
        for y in stride(from: 0, to: 200, by: 5) {
            for x in stride(from: 0, to: 400, by: 5) {
                let f = full.image.pixel(x: x, y: y), d = draft.image.pixel(x: x, y: y)
                #expect(close(f, Int(d.r), Int(d.g), Int(d.b), tolerance: 1), "at \(x),\(y)")
            }
        }
    }

    @Test func aRecompositeMakesNoMaskOrBackdropAgain() throws {
        let folder = try FixtureFolder()
        let style = CollageStyle(cornerRadius: 10, shadow: true, fill: .blur)
        var doc = try document(["red", "lime", "blue", "yellow"], size: PixelSize(width: 1003, height: 1003), gap: 30,
                               margin: 30, style: style, folder: folder)
        _ = try compositor.render(doc, size: PixelSize(width: 777, height: 777))
        let before = StyleCache.shared.made
        // A reorder: the same photos in other cells of the same sizes.
        doc.photos.reverse()
        let reordered = try compositor.render(doc, size: PixelSize(width: 777, height: 777))
        #expect(StyleCache.shared.made == before)
        #expect(close(reordered.image.pixel(x: 200, y: 200), 255, 255, 0, tolerance: 1))
    }

    /// A title above the photos stands on the blurred photos, not on the
    /// (white) colour: its automatic colour is white on them, black on a light gradient.
    @Test(arguments: [(BackgroundFill.blur, true), (.gradient(from: .white, to: RGBAColor(parsing: "#dddddd")!, angle: 180), false)])
    func aTitlesAutomaticColourReadsOnTheFill(fill: BackgroundFill, white: Bool) throws {
        let folder = try FixtureFolder()
        var doc = try document(["#800000"], size: PixelSize(width: 400, height: 400), background: .white,
                               style: CollageStyle(fill: fill), folder: folder)
        doc.title = CollageTitle(text: "Kyoto", position: .top, size: 0.1)
        let result = try compositor.render(doc)
        let band = try #require(try doc.frame().band)
        var light = 0, dark = 0
        for y in band.y..<band.maxY {
            for x in band.x..<band.maxX {
                let p = result.image.pixel(x: x, y: y)
                if p.r > 240 && p.g > 240 && p.b > 240 { light += 1 }
                if p.r < 15 && p.g < 15 && p.b < 15 { dark += 1 }
            }
        }
        #expect(white ? (light > 50 && dark == 0) : (dark > 50), "light \(light), dark \(dark)")
    }

    /// A first render paints photos as they are decoded and puts the look
    /// under them; a re-composite, with every decode cached, paints the
    /// look first. Both give the same pixels, a photo with transparent
    /// parts included (the background shows through it both times).
    @Test(arguments: [CollageStyle(cornerRadius: 20, borderWidth: 6, borderColour: .white, shadow: true, fill: .blur),
                      CollageStyle(cornerRadius: 10, shadow: true, fill: .gradient(from: .black, to: .white, angle: 45), fit: .contain),
                      CollageStyle()])
    func aRecompositeDrawsWhatTheFirstRenderDrew(style: CollageStyle) throws {
        let folder = try FixtureFolder()
        let holed = try folder.convert(["-size", "100x100", "xc:red", "-alpha", "set", "-region", "50x100+0+0",
                                        "-channel", "A", "-evaluate", "set", "0", "+region"], to: "holed.png")
        var doc = try document(["lime", "blue"], size: PixelSize(width: 300, height: 300), gap: 20, margin: 20,
                               background: RGBAColor(red: 1, green: 1, blue: 0), style: style, folder: folder)
        doc.photos.append(Photo(path: holed))
        let local = Compositor(source: PhotoSource(cache: ImageCache()))
        let first = try local.render(doc).image
        let again = try local.render(doc).image
        var differing: [String] = []
        for y in stride(from: 0, to: 300, by: 3) {
            for x in stride(from: 0, to: 300, by: 3) {
                let a = first.pixel(x: x, y: y), b = again.pixel(x: x, y: y)
                if !close(a, Int(b.r), Int(b.g), Int(b.b), tolerance: 2) || abs(Int(a.a) - Int(b.a)) > 2 { differing.append("\(x),\(y)") }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        // The holed photo's left half shows what is behind it, not a hole.
        let cell = try doc.frame().cells[2]
        #expect(again.pixel(x: cell.x + cell.width / 4, y: cell.y + cell.height / 2).a == 255)
    }
}


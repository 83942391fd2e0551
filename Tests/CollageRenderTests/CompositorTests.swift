// The offscreen collage as a person would check it: the right photo in the
// right cell, a centred aspect-fill crop, EXIF-upright photos, gap, margin
// and background, and the crop the user chose.

import CollageCore
import CollageRender
import Testing
import TestSupport

@Suite struct CompositorTests {
    let compositor = Compositor()

    /// Decodes go to workers: the built `tinycollage-decoder`, not this test runner.
    init() {
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    func close(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 12) -> Bool {
        abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
    }

    @Test func threePhotosOneLeftTwoStackedRight() throws {
        let folder = try FixtureFolder()
        let document = CollageDocument(photos: [
            Photo(path: try folder.solid("red.jpg", colour: "red")),
            Photo(path: try folder.solid("green.jpg", colour: "lime")),
            Photo(path: try folder.solid("blue.jpg", colour: "blue")),
        ])
        let image = try compositor.render(document).image
        #expect(image.size == PixelSize(width: 1080, height: 1080))
        #expect(close(image.pixel(x: 270, y: 540), 255, 0, 0))
        #expect(close(image.pixel(x: 539, y: 1079), 255, 0, 0))
        #expect(close(image.pixel(x: 540, y: 0), 0, 255, 0))
        #expect(close(image.pixel(x: 810, y: 539), 0, 255, 0))
        #expect(close(image.pixel(x: 810, y: 540), 0, 0, 255))
        #expect(close(image.pixel(x: 1079, y: 1079), 0, 0, 255))
    }

    @Test func nineSolidPhotosFillTheirCellsInColumnOrder() throws {
        let folder = try FixtureFolder()
        let colours: [(String, Int, Int, Int)] = [
            ("#ff0000", 255, 0, 0), ("#00ff00", 0, 255, 0), ("#0000ff", 0, 0, 255),
            ("#ffff00", 255, 255, 0), ("#00ffff", 0, 255, 255), ("#ff00ff", 255, 0, 255),
            ("#000000", 0, 0, 0), ("#808080", 128, 128, 128), ("#ff8000", 255, 128, 0),
        ]
        let photos = try colours.enumerated().map { i, c in Photo(path: try folder.solid("\(i).png", colour: c.0)) }
        let result = try compositor.render(CollageDocument(photos: photos))
        let cells = try CollageLayout.cells(count: 9, size: PixelSize(width: 1080, height: 1080))
        for (i, cell) in cells.enumerated() {
            let c = colours[i]
            for (x, y) in [(cell.x, cell.y), (cell.maxX - 1, cell.maxY - 1), (cell.x + cell.width / 2, cell.y + cell.height / 2)] {
                #expect(close(result.image.pixel(x: x, y: y), c.1, c.2, c.3, tolerance: 2), "photo \(i) at \(x),\(y)")
            }
        }
        #expect(result.cells.count == 9)
    }

    @Test func aWidePhotoIsCroppedAroundItsCentre() throws {
        let folder = try FixtureFolder()
        // 300×100: red, lime, blue thirds. In a square cell only the middle shows.
        let path = try folder.convert(["-size", "100x100", "xc:red", "xc:lime", "xc:blue", "+append"], to: "wide.png")
        var document = CollageDocument(photos: [Photo(path: path)])
        document.settings.outputSize = PixelSize(width: 200, height: 200)
        let image = try compositor.render(document).image
        for (x, y) in [(1, 1), (198, 1), (100, 100), (1, 198), (198, 198)] {
            #expect(close(image.pixel(x: x, y: y), 0, 255, 0), "at \(x),\(y)")
        }
    }

    @Test func aTallPhotoInAWideCellIsCroppedTopAndBottom() throws {
        let folder = try FixtureFolder()
        let path = try folder.convert(["-size", "100x100", "xc:red", "xc:lime", "xc:blue", "-append"], to: "tall.png")
        var document = CollageDocument(photos: [Photo(path: path)])
        document.settings.outputSize = PixelSize(width: 300, height: 100)
        let image = try compositor.render(document).image
        #expect(close(image.pixel(x: 0, y: 0), 0, 255, 0))
        #expect(close(image.pixel(x: 299, y: 99), 0, 255, 0))
    }

    @Test(arguments: 1...8) func everyExifOrientationIsDrawnUpright(orientation: Int) throws {
        let folder = try FixtureFolder()
        let path = try folder.orientedQuadrants("o\(orientation).jpg", orientation: orientation)
        var document = CollageDocument(photos: [Photo(path: path)])
        document.settings.outputSize = PixelSize(width: 80, height: 40)
        let result = try compositor.render(document)
        let image = result.image
        #expect(close(image.pixel(x: 20, y: 10), 255, 0, 0, tolerance: 30), "top left red")
        #expect(close(image.pixel(x: 60, y: 10), 0, 255, 0, tolerance: 30), "top right green")
        #expect(close(image.pixel(x: 20, y: 30), 0, 0, 255, tolerance: 30), "bottom left blue")
        #expect(close(image.pixel(x: 60, y: 30), 255, 255, 255, tolerance: 30), "bottom right white")
        #expect(result.originalSizes[document.photos[0].id] == PixelSize(width: 80, height: 40))
    }

    @Test(arguments: [1, 3, 6, 8]) func oneOffRendersShrinkJPEGsAndKeepThemUpright(orientation: Int) throws {
        let folder = try FixtureFolder()
        let path = try folder.orientedQuadrants("big\(orientation).jpg", orientation: orientation, width: 1600, height: 800)
        var document = CollageDocument(photos: [Photo(path: path)])
        document.settings.outputSize = PixelSize(width: 300, height: 150)
        let image = try Compositor.oneOff().render(document).image
        #expect(close(image.pixel(x: 75, y: 37), 255, 0, 0, tolerance: 30), "top left red")
        #expect(close(image.pixel(x: 225, y: 37), 0, 255, 0, tolerance: 30), "top right green")
        #expect(close(image.pixel(x: 75, y: 112), 0, 0, 255, tolerance: 30), "bottom left blue")
        #expect(close(image.pixel(x: 225, y: 112), 255, 255, 255, tolerance: 30), "bottom right white")
        // The same decode, shrunk while converted, is exactly the size the cell needs.
        let decoded = try ImageLoader(shrinkToCover: true).load(path, covering: PixelSize(width: 300, height: 150))
        #expect(decoded.image.size == PixelSize(width: 300, height: 150))
    }

    @Test func gapMarginAndBackground() throws {
        let folder = try FixtureFolder()
        let document = CollageDocument(
            photos: [Photo(path: try folder.solid("r.png", colour: "red")), Photo(path: try folder.solid("b.png", colour: "blue"))],
            settings: CollageSettings(outputSize: PixelSize(width: 200, height: 100), gap: 20, margin: 10,
                                      background: RGBAColor(parsing: "#336699")!))
        let image = try compositor.render(document).image
        // margin 10, inner width 200 - 20 - 20 = 160: cells x 10..<90 and 110..<190
        #expect(close(image.pixel(x: 5, y: 50), 0x33, 0x66, 0x99, tolerance: 1))
        #expect(close(image.pixel(x: 9, y: 50), 0x33, 0x66, 0x99, tolerance: 1))
        #expect(close(image.pixel(x: 10, y: 50), 255, 0, 0, tolerance: 1))
        #expect(close(image.pixel(x: 89, y: 50), 255, 0, 0, tolerance: 1))
        #expect(close(image.pixel(x: 90, y: 50), 0x33, 0x66, 0x99, tolerance: 1))
        #expect(close(image.pixel(x: 109, y: 50), 0x33, 0x66, 0x99, tolerance: 1))
        #expect(close(image.pixel(x: 110, y: 50), 0, 0, 255, tolerance: 1))
        #expect(close(image.pixel(x: 150, y: 9), 0x33, 0x66, 0x99, tolerance: 1))
        #expect(close(image.pixel(x: 150, y: 10), 0, 0, 255, tolerance: 1))
        #expect(close(image.pixel(x: 150, y: 95), 0x33, 0x66, 0x99, tolerance: 1))
    }

    @Test func aTransparentBackgroundStaysTransparent() throws {
        let folder = try FixtureFolder()
        let document = CollageDocument(
            photos: [Photo(path: try folder.solid("r.png", colour: "red"))],
            settings: CollageSettings(outputSize: PixelSize(width: 100, height: 100), margin: 10, background: .transparent))
        let image = try compositor.render(document).image
        #expect(!image.isOpaque)
        #expect(image.pixel(x: 2, y: 2).a == 0)
        #expect(image.pixel(x: 50, y: 50) == (255, 0, 0, 255))
    }

    @Test func aPreviewScalesGapAndMarginAlike() throws {
        let folder = try FixtureFolder()
        let document = CollageDocument(
            photos: [Photo(path: try folder.solid("r.png", colour: "red")), Photo(path: try folder.solid("g.png", colour: "lime"))],
            settings: CollageSettings(outputSize: PixelSize(width: 1000, height: 1000), gap: 100, margin: 50,
                                      background: .black))
        let preview = try compositor.render(document, size: PixelSize(width: 100, height: 100)).image
        #expect(preview.size == PixelSize(width: 100, height: 100))
        #expect(close(preview.pixel(x: 4, y: 50), 0, 0, 0, tolerance: 1))
        #expect(close(preview.pixel(x: 6, y: 50), 255, 0, 0, tolerance: 1))
        #expect(close(preview.pixel(x: 50, y: 50), 0, 0, 0, tolerance: 1))
        #expect(close(preview.pixel(x: 56, y: 50), 0, 255, 0, tolerance: 1))
        #expect(Compositor.size(of: PixelSize(width: 4000, height: 2000), fitting: PixelSize(width: 500, height: 500))
                == PixelSize(width: 500, height: 250))
    }

    @Test func theChosenCropShowsThatPart() throws {
        let folder = try FixtureFolder()
        let path = try folder.convert(["-size", "100x100", "xc:red", "xc:lime", "xc:blue", "+append"], to: "wide.png")
        var document = CollageDocument(photos: [Photo(path: path, crop: Crop(zoom: 1, centerX: 0, centerY: 0.5))])
        document.settings.outputSize = PixelSize(width: 100, height: 100)
        #expect(close(try compositor.render(document).image.pixel(x: 50, y: 50), 255, 0, 0))
        document.photos[0].crop = Crop(zoom: 1, centerX: 1, centerY: 0.5)
        #expect(close(try compositor.render(document).image.pixel(x: 50, y: 50), 0, 0, 255))
        // Zoomed 3× on the centre of the green third: all green, even at the edges.
        document.photos[0].crop = Crop(zoom: 3, centerX: 0.5, centerY: 0.5)
        let zoomed = try compositor.render(document).image
        #expect(close(zoomed.pixel(x: 0, y: 0), 0, 255, 0) && close(zoomed.pixel(x: 99, y: 99), 0, 255, 0))
    }

    @Test func theSavedCollageShowsTheSameCropAsThePreview() throws {
        let folder = try FixtureFolder()
        let quadrants = try folder.orientedQuadrants("q.jpg", orientation: 1, width: 1600, height: 1200)
        let stripes = try folder.convert(["-size", "400x1200", "xc:red", "xc:lime", "xc:blue", "xc:yellow", "+append"], to: "s.png")
        var document = CollageDocument(photos: [
            Photo(path: quadrants, crop: Crop(zoom: 2.5, centerX: 0.3, centerY: 0.35)),
            Photo(path: stripes, crop: Crop(zoom: 1.3, centerX: 0.8, centerY: 0.5)),
        ])
        document.settings.outputSize = PixelSize(width: 2000, height: 1000)
        let saved = try compositor.render(document).image
        let preview = try compositor.render(document, size: PixelSize(width: 400, height: 200)).image
        for fx in stride(from: 0.05, to: 1, by: 0.1) {
            for fy in stride(from: 0.1, to: 1, by: 0.2) {
                let a = saved.pixel(x: Int(fx * 2000), y: Int(fy * 1000))
                let b = preview.pixel(x: Int(fx * 400), y: Int(fy * 200))
                // Away from colour edges the two agree.
                let d = abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                if d > 60 {
                    let n = preview.pixel(x: Int(fx * 400) + 2, y: Int(fy * 200))
                    let m = preview.pixel(x: Int(fx * 400) - 2, y: Int(fy * 200))
                    let near = [n, m].contains { abs(Int(a.r) - Int($0.r)) + abs(Int(a.g) - Int($0.g)) + abs(Int(a.b) - Int($0.b)) < 60 }
                    #expect(near, "at \(fx),\(fy): saved \(a) preview \(b)")
                }
            }
        }
        // And the crop really moved the picture: the second photo shows its right half (blue, yellow).
        #expect(close(saved.pixel(x: 1950, y: 500), 255, 255, 0, tolerance: 40))
    }

    @Test func aFailedPhotoIsLeftOutOnlyWhenAskedTo() throws {
        let folder = try FixtureFolder()
        let good = Photo(path: try folder.solid("g.png", colour: "lime"))
        let bad = Photo(path: try folder.write("bad.jpg", bytes: Array("not a jpeg".utf8)))
        let document = CollageDocument(photos: [bad, good], settings: CollageSettings(outputSize: PixelSize(width: 100, height: 100)))
        #expect(throws: RenderError.load(LoadError(path: bad.path, reason: .notAnImage))) {
            try compositor.render(document)
        }
        let result = try compositor.render(document, skipFailures: true)
        #expect(result.failures[bad.id]?.reason == .notAnImage)
        // The good photo alone takes the whole collage.
        #expect(close(result.image.pixel(x: 1, y: 1), 0, 255, 0))
        #expect(result.cells[good.id] == CellRect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func settingsThatLeaveNoRoomAreAnError() throws {
        let folder = try FixtureFolder()
        let document = CollageDocument(photos: [Photo(path: try folder.solid("r.png", colour: "red"))],
                                       settings: CollageSettings(outputSize: PixelSize(width: 100, height: 100), margin: 50))
        #expect(throws: RenderError.self) { try compositor.render(document) }
    }
}

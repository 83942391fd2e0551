// A transparent background shows the usual checkerboard in the preview
// (issue 20), never in the saved file: the screen's pixels in the margin
// alternate between two greys square by square, while the saved PNG has an
// alpha of 0 there. Real clicks and typing into the settings panel; the
// screen read back with ImageMagick's `import`.

import Foundation
import Testing
import TestSupport

extension AppState {
    /// Where the collage is drawn in the window.
    var previewFrame: (x: Double, y: Double, width: Double, height: Double) {
        let v = raw["previewFrame"] as? [Double] ?? [0, 0, 0, 0]
        return v.count == 4 ? (v[0], v[1], v[2], v[3]) : (0, 0, 0, 0)
    }
}

extension AppWindow {
@Suite struct CheckerboardTests {
    let photos: FixtureFolder

    init() throws {
        photos = try FixtureFolder()
    }

    /// The screen's pixels along the top margin of the collage, a square apart.
    func marginPixels(_ app: AppUnderTest) throws -> [(r: Int, g: Int, b: Int, a: Int)] {
        let state = try app.state()
        let frame = state.previewFrame
        let origin = try app.screenOrigin(state)
        let shot = try app.screenshot()
        return try (0..<6).map { k in
            try pixelWithImageMagick(shot, x: Int(origin.x + frame.x + 4 + 8 * Double(k)), y: Int(origin.y + frame.y + 4))
        }
    }

    @Test func transparentShowsTheCheckerboardOnScreenAndAlphaInTheFile() throws {
        let red = try photos.solid("red.png", colour: "red", width: 800, height: 800)
        let blue = try photos.solid("blue.png", colour: "blue", width: 800, height: 800)
        let app = try AppUnderTest(files: [red, blue])
        try app.typeIntoSpin("settingMargin", 200)
        // Opaque white first: the margin is white on screen, no squares.
        let white = try marginPixels(app)
        #expect(white.allSatisfy { $0.r > 245 && $0.g > 245 && $0.b > 245 }, "\(white)")

        try app.clickNamed("settingTransparent")
        let squares = try marginPixels(app)
        let greys = squares.map { $0.r }
        #expect(squares.allSatisfy { abs($0.r - $0.g) < 4 && abs($0.g - $0.b) < 4 }, "grey: \(squares)")
        #expect(greys.allSatisfy { abs($0 - 204) < 6 || abs($0 - 153) < 6 }, "the two greys: \(greys)")
        #expect(zip(greys, greys.dropFirst()).allSatisfy { abs($0 - $1) > 30 }, "alternating: \(greys)")
        // The photos are as before: red in the middle of the first.
        let state = try app.state()
        #expect(try app.screenColour(at: state.cellCenter(0), state: state) == "red")

        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        #expect(!saved.isEmpty)
        for (x, y) in [(5, 5), (100, 12), (12, 540), (1070, 1070)] {
            #expect(try pixelWithImageMagick(saved, x: x, y: y).a == 0, "the saved margin at \(x),\(y) is transparent")
        }
        #expect(try pixelWithImageMagick(saved, x: 300, y: 540).a == 255)

        // Opaque again: the squares go.
        try app.clickNamed("settingTransparent")
        let back = try marginPixels(app)
        #expect(back.allSatisfy { $0.r > 245 && $0.g > 245 && $0.b > 245 }, "\(back)")
    }
}
}

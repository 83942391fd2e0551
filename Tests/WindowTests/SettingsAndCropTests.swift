// SPEC §3 settings and the crop of each photo, in the window: the settings
// change the preview's pixels at once and undo; they are remembered for new
// collages; a real pointer drag pans a photo inside its cell, and the saved
// collage shows the same crop; zoom and reset; the too-small mark.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct SettingsAndCropTests {
    let photos: FixtureFolder
    let red, blue, stripes: String

    init() throws {
        photos = try FixtureFolder()
        red = try photos.solid("red.png", colour: "red", width: 1600, height: 1600)
        blue = try photos.solid("blue.png", colour: "blue", width: 1600, height: 1600)
        // 3:1 with red, lime and blue thirds: a square cell shows the lime middle.
        stripes = try photos.convert(["-size", "800x1200", "xc:red", "xc:lime", "xc:blue", "+append"], to: "stripes.png")
    }

    @Test func settingsChangeThePreviewAndUndo() throws {
        let app = try AppUnderTest(files: [red, blue])
        #expect(try colour(try app.state().preview, atFractionX: 0.5, y: 0.5) != "white")
        try app.expectOK(try app.send("settings gap 200"))
        var state = try app.state()
        #expect(try colour(state.preview, atFractionX: 0.5, y: 0.5) == "white", "the gap shows the background")
        try app.expectOK(try app.send("settings background #ffff00"))
        state = try app.state()
        #expect(try colour(state.preview, atFractionX: 0.5, y: 0.5) == "yellow")
        try app.expectOK(try app.send("settings margin 100"))
        state = try app.state()
        #expect(try colour(state.preview, atFractionX: 0.02, y: 0.5) == "yellow", "the margin too")
        try app.expectOK(try app.send("settings size 1920x1080"))
        state = try app.state()
        let ratio = Double(state.previewSize[0]) / Double(state.previewSize[1])
        #expect(abs(ratio - 16.0 / 9) < 0.02, "\(state.previewSize)")
        try app.expectOK(try app.send("settings transparent 1"))
        let edge = try pixelWithImageMagick(try app.state().preview, x: 1, y: 1)
        #expect(edge.a == 0)
        // Each was one undoable change.
        for _ in 0..<4 { try app.expectOK(try app.send("action undo")) }
        state = try app.state()
        #expect(state.settings["gap"] as? Int == 200 && state.settings["background"] as? String == "#ffffff")
        try app.expectOK(try app.send("action undo"))
        #expect(try colour(try app.state().preview, atFractionX: 0.5, y: 0.5) != "white")
    }

    @Test func theLastSettingsApplyToNewCollages() throws {
        let first = try AppUnderTest(files: [red])
        try first.expectOK(try first.send("settings gap 24"))
        try first.expectOK(try first.send("settings preset 3"))
        try first.idle()
        try first.quit()
        try FileManager.default.removeItem(atPath: first.sessionFile)
        let second = try AppUnderTest(home: first.home)
        let settings = try second.state().settings
        #expect(settings["gap"] as? Int == 24)
        #expect(settings["width"] as? Int == 1440 && settings["height"] as? Int == 1080)
    }

    @Test func aRealPointerDragPansThePhotoAndTheSaveShowsIt() throws {
        let app = try AppUnderTest(files: [stripes])
        var state = try app.state()
        #expect(try colour(state.preview, atFractionX: 0.5, y: 0.5) == "green")
        let center = state.cellCenters[0]
        try app.pointerDrag(from: (center[0] + 100, center[1]), to: (center[0] - 200, center[1]), state: state, steps: 15)
        state = try app.state()
        #expect(state.crops[0][1] > 0.7, "dragged left, the photo's right part shows: \(state.crops)")
        #expect(try colour(state.preview, atFractionX: 0.5, y: 0.5) == "blue")
        // The saved collage, at full size, shows the same part.
        try app.expectOK(try app.send("action save"))
        let saved = try app.state().lastSaved
        #expect(try colour(saved, atFractionX: 0.5, y: 0.5) == "blue")
        // One drag, one undo step.
        try app.expectOK(try app.send("action undo"))
        #expect(try app.state().crops[0] == [1, 0.5, 0.5])
    }

    @Test func zoomAndReset() throws {
        let app = try AppUnderTest(files: [stripes, red])
        try app.expectOK(try app.send("zoom 0 2"))
        var state = try app.state()
        #expect(abs(state.crops[0][0] - 2) < 1e-9)
        try app.expectOK(try app.send("zoom 0 0.1"))
        #expect(try app.state().crops[0][0] == 1, "never below filling the cell")
        try app.expectOK(try app.send("pan 0 -300 0"))
        try app.expectOK(try app.send("reset-crop 0"))
        state = try app.state()
        #expect(state.crops[0] == [1, 0.5, 0.5])
        // A reorder keeps a photo's crop.
        try app.expectOK(try app.send("zoom 0 3"))
        try app.expectOK(try app.send("move 0 2"))
        #expect(abs(try app.state().crops[1][0] - 3) < 1e-9)
    }

    @Test func aPhotoTooSmallForTheOutputIsMarked() throws {
        let small = try photos.solid("small.png", colour: "lime", width: 300, height: 200)
        let app = try AppUnderTest(files: [small, red])
        var state = try app.state()
        #expect(state.tooSmall == [small])
        try app.expectOK(try app.send("settings size 400x200"))
        state = try app.state()
        #expect(state.tooSmall.isEmpty, "at 400×200 a 300×200 photo has pixels to spare: \(state.tooSmall)")
    }
}
}

// The window as a person uses it (SPEC §1–§4): photos given on the command
// line show in the preview; the four named areas are there, top to bottom;
// reordering, trashing, keys and undo go through the same code paths as the
// drag handlers and keep the preview in step; a real pointer drag with
// xdotool reorders the strip; Save writes the collage into Pictures.

import Foundation
import Testing
import TestSupport

/// Which colour a pixel of an image file is closest to, by ImageMagick.
func colour(_ path: String, atFractionX fx: Double, y fy: Double) throws -> String {
    let info = try identify(path)
    let p = try pixelWithImageMagick(path, x: Int(Double(info.width) * fx), y: Int(Double(info.height) * fy))
    let named: [(String, (Int, Int, Int))] = [("red", (255, 0, 0)), ("green", (0, 255, 0)), ("blue", (0, 0, 255)),
                                              ("white", (255, 255, 255)), ("yellow", (255, 255, 0))]
    return named.min { a, b in
        func d(_ c: (Int, Int, Int)) -> Int { abs(c.0 - p.r) + abs(c.1 - p.g) + abs(c.2 - p.b) }
        return d(a.1) < d(b.1)
    }!.0
}

/// The preview's layout for three photos: left, top right, bottom right.
func threeCells(_ path: String) throws -> [String] {
    try [colour(path, atFractionX: 0.25, y: 0.5), colour(path, atFractionX: 0.75, y: 0.25),
         colour(path, atFractionX: 0.75, y: 0.75)]
}

extension AppWindow {
@Suite struct WindowTests {
    let photos: FixtureFolder
    let red, green, blue, yellow: String

    init() throws {
        photos = try FixtureFolder()
        red = try photos.solid("red.jpg", colour: "red", width: 600, height: 400)
        green = try photos.solid("green.jpg", colour: "lime", width: 600, height: 400)
        blue = try photos.solid("blue.jpg", colour: "blue", width: 400, height: 600)
        yellow = try photos.solid("yellow.png", colour: "yellow", width: 500, height: 500)
    }

    @Test func photosOnTheCommandLineShowInThePreview() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        let state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg", "blue.jpg"])
        #expect(!state.preview.isEmpty)
        #expect(try threeCells(state.preview) == ["red", "green", "blue"])
        // The default collage is square; the preview keeps that shape.
        let info = try identify(state.preview)
        #expect(info.width == info.height && info.width > 100)
    }

    @Test func everyNamedAreaIsThereTopToBottom() throws {
        let app = try AppUnderTest()
        var state = try app.state()
        let names = ["buttonSaveCollage", "collagePreview", "pictureListSelected", "pictureListToSelect"]
        for name in names {
            let area = state.area(name)
            #expect(area.visible, "\(name) is not visible")
            #expect(area.width > 0 && area.height > 0, "\(name) has no size")
        }
        #expect(state.area("collagePreview").y < state.area("pictureListSelected").y)
        #expect(state.area("pictureListSelected").y < state.area("pictureListToSelect").y)
        #expect(state.area("trashTarget").x < state.area("pictureListSelected").centerX)
        #expect(!state.saveEnabled, "Save must be disabled with no photos")
        try app.add([red])
        state = try app.state()
        #expect(state.saveEnabled)
        #expect(state.names == ["red.jpg"])
    }

    @Test func reorderTrashAndUndoKeepThePreviewInStep() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        // The third photo dragged to the front (gap 0).
        try app.expectOK(try app.send("move 2 0"))
        var state = try app.state()
        #expect(state.names == ["blue.jpg", "red.jpg", "green.jpg"])
        #expect(try threeCells(state.preview) == ["blue", "red", "green"])
        // Dropped on the trash.
        try app.expectOK(try app.send("trash 1"))
        state = try app.state()
        #expect(state.names == ["blue.jpg", "green.jpg"])
        #expect(state.toasts.last?.contains("red.jpg") == true)
        #expect(try colour(state.preview, atFractionX: 0.25, y: 0.5) == "blue")
        #expect(try colour(state.preview, atFractionX: 0.75, y: 0.5) == "green")
        // Undo (the toast's button and Ctrl+Z share win.undo).
        try app.expectOK(try app.send("action undo"))
        state = try app.state()
        #expect(state.names == ["blue.jpg", "red.jpg", "green.jpg"])
        #expect(try threeCells(state.preview) == ["blue", "red", "green"])
        try app.expectOK(try app.send("action redo"))
        #expect(try app.state().names == ["blue.jpg", "green.jpg"])
    }

    @Test func keysMoveAndRemoveTheFocusedPhoto() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        try app.expectOK(try app.send("key 0 Alt+Right"))
        #expect(try app.state().names == ["green.jpg", "red.jpg", "blue.jpg"])
        try app.expectOK(try app.send("key 2 Alt+Left"))
        #expect(try app.state().names == ["green.jpg", "blue.jpg", "red.jpg"])
        try app.expectOK(try app.send("key 0 Alt+Left"))  // already first: nothing moves
        #expect(try app.state().names == ["green.jpg", "blue.jpg", "red.jpg"])
        try app.expectOK(try app.send("key 1 Delete"))
        #expect(try app.state().names == ["green.jpg", "red.jpg"])
    }

    @Test func filesDroppedOnTheStripGoWhereDropped() throws {
        let app = try AppUnderTest(files: [red, green])
        try app.expectOK(try app.send("drop-files 1 " + yellow))
        #expect(try app.state().names == ["red.jpg", "yellow.png", "green.jpg"])
    }

    @Test func pastNineTheFirstThatFitAreAddedAndTheRestCounted() throws {
        let app = try AppUnderTest()
        let many = try (0..<11).map { try photos.solid("many\($0).png", colour: "red", width: 40, height: 40) }
        try app.add(many)
        let state = try app.state()
        #expect(state.names == (0..<9).map { "many\($0).png" })
        #expect(state.toasts.contains { $0.contains("2 photos were not added") }, "\(state.toasts)")
    }

    @Test func aFileThatIsNotAPhotoIsRefusedByNameAndTheOthersStay() throws {
        let app = try AppUnderTest(files: [red])
        let text = try photos.write("notes.jpg", bytes: Array("shopping list".utf8))
        try app.add([text, green])
        let state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg"])
        #expect(state.toasts.contains { $0.contains("notes.jpg") && $0.contains("not an image") }, "\(state.toasts)")
    }

    @Test func saveWritesTheCollageIntoPictures() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        try app.expectOK(try app.send("move 2 0"))
        try app.expectOK(try app.send("action save"))
        let state = try app.state()
        #expect(state.lastSaved.hasPrefix(app.pictures + "/Collage "))
        #expect(state.lastSaved.hasSuffix(".png"))
        let info = try identify(state.lastSaved)
        #expect(info.width == 1080 && info.height == 1080)
        #expect(try threeCells(state.lastSaved) == ["blue", "red", "green"])
        #expect(state.toasts.last?.contains("Saved") == true)
        // Saving again never overwrites: a second, different file.
        try app.expectOK(try app.send("action save"))
        let again = try app.state().lastSaved
        #expect(again != state.lastSaved && FileManager.default.fileExists(atPath: state.lastSaved))
    }

    @Test func japaneseMessages() throws {
        let app = try AppUnderTest(files: [red], language: "ja")
        try app.add([try photos.write("memo.jpg", bytes: Array("not a photo".utf8))])
        let state = try app.state()
        #expect(state.toasts.contains { $0.contains("memo.jpg") && $0.contains("画像ではない") }, "\(state.toasts)")
    }

    /// A real pointer drag on the test display: press on the third
    /// thumbnail, move left in steps, let go before the first.
    @Test func aRealPointerDragReordersTheStrip() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        let state = try app.state()
        let thumbnails = state.thumbnails
        #expect(thumbnails.count == 3)
        guard thumbnails.count == 3 else { return }
        let from = thumbnails[2], to = thumbnails[0]
        try app.pointerDrag(from: (from.centerX, from.centerY), to: (to.x + 4, to.centerY), state: state, steps: 12)
        #expect(try app.state().names == ["blue.jpg", "red.jpg", "green.jpg"])
    }
}
}

extension AppWindow {
@Suite struct GalleryTests {
    /// The gallery shows a folder, leaves freedesktop thumbnails behind, and
    /// a changed photo gets a new one.
    @Test func theGalleryUsesTheSharedThumbnailCache() throws {
        let folder = try FixtureFolder()
        let photos = try (0..<3).map { try folder.solid("g\($0).jpg", colour: ["red", "lime", "blue"][$0], width: 800, height: 600) }
        let app = try AppUnderTest()
        try app.expectOK(try app.send("gallery " + folder.path))
        func stats() throws -> [String: Int] {
            var result: [String: Int] = [:]
            for pair in try app.send("gallery-stats").split(separator: " ") {
                let kv = pair.split(separator: "=")
                result[String(kv[0])] = Int(kv[1])
            }
            return result
        }
        let deadline = Date().addingTimeInterval(20)
        var current = try stats()
        while current["visibleLoaded"] != 3 || current["loading"] != 0, Date() < deadline {
            usleep(20_000)
            current = try stats()
        }
        #expect(current["items"] == 3 && current["visibleLoaded"] == 3, "\(current)")
        let large = app.home.file("cache/thumbnails/large")
        for photo in photos {
            let uri = "file://" + photo
            let name = try run("/bin/sh", ["-c", "printf %s '\(uri)' | md5sum | cut -d' ' -f1"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let thumbnail = large + "/" + name + ".png"
            #expect(FileManager.default.fileExists(atPath: thumbnail), "no thumbnail for \(photo)")
            let tags = try run("/usr/bin/identify", ["-format", "%w %h %[Thumb::URI]", thumbnail]).stdout
            #expect(tags == "256 192 \(uri)", "\(tags)")
        }
        // Clicking a gallery photo selects it: the same path as a click.
        try app.add([photos[1]])
        #expect(try app.state().names == ["g1.jpg"])
    }
}
}

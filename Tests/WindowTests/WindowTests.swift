// The window as a person uses it (SPEC §1–§4), with real X events: photos
// given on the command line show in the preview; the four named areas are
// there, top to bottom; a pointer drag reorders the strip and one onto the
// trash removes a photo (the app lives, Undo brings it back); the keyboard
// moves and removes the focused photo; the context menu does the same;
// Ctrl+S saves into Pictures; Open With adds, and refuses what is not a photo.

import Foundation
import Testing
import TestSupport

/// Which colour a pixel of an image file is closest to, by ImageMagick.
func colour(_ path: String, atFractionX fx: Double, y fy: Double) throws -> String {
    let info = try identify(path)
    let p = try pixelWithImageMagick(path, x: Int(Double(info.width) * fx), y: Int(Double(info.height) * fy))
    let named: [(String, (Int, Int, Int))] = [("red", (255, 0, 0)), ("green", (0, 255, 0)), ("blue", (0, 0, 255)),
                                              ("white", (255, 255, 255)), ("yellow", (255, 255, 0)),
                                              ("black", (0, 0, 0))]
    return named.min { a, b in
        func d(_ c: (Int, Int, Int)) -> Int { abs(c.0 - p.r) + abs(c.1 - p.g) + abs(c.2 - p.b) }
        return d(a.1) < d(b.1)
    }!.0
}

/// Red, green and blue photos in a folder of their own (blue is portrait unless told).
func colourPhotos(portraitBlue: Bool = true) throws -> (FixtureFolder, String, String, String) {
    let folder = try FixtureFolder()
    return (folder, try folder.solid("red.jpg", colour: "red", width: 600, height: 400),
            try folder.solid("green.jpg", colour: "lime", width: 600, height: 400),
            try folder.solid("blue.jpg", colour: "blue", width: portraitBlue ? 400 : 600, height: portraitBlue ? 600 : 400))
}

/// The preview's layout for three photos: left, top right, bottom right.
func threeCells(_ path: String) throws -> [String] {
    try [colour(path, atFractionX: 0.25, y: 0.5), colour(path, atFractionX: 0.75, y: 0.25),
         colour(path, atFractionX: 0.75, y: 0.75)]
}

extension AppUnderTest {
    /// Scrolls the strip with the wheel, as a person does, until photo
    /// `index` is wholly in view; returns the state then.
    @discardableResult
    func revealThumbnail(_ index: Int) throws -> AppState {
        var state = try self.state()
        let strip = state.area("pictureListSelected")
        let viewStart = state.area("trashTarget").x + state.area("trashTarget").width
        for _ in 0..<40 {
            let thumbnail = state.thumbnails[index]
            if thumbnail.x >= viewStart, thumbnail.x + thumbnail.width <= strip.x + strip.width { return state }
            try scroll(at: (strip.x + strip.width * 0.7, strip.centerY), state: state, up: thumbnail.x < viewStart)
            state = try self.state()
        }
        throw AppError(description: "strip photo \(index) could not be scrolled into view")
    }

    /// Drags strip photo `index` with the pointer and lets it go just before photo `gap`
    /// (or after the last one when `gap` is the count).
    func dragThumbnail(_ index: Int, toGap gap: Int) throws {
        let state = try revealThumbnail(index)
        let thumbnails = state.thumbnails
        let from = thumbnails[index]
        let to = gap < thumbnails.count ? (thumbnails[gap].x + 6, thumbnails[gap].centerY)
            : (thumbnails[thumbnails.count - 1].x + thumbnails[thumbnails.count - 1].width - 6, thumbnails[gap - 1].centerY)
        try drag(from: from.center, to: to, state: state)
        try idle()
    }

    /// Drags strip photo `index` onto the trash.
    func dragThumbnailToTrash(_ index: Int) throws {
        let state = try revealThumbnail(index)
        try drag(from: state.thumbnails[index].center, to: state.area("trashTarget").center, state: state)
        try idle()
    }

    /// Clicks strip photo `index`, which focuses it, then presses `keys`.
    func keysOnThumbnail(_ index: Int, _ keys: String...) throws {
        let state = try revealThumbnail(index)
        try click(state.thumbnails[index].center, state: state)
        for combo in keys { try key(combo) }
        try idle()
    }
}

extension AppWindow {
@Suite struct WindowTests {
    let photos: FixtureFolder
    let red, green, blue, yellow: String

    init() throws {
        (photos, red, green, blue) = try colourPhotos()
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
        try app.openWith([red])
        state = try app.state()
        #expect(state.saveEnabled)
        #expect(state.names == ["red.jpg"])
    }

    /// The seed's own gesture: a strip photo dragged onto the trash with a
    /// real pointer. The app lives on, and Undo brings the photo back.
    @Test func aPhotoDraggedOntoTheTrashIsRemovedAndUndoBringsItBack() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        try app.dragThumbnailToTrash(1)
        var state = try app.state()
        #expect(app.isAlive)
        #expect(state.names == ["red.jpg", "blue.jpg"])
        #expect(state.toasts.last?.contains("green.jpg") == true)
        #expect(try colour(state.preview, atFractionX: 0.75, y: 0.5) == "blue")
        // Nothing half-written is left beside the session.
        let stateFolder = app.home.file("state/tinycollage")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFolder).filter { $0.hasPrefix(".") }.isEmpty)
        try app.key("ctrl+z")
        state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg", "blue.jpg"])
        #expect(try threeCells(state.preview) == ["red", "green", "blue"])
        try app.key("ctrl+shift+z")
        #expect(try app.state().names == ["red.jpg", "blue.jpg"])
        // Again and again: every drop on the trash is survived.
        try app.dragThumbnailToTrash(0)
        try app.dragThumbnailToTrash(0)
        #expect(app.isAlive)
        #expect(try app.state().names.isEmpty)
    }

    @Test func aRealPointerDragReordersTheStrip() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        try app.dragThumbnail(2, toGap: 0)
        var state = try app.state()
        #expect(state.names == ["blue.jpg", "red.jpg", "green.jpg"])
        #expect(try threeCells(state.preview) == ["blue", "red", "green"])
        try app.dragThumbnail(0, toGap: 3)
        state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg", "blue.jpg"])
        try app.key("ctrl+z")
        #expect(try app.state().names == ["blue.jpg", "red.jpg", "green.jpg"])
    }

    @Test func keysMoveAndRemoveTheFocusedPhoto() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        try app.keysOnThumbnail(0, "alt+Right")
        #expect(try app.state().names == ["green.jpg", "red.jpg", "blue.jpg"])
        // The moved photo keeps the focus: a second press moves it on.
        try app.key("alt+Right")
        #expect(try app.state().names == ["green.jpg", "blue.jpg", "red.jpg"])
        try app.keysOnThumbnail(0, "alt+Left")  // already first: nothing moves
        #expect(try app.state().names == ["green.jpg", "blue.jpg", "red.jpg"])
        try app.keysOnThumbnail(1, "Delete")
        var state = try app.state()
        #expect(state.names == ["green.jpg", "red.jpg"])
        #expect(state.toasts.last?.contains("blue.jpg") == true)
        try app.key("ctrl+z")
        state = try app.state()
        #expect(state.names == ["green.jpg", "blue.jpg", "red.jpg"])
    }

    /// Right-click, then the menu's items, chosen by their underlined letters.
    @Test func theContextMenuMovesAndRemoves() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        var state = try app.state()
        // On the middle photo: Move Left.
        try app.click(state.thumbnails[1].center, state: state, button: 3)
        try app.key("l")
        state = try app.state()
        #expect(state.names == ["green.jpg", "red.jpg", "blue.jpg"])
        try app.click(state.thumbnails[0].center, state: state, button: 3)
        try app.key("r")
        state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg", "blue.jpg"])
        // Remove; the app lives on after its menu's photo is gone.
        try app.click(state.thumbnails[2].center, state: state, button: 3)
        try app.key("m")
        state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg"])
        #expect(app.isAlive)
        // The first photo cannot move left: its menu does nothing for "l".
        try app.click(state.thumbnails[0].center, state: state, button: 3)
        try app.key("l", "Escape")
        #expect(try app.state().names == ["red.jpg", "green.jpg"])
        // The Menu key opens it on the focused photo.
        try app.keysOnThumbnail(1, "Menu")
        try app.key("m")
        #expect(try app.state().names == ["red.jpg"])
    }

    @Test func pastNineTheFirstThatFitAreAddedAndTheRestCounted() throws {
        let app = try AppUnderTest()
        let many = try (0..<11).map { try photos.solid("many\($0).png", colour: "red", width: 40, height: 40) }
        try app.openWith(many)
        let state = try app.state()
        #expect(state.names == (0..<9).map { "many\($0).png" })
        #expect(state.toasts.contains { $0.contains("2 photos were not added") }, "\(state.toasts)")
    }

    @Test func aFileThatIsNotAPhotoIsRefusedByNameAndTheOthersStay() throws {
        let app = try AppUnderTest(files: [red])
        let text = try photos.write("notes.jpg", bytes: Array("shopping list".utf8))
        try app.openWith([text, green])
        // Photos opened from outside start a new collage (issue 22); the one they replace is one Undo away.
        let state = try app.state()
        #expect(state.names == ["green.jpg"])
        #expect(state.toasts.contains { $0.contains("notes.jpg") && $0.contains("not an image") }, "\(state.toasts)")
        try app.key("ctrl+z")
        #expect(try app.state().names == ["red.jpg"])
    }

    /// Ctrl+Q pressed right after Ctrl+S: the app ends only once the collage is written.
    @Test func quittingDuringASaveWaitsForTheFile() throws {
        let big = try photos.solid("big.png", colour: "red", width: 6000, height: 4000)
        let app = try AppUnderTest(files: [big, green, blue])
        try app.key("ctrl+s", "ctrl+q")
        let deadline = Date().addingTimeInterval(30)
        while app.isAlive, Date() < deadline { usleep(50_000) }
        #expect(!app.isAlive, "the app did not end after its save")
        let saved = app.picturesContents().filter { $0.hasPrefix("Collage ") }
        #expect(saved.count == 1, "\(app.picturesContents())")
        if let name = saved.first {
            #expect(try threeCells(app.pictures + "/" + name) == ["red", "green", "blue"])
        }
        #expect(app.picturesContents().allSatisfy { !$0.hasPrefix(".") }, "nothing half-written is left")
    }

    @Test func ctrlSWritesTheCollageIntoPictures() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        try app.dragThumbnail(2, toGap: 0)
        try app.key("ctrl+s")
        let state = try app.state()
        #expect(state.lastSaved.hasPrefix(app.pictures + "/Collage "))
        #expect(state.lastSaved.hasSuffix(".png"))
        let info = try identify(state.lastSaved)
        #expect(info.width == 1080 && info.height == 1080)
        #expect(try threeCells(state.lastSaved) == ["blue", "red", "green"])
        #expect(state.toasts.last?.contains("Saved") == true)
        // Saving again never overwrites: a second, different file.
        try app.key("ctrl+s")
        let again = try app.state().lastSaved
        #expect(again != state.lastSaved && FileManager.default.fileExists(atPath: state.lastSaved))
    }

    @Test func japaneseMessages() throws {
        let app = try AppUnderTest(files: [red], language: "ja")
        try app.openWith([try photos.write("memo.jpg", bytes: Array("not a photo".utf8))])
        let state = try app.state()
        #expect(state.toasts.contains { $0.contains("memo.jpg") && $0.contains("画像ではない") }, "\(state.toasts)")
    }
}
}

// A collage made with the keyboard alone, with real key presses (xdotool
// key): Tab to the gallery — one Tab stop however many photos it shows —
// Space and the arrows to add photos, Alt+arrows to reorder the focused strip
// photo, Tab to a photo in the preview and the arrows and + to crop it,
// Ctrl+S to save. The app's read-only dump only says where the focus is.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppUnderTest {
    /// Presses `key` (Tab or shift+Tab) until the focus is in the widget named
    /// `name` (or its nearest named ancestor); returns the presses it took.
    @discardableResult
    func tab(to name: String, with key: String = "Tab", limit: Int = 40) throws -> Int {
        for presses in 0...limit {
            if try state().focus == name { return presses }
            try self.key(key)
        }
        throw AppError(description: "\(limit) presses of \(key) never reached \(name) (focus: \(try state().focus))")
    }
}

extension AppWindow {
@Suite struct KeyboardTests {
    @Test func aCollageMadeWithTheKeyboardAlone() throws {
        let (home, pictures) = try homeWithPictures([("a.png", "red"), ("b.png", "lime"), ("c.png", "blue")],
                                                   width: 600, height: 400)
        // A fixed order in the gallery (newest first): c, b, a.
        for (i, path) in pictures.enumerated() {
            var times = [timespec(tv_sec: 1_700_000_000 + i * 60, tv_nsec: 0), timespec(tv_sec: 1_700_000_000 + i * 60, tv_nsec: 0)]
            utimensat(AT_FDCWD, path, &times, 0)
        }
        let app = try AppUnderTest(home: home)
        _ = try app.waitForGalleryThumbnails(count: 3)
        try app.tab(to: "galleryScroller")
        // Space adds the focused photo, the arrows move in the grid.
        try app.key("space", "Right", "space", "Right", "space")
        var state = try app.state()
        #expect(state.names == ["c.png", "b.png", "a.png"])
        // The gallery is one Tab stop: one press leaves it, whatever it holds.
        try app.key("Tab")
        #expect(try app.state().focus != "galleryScroller")
        // Back to the strip (Shift+Tab comes to its last photo); Alt+Left moves the focused photo.
        try app.tab(to: "stripScroller", with: "shift+Tab")
        try app.key("alt+Left")
        state = try app.state()
        #expect(state.names == ["c.png", "a.png", "b.png"], "Alt+Left moved the last photo: \(state.names)")
        // Into the preview: the arrows and + crop the focused photo.
        try app.tab(to: "previewCell", with: "shift+Tab")
        try app.key("plus", "plus", "plus", "Right", "Right")
        usleep(1_000_000)  // a run of presses becomes one change when the keys pause
        state = try app.state()
        let cropped = state.crops.filter { $0 != [1, 0.5, 0.5] }
        #expect(cropped.count == 1, "one photo cropped: \(state.crops)")
        #expect((cropped.first?[0] ?? 0) > 1.9, "zoomed in by + three times: \(state.crops)")
        try app.key("ctrl+z")
        #expect(try app.state().crops.allSatisfy { $0 == [1, 0.5, 0.5] }, "one undo takes the run back")
        try app.key("ctrl+shift+z")
        try app.key("ctrl+s")
        state = try app.state()
        #expect(state.lastSaved.hasPrefix(app.pictures + "/Collage "))
        #expect(try threeCells(state.lastSaved).sorted() == ["blue", "green", "red"])
    }

    /// The focus ring is drawn on every part the keyboard reaches, strong
    /// enough to see: the screen changes where the focused widget is.
    @Test func theFocusRingShows() throws {
        let folder = try FixtureFolder()
        let photos = try ["red", "lime"].map { try folder.solid("\($0).png", colour: $0, width: 600, height: 400) }
        let app = try AppUnderTest(files: photos)
        try app.tab(to: "previewCell")
        var state = try app.state()
        let cell = Bounds((state.raw["focusBounds"] as? [String: Any]))
        #expect(cell.width > 50, "the focused cell has bounds: \(state.raw["focusBounds"] ?? "none")")
        // The ring's accent colour is on the cell's edge, where the photo was red.
        let shot = try app.screenshot()
        let origin = try app.screenOrigin(state)
        let edge = try pixelWithImageMagick(shot, x: Int(origin.x + cell.x + 1), y: Int(origin.y + cell.centerY))
        #expect(edge.b > edge.r, "an accent ring, not the photo's red: \(edge)")
        try app.tab(to: "stripScroller")
        state = try app.state()
        let thumbnail = Bounds((state.raw["focusBounds"] as? [String: Any]))
        let ring = try pixelWithImageMagick(try app.screenshot(), x: Int(origin.x + thumbnail.x + 1),
                                            y: Int(origin.y + thumbnail.centerY))
        #expect(ring.b > ring.r, "the strip photo's ring is drawn inside it, not cut off: \(ring)")
    }
}
}

extension AppUnderTest {
    /// The app's window as it is on screen now, as a PNG.
    func screenshot() throws -> String {
        let path = home.file("shot-\(UUID().uuidString).png")
        let result = try run("/usr/bin/import", ["-window", "root", path])
        guard result.status == 0 else { throw AppError(description: "import: \(result.stderr)") }
        return path
    }
}

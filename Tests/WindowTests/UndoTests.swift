// Undo takes back what the person just did, found by hand in review: Ctrl+Z
// pressed while a run of crop keys is still waiting for its pause undoes that
// run, not the change before it (which emptied the collage); and the Undo of a
// "Removed …" toast, pressed after the removal was undone with Ctrl+Z, takes
// back nothing else.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct UndoTests {
    @Test func ctrlZRightAfterCropKeysUndoesTheCrop() throws {
        let (folder, red, green, _) = try colourPhotos()
        defer { withExtendedLifetime(folder) {} }
        let app = try AppUnderTest(files: [red, green])
        try app.tab(to: "previewCell")
        // Ctrl+Z 40 ms after the last +, long before the run's pause ends it.
        try app.key("plus", "plus", "ctrl+z")
        usleep(1_000_000)
        var state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg"], "the photos stay: \(state.names)")
        #expect(state.crops.allSatisfy { $0 == [1, 0.5, 0.5] }, "the zoom is undone: \(state.crops)")
        try app.key("ctrl+shift+z")
        state = try app.state()
        #expect(state.crops.contains { $0[0] > 1.5 }, "redo brings the zoom back: \(state.crops)")
    }

    @Test func aRemovalsToastUndoesOnlyThatRemoval() throws {
        let (folder, red, green, blue) = try colourPhotos()
        defer { withExtendedLifetime(folder) {} }
        let app = try AppUnderTest(files: [red, green, blue], accessibility: true)
        _ = try Accessibility.tree()
        try app.keysOnThumbnail(0, "Delete")
        #expect(try app.state().names == ["green.jpg", "blue.jpg"])
        #expect(try Accessibility.find("Undo", role: "push button") != nil, "the removal's toast offers Undo")
        try app.key("ctrl+z")
        #expect(try app.state().names == ["red.jpg", "green.jpg", "blue.jpg"])
        // The toast's Undo, still there to click (with the pointer, as a person
        // does), must not take back the adding of the photos.
        if let undo = try Accessibility.find("Undo", role: "push button"), let center = undo.center {
            try app.click((Double(center.0), Double(center.1)), state: try app.state())
        }
        let state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg", "blue.jpg"], "nothing else undone: \(state.names)")
        #expect(app.isAlive)
    }
}
}

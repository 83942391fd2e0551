// SPEC §3 settings and the crop of each photo, in the window, with real
// input: the settings panel opens beside the preview (F9 or its button), a
// value typed into it changes the preview's pixels at once and is one undo
// step; the settings are remembered for new collages; a pointer drag pans a
// photo inside its cell and the saved collage shows the same crop; the wheel
// zooms about the pointer, never below filling the cell; a double-click
// resets; the too-small mark follows the output size.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppUnderTest {
    /// Opens the settings panel if it is not open, with its key (F9).
    func openSettings() throws {
        if try !state().area("settingsPanel").visible { try key("F9") }
        let state = try self.state()
        guard state.area("settingsPanel").visible else { throw AppError(description: "the settings panel did not open") }
    }

    /// Scrolls the settings panel with the wheel until the widget named `name` is wholly in view.
    @discardableResult
    func revealInSettings(_ name: String) throws -> AppState {
        try openSettings()
        var state = try self.state()
        for _ in 0..<30 {
            let panel = state.area("settingsPanel"), area = state.area(name)
            if area.y >= panel.y, area.y + area.height <= panel.y + panel.height { return state }
            // Over the rows' titles, not a spin button (the wheel would change its value).
            try scroll(at: (panel.x + 40, panel.centerY), state: state, up: area.y < panel.y)
            state = try self.state()
        }
        throw AppError(description: "\(name) could not be scrolled into view")
    }

    /// Types `value` into the spin button named `name`, as a person does: a
    /// click into its text, select all, type, Tab to leave it.
    func typeIntoSpin(_ name: String, _ value: Int) throws {
        let state = try revealInSettings(name)
        let spin = state.area(name)
        guard spin.visible else { throw AppError(description: "\(name) is not on screen") }
        try click((spin.x + 12, spin.centerY), state: state)
        try key("ctrl+a")
        try type(String(value))
        try key("Tab")
        try idle()
    }

    /// Clicks the widget named `name` (a switch, a button).
    func clickNamed(_ name: String) throws {
        let state = try name.hasPrefix("setting") ? revealInSettings(name) : self.state()
        let area = state.area(name)
        guard area.visible else { throw AppError(description: "\(name) is not on screen") }
        try click(area.center, state: state)
        try idle()
    }

    /// Takes the keyboard focus out of any text field (whose Ctrl+Z undoes typing) by
    /// clicking the header's title.
    func leaveTextFields() throws {
        let state = try self.state()
        let save = state.area("buttonSaveCollage")
        try click((save.x - 60, save.centerY), state: state)
    }
}

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

    @Test func settingsChangeThePreviewWhileItIsInViewAndUndo() throws {
        let app = try AppUnderTest(files: [red, blue])
        #expect(try colour(try app.state().preview, atFractionX: 0.5, y: 0.5) != "white")
        try app.openSettings()
        var state = try app.state()
        // The panel leaves the preview in view.
        #expect(state.area("collagePreview").visible && state.area("settingsPanel").visible)
        try app.typeIntoSpin("settingGap", 200)
        state = try app.state()
        #expect(state.settings["gap"] as? Int == 200)
        #expect(try colour(state.preview, atFractionX: 0.5, y: 0.5) == "white", "the gap shows the background")
        try app.typeIntoSpin("settingMargin", 100)
        state = try app.state()
        #expect(try colour(state.preview, atFractionX: 0.02, y: 0.5) == "white", "the margin too")
        #expect(try colour(state.preview, atFractionX: 0.25, y: 0.5) == "red")
        try app.typeIntoSpin("settingWidth", 1920)
        state = try app.state()
        let ratio = Double(state.previewSize[0]) / Double(state.previewSize[1])
        #expect(abs(ratio - 16.0 / 9) < 0.02, "\(state.previewSize)")
        try app.clickNamed("settingTransparent")
        let edge = try pixelWithImageMagick(try app.state().preview, x: 1, y: 1)
        #expect(edge.a == 0)
        // Each was one undoable change.
        try app.leaveTextFields()
        for _ in 0..<3 { try app.key("ctrl+z") }
        state = try app.state()
        #expect(state.settings["gap"] as? Int == 200 && state.settings["margin"] as? Int == 0)
        #expect(state.settings["width"] as? Int == 1080)
        try app.key("ctrl+z")
        #expect(try colour(try app.state().preview, atFractionX: 0.5, y: 0.5) != "white")
    }

    @Test func theLastSettingsApplyToNewCollages() throws {
        let first = try AppUnderTest(files: [red])
        try first.typeIntoSpin("settingGap", 24)
        try first.typeIntoSpin("settingWidth", 1440)
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
        let center = state.cellCenter(0)
        try app.drag(from: (center.0 + 100, center.1), to: (center.0 - 200, center.1), state: state, steps: 15)
        state = try app.state()
        #expect(state.crops[0][1] > 0.7, "dragged left, the photo's right part shows: \(state.crops)")
        #expect(try colour(state.preview, atFractionX: 0.5, y: 0.5) == "blue")
        // The saved collage, at full size, shows the same part.
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        #expect(try colour(saved, atFractionX: 0.5, y: 0.5) == "blue")
        // One drag, one undo step.
        try app.key("ctrl+z")
        #expect(try app.state().crops[0] == [1, 0.5, 0.5])
    }

    /// The wheel zooms about the pointer (GTK 4's scroll events carry no
    /// position: the app keeps the last one from the pointer's motion).
    @Test func theWheelZoomsAboutThePointerAndADoubleClickResets() throws {
        let app = try AppUnderTest(files: [stripes, red])
        var state = try app.state()
        let cell = state.cellCenter(0)
        // A point left of the first cell's centre, still on the lime third.
        let halfCell = Double(state.previewSize[1]) / 2 * 0.4
        let point = (cell.0 - halfCell * 0.6, cell.1)
        try app.scroll(at: point, state: state, up: true, steps: 8)
        try app.idle()
        usleep(500_000)  // steps less than 0.4 s apart make one change
        state = try app.state()
        #expect(state.crops[0][0] > 1.9, "zoomed in: \(state.crops)")
        #expect(state.crops[0][1] < 0.5, "about the pointer, left of the centre: \(state.crops)")
        #expect(state.crops[1] == [1, 0.5, 0.5], "the other photo is untouched")
        // Out, never below filling the cell.
        try app.scroll(at: point, state: state, up: false, steps: 30)
        usleep(500_000)
        #expect(try app.state().crops[0][0] == 1)
        // Pan, then a double-click resets.
        try app.scroll(at: point, state: state, up: true, steps: 5)
        usleep(500_000)
        try app.drag(from: cell, to: (cell.0 + 60, cell.1 + 40), state: try app.state())
        #expect(try app.state().crops[0] != [1, 0.5, 0.5])
        try app.click(cell, state: try app.state(), count: 2)
        #expect(try app.state().crops[0] == [1, 0.5, 0.5])
        // A reorder keeps a photo's crop.
        try app.scroll(at: point, state: state, up: true, steps: 6)
        usleep(500_000)
        let zoom = try app.state().crops[0][0]
        try app.dragThumbnail(0, toGap: 2)
        state = try app.state()
        #expect(state.names == ["red.png", "stripes.png"])
        #expect(abs(state.crops[1][0] - zoom) < 1e-9)
    }

    /// A run of keys still waiting for its pause is the user's edit: a drag on
    /// another photo, a reset of another one, must not drop it (issue 19, point 6).
    @Test func aPendingKeyRunIsKeptWhenAnotherPhotoIsDraggedOrReset() throws {
        let app = try AppUnderTest(files: [stripes, red])
        try app.tab(to: "previewCell")
        try app.key("plus")
        try app.key("plus")
        // At once, well within the 0.7 s pause, a drag on the other photo.
        var state = try app.state()
        let other = state.cellCenter(1)
        try app.drag(from: other, to: (other.0 + 60, other.1 + 10), state: state, steps: 4)
        usleep(900_000)
        try app.idle()
        state = try app.state()
        #expect(state.crops[0][0] > 1.5, "the zoom by keys was kept: \(state.crops)")
        #expect(state.crops[1] != [1, 0.5, 0.5], "and the drag panned the other photo: \(state.crops)")
        // Each was its own undo step.
        try app.key("ctrl+z")
        state = try app.state()
        #expect(state.crops[1] == [1, 0.5, 0.5] && state.crops[0][0] > 1.5, "\(state.crops)")
        try app.key("ctrl+z")
        #expect(try app.state().crops[0] == [1, 0.5, 0.5])
        // Keys on one photo, then a double-click resetting the other: the keys' zoom stays.
        try app.tab(to: "previewCell")
        try app.key("plus")
        state = try app.state()
        try app.click(state.cellCenter(1), state: state, count: 2)
        usleep(900_000)
        try app.idle()
        let crops = try app.state().crops
        #expect(crops[0][0] > 1.2, "\(crops)")
    }

    @Test func aPhotoTooSmallForTheOutputIsMarked() throws {
        let small = try photos.solid("small.png", colour: "lime", width: 300, height: 200)
        let app = try AppUnderTest(files: [small, red])
        var state = try app.state()
        #expect(state.tooSmall == [small])
        try app.typeIntoSpin("settingWidth", 400)
        try app.typeIntoSpin("settingHeight", 200)
        state = try app.state()
        #expect(state.tooSmall.isEmpty, "at 400×200 a 300×200 photo has pixels to spare: \(state.tooSmall)")
    }
}
}

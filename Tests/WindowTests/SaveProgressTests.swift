// A save that takes longer than half a second shows its progress in the Save
// button (issue 20): a 6000 × 6000 collage of nine photos, saved with
// Ctrl+S, shows the bar while it is written, and the bar is gone once the
// file is there; a quick save shows none. The app is read while it saves
// (a dump that does not wait for the save), the file from disk.

import Foundation
import Testing
import TestSupport

extension AppUnderTest {
    /// Saves with Ctrl+S and watches the Save button until the file is written:
    /// whether the progress bar showed, and the text it showed.
    func saveWatchingProgress() throws -> (shown: [String], saved: String) {
        try key("ctrl+s")
        var shown: [String] = []
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let state = try stateNow()
            if state.area("saveProgress").visible { shown.append(state.text("saveProgress")) }
            if !state.lastSaved.isEmpty { return (shown, state.lastSaved) }
            usleep(100_000)
        }
        throw AppError(description: "no file saved in two minutes")
    }
}

extension AppWindow {
@Suite struct SaveProgressTests {
    let photos: FixtureFolder

    init() throws {
        photos = try FixtureFolder()
    }

    @Test func aSlowSaveShowsItsProgressAndItGoesWhenTheFileIsWritten() throws {
        let given = try ["red", "lime", "blue", "yellow", "cyan", "magenta", "orange", "purple", "gray"].map {
            try photos.convert(["-size", "2400x2400", "gradient:\($0)-white"], to: "\($0).png")
        }
        let app = try AppUnderTest(files: given)
        try app.typeIntoSpin("settingWidth", 6000)
        try app.typeIntoSpin("settingHeight", 6000)
        try app.leaveTextFields()
        let (shown, saved) = try app.saveWatchingProgress()
        #expect(!shown.isEmpty, "the progress showed while saving")
        #expect(shown.allSatisfy { $0.hasPrefix("Saving… ") && $0.hasSuffix(" %") }, "\(shown)")
        let state = try app.state()
        #expect(!state.area("saveProgress").visible, "the bar is gone after the save")
        #expect(state.area("buttonSaveCollage").visible && state.text("buttonSaveCollage") == "Save")
        let info = try identify(saved)
        #expect(info.width == 6000 && info.height == 6000 && info.format == "PNG", "\(info)")
    }

    @Test func aQuickSaveShowsNoProgress() throws {
        let red = try photos.solid("red.png", colour: "red", width: 200, height: 200)
        let app = try AppUnderTest(files: [red])
        let (shown, saved) = try app.saveWatchingProgress()
        #expect(shown.isEmpty, "\(shown)")
        #expect(try identify(saved).width == 1080)
        #expect(try !app.state().area("saveProgress").visible)
    }
}
}

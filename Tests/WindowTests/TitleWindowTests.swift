// The title in the window, as a person gives it: open the settings panel with
// its key (F9), type into the focused title field with real keys, Ctrl+Z and
// Ctrl+Shift+Z, Ctrl+S; then the saved file's pixels, the preview's and the
// session file on disk say whether it worked. "Use Suggestion" from the
// keyboard fills in where and when the photos (tagged by exiftool) were taken.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct TitleWindowTests {
    let photos: FixtureFolder

    init() throws {
        photos = try FixtureFolder()
    }

    /// The title's text in the session file on disk.
    func sessionTitle(_ app: AppUnderTest) throws -> String? {
        try app.idle()
        let data = try Data(contentsOf: URL(fileURLWithPath: app.sessionFile))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let title = (json?["document"] as? [String: Any])?["title"] as? [String: Any]
        return title?["text"] as? String
    }

    /// Dark pixels in the top `share` of an image file (where a title band above the photos is).
    func topInk(_ path: String, share: Double) throws -> Int {
        let info = try identify(path)
        return try darkPixelCount(path, y: 0, width: info.width, height: Int(Double(info.height) * share))
    }

    @Test func aTitleTypedWithRealKeysIsInThePreviewAndTheSavedFile() throws {
        // Light photos, so that any dark pixel near the top is text.
        let yellow = try photos.solid("yellow.png", colour: "yellow", width: 1600, height: 1600)
        let green = try photos.solid("green.png", colour: "lime", width: 1600, height: 1600)
        let app = try AppUnderTest(files: [yellow, green])
        #expect(try topInk(try app.state().preview, share: 0.1) == 0, "no title yet: the photos reach the top")

        try app.openSettings()
        try app.type("Summer in Kyoto")
        try app.idle()
        #expect(try sessionTitle(app) == "Summer in Kyoto")
        // The band is 12 % of the height (a 6 % font, twice that); the text is dark on white.
        #expect(try topInk(try app.state().preview, share: 0.12) > 50)
        #expect(try colour(try app.state().preview, atFractionX: 0.03, y: 0.05) == "white", "the band is the background")

        // One undo takes the whole burst of typing back; redo brings it again.
        try app.key("ctrl+z")
        #expect(try sessionTitle(app) == "")
        #expect(try topInk(try app.state().preview, share: 0.1) == 0)
        try app.key("ctrl+shift+z")
        #expect(try sessionTitle(app) == "Summer in Kyoto")

        // Close the settings and save, as a person would.
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        #expect(!saved.isEmpty, "Ctrl+S saved nothing")
        let info = try identify(saved)
        #expect(info.width == 1080 && info.height == 1080, "the output size is still what was asked")
        // 1080 × 6 % = 65 px text in a 130 px band above the photos, which start under it.
        #expect(try darkPixelCount(saved, y: 0, width: 1080, height: 130) > 800)
        #expect(try colour(saved, atFractionX: 0.25, y: 140 / 1080) == "yellow")
        #expect(try colour(saved, atFractionX: 0.25, y: 120 / 1080) == "white")
    }

    @Test func clearAllTakesTheTitleAlongAndOneUndoBringsBothBack() throws {
        let yellow = try photos.solid("yellow.png", colour: "yellow", width: 800, height: 800)
        let green = try photos.solid("green.png", colour: "lime", width: 800, height: 800)
        let cyan = try photos.solid("cyan.png", colour: "cyan", width: 800, height: 800)
        let app = try AppUnderTest(files: [yellow, green])
        try app.openSettings()
        try app.type("Summer in Kyoto")
        try app.idle()
        #expect(try sessionTitle(app) == "Summer in Kyoto")
        try app.leaveTextFields()
        try app.key("ctrl+shift+BackSpace")
        var state = try app.state()
        #expect(state.photos.isEmpty)
        #expect(state.title == "" && state.text("collageTitle") == "", "the field is empty too: \(state.text("collageTitle"))")
        #expect(try sessionTitle(app) == "")

        // New photos: no old place and date printed over them.
        try app.openWith([cyan])
        state = try app.state()
        #expect(state.photos == [cyan])
        #expect(state.title == "")
        #expect(try topInk(state.preview, share: 0.15) == 0, "no title in the preview")
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        #expect(!saved.isEmpty)
        #expect(try topInk(saved, share: 0.15) == 0, "no title in the saved file")

        // Undo the add, then the Clear All: photos and title come back together.
        try app.key("ctrl+z")
        #expect(try app.state().photos.isEmpty)
        try app.key("ctrl+z")
        state = try app.state()
        #expect(state.photos == [yellow, green])
        #expect(state.title == "Summer in Kyoto" && state.text("collageTitle") == "Summer in Kyoto")
        #expect(try topInk(state.preview, share: 0.12) > 50, "the title is drawn again")
    }

    @Test func useSuggestionFillsInWhereAndWhen() throws {
        let tagged = try [3, 4, 5].map { d in
            try photos.tagged("paris\(d).jpg", taken: "2026:04:0\(d) 12:00:00", latitude: TestPlaces.paris.0,
                              longitude: TestPlaces.paris.1, colour: "yellow")
        }
        let app = try AppUnderTest(files: tagged)
        try app.openSettings()
        // The suggestion is worked out off the main thread; give it a moment.
        usleep(1_000_000)
        // From the field, Tab reaches "Use Suggestion"; Space presses it.
        try app.key("Tab", "space")
        #expect(try sessionTitle(app) == "Paris, 3–5 April 2026")
        #expect(try topInk(try app.state().preview, share: 0.12) > 50)
        // Typing after it edits the suggestion; one Ctrl+Z takes the typing back, the next the suggestion.
        try app.key("shift+Tab", "End")
        try app.type("!")
        let edited = try sessionTitle(app)
        #expect(edited == "Paris, 3–5 April 2026!", "\(edited ?? "no title")")
        try app.key("ctrl+z")
        #expect(try sessionTitle(app) == "Paris, 3–5 April 2026")
        try app.key("ctrl+z")
        #expect(try sessionTitle(app) == "")
    }
}
}

// The title in the window, as a person gives it: open the settings with a
// real click, type into the focused title field with real keys, Ctrl+Z and
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

    /// Real input on the test display, into the app's window.
    struct Person {
        let app: AppUnderTest

        func xdotool(_ arguments: [String]) throws {
            let result = try run("/usr/bin/xdotool", arguments)
            if result.status != 0 { throw AppError(description: "xdotool \(arguments): \(result.stderr)") }
        }

        func focusWindow() throws {
            let search = try run("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--pid", String(app.process.processIdentifier)])
            guard let window = search.stdout.split(separator: "\n").last.map(String.init) else {
                throw AppError(description: "no window: \(search.stderr)")
            }
            try xdotool(["windowfocus", "--sync", window])
        }

        /// Clicks the settings button; the popover opens with the title field focused.
        func openSettings() throws {
            let state = try app.state()
            let origin = try app.screenOrigin(state)
            let button = state.area("collageSettings")
            try focusWindow()
            try xdotool(["mousemove", "--sync", String(Int(origin.x + button.centerX)), String(Int(origin.y + button.centerY))])
            usleep(200_000)
            try xdotool(["click", "1"])
            usleep(700_000)
        }

        func type(_ text: String) throws {
            try xdotool(["type", "--delay", "60", text])
        }

        func key(_ keys: String...) throws {
            for key in keys {
                try xdotool(["key", key])
                usleep(300_000)
            }
        }
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
        let person = Person(app: app)
        #expect(try topInk(try app.state().preview, share: 0.1) == 0, "no title yet: the photos reach the top")

        try person.openSettings()
        try person.type("Summer in Kyoto")
        try app.idle()
        #expect(try sessionTitle(app) == "Summer in Kyoto")
        // The band is 12 % of the height (a 6 % font, twice that); the text is dark on white.
        #expect(try topInk(try app.state().preview, share: 0.12) > 50)
        #expect(try colour(try app.state().preview, atFractionX: 0.03, y: 0.05) == "white", "the band is the background")

        // One undo takes the whole burst of typing back; redo brings it again.
        try person.key("ctrl+z")
        #expect(try sessionTitle(app) == "")
        #expect(try topInk(try app.state().preview, share: 0.1) == 0)
        try person.key("ctrl+shift+z")
        #expect(try sessionTitle(app) == "Summer in Kyoto")

        // Close the settings and save, as a person would.
        try person.key("Escape", "ctrl+s")
        let saved = try app.state().lastSaved
        #expect(!saved.isEmpty, "Ctrl+S saved nothing")
        let info = try identify(saved)
        #expect(info.width == 1080 && info.height == 1080, "the output size is still what was asked")
        // 1080 × 6 % = 65 px text in a 130 px band above the photos, which start under it.
        #expect(try darkPixelCount(saved, y: 0, width: 1080, height: 130) > 800)
        #expect(try colour(saved, atFractionX: 0.25, y: 140 / 1080) == "yellow")
        #expect(try colour(saved, atFractionX: 0.25, y: 120 / 1080) == "white")
    }

    @Test func useSuggestionFillsInWhereAndWhen() throws {
        let tagged = try [3, 4, 5].map { d in
            try photos.tagged("paris\(d).jpg", taken: "2026:04:0\(d) 12:00:00", latitude: TestPlaces.paris.0,
                              longitude: TestPlaces.paris.1, colour: "yellow")
        }
        let app = try AppUnderTest(files: tagged)
        let person = Person(app: app)
        try person.openSettings()
        // The suggestion is worked out off the main thread; give it a moment.
        usleep(1_000_000)
        // From the field, Tab reaches "Use Suggestion"; Space presses it.
        try person.key("Tab", "space")
        #expect(try sessionTitle(app) == "Paris, 3–5 April 2026")
        #expect(try topInk(try app.state().preview, share: 0.12) > 50)
        // Typing after it edits the suggestion; one Ctrl+Z takes the typing back, the next the suggestion.
        try person.key("shift+Tab", "End")
        try person.type("!")
        let edited = try sessionTitle(app)
        #expect(edited == "Paris, 3–5 April 2026!", "\(edited ?? "no title")")
        try person.key("ctrl+z")
        #expect(try sessionTitle(app) == "Paris, 3–5 April 2026")
        try person.key("ctrl+z")
        #expect(try sessionTitle(app) == "")
    }
}
}

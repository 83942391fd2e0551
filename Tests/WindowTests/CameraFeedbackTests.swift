// The photo booth answers (issue 20): a single shot shows its thumbnail and
// "3 of 9 in the collage" on the page's answer line and a screen reader hears
// the count; the burst button's words, tooltip and name are right in both
// states, with no raw underscore; messages ("photo was not added") replace
// each other on the answer line, which covers neither the view nor the
// buttons. Real GStreamer (videotestsrc), real key presses and clicks.

import Foundation
import Testing
import TestSupport

extension AppState {
    /// What the named label or button shows, as the dump read it.
    func text(_ name: String) -> String {
        ((raw["areas"] as? [String: Any])?[name] as? [String: Any])?["text"] as? String ?? ""
    }

    func tooltip(_ name: String) -> String {
        ((raw["areas"] as? [String: Any])?[name] as? [String: Any])?["tooltip"] as? String ?? ""
    }

    var title: String { raw["title"] as? String ?? "" }
}

func overlaps(_ a: Bounds, _ b: Bounds) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

extension AppWindow {
@Suite struct CameraFeedbackTests {
    let photos: FixtureFolder

    init() throws {
        photos = try FixtureFolder()
    }

    @Test func aShotShowsItsThumbnailAndTheCountAndAScreenReaderHearsIt() throws {
        let given = try ["blue", "lime"].map { try photos.solid("\($0).png", colour: $0, width: 200, height: 200) }
        let app = try AppUnderTest(files: ["--camera-source", testCamera("0xffff0000", width: 320, height: 240)] + given,
                                   accessibility: true)
        let person = Person(app: app)
        try person.press("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        var state = try app.state()
        #expect(state.text("cameraFeedbackText").isEmpty, "nothing said before a shot: \(state.text("cameraFeedbackText"))")
        #expect(!state.area("cameraShotThumbnail").visible)
        _ = try Accessibility.tree()
        let listener = try Accessibility.listen(["object:property-change:accessible-name"], seconds: 6)
        try person.press("space")
        try waitUntil(20, "the count") { try app.state().text("cameraFeedbackText") == "3 of 9 in the collage" }
        state = try app.state()
        #expect(state.photos.count == 3)
        #expect(state.area("cameraShotThumbnail").visible && state.area("cameraShotThumbnail").width >= 32,
                "the shot's thumbnail: \(state.area("cameraShotThumbnail"))")
        #expect(!overlaps(state.area("cameraFeedback"), state.area("buttonTakePhoto")))
        #expect(!overlaps(state.area("cameraFeedback"), state.area("cameraView")))
        let heard = listener.events().filter { ($0["role"] as? String) == "alert" }.compactMap { $0["source"] as? String }
        #expect(heard.contains { $0.contains("3 of 9 in the collage") }, "a screen reader hears it: \(heard)")

        // A second shot: the count goes on.
        try person.press("space")
        try waitUntil(20, "the next count") { try app.state().text("cameraFeedbackText") == "4 of 9 in the collage" }
        #expect(try app.state().photos.count == 4)
    }

    @Test func theBurstButtonSaysWhatItDoesInBothStates() throws {
        let app = try AppUnderTest(files: ["--camera-source", testCamera("0xff00ff00", width: 320, height: 240)])
        let person = Person(app: app)
        try person.press("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        var state = try app.state()
        #expect(state.text("buttonBurst") == "4 Photos, 3 s Apart", "\(state.text("buttonBurst"))")
        #expect(state.tooltip("buttonBurst").contains("Take 4 photos"))
        try person.click("buttonBurst")
        try waitUntil(5, "the burst running") { try app.state().text("buttonBurst") == "Stop Burst" }
        state = try app.state()
        #expect(!state.text("buttonBurst").contains("_"))
        #expect(state.tooltip("buttonBurst").hasPrefix("Stop the burst"), "tooltip while running: \(state.tooltip("buttonBurst"))")
        // Its mnemonic stops it, as the underlined letter promises.
        try person.press("alt+s")
        try waitUntil(5, "the burst stopped") { try app.state().text("buttonBurst") == "4 Photos, 3 s Apart" }
        state = try app.state()
        #expect(state.tooltip("buttonBurst").contains("Take 4 photos"))
        #expect(!state.area("cameraCountdown").visible)
    }

    @Test func messagesReplaceEachOtherAndCoverNoControl() throws {
        let given = try (1...9).map { try photos.solid("p\($0).png", colour: "gray\($0 * 10)", width: 100, height: 100) }
        let app = try AppUnderTest(files: ["--camera-source", testCamera("0xffff0000", width: 320, height: 240)] + given)
        let person = Person(app: app)
        try person.press("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        for shot in 1...3 {
            try person.press("space")
            try waitUntil(20, "shot \(shot)'s message") {
                try app.state().toasts.filter { $0.contains("was not added") }.count == shot
            }
        }
        let state = try app.state()
        #expect(state.text("cameraFeedbackText") == "1 photo was not added: a collage holds at most 9",
                "\(state.text("cameraFeedbackText"))")
        #expect(!state.area("cameraShotThumbnail").visible, "a message stands alone")
        let line = state.area("cameraFeedback")
        #expect(line.visible)
        for control in ["buttonTakePhoto", "buttonBurst", "cameraView"] {
            #expect(state.area(control).visible && !overlaps(line, state.area(control)), "\(control) is uncovered")
        }
        #expect(state.photos == given)
    }
}
}

// A failure the window tells the person is also in the app's log, through
// GLib's structured logging (issue 19 point 8): "tinycollage-WARNING" lines
// on standard error (or in the journal), with the reason, not a bare line.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct LoggedErrorTests {
    @Test func aSessionThatCannotBeKeptIsToldAndLogged() throws {
        let folder = try FixtureFolder()
        let red = try folder.solid("red.png", colour: "red")
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("state"), withIntermediateDirectories: true)
        // A file where the session's folder should be: no write can succeed, even as root.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: home.file("state/tinycollage")))
        let app = try AppUnderTest(files: [red], home: home, keepingLog: true)
        let state = try app.state()
        #expect(state.toasts.contains { $0.contains("cannot be kept") }, "\(state.toasts)")
        let lines = app.log.split(separator: "\n").filter { $0.contains("the session could not be kept") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("tinycollage-WARNING") }, "\(app.log)")
        #expect(lines.contains { $0.contains("state/tinycollage") }, "the folder is named: \(lines)")
        #expect(app.isAlive)
    }

    @Test func aCameraSourceThatCannotBeUsedIsShownAndLogged() throws {
        let app = try AppUnderTest(files: ["--camera-source", "nosuchcamerasrc"], keepingLog: true)
        try Person(app: app).press("ctrl+t")
        try waitUntil(20, "the camera's message") { try app.state().area("cameraProblem-badSource").visible }
        let lines = app.log.split(separator: "\n").filter { $0.contains("camera:") }
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("tinycollage-WARNING") }, "\(app.log)")
        #expect(lines.contains { $0.contains("nosuchcamerasrc") }, "the source is named: \(lines)")
        #expect(app.isAlive)
    }
}
}

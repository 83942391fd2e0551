// Every file that reaches the window is added or named with its own reason
// (issue 19 point 4): "Open With" (a second `tinycollage`, whose files reach
// this one over D-Bus, as a file manager's do) with a location that is not on
// this computer, a file that is not an image and one that is gone. On
// 25f418c the location vanished without a word and the two others were both
// said to be refused for the first one's reason.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct OpenedFilesTests {
    @Test func eachFileIsAddedOrNamedWithItsOwnReason() throws {
        let folder = try FixtureFolder()
        let good = try folder.solid("good.png", colour: "lime", width: 300, height: 200)
        let notes = try folder.write("notes.jpg", bytes: Array("not a photo at all".utf8))
        let app = try AppUnderTest()
        try app.openWith(["https://example.com/holiday.jpg", notes, folder.file("gone.jpg"), good])
        let state = try app.state()
        #expect(state.names == ["good.png"], "\(state.names)")
        let toasts = state.toasts
        #expect(toasts.contains("“https://example.com/holiday.jpg” was not added: it is not a file on this computer"),
                "\(toasts)")
        #expect(toasts.contains("“notes.jpg” was not added: not an image, or a format this computer cannot read"),
                "\(toasts)")
        #expect(toasts.contains("“gone.jpg” was not added: no such file"), "\(toasts)")
        #expect(app.isAlive)
    }

    /// The toast names the file as text: its newline does not make a second
    /// line, its escape and right-to-left override are shown, not obeyed.
    @Test func aHostileNameIsShownAsText() throws {
        let folder = try FixtureFolder()
        let notes = try folder.write("two\nlines\u{1B}[31m\u{202E}gpj.jpg", bytes: Array("not a photo".utf8))
        let app = try AppUnderTest()
        try app.openWith([notes])
        let toasts = try app.state().toasts
        #expect(toasts.contains("“two\u{240A}lines\u{241B}[31m\u{FFFD}gpj.jpg” was not added: not an image, or a format this computer cannot read"),
                "\(toasts)")
        #expect(app.isAlive)
    }
}
}

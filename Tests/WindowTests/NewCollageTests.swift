// Issue 22: New Collage (Ctrl+N) and photos opened from outside start another
// collage in place of the current one, which stays one Undo away. Before,
// `tinycollage a.jpg b.jpg` on a restored collage of seven gave nine photos
// and "… were not added", and there was no New Collage at all.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct NewCollageTests {
    private static func sevenAndTwo() throws -> (FixtureFolder, [String], [String]) {
        let folder = try FixtureFolder()
        let colours = ["red", "lime", "blue", "yellow", "cyan", "magenta", "orange"]
        let seven = try colours.map { try folder.solid("\($0).jpg", colour: $0, width: 300, height: 200) }
        let two = [try folder.solid("a.jpg", colour: "white", width: 300, height: 200),
                   try folder.solid("b.jpg", colour: "black", width: 300, height: 200)]
        return (folder, seven, two)
    }

    private static let sevenNames = ["red.jpg", "lime.jpg", "blue.jpg", "yellow.jpg", "cyan.jpg", "magenta.jpg",
                                     "orange.jpg"]

    @Test func ctrlNStartsAnEmptyCollageAndUndoBringsTheOldOneBack() throws {
        let (folder, seven, _) = try Self.sevenAndTwo()
        defer { withExtendedLifetime(folder) {} }
        let app = try AppUnderTest(files: seven)
        #expect(try app.state().names == Self.sevenNames)
        try app.key("ctrl+n")
        #expect(try app.state().names == [], "a new collage is empty")
        try app.key("ctrl+z")
        #expect(try app.state().names == Self.sevenNames, "Undo brings the seven back")
        try app.key("ctrl+shift+z")
        #expect(try app.state().names == [])
        #expect(app.isAlive)
    }

    /// A second `tinycollage a.jpg b.jpg` hands them to the running app ("Open With").
    @Test func photosOpenedIntoTheRunningAppStartANewCollage() throws {
        let (folder, seven, two) = try Self.sevenAndTwo()
        defer { withExtendedLifetime(folder) {} }
        let app = try AppUnderTest(files: seven)
        try app.openWith(two)
        let state = try app.state()
        #expect(state.names == ["a.jpg", "b.jpg"], "\(state.names)")
        #expect(!state.toasts.contains { $0.contains("not added") }, "\(state.toasts)")
        try app.key("ctrl+z")
        #expect(try app.state().names == Self.sevenNames, "one Undo brings the seven back")
    }

    /// The case the issue tried: the app started with two photos on a restored collage of seven.
    @Test func photosOnTheCommandLineReplaceTheRestoredCollage() throws {
        let (folder, seven, two) = try Self.sevenAndTwo()
        defer { withExtendedLifetime(folder) {} }
        let first = try AppUnderTest(files: seven)
        #expect(try first.state().names == Self.sevenNames)
        try first.quit()
        let app = try AppUnderTest(files: two, home: first.home)
        #expect(try app.state().names == ["a.jpg", "b.jpg"])
        try app.key("ctrl+z")
        #expect(try app.state().names == Self.sevenNames)
    }

    /// Photos that cannot be added leave the collage there as it was.
    @Test func openedFilesThatAreNotPhotosKeepTheCollage() throws {
        let (folder, seven, _) = try Self.sevenAndTwo()
        let notes = try folder.write("notes.jpg", bytes: Array("not a photo".utf8))
        let app = try AppUnderTest(files: seven)
        try app.openWith([notes])
        let state = try app.state()
        #expect(state.names == Self.sevenNames, "\(state.names)")
        #expect(state.toasts.contains { $0.contains("notes.jpg") }, "\(state.toasts)")
    }
}
}

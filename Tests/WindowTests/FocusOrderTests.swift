// Where the keyboard goes, with real key presses (xdotool): Tab walks the
// preview's photos in the collage's order (1, 2, 3… as "Photo N of M" counts,
// column by column), not by where they sit on screen; F6 and Shift+F6 move
// between the window's regions as in GNOME's core apps, and the shortcuts
// window lists them. The focused photo is read as a screen reader reads it
// (AT-SPI's focused object); the region from the read-only dump's focus path.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct FocusOrderTests {
    /// The name of the object a screen reader is told has the focus.
    func focusedName() throws -> String {
        try Accessibility.tree().first { $0.states.contains("focused") }?.name ?? ""
    }

    @Test(arguments: [5, 3, 8])
    func tabFollowsTheCollagesOrder(count: Int) throws {
        let folder = try FixtureFolder()
        let colours = ["red", "lime", "blue", "yellow", "cyan", "magenta", "orange", "purple"]
        let photos = try (0..<count).map { try folder.solid("p\($0 + 1).png", colour: colours[$0], width: 600, height: 400) }
        let app = try AppUnderTest(files: photos, accessibility: true)
        /// The focused names, `key` pressed between them, `count` in all.
        func walk(_ key: String) throws -> [String] {
            var names = [try focusedName()]
            for _ in 1..<count {
                try app.key(key)
                names.append(try focusedName())
            }
            return names
        }
        let inOrder = (1...count).map { "p\($0).png" }
        try app.tab(to: "previewCell")
        let forward = try walk("Tab")
        #expect(forward == inOrder, "Tab: \(forward)")
        let backward = try walk("shift+Tab")
        #expect(backward == forward.reversed(), "Shift+Tab: \(backward)")
        // The rows layout is the other way round on screen; Tab still counts 1, 2, 3….
        try Accessibility.act("Rows", "click", role: "push button")
        try app.tab(to: "previewCell")
        let rows = try walk("Tab")
        #expect(rows == inOrder, "Tab in rows: \(rows)")
    }

    /// The region the focus is in, by the names the dump gives its ancestors.
    func region(_ app: AppUnderTest) throws -> String {
        let path = try app.state().focusPath
        for region in ["headerBar", "collagePreview", "layoutPicker", "pictureListSelected", "pictureListToSelect", "settingsPanel"]
            where path.contains(region) {
            return region == "layoutPicker" ? "collagePreview" : region
        }
        return "none: \(path)"
    }

    @Test func f6MovesBetweenTheWindowsRegions() throws {
        let (home, _) = try homeWithPictures([("beach.jpg", "blue"), ("forest.jpg", "lime")])
        let folder = try FixtureFolder()
        let photos = try ["red", "yellow"].map { try folder.solid("\($0).png", colour: $0, width: 600, height: 400) }
        let app = try AppUnderTest(files: photos, home: home, accessibility: true)
        _ = try app.waitForGalleryThumbnails(count: 2)
        var visited: [String] = []
        for _ in 0..<5 {
            try app.key("F6")
            visited.append(try region(app))
        }
        // From wherever it starts, the regions come round in order.
        let cycle = ["headerBar", "collagePreview", "pictureListSelected", "pictureListToSelect"]
        let start = cycle.firstIndex(of: visited[0]) ?? 0
        #expect(visited == (0..<5).map { cycle[(start + $0) % cycle.count] }, "F6: \(visited)")
        var back: [String] = []
        for _ in 0..<4 {
            try app.key("shift+F6")
            back.append(try region(app))
        }
        let last = (start + 4) % cycle.count
        #expect(back == (1...4).map { cycle[(last - $0 + 2 * cycle.count) % cycle.count] }, "Shift+F6: \(back)")
        // A region gets the focus on its first control: the strip on its first photo.
        for _ in 0..<cycle.count where try region(app) != "pictureListSelected" { try app.key("F6") }
        #expect(try region(app) == "pictureListSelected")
        #expect(try focusedName() == "red.png")
        // With the settings open they are the third region, in the strip's and gallery's place.
        try app.key("F9")
        var withSettings: [String] = []
        for _ in 0..<3 {
            try app.key("F6")
            withSettings.append(try region(app))
        }
        #expect(Set(withSettings) == ["headerBar", "collagePreview", "settingsPanel"], "\(withSettings)")
        // An empty strip has nothing to focus: F6 passes it over.
        try app.key("F9")
        try app.key("ctrl+shift+BackSpace")
        var empty: [String] = []
        for _ in 0..<4 {
            try app.key("F6")
            empty.append(try region(app))
        }
        #expect(!empty.contains("pictureListSelected") && Set(empty).isSuperset(of: ["headerBar", "pictureListToSelect"]),
                "\(empty)")
    }

    @Test func theShortcutsWindowListsF6() throws {
        let app = try AppUnderTest(accessibility: true)
        try app.key("ctrl+question")
        usleep(800_000)
        let names = Set(try Accessibility.tree().map(\.name))
        #expect(names.contains("Go to the next part of the window"), "listed: \(names.sorted())")
        #expect(names.contains("Go to the previous part of the window"))
    }
}
}

// What a screen reader finds in the tree, in every state a person meets
// (issue 20): only what is on screen — no "Add photos" page behind the
// collage, no closed settings panel, no unneeded scroll bars, nothing of the
// collage behind the camera page — every name said once and none a class
// name, in the main window, the camera page and every menu opened; and the
// strip's photos as items of a list with readable actions and their place.
// GTK 4.8 reports SHOWING for windows only (gtkatspicontext.c), so what is in
// the tree is what a reader takes as shown: the test checks that each object
// there is on screen (its box has a size, and lies in the window unless it
// scrolls or sits in a popover's own window) and that the frame is SHOWING.

import Foundation
import Testing
import TestSupport

/// Why `tree` shows something that is not on screen, for each such object.
func offscreenProblems(_ tree: [AccessibleObject], _ moment: String) -> [String] {
    guard let frame = tree.first(where: { $0.role == "frame" }), let window = frame.extents else {
        return ["\(moment): no frame in the tree"]
    }
    var problems: [String] = []
    if !frame.isShowing { problems.append("\(moment): the window is not SHOWING") }
    let byPath = Dictionary(tree.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    for object in tree where object.role != "frame" && object.role != "application" {
        guard let box = object.extents, box.count == 4 else { continue }  // a stack page: no box of its own
        let ancestors = (0..<object.path.count).compactMap { byPath[Array(object.path.prefix($0))] }
        let scrolls = ancestors.contains { $0.role == "scroll pane" || $0.role == "menu" }
        let what = "\(moment): \(object.role) “\(object.name)” at \(object.path) \(box)"
        if box[2] <= 0 || box[3] <= 0 {
            problems.append(what + " has no size")
        } else if !scrolls, box[0] >= window[0] + window[2] || box[1] >= window[1] + window[3]
                    || box[0] + box[2] <= window[0] || box[1] + box[3] <= window[1] {
            problems.append(what + " lies outside the window")
        }
    }
    return problems
}

/// What the audit (accessibilityProblem) finds wrong with any object of `tree`.
func namingProblems(_ tree: [AccessibleObject], _ moment: String) -> [String] {
    tree.compactMap { object in
        accessibilityProblem(object).map { "\(moment): \(object.role) “\(object.name)” at \(object.path): \($0)" }
    }
}

extension AppWindow {
@Suite struct ScreenReaderTreeTests {
    @Test func onlyWhatIsOnScreenIsInTheTree() throws {
        let (home, _) = try homeWithPictures([("beach.jpg", "blue"), ("forest.jpg", "lime")])
        let folder = try FixtureFolder()
        let photos = try ["red", "yellow", "blue"].map { try folder.solid("\($0).png", colour: $0, width: 400, height: 300) }
        let app = try AppUnderTest(home: home, accessibility: true)
        _ = try app.waitForGalleryThumbnails(count: 2)
        var problems: [String] = []
        func look(_ moment: String) throws -> [AccessibleObject] {
            usleep(300_000)  // the tidy pass runs a moment after a change
            let tree = try Accessibility.tree()
            problems += offscreenProblems(tree, moment)
            return tree
        }
        func names(_ tree: [AccessibleObject]) -> Set<String> { Set(tree.map(\.name)) }

        var tree = try look("empty")
        #expect(names(tree).contains("Add photos"), "the empty collage invites photos")
        #expect(!tree.contains { $0.role == "spin button" || $0.name == "Use Suggestion" },
                "the closed settings panel is not in the tree")
        #expect(!names(tree).contains("No photos in this folder"), "the gallery has photos")

        try app.openWith(photos)
        tree = try look("photos in")
        #expect(!names(tree).contains("Add photos"), "the page behind the collage is not in the tree")
        #expect(tree.filter { $0.role == "list item" }.map(\.name) == ["red.png", "yellow.png", "blue.png"])

        try app.key("F9")
        tree = try look("settings open")
        #expect(tree.contains { $0.role == "spin button" })
        #expect(!names(tree).contains("Photos on this computer"), "the gallery is behind the settings")
        #expect(!tree.contains { $0.role == "list item" && $0.name == "red.png" }, "so is the strip")
        try app.key("F9")
        tree = try look("settings closed")
        #expect(!tree.contains { $0.role == "spin button" }, "the settings' fields are gone again")
        #expect(names(tree).contains("Photos on this computer"))

        // A folder with no photos: its hint, and no grid.
        try FileManager.default.removeItem(atPath: home.file("Pictures/beach.jpg"))
        try FileManager.default.removeItem(atPath: home.file("Pictures/forest.jpg"))
        _ = try app.waitFor(seconds: 10) { $0.galleryCells.isEmpty }
        tree = try look("empty folder")
        #expect(names(tree).contains("No photos in this folder"))
        #expect(!tree.contains { $0.role == "table cell" })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theCameraPageHidesTheCollageAndSaysEachNameOnce() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("red.png", colour: "red", width: 400, height: 300)
        var problems: [String] = []
        do {
        let app = try AppUnderTest(files: ["--camera-source", testCamera("0xff00ff00", width: 320, height: 240), photo],
                                   accessibility: true)
        try app.key("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        usleep(400_000)
        let tree = try Accessibility.tree()
        problems += offscreenProblems(tree, "camera") + namingProblems(tree, "camera")
        let buttons = tree.filter { $0.role == "push button" }.map(\.name)
        for name in ["Done", "Take Photo", "Take 4 photos, 3 seconds apart"] {
            #expect(buttons.contains(name), "“\(name)” once: \(buttons)")
        }
        #expect(!tree.contains { $0.name == "red.png" || $0.name == "Collage preview" }, "the collage is behind the page")
        try app.key("Escape")
        try waitUntil(10, "the collage again") { try !app.state().area("cameraPage").visible }
        usleep(400_000)
        let back = try Accessibility.tree()
        #expect(!back.contains { $0.name == "Take Photo" }, "the camera page is gone")
        #expect(back.contains { $0.role == "list item" && $0.name == "red.png" })
        }

        // A source that fails: the message and Try Again, named once.
        let broken = try AppUnderTest(files: ["--camera-source", "nosuchcamerasrc"], accessibility: true)
        try broken.key("ctrl+t")
        try waitUntil(20, "the camera's message") { try broken.state().area("cameraProblem-badSource").visible }
        usleep(400_000)
        let failed = try Accessibility.tree()
        problems += offscreenProblems(failed, "camera problem") + namingProblems(failed, "camera problem")
        #expect(failed.contains { $0.role == "push button" && $0.name == "Try Again" })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyMenuOpenIsNamedOnce() throws {
        let folder = try FixtureFolder()
        let photos = try ["red", "yellow"].map { try folder.solid("\($0).png", colour: $0, width: 400, height: 300) }
        let app = try AppUnderTest(files: photos, accessibility: true)
        var problems: [String] = []
        func audit(_ moment: String, menu: String) throws {
            usleep(400_000)
            let tree = try Accessibility.tree()
            problems += namingProblems(tree, moment)
            #expect(tree.contains { $0.role == "menu" && $0.name == menu }, "\(moment): the menu is “\(menu)”")
            #expect(tree.filter { $0.role.hasSuffix("menu item") }.count >= 2, "\(moment): its items are in the tree")
        }
        let start = try Accessibility.tree()
        problems += namingProblems(start, "start")
        #expect(start.filter { $0.name == "Main menu" }.count == 1, "the main menu button is one button")
        try Accessibility.act("Main menu", "click", role: "push button")
        try audit("main menu", menu: "Main menu")
        try app.key("Escape")
        // A strip photo's menu (the Menu key on it) and a preview photo's (its action).
        let state = try app.state()
        try app.click(state.thumbnails[0].center, state: state)
        try app.key("Menu")
        try audit("strip photo menu", menu: "Photo menu")
        try app.key("Escape")
        // Off the strip photo, as a hand leaves it: its tooltip's window is GTK 4.8's own and
        // is named by its class, which no app can change.
        try app.movePointer(to: (0, 0))
        try Accessibility.act("red.png", "cell.menu", role: "image")
        try audit("preview photo menu", menu: "Photo menu")
        try app.key("Escape")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func stripPhotosAreItemsOfAListWithReadableActions() throws {
        let folder = try FixtureFolder()
        // Large enough not to be enlarged, so the description is the place alone.
        let photos = try ["red", "yellow", "blue"].map { try folder.solid("\($0).png", colour: $0, width: 2400, height: 2400) }
        let app = try AppUnderTest(files: photos, accessibility: true)
        usleep(300_000)
        let tree = try Accessibility.tree()
        let items = tree.filter { $0.role == "list item" && $0.path.count > 1 }
        #expect(items.map(\.name) == ["red.png", "yellow.png", "blue.png"])
        let lists = Set(items.map { Array($0.path.dropLast()) })
        #expect(lists.count == 1 && tree.first { $0.path == lists.first }?.role == "list", "one list holds them")
        #expect(items.map(\.description) == ["Photo 1 of 3", "Photo 2 of 3", "Photo 3 of 3"])
        #expect(items.map(\.actions).map(Set.init) == [["Move Right", "Remove"], ["Move Left", "Move Right", "Remove"],
                                                       ["Move Left", "Remove"]])
        #expect(!tree.contains { $0.actions.contains { $0.hasPrefix("thumb.") } && $0.role == "list item" })
        // A screen reader moves and removes a photo by those actions.
        try Accessibility.act("red.png", "Move Right", role: "list item")
        #expect(try app.state().names == ["yellow.png", "red.png", "blue.png"])
        #expect(try Accessibility.find("red.png", role: "list item")?.description == "Photo 2 of 3")
        try Accessibility.act("blue.png", "Remove", role: "list item")
        #expect(try app.state().names == ["yellow.png", "red.png"])
        #expect(try Accessibility.find("red.png", role: "list item")?.description == "Photo 2 of 2")
    }
}
}

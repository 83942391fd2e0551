// The app as a screen reader meets it (AT-SPI through pyatspi, on the test's
// own accessibility bus): every object is named for what it is — never a
// class name, never a mnemonic's underscore, never a control without a name —
// a gallery photo says whether it is in the collage and can be added by its
// action, Save is pressed by its action, and the toast that says it was saved
// reaches the screen reader as a notification appearing.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What the audit finds wrong with an object: a class name, a leaked mnemonic, a nameless control.
func accessibilityProblem(_ object: AccessibleObject) -> String? {
    let controls: Set<String> = ["push button", "toggle button", "check box", "radio button", "spin button", "combo box",
                                 "text", "entry", "slider", "menu item", "list item", "table cell", "scroll pane",
                                 "page tab", "switch", "image"]
    let name = object.name
    if name.range(of: #"^(Gtk|Adw)[A-Z]"#, options: .regularExpression) != nil { return "a class name" }
    if name.range(of: #"_\p{L}"#, options: .regularExpression) != nil { return "an underscore" }
    if controls.contains(object.role), name.trimmingCharacters(in: .whitespaces).isEmpty { return "no name" }
    // Words said twice in one name: "Save Save", "Take Photo Take Photo",
    // "Take 4 photos, 3 seconds apart 4 Photos, 3 s Apart" (a name and a label both read).
    // Numbers alone are not words: a file saved at 00:00:29 is "Collage 2026-12-02 00-00-29.png".
    let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    func isWord(_ token: String) -> Bool { token.contains(where: \.isLetter) }
    let pairs = zip(words, words.dropFirst()).filter { isWord($0) || isWord($1) }.map { $0 + " " + $1 }
    if zip(words, words.dropFirst()).contains(where: { $0 == $1 && isWord($0) }) || Set(pairs).count < pairs.count {
        return "doubled"
    }
    return nil
}

extension AppWindow {
@Suite struct AccessibilityTests {
    @Test func everyObjectIsNamedForWhatItIs() throws {
        let (home, pictures) = try homeWithPictures([("beach.jpg", "blue"), ("forest.jpg", "lime")])
        let folder = try FixtureFolder()
        let small = try folder.solid("small.png", colour: "red", width: 200, height: 150)
        let app = try AppUnderTest(files: [small, pictures[1]], home: home, accessibility: true)
        _ = try app.waitForGalleryThumbnails(count: 2)
        var problems: [String] = []
        func audit(_ moment: String) throws -> [AccessibleObject] {
            let tree = try Accessibility.tree()
            #expect(tree.count > 50, "the tree was read (\(tree.count) objects)")
            for object in tree {
                if let problem = accessibilityProblem(object) {
                    problems.append("\(moment): \(object.role) “\(object.name)” at \(object.path): \(problem)")
                }
            }
            return tree
        }
        let tree = try audit("start")
        // Photos are named by their files; a warning goes in the description, not the name.
        let strip = tree.filter { $0.name == "small.png" && $0.role != "image" }
        #expect(!strip.isEmpty, "the strip photo is named by its file")
        #expect(strip.contains { $0.description.contains("enlarged") }, "its warning is its description")
        let cells = tree.filter { $0.role == "table cell" }
        #expect(Set(cells.map(\.name)) == ["beach.jpg", "forest.jpg"], "\(cells.map(\.name))")
        #expect(cells.first { $0.name == "forest.jpg" }?.states.contains("checked") == true, "in the collage: checked")
        #expect(cells.first { $0.name == "beach.jpg" }?.states.contains("checked") == false)
        #expect(cells.allSatisfy { $0.actions.contains("gallery.toggle") }, "a gallery photo can be added by its action")
        let preview = tree.filter { $0.role == "image" && $0.name == "small.png" }
        #expect(!preview.isEmpty, "the photo's cell in the preview is named by its file")
        #expect(tree.contains { $0.role == "push button" && $0.name == "Save" })
        // The settings panel too, and a toast.
        try app.key("F9")
        _ = try audit("settings")
        try app.key("F9")
        try app.openWith([try folder.write("notes.jpg", bytes: Array("not a photo".utf8))])
        _ = try audit("toast")
        try app.key("ctrl+s")
        _ = try audit("save toast")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aScreenReaderAddsAPhotoSavesAndHearsIt() throws {
        let (home, pictures) = try homeWithPictures([("beach.jpg", "blue"), ("forest.jpg", "lime")], width: 600, height: 400)
        let app = try AppUnderTest(home: home, accessibility: true)
        _ = try app.waitForGalleryThumbnails(count: 2)
        try Accessibility.act("forest.jpg", "gallery.toggle", role: "table cell")
        var state = try app.state()
        #expect(state.photos == [pictures[1]])
        #expect(try Accessibility.find("forest.jpg", role: "table cell")?.states.contains("checked") == true)
        try Accessibility.act("beach.jpg", "gallery.toggle", role: "table cell")
        #expect(try app.state().photos == [pictures[1], pictures[0]])
        _ = try Accessibility.tree()  // as a screen reader does when the window opens
        let listener = try Accessibility.listen(["object:children-changed", "object:property-change:accessible-name"],
                                                seconds: 4)
        try Accessibility.act("Save", "click", role: "push button")
        let heard = listener.events()
        state = try app.waitFor(seconds: 10) { !$0.lastSaved.isEmpty }
        #expect(state.lastSaved.hasPrefix(app.pictures + "/Collage "), "saved: \(state.lastSaved)")
        #expect(try threeColumnsOrTwo(state.lastSaved) == ["green", "blue"])
        // The alert comes (children-changed:add) named by the message (its name changed).
        let named = heard.filter { ($0["type"] as? String) == "object:property-change:accessible-name"
            && ($0["role"] as? String) == "alert" }.compactMap { $0["source"] as? String }
        let added = heard.filter { ($0["type"] as? String)?.hasPrefix("object:children-changed:add") == true }
            .compactMap { $0["any"] as? String }
        #expect(named.contains { $0.contains("Saved in Pictures") }, "a screen reader hears it: \(heard)")
        #expect(added.contains { $0.contains("alert") && $0.contains("Saved in Pictures") }, "\(added)")
    }
}
}

/// The colours of a two-photo collage's left and right halves.
func threeColumnsOrTwo(_ path: String) throws -> [String] {
    try [colour(path, atFractionX: 0.25, y: 0.5), colour(path, atFractionX: 0.75, y: 0.5)]
}

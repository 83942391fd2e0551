// Shortcuts are written once (Sources/TinyCollage/App/Shortcuts.swift): the
// shortcuts window a person opens with Ctrl+? shows exactly the table's rows,
// title and key caps, read through AT-SPI; GTK has bound exactly the table's
// accelerators and the main menu shows the table's key beside each item, read
// through the dump; and keys from the table work in the real window.

import Foundation
import Testing
import TestSupport

/// The key caps GTK's shortcuts window draws for an accelerator list ("<Control>o" → Ctrl + O).
private func caps(_ display: String) -> [String] {
    let names = ["Left": "←", "Right": "→", "Up": "↑", "Down": "↓", "space": "␣", "plus": "+", "minus": "-",
                 "question": "?"]
    var result: [String] = []
    for (index, accelerator) in display.split(separator: " ").enumerated() {
        if index > 0 { result.append("/") }
        var rest = Substring(accelerator)
        var modifiers: [String] = []
        while rest.hasPrefix("<"), let end = rest.firstIndex(of: ">") {
            modifiers.append(String(rest[rest.index(after: rest.startIndex)..<end]))
            rest = rest[rest.index(after: end)...]
        }
        // GTK's order: Shift, then Ctrl, then Alt.
        for (name, label) in [("Shift", "Shift"), ("Control", "Ctrl"), ("Alt", "Alt")] where modifiers.contains(name) {
            result += [label, "+"]
        }
        let key = String(rest)
        result.append(names[key] ?? (key.count == 1 ? key.uppercased() : key))
    }
    return result
}

extension AppState {
    var shortcuts: [String: Any] { raw["shortcuts"] as? [String: Any] ?? [:] }
    var shortcutTable: [[String: Any]] { shortcuts["table"] as? [[String: Any]] ?? [] }
}

extension AppWindow {
@Suite struct ShortcutsTests {
    @Test func theShortcutsWindowShowsExactlyTheTable() throws {
        let (home, pictures) = try homeWithPictures([("beach.jpg", "blue")], width: 600, height: 400)
        let app = try AppUnderTest(files: pictures, home: home, accessibility: true)
        let table = try app.state().shortcutTable
        #expect(table.count >= 20, "the table: \(table)")
        try app.key("ctrl+question")
        var rows: [[Int]: (title: String, caps: [String])] = [:]
        let deadline = Date().addingTimeInterval(10)
        repeat {
            usleep(200_000)
            // A row: its key caps at …, 0, 0, k and its title at …, 0, 1, 0 (GtkShortcutsShortcut's
            // children). The section's rows share one parent; the search page repeats them elsewhere.
            let labels = try Accessibility.tree().filter { $0.path.first == 1 && $0.role == "label" && $0.path.count > 4 }
            let first = labels.filter { $0.name == table.first?["title"] as? String && $0.path.suffix(3) == [0, 1, 0] }
                .min { $0.path.lexicographicallyPrecedes($1.path) }
            guard let parent = first.map({ Array($0.path.dropLast(4)) }) else { continue }
            rows = [:]
            for label in labels where label.path.count == parent.count + 4 && label.path.starts(with: parent) {
                let path = label.path
                let row = Array(path.dropLast(3))
                if Array(path.suffix(3)) == [0, 1, 0] { rows[row, default: ("", [])].title = label.name }
                if Array(path.suffix(3).prefix(2)) == [0, 0] { rows[row, default: ("", [])].caps.append(label.name) }
            }
        } while rows.count < table.count && Date() < deadline
        let inTree = rows.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.value).filter { !$0.title.isEmpty }
        // GtkShortcutsSection flows its groups into columns as they fill, and
        // a later group's column can come first in the tree: the groups are
        // taken in the table's order, each group's rows in the order shown.
        let groupOf = Dictionary(table.map { ($0["title"] as? String ?? "", $0["group"] as? String ?? "") },
                                 uniquingKeysWith: { first, _ in first })
        let groups = table.compactMap { $0["group"] as? String }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let shown = groups.flatMap { group in inTree.filter { groupOf[$0.title] == group } }
            + inTree.filter { groupOf[$0.title] == nil }
        let expected = table.map { ($0["title"] as? String ?? "", caps($0["display"] as? String ?? "")) }
        #expect(shown.map(\.title) == expected.map(\.0), "the window's rows, in order")
        #expect(shown.map(\.caps) == expected.map(\.1), "each row's key caps")
    }

    @Test func gtkBindsAndTheMenuShowsExactlyTheTablesKeys() throws {
        let (home, pictures) = try homeWithPictures([("beach.jpg", "blue")], width: 600, height: 400)
        let app = try AppUnderTest(files: pictures, home: home)
        let state = try app.state()
        let table = state.shortcutTable
        let bound = state.shortcuts["bound"] as? [String: [String]] ?? [:]
        let menu = state.shortcuts["menu"] as? [String: String] ?? [:]
        let applicationRows = table.filter { $0["scope"] as? String == "application" }
        #expect(applicationRows.count >= 11)
        for row in applicationRows {
            let action = row["action"] as? String ?? ""
            #expect(bound[action] == row["keys"] as? [String], "\(action) is bound to the table's keys")
        }
        // No accelerator outside the table.
        let inTable = Set(applicationRows.compactMap { $0["action"] as? String })
        for (action, keys) in bound where !keys.isEmpty {
            #expect(inTable.contains(action), "\(action) has keys \(keys) the table does not list")
        }
        #expect(!menu.isEmpty, "the main menu was read")
        for (action, accel) in menu {
            let keys = table.first { $0["action"] as? String == action }?["keys"] as? [String]
            #expect(accel == (keys?.first ?? ""), "the menu shows \(action)'s key from the table")
        }
    }

    @Test func keysFromTheTableWorkInTheWindow() throws {
        let (home, pictures) = try homeWithPictures([("beach.jpg", "blue"), ("forest.jpg", "lime"), ("sea.jpg", "red")],
                                                   width: 600, height: 400)
        let app = try AppUnderTest(files: pictures, home: home, width: 1200, height: 800)
        #expect(try !app.state().area("settingsPanel").visible)
        try app.key("F9")
        #expect(try app.waitFor { $0.area("settingsPanel").visible }.area("settingsPanel").visible, "F9: the settings")
        try app.key("F9")
        // A strip photo's own keys come from the same table.
        var state = try app.waitFor { !$0.area("settingsPanel").visible }
        try app.click(state.thumbnails[0].center, state: state)
        try app.key("alt+Right")
        state = try app.state()
        #expect(state.names == ["forest.jpg", "beach.jpg", "sea.jpg"], "Alt+Right moved the focused photo")
        try app.key("Delete")
        #expect(try app.state().names == ["forest.jpg", "sea.jpg"], "Delete removed the focused photo")
        try app.key("ctrl+z")
        #expect(try app.state().names == ["forest.jpg", "beach.jpg", "sea.jpg"], "Ctrl+Z undid it")
        // Ctrl+O opens the chooser to add photos.
        try app.key("ctrl+o")
        let search = try run("/usr/bin/timeout", ["10", "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                                  String(app.process.processIdentifier), "--name", "^Open Photos or a Project$"])
        #expect(search.status == 0 && !search.stdout.isEmpty, "Ctrl+O: the Open chooser")
    }
}
}

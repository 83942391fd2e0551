// Arranging freely in the window (issue 18), with a real pointer and keys
// (xdotool) and then with AT-SPI alone: every layout chosen from the picker,
// with the saved file's pixels for each and one undo step; a photo dragged
// onto another swaps the two (the target marked while dragging) and Ctrl+Z
// takes it back; Alt+arrows on a focused preview photo swap it with its
// neighbour by position; a divider dragged moves the saved file's column
// edge, a double-click puts it back, the keyboard moves it by 1 % and 10 %;
// a screen reader picks a layout, swaps through the photo's menu and sets a
// divider's value.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppUnderTest {
    /// Clicks the picker's button for `layout`, as a person picks it.
    func pickLayout(_ layout: String) throws {
        let state = try self.state()
        let button = state.area("layout-" + layout)
        guard button.visible else { throw AppError(description: "the picker does not show \(layout)") }
        try click(button.center, state: state)
        try idle()
    }
}

extension AppState {
    var layout: String { raw["layout"] as? String ?? "" }
    var swapTarget: String { raw["swapTarget"] as? String ?? "" }
    /// The preview's dividers: axis, the middle of each line in window coordinates, percent.
    var dividers: [(axis: String, x: Double, y: Double, percent: Double)] {
        (raw["dividers"] as? [[String: Any]] ?? []).map {
            ($0["axis"] as? String ?? "", $0["x"] as? Double ?? -1, $0["y"] as? Double ?? -1, $0["percent"] as? Double ?? -1)
        }
    }
}

/// The first x on row `y` of the image at `path` whose colour is `colour`, looking
/// from `from` to `to` (a boundary found by halving: colours change once between them).
func firstColumn(of colour: String, in path: String, y: Int, from: Int, to: Int) throws -> Int {
    var low = from, high = to
    while high - low > 1 {
        let middle = (low + high) / 2
        if try TinyCollageColour.at(path, x: middle, y: y) == colour { high = middle } else { low = middle }
    }
    return high
}

enum TinyCollageColour {
    static func at(_ path: String, x: Int, y: Int) throws -> String {
        let info = try identify(path)
        return try colour(path, atFractionX: (Double(x) + 0.5) / Double(info.width), y: (Double(y) + 0.5) / Double(info.height))
    }
}

extension AppWindow {
@Suite struct ArrangeTests {
    let folder: FixtureFolder
    let red, lime, blue, wide: String

    init() throws {
        folder = try FixtureFolder()
        red = try folder.solid("red.png", colour: "red", width: 900, height: 900)
        lime = try folder.solid("lime.png", colour: "lime", width: 900, height: 900)
        blue = try folder.solid("blue.png", colour: "blue", width: 900, height: 900)
        wide = try folder.solid("wide.png", colour: "red", width: 1800, height: 900)
    }

    func save(_ app: AppUnderTest) throws -> String {
        let before = try app.state().lastSaved
        try app.key("ctrl+s")
        let state = try app.waitFor(seconds: 10) { !$0.lastSaved.isEmpty && $0.lastSaved != before }
        return state.lastSaved
    }

    @Test func everyLayoutFromThePickerWithItsSavedPixels() throws {
        // A 2:1 photo over two squares: the mosaic keeps all three whole in rows.
        let app = try AppUnderTest(files: [wide, lime, blue])
        let expected: [(String, [(Double, Double, String)])] = [
            ("rows", [(0.5, 0.25, "red"), (0.25, 0.75, "green"), (0.75, 0.75, "blue")]),
            ("feature", [(0.33, 0.5, "red"), (0.83, 0.25, "green"), (0.83, 0.75, "blue")]),
            ("mosaic", [(0.5, 0.25, "red"), (0.95, 0.25, "red"), (0.25, 0.75, "green"), (0.75, 0.75, "blue")]),
            ("columns", [(0.25, 0.5, "red"), (0.75, 0.25, "green"), (0.75, 0.75, "blue")]),
        ]
        for (layout, spots) in expected {
            try app.pickLayout(layout)
            #expect(try app.state().layout == layout)
            let saved = try save(app)
            for (x, y, colour) in spots {
                #expect(try WindowTestsColour.of(saved, x, y) == colour, "\(layout): \(colour) at \(x), \(y)")
            }
            // The preview is the saved file made smaller.
            let preview = try app.state().preview
            for (x, y, colour) in spots { #expect(try WindowTestsColour.of(preview, x, y) == colour, "\(layout) preview") }
        }
        // Each choice was one undo step.
        try app.key("ctrl+z")
        #expect(try app.state().layout == "mosaic")
        // Clicking the current one changes nothing.
        try app.pickLayout("mosaic")
        try app.key("ctrl+z")
        #expect(try app.state().layout == "feature")
    }

    @Test func theLastLayoutIsTheOneNewCollagesStartWith() throws {
        let first = try AppUnderTest(files: [red, lime])
        try first.pickLayout("rows")
        try first.quit()
        try FileManager.default.removeItem(atPath: first.sessionFile)
        let second = try AppUnderTest(files: [red, lime, blue], home: first.home)
        #expect(try second.state().layout == "rows")
        let saved = try save(second)
        #expect(try WindowTestsColour.of(saved, 0.5, 0.25) == "red")
    }

    @Test func thePickerIsReachedWithTabAndMovedAlongWithArrows() throws {
        let app = try AppUnderTest(files: [red, lime, blue])
        try app.tab(to: "layout-columns")
        try app.key("Right")
        #expect(try app.state().focus == "layout-rows")
        try app.key("Right")
        try app.key("space")
        try app.idle()
        #expect(try app.state().layout == "feature")
        try app.key("Left")
        try app.key("Left")
        try app.key("space")
        try app.idle()
        #expect(try app.state().layout == "columns")
    }

    @Test func theSessionKeepsTheLayoutAndItsLines() throws {
        let first = try AppUnderTest(files: [red, blue])
        try first.pickLayout("rows")
        var state = try first.state()
        let line = try #require(state.dividers.first)
        #expect(line.axis == "down")
        try first.drag(from: (line.x, line.y), to: (line.x, line.y + Double(state.previewSize[1]) * 0.25), state: state)
        let moved = try #require(try first.state().dividers.first).percent
        #expect(abs(moved - 75) < 1.5, "\(moved)")
        try first.quit()
        let second = try AppUnderTest(home: first.home)
        state = try second.state()
        #expect(state.layout == "rows" && state.photos == [red, blue])
        #expect(abs((state.dividers.first?.percent ?? 0) - moved) < 0.01)
    }

    @Test func aPhotoDraggedOntoAnotherSwapsWithItAndUndoes() throws {
        let app = try AppUnderTest(files: [red, lime, blue])
        var state = try app.state()
        let from = state.cellCenter(0), to = state.cellCenter(2)
        // Press on the red photo, move over the blue one: it is marked as the target.
        let (x0, y0) = try app.screenPoint(from, state: state)
        let (x1, y1) = try app.screenPoint(to, state: state)
        try app.movePointer(to: (x0, y0))
        _ = try app.xdotool(["mousedown", "1"])
        for step in 1...12 {
            _ = try app.xdotool(["mousemove", String(x0 + (x1 - x0) * step / 12), String(y0 + (y1 - y0) * step / 12)])
            usleep(35_000)
        }
        usleep(200_000)
        #expect(try app.state().swapTarget == blue, "the photo under the pointer is the target")
        #expect(try app.state().photos == [red, lime, blue], "nothing changes before the drop")
        _ = try app.xdotool(["mouseup", "1"])
        try app.idle()
        state = try app.state()
        #expect(state.photos == [blue, lime, red])
        #expect(state.swapTarget.isEmpty)
        #expect(state.crops[2] == [1, 0.5, 0.5], "a swap is no pan")
        let saved = try save(app)
        #expect(try WindowTestsColour.of(saved, 0.25, 0.5) == "blue" && WindowTestsColour.of(saved, 0.75, 0.75) == "red")
        // The strip follows, and one Ctrl+Z takes the swap back.
        #expect(state.thumbnails.count == 3)
        try app.key("ctrl+z")
        #expect(try app.state().photos == [red, lime, blue])
        // A drag that stays in its own cell pans it, as before.
        state = try app.state()
        let cell = state.cellCenter(1)
        try app.drag(from: cell, to: (cell.0 - 30, cell.1), state: state)
        #expect(try app.state().photos == [red, lime, blue])
    }

    @Test func altArrowsSwapAFocusedPreviewPhotoWithItsNeighbour() throws {
        // Columns of two: red above lime on the left, blue above the wide one on the right.
        let app = try AppUnderTest(files: [red, lime, blue, wide])
        try app.tab(to: "previewCell")
        #expect(try app.state().photos == [red, lime, blue, wide])
        try app.key("alt+Right")
        try app.idle()
        #expect(try app.state().photos == [blue, lime, red, wide], "red went right, blue came left")
        try app.key("alt+Down")
        try app.idle()
        #expect(try app.state().photos == [blue, lime, wide, red], "then down")
        // Nothing beyond the edge: no change.
        try app.key("alt+Right")
        try app.idle()
        #expect(try app.state().photos == [blue, lime, wide, red])
        // The focus stayed on the red photo all along, wherever it went.
        let state = try app.state()
        #expect(state.focus == "previewCell")
        let focused = Bounds(state.raw["focusBounds"] as? [String: Any])
        let redCell = state.cellCenter(3)
        #expect(abs(focused.centerX - redCell.0) < 3 && abs(focused.centerY - redCell.1) < 3, "\(focused) \(redCell)")
        try app.key("ctrl+z")
        #expect(try app.state().photos == [blue, lime, red, wide])
    }

    @Test func aDividerDraggedMovesTheSavedColumnsAndADoubleClickPutsItBack() throws {
        let app = try AppUnderTest(files: [red, blue])
        var state = try app.state()
        let divider = try #require(state.dividers.first)
        #expect(divider.axis == "across" && abs(divider.percent - 50) < 0.5)
        // Within 6 px of the line the pointer takes the line, not the photo beside it.
        // The preview's width in window pixels (the scale factor is 1 under Xvfb).
        let preview = Double(state.previewSize[0])
        try app.drag(from: (divider.x - 4, divider.y), to: (divider.x - 4 + preview * 0.2, divider.y), state: state)
        state = try app.state()
        let moved = try #require(state.dividers.first)
        #expect(abs(moved.percent - 70) < 1.5, "\(moved.percent)")
        #expect(state.crops == [[1, 0.5, 0.5], [1, 0.5, 0.5]], "no photo was panned")
        let saved = try save(app)
        let edge = try firstColumn(of: "blue", in: saved, y: 540, from: 0, to: 1079)
        #expect(abs(Double(edge) - 1080 * moved.percent / 100) <= 2, "the saved file's column edge at \(edge)")
        // One drag, one undo step; redo; then a double-click on the line puts it back.
        try app.key("ctrl+z")
        #expect(abs((try app.state().dividers.first?.percent ?? 0) - 50) < 0.5)
        try app.key("ctrl+shift+z")
        state = try app.state()
        let line = try #require(state.dividers.first)
        try app.click((line.x, line.y), state: state, count: 2)
        try app.idle()
        #expect(abs((try app.state().dividers.first?.percent ?? 0) - 50) < 0.5)
        // No cell smaller than a tenth: dragged far past the edge, it stops at 90 %.
        state = try app.state()
        let back = try #require(state.dividers.first)
        try app.drag(from: (back.x, back.y), to: (back.x + preview, back.y), state: state)
        #expect(abs((try app.state().dividers.first?.percent ?? 0) - 90) < 0.6)
        let squeezed = try save(app)
        let squeezedEdge = try firstColumn(of: "blue", in: squeezed, y: 540, from: 0, to: 1079)
        #expect(abs(squeezedEdge - 972) <= 2, "\(squeezedEdge)")
    }

    @Test func theKeyboardMovesADividerAndHomePutsItBack() throws {
        // In the first window (500 × 720) a press moved the line 0.77 %, not 1 %:
        // the scale read its value back from the preview's pixels after each.
        let app = try AppUnderTest(files: [red, lime, blue])
        try app.tab(to: "previewDivider")
        let start = try #require(try app.state().dividers.first { $0.axis == "across" })
        #expect(abs(start.percent - 50) < 0.5)
        for _ in 0..<3 { try app.key("Right") }
        usleep(900_000)  // presses less than 0.7 s apart make one change
        try app.idle()
        #expect(abs((try app.state().dividers.first { $0.axis == "across" }?.percent ?? 0) - 53) < 0.5)
        try app.key("shift+Right")
        usleep(900_000)
        try app.idle()
        #expect(abs((try app.state().dividers.first { $0.axis == "across" }?.percent ?? 0) - 63) < 0.5)
        try app.key("ctrl+z")
        #expect(abs((try app.state().dividers.first { $0.axis == "across" }?.percent ?? 0) - 53) < 0.5)
        try app.key("Home")
        try app.idle()
        #expect(abs((try app.state().dividers.first { $0.axis == "across" }?.percent ?? 0) - 50) < 0.5)
        // The next Tab stop is the line between lime and blue, across the right column.
        try app.key("Tab")
        #expect(try app.state().focus == "previewDivider")
        try app.key("shift+Down")
        usleep(900_000)
        try app.idle()
        let down = try #require(try app.state().dividers.first { $0.axis == "down" })
        #expect(abs(down.percent - 60) < 0.5, "\(down.percent)")
    }

    @Test func aScreenReaderPicksALayoutSwapsAndSetsADivider() throws {
        let app = try AppUnderTest(files: [red, lime, blue], accessibility: true)
        // The picker: four toggle buttons named by their layouts, the current one
        // pressed (GTK 4.8 shows a toggle button as a push button that is pressed or not).
        let tree = try Accessibility.tree()
        for name in ["Columns", "Rows", "Feature", "Mosaic"] {
            let button = tree.first { $0.name == name && $0.role == "push button" }
            #expect(button != nil, "the picker has \(name)")
            #expect(button.map { $0.states.contains("pressed") } == (name == "Columns"), "\(name): \(button?.states ?? [])")
            #expect(button.map { !$0.description.isEmpty && $0.description != name } == true, "says what it does")
        }
        try Accessibility.act("Rows", "click", role: "push button")
        #expect(try app.waitFor { $0.layout == "rows" }.layout == "rows")
        #expect(try Accessibility.find("Rows", role: "push button")?.states.contains("pressed") == true)
        #expect(try Accessibility.find("Columns", role: "push button")?.states.contains("pressed") == false)
        // Swap through the photo's menu (what its Menu key opens, as its action), Swap With, the other photo by name.
        try Accessibility.act("red.png", "cell.menu", role: "image")
        try Accessibility.act("Swap With", "click", role: "menu item")
        try Accessibility.act("blue.png, photo 3", "click", role: "menu item")
        try app.idle()
        #expect(try app.state().photos == [blue, lime, red])
        // A divider is a separator with a value a screen reader reads and sets.
        let separators = try Accessibility.tree().filter { $0.role == "separator" && $0.name.hasPrefix("Divider") }
        #expect(separators.count == 2, "\(separators.map(\.name))")
        let first = try #require(separators.first)
        #expect(abs((first.raw["value"] as? Double ?? -1) - 50) < 0.5)
        #expect(first.description.contains("blue.png"), "\(first.description)")
        try Accessibility.setValue(first.name, 30, role: "separator")
        usleep(900_000)
        try app.idle()
        let moved = try #require(try app.state().dividers.first { $0.axis == "down" })
        #expect(abs(moved.percent - 30) < 0.5)
        try Accessibility.act("Save", "click", role: "push button")
        let saved = try app.waitFor(seconds: 10) { !$0.lastSaved.isEmpty }.lastSaved
        #expect(try WindowTestsColour.of(saved, 0.5, 0.2) == "blue", "the top row is 30 % high: \(saved)")
        #expect(try WindowTestsColour.of(saved, 0.5, 0.4) != "blue")
    }
}
}

enum WindowTestsColour {
    static func of(_ path: String, _ x: Double, _ y: Double) throws -> String { try colour(path, atFractionX: x, y: y) }
}

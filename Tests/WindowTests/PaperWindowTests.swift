// Paper sizes in the settings panel (issue 22), through real input: the
// Size list's papers, the Resolution list and the Landscape switch, each one
// undo step; Ctrl+S writes the paper's pixels with its DPI in the PNG; a
// screen size (the 4:5 preset) has no DPI; the paper is kept for the next
// start and for new collages.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppUnderTest {
    /// Opens the list of the combo row named `name` with a click and picks
    /// its `index`th entry with the keys. The list is a popover, an X window
    /// of its own, which takes the keyboard focus as a window manager would give it.
    func choose(_ index: Int, inComboRow name: String) throws {
        let state = try revealInSettings(name)
        let row = state.area(name)
        guard row.visible else { throw AppError(description: "\(name) is not on screen") }
        let before = try windows()
        try click((row.x + 40, row.centerY), state: state)
        var popover: String?
        for _ in 0..<20 where popover == nil {
            popover = try windows().subtracting(before).first
            if popover == nil { usleep(100_000) }
        }
        guard let popover else { throw AppError(description: "the list of \(name) did not open") }
        try xdotool(["windowfocus", "--sync", popover])
        try xdotool(["key", "--delay", "80", "Home"] + Array(repeating: "Down", count: index) + ["Return"])
        usleep(300_000)
        try idle()
    }

    /// The app's visible X windows.
    private func windows() throws -> Set<String> {
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--onlyvisible", "--pid",
                                                  String(process.processIdentifier), ""])
        return Set(search.stdout.split(separator: "\n").map(String.init))
    }
}

extension AppWindow {
@Suite struct PaperWindowTests {
    /// Where the entries are in the Size list: the screen sizes, then the papers, then Custom.
    static let screenSizes = 8
    static func sizeIndex(_ paper: PaperSize) -> Int { screenSizes + PaperSize.allCases.firstIndex(of: paper)! }
    static let instagramPortrait = 5

    let photos: FixtureFolder
    let red, blue: String

    init() throws {
        photos = try FixtureFolder()
        red = try photos.solid("red.png", colour: "red", width: 600, height: 600)
        blue = try photos.solid("blue.png", colour: "blue", width: 600, height: 600)
    }

    func size(_ state: AppState) -> (Int, Int, Int?) {
        (state.settings["width"] as? Int ?? 0, state.settings["height"] as? Int ?? 0, state.settings["dpi"] as? Int)
    }

    @Test func a5At150DPIIsSavedWithItsPixelsAndItsDPI() throws {
        let app = try AppUnderTest(files: [red, blue])
        try app.openSettings() // with F9
        #expect(!(try app.state().area("settingDPI").visible), "a screen image shows no resolution")
        try app.choose(Self.sizeIndex(.a5), inComboRow: "settingSize")
        var state = try app.state()
        #expect(size(state) == (1748, 2480, 300), "A5 at the default 300 dpi: \(size(state))")
        #expect(state.area("settingDPI").visible && state.area("settingLandscape").visible)
        let ratio = Double(state.previewSize[0]) / Double(state.previewSize[1])
        #expect(abs(ratio - 148.0 / 210) < 0.02, "the preview has the paper's shape: \(state.previewSize)")
        try app.choose(0, inComboRow: "settingDPI")
        state = try app.state()
        #expect(size(state) == (874, 1240, 150), "\(size(state))")
        try app.leaveTextFields()
        try app.key("ctrl+s")
        state = try app.waitFor(seconds: 20) { !$0.lastSaved.isEmpty }
        let info = try identify(state.lastSaved)
        #expect(info.width == 874 && info.height == 1240 && info.format == "PNG", "\(info)")
        let dpi = try #require(try pngDPI(state.lastSaved), "the saved PNG has no pHYs")
        #expect(dpi.x == 150 && dpi.y == 150)
        // Each choice was one undo step.
        try app.key("ctrl+z")
        #expect(size(try app.state()) == (1748, 2480, 300))
        try app.key("ctrl+z")
        state = try app.state()
        #expect(size(state) == (1080, 1080, nil))
        #expect(!state.area("settingDPI").visible, "undo hides the resolution again")
    }

    @Test func landscapeTurnsThePaperAndAScreenSizeDropsTheDPI() throws {
        let app = try AppUnderTest(files: [red])
        try app.openSettings()
        try app.choose(Self.sizeIndex(.fourBySix), inComboRow: "settingSize")
        #expect(size(try app.state()) == (1200, 1800, 300))
        try app.clickNamed("settingLandscape")
        var state = try app.state()
        #expect(size(state) == (1800, 1200, 300), "\(size(state))")
        #expect(state.previewSize[0] > state.previewSize[1], "the preview turned too: \(state.previewSize)")
        // Another paper keeps the orientation and the DPI.
        try app.choose(2, inComboRow: "settingDPI")
        try app.choose(Self.sizeIndex(.letter), inComboRow: "settingSize")
        #expect(size(try app.state()) == (6600, 5100, 600))
        try app.choose(Self.instagramPortrait, inComboRow: "settingSize")
        state = try app.state()
        #expect(size(state) == (1080, 1350, nil), "\(size(state))")
        #expect(!state.area("settingLandscape").visible && !state.area("settingDPI").visible)
        try app.key("ctrl+s")
        state = try app.waitFor(seconds: 20) { !$0.lastSaved.isEmpty }
        #expect(try pngDPI(state.lastSaved) == nil, "a screen image is saved with no DPI")
        try app.leaveTextFields()
        try app.key("ctrl+z")
        #expect(size(try app.state()) == (6600, 5100, 600))
    }

    @Test func thePaperRowsAreNamedForAScreenReader() throws {
        let app = try AppUnderTest(files: [red], accessibility: true)
        try app.openSettings()
        try app.choose(Self.sizeIndex(.a4), inComboRow: "settingSize")
        let tree = try Accessibility.tree()
        let problems = tree.compactMap { object in
            accessibilityProblem(object).map { "\(object.role) “\(object.name)” at \(object.path): \($0)" }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let rows = tree.filter { ["Size", "Landscape", "Resolution"].contains($0.name) }
        #expect(rows.contains { $0.name == "Size" && $0.description == "A4, 210 × 297 mm" },
                "\(rows.map { "\($0.role) \($0.name): \($0.description)" })")
        #expect(rows.contains { $0.name == "Resolution" && $0.description == "300 dpi" })
        #expect(rows.contains { $0.name == "Landscape" })
    }

    @Test func thePaperIsKeptInTheSessionAndForNewCollages() throws {
        let first = try AppUnderTest(files: [red])
        try first.openSettings()
        try first.choose(Self.sizeIndex(.a4), inComboRow: "settingSize")
        try first.choose(0, inComboRow: "settingDPI")
        #expect(size(try first.state()) == (1240, 1754, 150))
        try first.quit()
        let again = try AppUnderTest(home: first.home)
        try again.openSettings()
        var state = try again.state()
        #expect(size(state) == (1240, 1754, 150), "the session keeps it")
        #expect(state.area("settingDPI").visible && state.area("settingLandscape").visible)
        try again.quit()
        try FileManager.default.removeItem(atPath: again.sessionFile)
        let fresh = try AppUnderTest(home: first.home)
        state = try fresh.state()
        #expect(size(state) == (1240, 1754, 150), "a new collage starts on the same paper")
    }
}
}

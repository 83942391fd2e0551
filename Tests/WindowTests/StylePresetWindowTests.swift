// The settings panel's Look section as a person uses it (issue 23, point 6):
// a preset clicked with the pointer, the corner radius typed with the
// keyboard, a preset chosen through the action a screen reader calls; each
// checked in the saved file's pixels, with undo, a restart and a new
// collage. What each preset holds is StylePreset's (tested in CollageCore);
// here only that the window applies it.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppUnderTest {
    /// Ctrl+S, and the new file's path once it is written.
    func saveAnew() throws -> String {
        let before = try state().lastSaved
        try key("ctrl+s")
        return try waitFor(seconds: 10) { !$0.lastSaved.isEmpty && $0.lastSaved != before }.lastSaved
    }
}

extension AppWindow {
@Suite struct StylePresetWindowTests {
    let folder: FixtureFolder
    let red: String
    let blue: String

    init() throws {
        folder = try FixtureFolder()
        red = try folder.solid("red.png", colour: "red", width: 900, height: 900)
        blue = try folder.solid("blue.png", colour: "blue", width: 900, height: 900)
    }

    /// A home whose session holds the two photos in two columns at 400², in
    /// the seed's look (no gap, no margin, white): cells 200 × 400.
    func home() throws -> FixtureFolder {
        let settings = CollageSettings(outputSize: PixelSize(width: 400, height: 400), gap: 0, margin: 0,
                                       background: .white, layout: .columns)
        return try homeWithSession(CollageDocument(photos: [Photo(path: red), Photo(path: blue)], settings: settings))
    }

    func save(_ app: AppUnderTest) throws -> String { try app.saveAnew() }

    func rgb(_ path: String, _ x: Int, _ y: Int) throws -> [Int] {
        let p = try pixelWithImageMagick(path, x: x, y: y)
        return [p.r, p.g, p.b]
    }

    func grey(_ path: String, _ x: Int, _ y: Int) throws -> Int {
        let p = try pixelWithImageMagick(path, x: x, y: y)
        return (p.r + p.g + p.b) / 3
    }

    @Test func thePrintPresetClickedGivesABorderAndAShadowAndUndoTakesItAway() throws {
        let app = try AppUnderTest(home: try home(), width: 900, height: 740)
        try app.idle()
        let before = try save(app)
        #expect(try colour(before, atFractionX: 0.1, y: 0.5) == "red", "the seed's look: the photo to its edge")
        let state = try app.revealInSettings("stylePresetPrint")
        try app.click(state.area("stylePresetPrint").center, state: state)
        try app.idle()
        // Print at 400²: margin 32, gap 24, so cells 156 × 336 at x 32 and 212, y 32; a 16 px white border inside.
        let print = try save(app)
        #expect(try rgb(print, 40, 200) == [255, 255, 255], "the border at the cell's edge")
        #expect(try rgb(print, 44, 45) == [255, 255, 255], "the border near the corner")
        #expect(try colour(print, atFractionX: 0.14, y: 0.5) == "red", "the photo inset by 16 px")
        #expect(try colour(print, atFractionX: 0.67, y: 0.5) == "blue")
        let background = try grey(print, 6, 6)
        #expect(abs(background - 224) <= 2, "the #e0e0e0 background in the margin's top-left: \(background)")
        #expect(try grey(print, 16, 200) == background, "the margin left of a cell is background")
        let shadow = try grey(print, 190, 250), underneath = try grey(print, 150, 370)
        #expect(shadow < background - 10, "the shadow right of a cell, in the gap: \(shadow) on \(background)")
        #expect(underneath < background - 10, "the shadow below a cell: \(underneath) on \(background)")
        // One undo: the old look again.
        try app.key("ctrl+z")
        try app.idle()
        let undone = try save(app)
        #expect(try colour(undone, atFractionX: 0.1, y: 0.5) == "red", "no border after one undo")
        #expect(try colour(undone, atFractionX: 0.01, y: 0.01) == "red", "no margin after one undo")
    }

    @Test func theCornerRadiusTypedRoundsTheCells() throws {
        let app = try AppUnderTest(home: try home(), width: 900, height: 740)
        try app.idle()
        #expect(try colour(save(app), atFractionX: 0.005, y: 0.005) == "red", "square corners at first")
        try app.typeIntoSpin("styleRadius", 50)
        #expect(try app.state().focus != "styleRadius", "Tab left the field")
        let round = try save(app)
        // 50 % of the 200 px side: each 200 × 400 cell's corner is cut by a 100 px radius.
        for (x, y) in [(0.005, 0.005), (0.495, 0.005), (0.505, 0.995), (0.995, 0.995)] {
            #expect(try colour(round, atFractionX: x, y: y) == "white", "the corner at \(x),\(y) is background")
        }
        #expect(try colour(round, atFractionX: 0.25, y: 0.5) == "red", "the cell's centre is the photo")
        #expect(try colour(round, atFractionX: 0.75, y: 0.5) == "blue")
        try app.key("ctrl+z")
        try app.idle()
        #expect(try colour(save(app), atFractionX: 0.005, y: 0.005) == "red", "undo brings the square corners back")
    }

    /// What a screen reader user does: the radius's spin button set through AT-SPI's Value.
    @Test func theCornerRadiusSetByAScreenReaderRoundsTheCells() throws {
        let app = try AppUnderTest(home: try home(), width: 900, height: 740, accessibility: true)
        try app.revealInSettings("styleRadius")
        try app.idle()
        try Accessibility.setValue("Corner radius in percent", 50, role: "spin button")
        try app.idle()
        let round = try save(app)
        for (x, y) in [(0.005, 0.005), (0.995, 0.995)] {
            #expect(try colour(round, atFractionX: x, y: y) == "white", "the corner at \(x),\(y) is background")
        }
        #expect(try colour(round, atFractionX: 0.25, y: 0.5) == "red", "the cell's centre is the photo")
    }

    @Test func theDarkPresetThroughItsActionIsKeptAcrossARestartAndANewCollage() throws {
        let home = try home()
        let app = try AppUnderTest(home: home, width: 900, height: 740, accessibility: true)
        // Scrolled into view as a screen reader user's panel would show it.
        try app.revealInSettings("stylePresetDark")
        try app.idle()
        // GTK 4.8 gives a toggle button the role of a push button (its label is an object of its own).
        let dark = try #require(try Accessibility.find("Dark", role: "push button"), "the preset is a named button")
        #expect(dark.actions.contains("click"), "\(dark.actions)")
        try Accessibility.act("Dark", "click", role: "push button")
        try app.idle()
        func isDark(_ path: String, _ what: String) throws {
            let p = try pixelWithImageMagick(path, x: 4, y: 4)
            #expect(abs(p.r - 26) <= 3 && abs(p.g - 26) <= 3 && abs(p.b - 26) <= 3, "\(what): the dark margin \(p)")
        }
        try isDark(save(app), "chosen")
        try app.quit()
        let again = try AppUnderTest(home: home, width: 900, height: 740)
        try again.idle()
        try isDark(save(again), "after a restart")
        try again.key("ctrl+shift+BackSpace")
        try again.idle()
        #expect(try again.state().photos.isEmpty)
        try again.openWith([blue])
        let fresh = try save(again)
        try isDark(fresh, "a new collage")
        #expect(try colour(fresh, atFractionX: 0.5, y: 0.5) == "blue")
    }
}
}

// One photo shown whole in the window (issue 23, point 5): from its menu with
// a right-click, with its key on the focused preview photo, and through the
// action a screen reader calls; checked in the saved file's pixels (the
// background's bands beside a wide photo in a tall cell), with undo, a zoom
// inside the whole photo, and the session across a restart.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct ShowWholeWindowTests {
    let folder: FixtureFolder
    let wide: String
    let square: String

    init() throws {
        folder = try FixtureFolder()
        wide = try folder.solid("wide.png", colour: "lime", width: 900, height: 300)
        square = try folder.solid("square.png", colour: "blue", width: 900, height: 900)
    }

    /// A home whose session holds the wide photo and a square one in two
    /// columns on red: at 400² with a gap and margin of 40 the cells are
    /// 140 × 320 at x 40 and 220, y 40; the wide photo shown whole is a band
    /// 140 × 47 across the middle of the first.
    func home(border: Int = 0) throws -> FixtureFolder {
        let settings = CollageSettings(outputSize: PixelSize(width: 400, height: 400), gap: 40, margin: 40,
                                       background: RGBAColor(red: 1, green: 0, blue: 0), layout: .columns,
                                       style: CollageStyle(borderWidth: border))
        return try homeWithSession(CollageDocument(photos: [Photo(path: wide), Photo(path: square)], settings: settings))
    }

    func save(_ app: AppUnderTest) throws -> String { try app.saveAnew() }

    /// Above and below the wide photo in its cell: the background when it is shown whole.
    let above = (0.275, 0.2), below = (0.275, 0.8), middle = (0.275, 0.5)
    /// Just outside the whole photo's band (y 177…223), inside it once zoomed in three steps (y 154…246).
    let nearBand = (0.275, 0.58)

    func colours(_ path: String, _ spots: [(Double, Double)]) throws -> [String] {
        try spots.map { try colour(path, atFractionX: $0.0, y: $0.1) }
    }

    @Test func theMenuAndTheKeyShowAPhotoWholeAndUndoAndTheSessionKeepIt() throws {
        let home = try home()
        let app = try AppUnderTest(home: home)
        try app.idle()
        #expect(try colours(save(app), [above, middle, below]) == ["green", "green", "green"], "fills its cell at first")
        // Right-click the wide photo, then its menu's Show Whole (by its mnemonic).
        let state = try app.state()
        try app.click(state.cellCenter(0), state: state, button: 3)
        try app.key("w")
        try app.idle()
        let whole = try save(app)
        #expect(try colours(whole, [above, middle, below]) == ["red", "green", "red"], "bands of background: \(whole)")
        #expect(try colours(app.state().preview, [above, middle, below]) == ["red", "green", "red"], "the preview too")
        #expect(try colour(whole, atFractionX: 0.725, y: 0.2) == "blue", "the other photo still fills its cell")
        // The key on the focused photo toggles it back.
        try app.tab(to: "previewCell")
        try app.key("w")
        try app.idle()
        #expect(try colours(save(app), [above, middle, below]) == ["green", "green", "green"], "the bands are gone")
        // Whole again, then zoomed in: it crops toward filling the cell, and the saved pixels change.
        try app.key("w")
        try app.idle()
        #expect(try colours(save(app), [nearBand]) == ["red"])
        try app.key("plus", "plus", "plus")
        usleep(1_200_000)
        try app.idle()
        let zoomed = try save(app)
        #expect(try colours(zoomed, [nearBand, above]) == ["green", "red"], "zoomed in, still whole across: \(zoomed)")
        // Undo: the zoom, then the last toggle (one step each).
        try app.key("ctrl+z")
        try app.idle()
        #expect(try colours(save(app), [nearBand, above]) == ["red", "red"])
        try app.key("ctrl+z")
        try app.idle()
        #expect(try colours(save(app), [above]) == ["green"])
        try app.key("ctrl+shift+z")
        try app.idle()
        try app.quit()
        let kept = try SessionFile.decode(Data(contentsOf: URL(fileURLWithPath: home.file("state/tinycollage/session.json"))))
        #expect(kept.photos.map(\.fit) == [.contain, nil])
        let again = try AppUnderTest(home: home)
        try again.idle()
        #expect(try colours(save(again), [above, middle, below]) == ["red", "green", "red"], "kept across a restart")
    }

    @Test func aScreenReaderShowsAPhotoWholeByItsAction() throws {
        let app = try AppUnderTest(home: try home(), accessibility: true)
        try app.idle()
        let cell = try #require(try Accessibility.find("wide.png", role: "image"))
        #expect(cell.actions.contains("cell.show-whole"), "\(cell.actions)")
        try Accessibility.act("wide.png", "cell.show-whole", role: "image")
        try app.idle()
        #expect(try colours(save(app), [above, middle, below]) == ["red", "green", "red"])
        try Accessibility.act("wide.png", "cell.show-whole", role: "image")
        try app.idle()
        #expect(try colours(save(app), [above, middle, below]) == ["green", "green", "green"])
    }

    @Test func aWholePhotoSitsInsideTheBorderAndZoomsThere() throws {
        // A 20 px border: the photo's area is 100 × 280 at x 60, the band 100 × 33 at y 183…217.
        let app = try AppUnderTest(home: try home(border: 20))
        try app.idle()
        try app.tab(to: "previewCell")
        try app.key("w")
        try app.idle()
        let whole = try save(app)
        #expect(try colour(whole, atFractionX: 0.125, y: 0.5) == "white", "the border, left of the photo")
        #expect(try colour(whole, atFractionX: 0.275, y: 0.5) == "green")
        #expect(try colour(whole, atFractionX: 0.275, y: 0.3) == "red", "background above it inside the border")
        // Four steps in (×2.44): the band is 100 wide at most, 81 high (y 160…240).
        try app.key("plus", "plus", "plus", "plus")
        usleep(1_200_000)
        try app.idle()
        let zoomed = try save(app)
        #expect(try colour(zoomed, atFractionX: 0.275, y: 0.575) == "green", "zoomed in the border's inside")
        #expect(try colour(zoomed, atFractionX: 0.125, y: 0.5) == "white", "the border stays the border")
    }
}
}

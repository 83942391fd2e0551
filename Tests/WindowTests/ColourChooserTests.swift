// The background colour shows in the preview while it is picked in GTK's
// colour chooser (issue 20), before Select; Cancel puts the old one back;
// Select is one undo step. Real clicks on the chooser's swatches through
// xdotool, the preview's pixels from the dump, the saved file's from disk.

import Foundation
import Testing
import TestSupport

extension AppUnderTest {
    /// The colour chooser dialog's X window and its place on the screen.
    func chooserWindow(_ title: String = "Background Colour") throws -> (id: String, x: Int, y: Int, width: Int, height: Int) {
        var id = ""
        try waitUntil(10, "the colour chooser") {
            let found = try run("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"])
            id = found.stdout.split(separator: "\n").first.map(String.init) ?? ""
            return !id.isEmpty
        }
        usleep(300_000)
        let geometry = try xdotool(["getwindowgeometry", "--shell", id])
        func value(_ key: String) -> Int {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0
        }
        return (id, value("X"), value("Y"), value("WIDTH"), value("HEIGHT"))
    }
}

extension AppWindow {
@Suite struct ColourChooserTests {
    let photos: FixtureFolder

    init() throws {
        photos = try FixtureFolder()
    }

    /// Where GTK 4.8's chooser (as Adwaita draws it, 484 × 308 without a
    /// window manager) has a swatch: column and row of its palette.
    func swatch(_ column: Int, _ row: Int) -> (Int, Int) { (34 + 52 * column, 26 + 34 * row) }
    static let cancel = (348, 285), select = (437, 285)

    func click(_ app: AppUnderTest, _ point: (Int, Int), in title: String = "Background Colour") throws {
        let chooser = try app.chooserWindow(title)
        try app.xdotool(["mousemove", "--sync", String(chooser.x + point.0), String(chooser.y + point.1)])
        try app.xdotool(["click", "1"])
        usleep(300_000)
    }

    /// The preview's margin, as the dump's picture of it has it.
    func margin(_ app: AppUnderTest) throws -> (r: Int, g: Int, b: Int, a: Int) {
        try pixelWithImageMagick(try app.state().preview, x: 3, y: 3)
    }

    func isWhite(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.r > 245 && p.g > 245 && p.b > 245 }

    @Test func thePreviewFollowsThePickedColourAndCancelPutsTheOldOneBack() throws {
        let red = try photos.solid("red.png", colour: "red", width: 400, height: 400)
        let app = try AppUnderTest(files: [red])
        try app.typeIntoSpin("settingMargin", 200)
        #expect(isWhite(try margin(app)))
        let undoable = try app.state().canUndo

        try app.clickNamed("settingBackground")
        try click(app, swatch(0, 3))  // a blue
        var picked = try margin(app)
        #expect(picked.b > 150 && picked.r < 100, "the preview shows the blue before Select: \(picked)")
        #expect(try app.state().settings["background"] as? String == "#ffffff", "not yet the document's")
        try click(app, swatch(3, 2))  // an orange: the preview follows again
        picked = try margin(app)
        #expect(picked.r > 200 && picked.g > 80 && picked.g < 160 && picked.b < 60, "orange: \(picked)")
        try click(app, Self.cancel)
        #expect(isWhite(try margin(app)), "Cancel puts white back")
        let state = try app.state()
        #expect(state.settings["background"] as? String == "#ffffff")
        #expect(state.canUndo == undoable)

        // Escape is a Cancel too.
        try app.clickNamed("settingBackground")
        try click(app, swatch(4, 2))
        #expect(!isWhite(try margin(app)))
        let chooser = try app.chooserWindow()
        try app.xdotool(["windowfocus", "--sync", chooser.id])
        try app.xdotool(["key", "Escape"])
        usleep(300_000)
        #expect(isWhite(try margin(app)), "Escape puts white back")
    }

    @Test func selectIsOneUndoStepAndTheSavedFileHasTheColour() throws {
        let red = try photos.solid("red.png", colour: "red", width: 400, height: 400)
        let app = try AppUnderTest(files: [red])
        try app.typeIntoSpin("settingMargin", 200)
        try app.clickNamed("settingBackground")
        try click(app, swatch(1, 2))  // a green, then
        try click(app, swatch(0, 3))  // a blue, chosen
        try click(app, Self.select)
        var state = try app.state()
        let chosen = state.settings["background"] as? String ?? ""
        #expect(chosen != "#ffffff", "Select makes it the document's")
        #expect(try margin(app).b > 150)
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        let edge = try pixelWithImageMagick(saved, x: 5, y: 5)
        #expect(edge.b > 150 && edge.r < 100, "the saved margin is the blue: \(edge)")
        // One step back is white, not the green tried on the way.
        try app.leaveTextFields()
        try app.key("ctrl+z")
        state = try app.state()
        #expect(state.settings["background"] as? String == "#ffffff", "\(state.settings)")
        #expect(isWhite(try margin(app)))
        try app.key("ctrl+z")
        #expect(try app.state().settings["margin"] as? Int == 0, "the step before was the margin")
    }

    /// Blue pixels in the top `share` of an image file (where a title band above the photos is).
    func topBlue(_ path: String, share: Double) throws -> Int {
        let info = try identify(path)
        let result = try run("/usr/bin/convert", [path, "-crop", "\(info.width)x\(Int(Double(info.height) * share))+0+0", "+repage",
                                                  "-fx", "(b>0.5 && r<0.4 && g<0.5) ? 1 : 0", "-format", "%[fx:round(w*h*mean)]", "info:"])
        return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The title's text colour is picked the same way: the preview shows it
    /// before Select, Cancel puts the old one back, Select is the document's.
    @Test func theTitlesColourShowsWhilePickedAndCancelPutsItBack() throws {
        let yellow = try photos.solid("yellow.png", colour: "yellow", width: 800, height: 800)
        let app = try AppUnderTest(files: [yellow])
        try app.openSettings()
        try app.type("Summer in Kyoto")
        try app.idle()
        try app.leaveTextFields()
        try app.clickNamed("settingTitleAutoColour")
        #expect(try topBlue(try app.state().preview, share: 0.12) == 0, "black text, no blue yet")

        try app.clickNamed("settingTitleColour")
        try click(app, swatch(0, 3), in: "Text Colour")  // a blue
        #expect(try topBlue(try app.state().preview, share: 0.12) > 50, "the preview shows the blue text before Select")
        try click(app, Self.cancel, in: "Text Colour")
        #expect(try topBlue(try app.state().preview, share: 0.12) == 0, "Cancel puts the old colour back")

        try app.clickNamed("settingTitleColour")
        try click(app, swatch(0, 3), in: "Text Colour")
        try click(app, Self.select, in: "Text Colour")
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        #expect(try topBlue(saved, share: 0.12) > 50, "the saved title is blue")
    }
}
}

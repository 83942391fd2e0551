// The collage's look in the window (issue 23), before it has controls of its
// own (the settings panel's presets and the per-photo "show whole" come in
// a later change): a session that has a look opens with it, the preview
// shows it, Ctrl+S saves a file that has it, and quitting keeps it.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct StyleWindowTests {
    @Test func aSessionsLookIsShownSavedAndKept() throws {
        let folder = try FixtureFolder()
        let lime = try folder.solid("lime.png", colour: "lime", width: 900, height: 900)
        let other = try folder.solid("other.png", colour: "lime", width: 900, height: 900)
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("state/tinycollage"), withIntermediateDirectories: true)
        // 400² with a gap and margin of 40: cells 140 wide at x 40 and 220, y 40 to 360.
        let look = CollageStyle(cornerRadius: 20, borderWidth: 10, borderColour: RGBAColor(red: 1, green: 1, blue: 0),
                                shadow: true, fill: .gradient(from: RGBAColor(red: 1, green: 0, blue: 0),
                                                              to: RGBAColor(red: 0, green: 0, blue: 1), angle: 180))
        let document = CollageDocument(photos: [Photo(path: lime), Photo(path: other)],
                                       settings: CollageSettings(outputSize: PixelSize(width: 400, height: 400), gap: 40,
                                                                 margin: 40, style: look))
        try SessionFile.encode(document).write(to: URL(fileURLWithPath: home.file("state/tinycollage/session.json")))
        let app = try AppUnderTest(home: home)
        try app.idle()
        try app.key("ctrl+s")
        let state = try app.waitFor(seconds: 10) { !$0.lastSaved.isEmpty }
        let spots: [(Double, Double, String)] = [
            (0.5, 0.02, "red"), (0.5, 0.98, "blue"),      // the gradient's ends in the margin
            (0.105, 0.105, "red"),                        // a cell's rounded corner shows the background
            (0.1125, 0.5, "yellow"), (0.4375, 0.5, "yellow"), // the border, inside the cell
            (0.275, 0.5, "green"), (0.725, 0.5, "green"),   // the photos inset by it
        ]
        for (x, y, name) in spots {
            #expect(try colour(state.lastSaved, atFractionX: x, y: y) == name, "saved at \(x),\(y)")
            #expect(try colour(state.preview, atFractionX: x, y: y) == name, "preview at \(x),\(y)")
        }
        try app.quit()
        let kept = try SessionFile.decode(Data(contentsOf: URL(fileURLWithPath: home.file("state/tinycollage/session.json"))))
        #expect(kept.settings.style == look)
    }
}
}

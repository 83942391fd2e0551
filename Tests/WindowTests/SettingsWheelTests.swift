// The wheel over the settings panel scrolls the panel (issue 20), as in
// GNOME Settings: over a spin button or a drop-down row it leaves the value
// alone unless that field has the keyboard focus. Real wheel clicks through
// xdotool at each kind of field; the values read back from the document,
// the panel's scrolling from where the field is drawn.

import Foundation
import Testing
import TestSupport

extension AppState {
    /// The values the panel edits, as one comparable string.
    var settingsLine: String {
        ["width", "height", "gap", "margin", "background"].map { "\($0)=\(settings[$0] ?? "")" }.joined(separator: " ")
    }
}

extension AppWindow {
@Suite struct SettingsWheelTests {
    let photos: FixtureFolder
    let given: [String]

    init() throws {
        let folder = try FixtureFolder()
        photos = folder
        given = try ["red", "blue"].map { try folder.solid("\($0).png", colour: $0, width: 400, height: 400) }
    }

    /// Spin buttons and a drop-down row of the panel.
    static let fields = ["settingMargin", "settingWidth", "settingGap", "settingSize", "settingHeight"]

    @Test(arguments: fields)
    func theWheelOverAFieldScrollsThePanelAndLeavesTheValue(field: String) throws {
        let app = try AppUnderTest(files: given, width: 480, height: 740)
        try app.typeIntoSpin("settingMargin", 40)
        var state = try app.revealInSettings(field)
        let values = state.settingsLine
        #expect(values.contains("margin=40"), "\(values)")
        try app.leaveTextFields()
        state = try app.state()
        #expect(!Self.fields.contains(state.focus), "no field has the focus: \(state.focus)")
        let start = state.area(field).y
        // Down, then up: whichever way the panel has room, the field moves.
        try app.scroll(at: state.area(field).center, state: state, up: false, steps: 3)
        let down = try app.state()
        try app.scroll(at: state.area(field).center, state: state, up: true, steps: 3)
        let up = try app.state()
        #expect(down.settingsLine == values, "after the wheel down over \(field)")
        #expect(up.settingsLine == values, "after the wheel up over \(field)")
        #expect(down.area(field).y != start || up.area(field).y != down.area(field).y,
                "the panel scrolled: \(start) → \(down.area(field).y) → \(up.area(field).y)")
        #expect(!up.canUndo || up.settingsLine == values)
    }

    @Test func aFocusedSpinButtonTakesTheWheel() throws {
        let app = try AppUnderTest(files: given, width: 480, height: 740)
        try app.typeIntoSpin("settingMargin", 40)
        let state = try app.revealInSettings("settingMargin")
        let spin = state.area("settingMargin")
        // Into its text: the keyboard is on it now.
        try app.click((spin.x + 12, spin.centerY), state: state)
        #expect(try app.state().focus == "settingMargin")
        try app.scroll(at: (spin.x + 12, spin.centerY), state: state, up: true, steps: 3)
        let after = try app.state()
        #expect(after.settings["margin"] as? Int == 43, "\(after.settingsLine)")
        #expect(after.area("settingMargin").y == spin.y, "the panel stayed where it was")
    }
}
}

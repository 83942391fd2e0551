// Save As as a person does it (SPEC §4, issue 19 point 7): Ctrl+Shift+S opens
// the real GTK dialog; the type list is opened with a click and a type picked
// with the keys, the name is typed with xdotool, Save is clicked; then the
// file on disk is read: its name and its first bytes (PNG or JPEG magic).
// AT-SPI is used only to find where the dialog's parts are and to read the
// name field as the person sees it.

import Foundation
import Testing
import TestSupport

private let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
private let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]

private func firstBytes(_ path: String, _ count: Int) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    return [UInt8](handle.readData(ofLength: count))
}

/// The Save As dialog of `app`, found and driven through X (SaveAsPDFTests too).
struct SaveAsDialog {
    let app: AppUnderTest
    let window: String

    init(opening app: AppUnderTest) throws {
        self.app = app
        try app.key("ctrl+shift+s")
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                                  String(app.process.processIdentifier), "--name", "^Save Collage As$"])
        guard let window = search.stdout.split(separator: "\n").first.map(String.init) else {
            throw AppError(description: "no Save As dialog: \(search.stderr)")
        }
        self.window = window
        _ = try waitForField { !$0.isEmpty }
    }

    /// The name field's text, as a screen reader reads it.
    var field: String {
        get throws { try Accessibility.find("Name:", role: "text")?.text ?? "" }
    }

    func waitForField(_ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(5)
        var text = try field
        while !condition(text), Date() < deadline {
            usleep(100_000)
            text = try field
        }
        return text
    }

    /// A click on the dialog's part named `name` (its AT-SPI extents are the dialog window's).
    func click(_ name: String, role: String) throws {
        guard let (x, y) = try Accessibility.find(name, role: role)?.center else {
            throw AppError(description: "the dialog has no \(role) named \(name)")
        }
        try app.xdotool(["mousemove", "--window", window, String(x), String(y)])
        usleep(80_000)
        try app.xdotool(["click", "1"])
        usleep(300_000)
    }

    /// Opens the type list and picks the `index`th type (0 PNG, 1 JPEG, 2 PDF) with
    /// the keys. The list is a popover, an X window of its own, which takes
    /// the keyboard focus as a window manager would give it.
    func chooseType(_ index: Int) throws {
        let before = try windows()
        try click("GtkDropDown", role: "combo box")
        guard let popover = try windows().subtracting(before).first else {
            throw AppError(description: "the type list did not open")
        }
        try app.xdotool(["windowfocus", "--sync", popover])
        try app.xdotool(["key", "--delay", "80", "Home"] + Array(repeating: "Down", count: index) + ["Return"])
        usleep(300_000)
    }

    /// The app's visible X windows.
    private func windows() throws -> Set<String> {
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--onlyvisible", "--pid",
                                                  String(app.process.processIdentifier), ""])
        return Set(search.stdout.split(separator: "\n").map(String.init))
    }

    /// Replaces the name in the field, as typed.
    func typeName(_ name: String) throws {
        try click("Name:", role: "text")
        try app.xdotool(["key", "ctrl+a"])
        try app.xdotool(["type", "--delay", "30", name])
        usleep(200_000)
    }

    /// Enter in the name field: the dialog's default answer, Save.
    func save() throws {
        try click("Name:", role: "text")
        try app.xdotool(["key", "--delay", "80", "End", "Return"])
    }
}

extension AppWindow {
@Suite struct SaveAsTests {
    private func start() throws -> AppUnderTest {
        let (home, pictures) = try homeWithPictures([("beach.jpg", "blue"), ("forest.jpg", "lime")], width: 600, height: 400)
        let app = try AppUnderTest(files: pictures, home: home, accessibility: true)
        try app.idle()
        return app
    }

    private func saved(_ app: AppUnderTest) throws -> AppState {
        try app.waitFor(seconds: 15) { !$0.lastSaved.isEmpty || !$0.lastSaveError.isEmpty }
    }

    @Test func choosingJPEGWithTheSuggestedNameWritesAJPEGNamedJpg() throws {
        let app = try start()
        let dialog = try SaveAsDialog(opening: app)
        #expect(try dialog.field.hasSuffix(".png"))
        try dialog.chooseType(1)
        let shown = try dialog.waitForField { $0.hasSuffix(".jpg") }
        #expect(shown.hasPrefix("Collage ") && shown.hasSuffix(".jpg"), "the name shown: \(shown)")
        try dialog.save()
        let state = try saved(app)
        #expect(state.lastSaved == app.pictures + "/" + shown, "saved: \(state.lastSaved) \(state.lastSaveError)")
        #expect(Array(firstBytes(state.lastSaved, 3)) == jpegMagic)
        #expect(try identify(state.lastSaved).format == "JPEG")
        #expect(!app.picturesContents().contains { $0.hasPrefix("Collage ") && $0.hasSuffix(".png") })
        #expect(state.toasts.contains { $0.hasPrefix("Saved in Pictures") && !$0.contains("as its name says") })
    }

    @Test func choosingJPEGThenPNGAgainWritesAPNG() throws {
        let app = try start()
        let dialog = try SaveAsDialog(opening: app)
        try dialog.chooseType(1)
        _ = try dialog.waitForField { $0.hasSuffix(".jpg") }
        try dialog.chooseType(0)
        let shown = try dialog.waitForField { $0.hasSuffix(".png") }
        #expect(shown.hasSuffix(".png"), "the name shown: \(shown)")
        try dialog.save()
        let state = try saved(app)
        #expect(state.lastSaved == app.pictures + "/" + shown)
        #expect(firstBytes(state.lastSaved, 4) == pngMagic)
    }

    @Test func aTypedExtensionWinsOverTheChosenTypeAndTheToastSaysSo() throws {
        let app = try start()
        let dialog = try SaveAsDialog(opening: app)
        try dialog.chooseType(1)
        _ = try dialog.waitForField { $0.hasSuffix(".jpg") }
        try dialog.typeName("holiday.png")
        #expect(try dialog.field == "holiday.png")
        try dialog.save()
        let state = try saved(app)
        #expect(state.lastSaved == app.pictures + "/holiday.png", "\(state.lastSaved) \(state.lastSaveError)")
        #expect(firstBytes(state.lastSaved, 4) == pngMagic, "a .png holds PNG, whatever type was chosen")
        #expect(state.toasts.contains { $0.contains("a PNG image, as its name says") }, "\(state.toasts)")
        #expect(!app.picturesContents().contains { $0.hasPrefix("holiday") && $0 != "holiday.png" })
    }

    @Test func aTypedJpegNameWithPNGChosenIsAJPEG() throws {
        let app = try start()
        let dialog = try SaveAsDialog(opening: app)
        try dialog.typeName("summer.jpeg")
        try dialog.save()
        let state = try saved(app)
        #expect(state.lastSaved == app.pictures + "/summer.jpeg", "\(state.lastSaved) \(state.lastSaveError)")
        #expect(firstBytes(state.lastSaved, 3) == jpegMagic)
        #expect(state.toasts.contains { $0.contains("a JPEG image, as its name says") }, "\(state.toasts)")
    }

    @Test func aNameWithoutExtensionTakesTheChosenType() throws {
        let app = try start()
        let dialog = try SaveAsDialog(opening: app)
        try dialog.typeName("bare")
        try dialog.chooseType(1)
        // No extension of ours to swap: the field gets the chosen one added.
        #expect(try dialog.waitForField { $0 == "bare.jpg" } == "bare.jpg")
        try dialog.typeName("plain")
        try dialog.save()
        let state = try saved(app)
        #expect(state.lastSaved == app.pictures + "/plain.jpg", "\(state.lastSaved) \(state.lastSaveError)")
        #expect(firstBytes(state.lastSaved, 3) == jpegMagic)
    }
}
}

// Project files in the window (issue 22 point 1), as a person uses them:
// Save Project As… through the real file chooser (the name typed with
// xdotool, Enter), the title read from X as the window manager reads it,
// Save Project again without a question, the project reopened from the
// command line, a second `tinycollage P.tinycollage`, a restart and Open
// Recent (the main menu clicked open, then its submenu and the item); and
// the window's Ctrl+S of an opened project against `tinycollage render` of
// the same file, pixel for pixel. What is checked is what a person gets: the
// file on disk decoded as a project, the title, the collage's photos and the
// saved image's pixels.

import CollageCore
import Foundation
import Testing
import TestSupport

/// The Save Project As chooser of `app`, found and driven through X.
private struct ProjectChooser {
    let app: AppUnderTest
    let window: String

    init(opening app: AppUnderTest) throws {
        self.app = app
        try app.key("ctrl+alt+shift+s")
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--all", "--sync", "--onlyvisible",
                                                  "--pid", String(app.process.processIdentifier), "--name", "^Save Project As$"])
        guard let window = search.stdout.split(separator: "\n").first.map(String.init) else {
            throw AppError(description: "no Save Project As chooser: \(search.stderr)")
        }
        self.window = window
        let deadline = Date().addingTimeInterval(5)
        while try field.isEmpty, Date() < deadline { usleep(100_000) }
    }

    /// The name field's text, as a screen reader reads it.
    var field: String {
        get throws { try Accessibility.find("Name:", role: "text")?.text ?? "" }
    }

    /// Replaces the name in the field as typed, and presses Enter (Save).
    func save(as name: String) throws {
        guard let (x, y) = try Accessibility.find("Name:", role: "text")?.center else {
            throw AppError(description: "the chooser has no name field")
        }
        try app.xdotool(["mousemove", "--window", window, String(x), String(y)])
        usleep(80_000)
        try app.xdotool(["click", "1"])
        usleep(200_000)
        try app.xdotool(["key", "ctrl+a"])
        try app.xdotool(["type", "--delay", "30", name])
        usleep(200_000)
        try app.xdotool(["key", "--delay", "80", "End", "Return"])
    }
}

extension AppUnderTest {
    /// The main window's title as X holds it (what a window list shows).
    func windowTitle() throws -> String {
        try xdotool(["getwindowname", try window()]).trimmingCharacters(in: .newlines)
    }

    /// Waits for the title to become `expected`; returns the last one read.
    func waitForTitle(_ expected: String, seconds: Double = 5) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var title = try windowTitle()
        while title != expected, Date() < deadline {
            usleep(100_000)
            title = try windowTitle()
        }
        return title
    }

    /// The app's visible X windows.
    func visibleWindows() throws -> Set<String> {
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--onlyvisible", "--pid",
                                                  String(process.processIdentifier), ""])
        return Set(search.stdout.split(separator: "\n").map(String.init))
    }

    /// Opens the main menu with a click on its button, then clicks each item
    /// of `path` in turn (a submenu, then its item) as a screen reader does
    /// (AT-SPI's click, as ArrangeTests' "Swap With" submenu): GTK 4.8 gives
    /// popover menu items no extents a pointer could be aimed with.
    func clickMenuItem(_ path: [String]) throws {
        let before = try visibleWindows()
        let state = try self.state()
        try click(state.area("mainMenu").center, state: state)
        let deadline = Date().addingTimeInterval(5)
        while try visibleWindows().subtracting(before).isEmpty, Date() < deadline { usleep(100_000) }
        for name in path {
            var item: AccessibleObject?
            let found = Date().addingTimeInterval(5)
            repeat {
                item = try Accessibility.tree().first { $0.name == name && $0.role.hasSuffix("menu item") }
                if item == nil { usleep(150_000) }
            } while item == nil && Date() < found
            guard item != nil else {
                let menus = try Accessibility.tree().filter { $0.role.contains("menu") }.map { "\($0.role): \($0.name)" }
                throw AppError(description: "the menu has no item “\(name)”: \(menus)")
            }
            try Accessibility.act(name, "click", role: "menu item")
            usleep(400_000)
        }
        try idle()
    }

    /// Whether a window titled `name` (a dialog, a chooser) is on screen now.
    func showsWindow(named name: String) throws -> Bool {
        // --all: the window of this process *and* of this name (xdotool's default is either).
        let search = try run("/usr/bin/xdotool", ["search", "--all", "--onlyvisible", "--pid", String(process.processIdentifier),
                                                  "--name", name])
        return search.status == 0 && !search.stdout.isEmpty
    }
}

/// The document a project file on disk holds, decoded as the app reads it.
private func projectOnDisk(_ path: String) throws -> CollageDocument {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try ProjectFile.decode(data, projectPath: path).document
}

/// Waits for a file to appear.
private func waitForFile(_ path: String, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !FileManager.default.fileExists(atPath: path), Date() < deadline { usleep(100_000) }
    return FileManager.default.fileExists(atPath: path)
}

/// A project written by hand as the app writes one: photos relative to its
/// folder, the first cropped, a gap and a background of its own.
private func handMadeProject(_ folder: FixtureFolder, photos: [String], name: String = "Trip.tinycollage") throws -> String {
    let items = photos.enumerated().map { index, photo in
        let zoom = index == 0 ? 1.6 : 1.0
        return #"{"id":"\#(UUID().uuidString)","path":"\#(photo)","crop":{"zoom":\#(zoom),"centerX":0.3,"centerY":0.5}}"#
    }
    let text = #"""
    {"application":"tinycollage-project","formatVersion":1,"document":{"photos":[\#(items.joined(separator: ","))],
    "settings":{"outputSize":{"width":640,"height":480},"gap":12,"margin":4,"background":{"red":1,"green":0,"blue":1,"alpha":1},"proportions":{}}}}
    """#
    return try folder.write(name, bytes: Array(text.utf8))
}

extension AppWindow {
@Suite struct ProjectWindowTests {
    private static let pictures = [("beach.jpg", "blue"), ("forest.jpg", "lime")]

    private func start() throws -> (AppUnderTest, [String]) {
        let (home, photos) = try homeWithPictures(Self.pictures, width: 600, height: 400)
        let app = try AppUnderTest(files: photos, home: home, accessibility: true)
        try app.idle()
        return (app, photos)
    }

    /// Save Project As… with the name typed without its extension: the project is Pictures/Holiday.tinycollage.
    private func saveAsHoliday(_ app: AppUnderTest) throws -> String {
        let chooser = try ProjectChooser(opening: app)
        #expect(try chooser.field == "Collage.tinycollage", "the name suggested")
        try chooser.save(as: "Holiday")
        let path = app.pictures + "/Holiday.tinycollage"
        #expect(waitForFile(path), "\(app.picturesContents())")
        try app.idle()
        return path
    }

    @Test func saveProjectAsThroughTheChooserWritesTheCollageAsAProject() throws {
        let (app, photos) = try start()
        let path = try saveAsHoliday(app)
        let document = try projectOnDisk(path)
        #expect(document.photos.map(\.path) == photos, "the project holds the photos in order")
        #expect(try app.waitForTitle("Holiday — TinyCollage") == "Holiday — TinyCollage")
        #expect(app.picturesContents().allSatisfy { !$0.hasPrefix(".") }, "nothing half-written is left")
        let state = try app.state()
        #expect(state.raw["projectPath"] as? String == path)
    }

    /// GNOME's thumbnailer sandbox shows the thumbnailer the project file
    /// alone: Save Project puts a small picture of the collage in it, and
    /// `tinycollage thumbnail` draws that when the photos are out of reach.
    @Test func aSavedProjectCarriesAPreviewTheThumbnailerDrawsWithoutThePhotos() throws {
        let (app, photos) = try start()
        let path = try saveAsHoliday(app)
        let deadline = Date().addingTimeInterval(30)
        var preview: Data?
        repeat {
            let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            preview = (object?["preview"] as? String).flatMap { Data(base64Encoded: $0) }
            if preview == nil { usleep(200_000) }
        } while preview == nil && Date() < deadline
        #expect(try projectOnDisk(path).photos.map(\.path) == photos, "the project written again with its preview is the same")
        let folder = try FixtureFolder()
        let shown = try folder.write("preview.png", bytes: Array(try #require(preview, "no preview in \(path)")))
        let info = try identify(shown)
        #expect(max(info.width, info.height) <= 256 && info.width > 0, "\(info)")
        for photo in photos { try FileManager.default.removeItem(atPath: photo) }
        let thumbnail = folder.file("thumbnail.png")
        let made = try run(appBinary, ["thumbnail", "-s", "128", path, thumbnail], environment: app.environment)
        #expect(made.status == 0 && made.stderr.contains("drawn from the preview saved in it"), "\(made.stderr)")
        #expect(try max(identify(thumbnail).width, identify(thumbnail).height) == 128)
    }

    @Test func theChangedMarkComesWithAnEditGoesWithUndoAndWithSaveProject() throws {
        let (app, _) = try start()
        #expect(try app.windowTitle() == "TinyCollage", "a collage never saved as a project keeps the app's name")
        let path = try saveAsHoliday(app)
        #expect(try app.waitForTitle("Holiday — TinyCollage") == "Holiday — TinyCollage")
        try app.key("ctrl+shift+BackSpace")
        #expect(try app.waitForTitle("• Holiday — TinyCollage") == "• Holiday — TinyCollage", "an edit marks it")
        try app.key("ctrl+z")
        #expect(try app.waitForTitle("Holiday — TinyCollage") == "Holiday — TinyCollage", "undone back to what was saved")
        try app.key("ctrl+shift+BackSpace")
        #expect(try app.waitForTitle("• Holiday — TinyCollage") == "• Holiday — TinyCollage")
        try app.key("ctrl+alt+s")
        #expect(try app.waitForTitle("Holiday — TinyCollage") == "Holiday — TinyCollage", "Save Project clears the mark")
        #expect(try !app.showsWindow(named: "^Save Project As$"), "Save Project did not ask again")
        #expect(try projectOnDisk(path).photos.isEmpty, "Save Project wrote the cleared collage to the same file")
    }

    /// GTK asks before replacing the name chosen; "Holiday" completed to an
    /// existing Holiday.tinycollage was never asked about, so it is left alone.
    @Test func aCompletedNameThatIsTakenIsNotReplaced() throws {
        let (app, _) = try start()
        let taken = app.pictures + "/Holiday.tinycollage"
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: taken))
        let chooser = try ProjectChooser(opening: app)
        try chooser.save(as: "Holiday")
        let state = try app.waitFor(seconds: 10) { !($0.raw["lastProjectError"] as? String ?? "").isEmpty }
        let error = state.raw["lastProjectError"] as? String ?? ""
        #expect(error.contains(taken) && error.contains("already there"), "\(error)")
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "someone else's", "the file is as it was")
        #expect(try app.windowTitle() == "TinyCollage", "the collage did not become that project")
    }

    /// A recent project deleted since is not offered; the submenu says it has none.
    @Test func openRecentLeavesOutAProjectThatIsGone() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        let project = try handMadeProject(folder, photos: ["a.png"])
        let app = try AppUnderTest(files: [project], accessibility: true)
        try app.key("ctrl+n")
        try FileManager.default.removeItem(atPath: project)
        try app.clickMenuItem(["Open Recent"])
        let items = try Accessibility.tree().filter { $0.role.hasSuffix("menu item") }.map(\.name)
        #expect(!items.contains("Trip.tinycollage") && items.contains("No Recent Projects"), "\(items)")
        #expect(try app.state().names == [])
    }

    @Test func afterARestartSaveProjectStillWritesToTheProject() throws {
        let (first, _) = try start()
        let path = try saveAsHoliday(first)
        try first.quit()
        let app = try AppUnderTest(home: first.home)
        #expect(try app.waitForTitle("Holiday — TinyCollage") == "Holiday — TinyCollage", "the session kept the project")
        try app.key("ctrl+shift+BackSpace")
        #expect(try app.waitForTitle("• Holiday — TinyCollage") == "• Holiday — TinyCollage")
        try app.key("ctrl+alt+s")
        #expect(try app.waitForTitle("Holiday — TinyCollage") == "Holiday — TinyCollage")
        #expect(try !app.showsWindow(named: "^Save Project As$"))
        #expect(try projectOnDisk(path).photos.isEmpty)
    }

    @Test func aProjectOnTheCommandLineOpensAsItWasSaved() throws {
        let (first, photos) = try start()
        let path = try saveAsHoliday(first)
        try first.quit()
        // A fresh start, in another home with no session: only the file tells.
        let app = try AppUnderTest(files: [path])
        let state = try app.state()
        #expect(state.photos == photos, "\(state.photos)")
        #expect(try app.waitForTitle("Holiday — TinyCollage") == "Holiday — TinyCollage")
        #expect(state.toasts.isEmpty, "\(state.toasts)")
    }

    @Test func aProjectOpenedIntoTheRunningAppReplacesTheCollageAndUndoBringsItBack() throws {
        let folder = try FixtureFolder()
        let red = try folder.solid("red.png", colour: "red", width: 300, height: 200)
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        _ = try folder.solid("b.png", colour: "lime", width: 300, height: 200)
        let project = try handMadeProject(folder, photos: ["a.png", "b.png"])
        let app = try AppUnderTest(files: [red])
        try app.openWith([project])
        let state = try app.state()
        #expect(state.names == ["a.png", "b.png"], "\(state.names)")
        #expect(state.settings["gap"] as? Int == 12 && state.settings["width"] as? Int == 640, "\(state.settings)")
        #expect(try app.waitForTitle("Trip — TinyCollage") == "Trip — TinyCollage")
        try app.key("ctrl+z")
        #expect(try app.state().names == ["red.png"], "Undo brings the collage it replaced back")
        #expect(try app.waitForTitle("TinyCollage") == "TinyCollage", "and that one was never a project")
    }

    /// Open… (Ctrl+O) through the real chooser: the project's path typed in
    /// its location field (Ctrl+L), Enter; a photo chosen with it joins it.
    @Test func openChoosesAProjectAndItOpensAsItWasSaved() throws {
        let folder = try FixtureFolder()
        let red = try folder.solid("red.png", colour: "red", width: 300, height: 200)
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        _ = try folder.solid("b.png", colour: "lime", width: 300, height: 200)
        let project = try handMadeProject(folder, photos: ["a.png", "b.png"])
        let app = try AppUnderTest(files: [red])
        try app.key("ctrl+o")
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--all", "--sync", "--onlyvisible",
                                                  "--pid", String(app.process.processIdentifier), "--name",
                                                  "^Open Photos or a Project$"])
        guard let chooser = search.stdout.split(separator: "\n").first.map(String.init) else {
            throw AppError(description: "no Open chooser: \(search.stderr)")
        }
        try app.xdotool(["windowfocus", "--sync", chooser])
        usleep(300_000)
        try app.xdotool(["key", "ctrl+l"])
        usleep(300_000)
        try app.xdotool(["type", "--delay", "20", project])
        usleep(300_000)
        try app.xdotool(["key", "Return"])
        let state = try app.waitFor(seconds: 10) { $0.names == ["a.png", "b.png"] }
        #expect(state.names == ["a.png", "b.png"], "\(state.names)")
        #expect(state.settings["gap"] as? Int == 12)
        #expect(try app.waitForTitle("Trip — TinyCollage") == "Trip — TinyCollage")
        try app.key("ctrl+z")
        #expect(try app.state().names == ["red.png"], "Undo brings the collage it replaced back")
    }

    /// A project dragged from Files onto the preview, then onto the strip, opens each time.
    @Test func aProjectDroppedOntoTheWindowOpens() throws {
        let folder = try FixtureFolder()
        let red = try folder.solid("red.png", colour: "red", width: 300, height: 200)
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        _ = try folder.solid("b.png", colour: "lime", width: 300, height: 200)
        _ = try handMadeProject(folder, photos: ["a.png", "b.png"])
        let app = try AppUnderTest(files: [red])
        let files = try FileManagerWindow(showing: folder.path)
        var state = try app.state()
        let origin = try app.screenOrigin(state)
        let preview = state.area("collagePreview")
        try app.dragOnScreen(from: try files.item("Trip.tinycollage"),
                             to: (Int(origin.x + preview.centerX), Int(origin.y + preview.centerY)), steps: 25)
        state = try app.state()
        #expect(state.names == ["a.png", "b.png"], "onto the preview: \(state.names) \(state.toasts)")
        #expect(try app.waitForTitle("Trip — TinyCollage") == "Trip — TinyCollage")
        try app.key("ctrl+z")
        state = try app.state()
        #expect(state.names == ["red.png"])
        let strip = state.area("pictureListSelected")
        try app.dragOnScreen(from: try files.item("Trip.tinycollage"),
                             to: (Int(origin.x + strip.centerX), Int(origin.y + strip.centerY)), steps: 25)
        state = try app.state()
        #expect(state.names == ["a.png", "b.png"], "onto the strip: \(state.names) \(state.toasts)")
    }

    @Test func openRecentReopensTheProject() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        _ = try folder.solid("b.png", colour: "lime", width: 300, height: 200)
        let project = try handMadeProject(folder, photos: ["a.png", "b.png"])
        let app = try AppUnderTest(files: [project], accessibility: true)
        try app.key("ctrl+n")
        #expect(try app.state().names == [])
        try app.clickMenuItem(["Open Recent", "Trip.tinycollage"])
        let state = try app.state()
        #expect(state.names == ["a.png", "b.png"], "\(state.names)")
        #expect(state.settings["gap"] as? Int == 12)
        #expect(try app.waitForTitle("Trip — TinyCollage") == "Trip — TinyCollage")
    }

    /// Issue 22 point 2: what the window saves of an opened project is what `render` writes of it.
    @Test func theWindowsSaveOfAProjectIsPixelIdenticalToRender() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.jpg", colour: "red", width: 500, height: 300)
        _ = try folder.solid("b.png", colour: "blue", width: 200, height: 400)
        _ = try folder.solid("c.png", colour: "yellow", width: 300, height: 300)
        let project = try handMadeProject(folder, photos: ["a.jpg", "b.png", "c.png"])
        let app = try AppUnderTest(files: [project])
        try app.key("ctrl+s")
        let saved = try app.waitFor(seconds: 20) { !$0.lastSaved.isEmpty || !$0.lastSaveError.isEmpty }
        #expect(saved.lastSaveError.isEmpty, "\(saved.lastSaveError)")
        let rendered = folder.file("render.png")
        let render = try run(appBinary, ["render", "-o", rendered, project], environment: app.environment)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try identify(saved.lastSaved).width == 640)
        let compare = try run("/usr/bin/compare", ["-metric", "AE", saved.lastSaved, rendered, "null:"])
        #expect(compare.stderr == "0", "pixels that differ: \(compare.stderr)")
    }

    @Test func aMissingPhotoIsShownAsMissing() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        let project = try handMadeProject(folder, photos: ["a.png", "gone.png"])
        let app = try AppUnderTest(files: [project])
        let state = try app.state()
        #expect(state.names == ["a.png", "gone.png"], "the missing photo keeps its place")
        #expect(state.failures == [folder.file("gone.png")], "\(state.failures)")
    }

    @Test(arguments: [
        (#"{"application":"tinycollage-project","formatVersion":7,"document":{}}"#, "newer TinyCollage"),
        ("{not json", "it is not a TinyCollage project"),
        (#"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":3}}"#, "the project is damaged"),
    ])
    func aProjectThatCannotBeOpenedIsNamedWithWhyAndTheCollageStays(_ text: String, _ reason: String) throws {
        let folder = try FixtureFolder()
        let red = try folder.solid("red.png", colour: "red", width: 300, height: 200)
        let bad = try folder.write("Bad.tinycollage", bytes: Array(text.utf8))
        let app = try AppUnderTest(files: [red])
        try app.openWith([bad])
        let state = try app.state()
        let error = state.raw["lastProjectError"] as? String ?? ""
        #expect(error.contains(bad) && error.contains(reason), "\(error)")
        #expect(state.names == ["red.png"], "the collage is as it was")
        let shownTitle = try app.windowTitle()
        #expect(shownTitle == "TinyCollage", "\(shownTitle)")
        #expect(app.isAlive)
    }

    @Test func aProjectThatCannotBeWrittenIsNamedAndTheCollageStays() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        try FileManager.default.createDirectory(atPath: folder.file("trip"), withIntermediateDirectories: true)
        let project = try handMadeProject(folder, photos: ["../a.png"], name: "trip/Trip.tinycollage")
        let app = try AppUnderTest(files: [project])
        #expect(try app.state().names == ["a.png"])
        // The project's folder goes away (an unplugged disk): the save cannot happen.
        try FileManager.default.removeItem(atPath: folder.file("trip"))
        try app.key("ctrl+shift+BackSpace")
        try app.key("ctrl+alt+s")
        let state = try app.state()
        let error = state.raw["lastProjectError"] as? String ?? ""
        #expect(error.contains(project) && error.contains("could not be saved"), "\(error)")
        #expect(try app.waitForTitle("• Trip — TinyCollage") == "• Trip — TinyCollage", "still marked: not saved")
        #expect(state.canUndo && state.raw["projectPath"] as? String == project, "nothing is lost: Undo is there")
    }
}
}

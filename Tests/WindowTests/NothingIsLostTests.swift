// SPEC §4, §5, §7 in the window, with real input: the work survives a
// restart and a kill -9 in the middle of a burst of key presses, an
// untrustworthy session file is set aside, a vanished photo is shown as
// missing (and comes back), every kind of bad input handed over by "Open
// With" is refused by name while the rest stays, a burst of keys ends on the
// right preview, and a save onto a full disk says so and leaves nothing behind.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct NothingIsLostTests {
    let photos: FixtureFolder
    let red, green, blue: String

    init() throws {
        (photos, red, green, blue) = try colourPhotos()
    }

    @Test func theCollageSurvivesARestart() throws {
        let first = try AppUnderTest(files: [red, green, blue])
        try first.dragThumbnail(2, toGap: 0)
        try first.idle()
        try first.quit()
        let second = try AppUnderTest(home: first.home)
        let state = try second.state()
        #expect(state.names == ["blue.jpg", "red.jpg", "green.jpg"])
        #expect(try threeCells(state.preview) == ["blue", "red", "green"])
    }

    /// Nine photos; the first is walked to the right with Alt+Right, one
    /// place a press, so every order of the walk is a different one. Two
    /// steps are taken and kept; then a burst of six more is cut by kill -9.
    /// The file left behind must be a whole document from the walk, never
    /// older than what was kept before the burst.
    @Test func killedDuringABurstLosesAtMostTheChangesInFlight() throws {
        let folder = try FixtureFolder()
        let nine = try (0..<9).map { try folder.solid("p\($0).png", colour: "gray", width: 60, height: 40) }
        let first = try AppUnderTest(files: nine)
        try first.keysOnThumbnail(0, "alt+Right", "alt+Right")
        #expect(try first.state().names.firstIndex(of: "p0.png") == 2)
        try first.focusWindow()
        let burst = Process()
        burst.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        burst.arguments = ["key", "--delay", "25"] + Array(repeating: "alt+Right", count: 6)
        try burst.run()
        usleep(90_000)
        first.kill9()
        burst.waitUntilExit()
        let document = try SessionFile.decode(try Data(contentsOf: URL(fileURLWithPath: first.sessionFile)))
        let names = document.photos.map(\.displayName)
        let position = names.firstIndex(of: "p0.png") ?? -1
        var walk = (1..<9).map { "p\($0).png" }
        walk.insert("p0.png", at: max(0, position))
        #expect(names == walk, "a whole order from the walk: \(names)")
        #expect(position >= 2, "nothing older than what was kept: p0 at \(position)")
        let second = try AppUnderTest(home: first.home)
        let state = try second.state()
        #expect(state.names == names)
        #expect(!state.toasts.contains { $0.contains("could not be restored") })
    }

    @Test(arguments: ["{ not json", #"{"formatVersion": 7, "document": {"photos": [], "settings": {}}}"#])
    func aSessionThatCannotBeTrustedIsSetAside(content: String) throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("state/tinycollage"), withIntermediateDirectories: true)
        try content.write(toFile: home.file("state/tinycollage/session.json"), atomically: true, encoding: .utf8)
        let app = try AppUnderTest(home: home)
        let state = try app.state()
        #expect(state.names.isEmpty)
        #expect(state.toasts.contains { $0.contains("could not be restored") && $0.contains("unreadable") }, "\(state.toasts)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: home.file("state/tinycollage"))
            .filter { $0.hasPrefix("session.json.unreadable-") }
        #expect(kept.count == 1)
        #expect(try String(contentsOfFile: home.file("state/tinycollage/" + kept[0]), encoding: .utf8) == content)
    }

    @Test func aVanishedPhotoIsShownAsMissingAndComesBack() throws {
        let folder = try FixtureFolder()
        let keep = try folder.solid("keep.png", colour: "red", width: 300, height: 300)
        let away = try folder.solid("away.png", colour: "blue", width: 300, height: 300)
        let first = try AppUnderTest(files: [keep, away])
        try first.idle()
        try first.quit()
        try FileManager.default.moveItem(atPath: away, toPath: away + ".moved")
        let second = try AppUnderTest(home: first.home)
        var state = try second.state()
        #expect(state.names == ["keep.png", "away.png"], "a missing photo must not be dropped")
        #expect(state.toasts.contains { $0.contains("away.png") && $0.contains("left out") }, "\(state.toasts)")
        #expect(try colour(state.preview, atFractionX: 0.9, y: 0.5) == "red", "the rest fills the collage")
        // Saved meanwhile: the message says the file lacks it, not that it "was not added".
        try second.key("ctrl+s")
        state = try second.state()
        #expect(state.toasts.contains { $0.hasPrefix("Saved in Pictures without “away.png”") }, "\(state.toasts)")
        #expect(!state.toasts.contains { $0.contains("was not added") }, "\(state.toasts)")
        try FileManager.default.moveItem(atPath: away + ".moved", toPath: away)
        usleep(2_600_000)
        state = try second.state()
        #expect(try colour(state.preview, atFractionX: 0.9, y: 0.5) == "blue", "the photo is back")
    }

    @Test func everyKindOfBadInputIsRefusedByNameAndTheRestStays() throws {
        let folder = try FixtureFolder()
        let photo = try folder.convert(["-size", "300x200", "plasma:fractal", "-seed", "3", "-quality", "90"], to: "photo.jpg")
        symlink(folder.file("nowhere.jpg"), folder.file("dangling.jpg"))
        mkfifo(folder.file("fifo.jpg"), 0o644)
        try FileManager.default.createDirectory(atPath: folder.file("a folder.jpg"), withIntermediateDirectories: true)
        let notUTF8 = FilePathText.text(fromBytes: renameToBytes(try folder.solid("x.png", colour: "lime"), folder: folder,
                                                                 name: Array("caf".utf8) + [0xE9, 0xFF] + Array(".png".utf8)))
        let refused: [(String, String)] = [
            (try folder.write("notes.jpg", bytes: Array("not a photo at all".utf8)), "not an image"),
            (try folder.write("empty.png", bytes: []), "empty"),
            (try folder.pngBomb("bomb.png", width: 70_000, height: 70_000), "too large"),
            (folder.file("a folder.jpg"), "folder"),
            (folder.file("fifo.jpg"), "not a regular file"),
            ("/dev/null", "not a regular file"),
            (folder.file("dangling.jpg"), "does not exist"),
            (folder.file("gone.jpg"), "no such file"),
        ]
        let good = [try folder.solid("with spaces 1.png", colour: "red"), try folder.solid("写真.png", colour: "blue"), notUTF8]
        let truncated = try folder.truncated(photo, to: "cut.jpg", keeping: 0.5)
        let app = try AppUnderTest(files: [red])
        for (path, reason) in refused {
            try app.openWith([path, good[0]].shuffled())
            let state = try app.state()
            let name = (path as NSString).lastPathComponent
            #expect(state.toasts.last?.contains(name) == true && state.toasts.last?.contains(reason) == true,
                    "\(name): \(state.toasts.last ?? "no toast")")
            // Photos opened from outside start a new collage (issue 22); the one there is an Undo away.
            #expect(state.photos == [good[0]], "\(name): \(state.photos)")
            try app.key("ctrl+z")
            #expect(try app.state().photos == [red], "the photo already there comes back")
        }
        try app.openWith(good + [truncated])
        let state = try app.state()
        #expect(state.photos == good + [truncated])
        #expect(state.names.contains("caf\u{FFFD}\u{FFFD}.png"))
        // The truncated photo passed its header check, so it is in the strip, left out of the collage with a word why.
        #expect(state.toasts.contains { $0.contains("cut.jpg") && $0.contains("damaged or incomplete") }, "\(state.toasts)")
    }

    @Test func aPhotoThatVanishesAfterBeingAddedIsMarkedNotDropped() throws {
        let folder = try FixtureFolder()
        let fleeting = try folder.solid("fleeting.png", colour: "blue")
        let app = try AppUnderTest(files: [red])
        // Both: photos opened from outside start a new collage (issue 22).
        try app.openWith([red, fleeting])
        try app.idle()
        try FileManager.default.removeItem(atPath: fleeting)
        try app.dragThumbnail(1, toGap: 0)
        let state = try app.state()
        #expect(state.names == ["fleeting.png", "red.jpg"])
        #expect(state.toasts.contains { $0.contains("fleeting.png") && $0.contains("no such file") }, "\(state.toasts)")
    }

    @Test func fiveHundredFilesDroppedAtOnce() throws {
        let folder = try FixtureFolder()
        let good = try folder.solid("good.png", colour: "red", width: 50, height: 50)
        let bad = try folder.write("bad.jpg", bytes: Array("nope".utf8))
        var paths: [String] = []
        for i in 0..<500 {
            let path = folder.file(String(format: "%03d.png", i))
            try FileManager.default.copyItem(atPath: i % 3 == 0 ? bad : good, toPath: path)
            paths.append(path)
        }
        let app = try AppUnderTest()
        try app.openWith(paths)
        let state = try app.state()
        #expect(state.photos.count == 9)
        #expect(state.photos == paths.enumerated().filter { $0.offset % 3 != 0 }.prefix(9).map(\.element))
        #expect(state.toasts.contains { $0.contains("photos were not added") }, "\(state.toasts)")
        #expect(state.toasts.contains { $0.contains("000.png") && $0.contains("not an image") }, "\(state.toasts)")
    }

    /// A burst of real key presses on the strip — moves, removals, undo and
    /// redo, 10 ms apart — and the preview ends on the final document.
    @Test func aBurstOfKeysEndsOnThePreviewOfTheFinalDocument() throws {
        let folder = try FixtureFolder()
        let colours = ["red", "lime", "blue", "yellow", "magenta", "cyan"]
        let paths = try colours.map { try folder.solid("\($0).png", colour: $0, width: 320, height: 240) }
        let app = try AppUnderTest(files: paths)
        try app.keysOnThumbnail(1)
        var keys: [String] = []
        for i in 0..<60 {
            switch i % 6 {
            case 0, 1: keys.append("alt+Right")
            case 2: keys.append("alt+Left")
            case 3: keys.append(i % 12 == 3 ? "Delete" : "alt+Right")
            case 4: keys.append("ctrl+z")
            default: keys.append(i % 18 == 5 ? "ctrl+shift+z" : "alt+Left")
            }
        }
        try app.focusWindow()
        try app.xdotool(["key", "--delay", "10"] + keys)
        let state = try app.state()
        let size = state.previewSize
        #expect(size[0] > 100)
        // The same document rendered directly, by the command line, at the preview's size.
        let direct = folder.file("direct.png")
        let result = try run(appBinary, ["render", "-o", direct, "--size", "\(size[0])x\(size[1])"] + state.photos)
        #expect(result.status == 0, "\(result.stderr)")
        let columns = CollageLayout.columns(for: state.photos.count)
        for (column, rows) in columns.enumerated() {
            for row in 0..<rows {
                let fx = (Double(column) + 0.5) / Double(columns.count), fy = (Double(row) + 0.5) / Double(rows)
                let shown = try pixelWithImageMagick(state.preview, x: Int(fx * Double(size[0])), y: Int(fy * Double(size[1])))
                let expected = try pixelWithImageMagick(direct, x: Int(fx * Double(size[0])), y: Int(fy * Double(size[1])))
                #expect(abs(shown.r - expected.r) + abs(shown.g - expected.g) + abs(shown.b - expected.b) < 12,
                        "cell \(column),\(row)")
            }
        }
    }

    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
    func savingOntoAFullDiskSaysSoAndLeavesNothing() throws {
        // Grainy photos: a collage of them cannot compress into the little room there is.
        let grainy = try (1...3).map { i in
            try photos.convert(["-size", "600x400", "xc:gray", "-seed", "\(i)", "+noise", "Random", "-quality", "90"], to: "grain\(i).jpg")
        }
        let app = try AppUnderTest(files: grainy)
        #expect(try run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tinycollage-test", app.pictures]).status == 0)
        defer { _ = try? run("/bin/umount", [app.pictures]) }
        try app.key("ctrl+s")
        let state = try app.state()
        #expect(state.lastSaved.isEmpty)
        #expect(state.lastSaveError.contains("disk is full"), "\(state.lastSaveError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.pictures).isEmpty, "a partial file was left")
        #expect(state.names == ["grain1.jpg", "grain2.jpg", "grain3.jpg"], "the collage is still there")
        // The command line says the same.
        let out = app.pictures + "/cli.png"
        let cli = try run(appBinary, ["render", "-o", out] + grainy)
        #expect(cli.status == 1 && cli.stderr.contains("disk is full"), "\(cli.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.pictures).isEmpty)
    }

    @Test func aCollageTooLargeToDrawIsRefusedWithTheReason() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("state/tinycollage"), withIntermediateDirectories: true)
        let document = CollageDocument(photos: [Photo(path: red)],
                                       settings: CollageSettings(outputSize: PixelSize(width: 40_000, height: 100)))
        try SessionFile.encode(document).write(to: URL(fileURLWithPath: home.file("state/tinycollage/session.json")))
        let app = try AppUnderTest(home: home)
        try app.key("ctrl+s")
        let state = try app.state()
        #expect(state.lastSaveError.contains("32767"), "\(state.lastSaveError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.pictures).isEmpty)
    }
}
}

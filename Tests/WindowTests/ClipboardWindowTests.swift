// Copy and Paste as a person does them (issue 22 point 7): Ctrl+C and Ctrl+V
// pressed on the real window with xdotool, and the clipboard read and filled
// by another X client, xclip, as any other app would: what Copy offers
// (its targets, its PNG's pixels beside Ctrl+S's file), what Paste makes of
// files copied in a file manager (text/uri-list) and of image data (a PNG
// in Pictures/TinyCollage), and that a focused text field keeps both keys.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The X clipboard, read and owned through xclip.
private enum XClipboard {
    static func read(_ target: String) throws -> ProcessOutput {
        try run("/usr/bin/timeout", ["10", "/usr/bin/xclip", "-selection", "clipboard", "-t", target, "-o"])
    }

    static func targets() throws -> [String] {
        try read("TARGETS").stdout.split(separator: "\n").map(String.init)
    }

    /// What the clipboard holds as `target`, written to `path`.
    static func save(_ target: String, to path: String) throws {
        let result = try run("/bin/sh", ["-c", "timeout 10 xclip -selection clipboard -t \"$1\" -o > \"$2\"", "sh", target, path])
        guard result.status == 0 else { throw AppError(description: "xclip -o \(target): \(result.stderr)") }
    }

    /// Offers `file`'s bytes as `target` until the returned owner is ended.
    static func offer(_ target: String, file: String) throws -> Process {
        let owner = Process()
        owner.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        // -quiet: stays in the foreground, so the test can end it.
        owner.arguments = ["-quiet", "-selection", "clipboard", "-t", target, "-i", file]
        owner.standardOutput = FileHandle.nullDevice
        owner.standardError = FileHandle.nullDevice
        try owner.run()
        // Until it owns the selection.
        let deadline = Date().addingTimeInterval(5)
        while (try? targets())?.contains(target) != true, Date() < deadline { usleep(50_000) }
        return owner
    }
}

/// Ends an owner `offer` started. SIGKILL: the child inherits the test
/// runner's blocked signals, SIGTERM among them.
private func end(_ owner: Process) {
    kill(owner.processIdentifier, SIGKILL)
    owner.waitUntilExit()
}

/// How many pixels differ between two images (ImageMagick's count).
private func differingPixels(_ a: String, _ b: String) throws -> Int {
    let result = try run("/usr/bin/compare", ["-metric", "AE", a, b, "null:"])
    return Int(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}

extension AppWindow {
@Suite struct ClipboardWindowTests {
    let photos: FixtureFolder

    init() throws {
        photos = try FixtureFolder()
    }

    private func twoPhotos() throws -> [String] {
        [try photos.solid("red.jpg", colour: "red", width: 600, height: 400),
         try photos.solid("blue.jpg", colour: "blue", width: 600, height: 400)]
    }

    @Test func ctrlCOffersTheCollageAsThePNGCtrlSWrites() throws {
        let app = try AppUnderTest(files: try twoPhotos())
        try app.key("ctrl+c")
        let state = try app.state()
        #expect(state.toasts.contains("Collage copied"), "\(state.toasts)")
        let targets = try XClipboard.targets()
        #expect(targets.contains("image/png"), "offered: \(targets)")
        let copied = photos.file("copied.png")
        try XClipboard.save("image/png", to: copied)
        let info = try identify(copied)
        #expect(info.format == "PNG" && info.width == 1080 && info.height == 1080, "\(info)")
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        #expect(!saved.isEmpty, "Ctrl+S saved nothing")
        #expect(try differingPixels(copied, saved) == 0, "the copy is the saved collage, pixel for pixel")
    }

    /// "Copy Collage" in a preview photo's menu (right-click, then its mnemonic).
    @Test func thePhotoMenusCopyCollageCopiesTheWholeCollage() throws {
        let app = try AppUnderTest(files: try twoPhotos())
        let state = try app.state()
        try app.click(state.cellCenter(0), state: state, button: 3)
        try app.key("c")
        #expect(try app.state().toasts.contains("Collage copied"))
        let copied = photos.file("from-menu.png")
        try XClipboard.save("image/png", to: copied)
        let info = try identify(copied)
        #expect(info.width == 1080 && info.height == 1080, "the whole collage at its output size: \(info)")
        let spots = try [(0.25, 0.5), (0.75, 0.5), (0.5, 0.25), (0.5, 0.75)].map { try colour(copied, atFractionX: $0.0, y: $0.1) }
        #expect(spots.contains("red") && spots.contains("blue"), "both photos: \(spots)")
    }

    @Test func anEmptyCollageCopiesNothing() throws {
        let text = try photos.write("before.txt", bytes: Array("before".utf8))
        let owner = try XClipboard.offer("UTF8_STRING", file: text)
        defer { end(owner) }
        let app = try AppUnderTest()
        try app.key("ctrl+c")
        let state = try app.state()
        #expect(state.toasts.isEmpty, "Copy is off: not even a failure to say: \(state.toasts)")
        #expect(try XClipboard.read("UTF8_STRING").stdout == "before", "the clipboard keeps what it had")
    }

    @Test func ctrlVOfFilesCopiedInAFileManagerAddsThePhotos() throws {
        let green = try photos.solid("green.jpg", colour: "lime", width: 600, height: 400)
        let notes = try photos.write("notes.jpg", bytes: Array("not a photo".utf8))
        let uris = [green, notes].map { URL(fileURLWithPath: $0).absoluteString }.joined(separator: "\r\n") + "\r\n"
        let list = try photos.write("copied.uris", bytes: Array(uris.utf8))
        let owner = try XClipboard.offer("text/uri-list", file: list)
        defer { end(owner) }
        let app = try AppUnderTest(files: try twoPhotos())
        try app.key("ctrl+v")
        let state = try app.state()
        #expect(state.names == ["red.jpg", "blue.jpg", "green.jpg"], "\(state.names)")
        #expect(state.toasts.contains { $0.contains("“notes.jpg” was not added") }, "\(state.toasts)")
    }

    @Test func ctrlVOfImageDataSavesItAsAPNGInPicturesAndAddsIt() throws {
        // 8 bits a channel: what the decoders give (a 16-bit PNG is saved at 8).
        let source = try photos.convert(["-size", "320x200", "gradient:orange-purple", "-depth", "8"], to: "pasted.png")
        let owner = try XClipboard.offer("image/png", file: source)
        defer { end(owner) }
        let app = try AppUnderTest(files: try twoPhotos())
        try app.key("ctrl+v")
        let state = try app.state()
        #expect(state.photos.count == 3, "\(state.names) \(state.toasts)")
        let pasted = state.photos.last ?? ""
        #expect(pasted.hasPrefix(app.pictures + "/TinyCollage/Pasted image "), "\(pasted)")
        #expect(pasted.hasSuffix(".png"), "\(pasted)")
        #expect(try identify(pasted).format == "PNG")
        #expect(try differingPixels(pasted, source) == 0, "the saved file holds the pasted pixels")
        // The session holds the file: it is there after a restart.
        try app.quit()
        let again = try AppUnderTest(home: app.home)
        #expect(try again.state().photos.last == pasted)
    }

    @Test func imageDataThatIsNoImageIsRefusedByName() throws {
        let junk = try photos.write("junk.png", bytes: Array("this is not a PNG".utf8))
        let owner = try XClipboard.offer("image/png", file: junk)
        defer { end(owner) }
        let app = try AppUnderTest(files: try twoPhotos())
        try app.key("ctrl+v")
        let state = try app.state()
        #expect(state.names == ["red.jpg", "blue.jpg"])
        #expect(state.toasts.contains { $0.hasPrefix("The pasted image was not added: ") }, "\(state.toasts)")
        let folder = app.pictures + "/TinyCollage"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "no file is left")
    }

    @Test func imageDataOnAFullCollageIsNotSaved() throws {
        let colours = ["red", "lime", "blue", "yellow", "cyan", "magenta", "orange", "white", "black"]
        let nine = try colours.map { try photos.solid("\($0).jpg", colour: $0, width: 300, height: 200) }
        let source = try photos.solid("pasted.png", colour: "gray", width: 300, height: 200)
        let owner = try XClipboard.offer("image/png", file: source)
        defer { end(owner) }
        let app = try AppUnderTest(files: nine)
        try app.key("ctrl+v")
        let state = try app.state()
        #expect(state.photos.count == 9)
        #expect(state.toasts.contains("1 photo was not added: a collage holds at most 9"), "\(state.toasts)")
        let folder = app.pictures + "/TinyCollage"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty, "no file is made for nothing")
    }

    @Test func ctrlVWithNothingUsableSaysSo() throws {
        let text = try photos.write("words.txt", bytes: Array("just words".utf8))
        let owner = try XClipboard.offer("UTF8_STRING", file: text)
        defer { end(owner) }
        let app = try AppUnderTest(files: try twoPhotos())
        try app.key("ctrl+v")
        let state = try app.state()
        #expect(state.names == ["red.jpg", "blue.jpg"])
        #expect(state.toasts.contains("Nothing on the clipboard can be added: copy photos or an image first"),
                "\(state.toasts)")
    }

    /// The title field's own Ctrl+C and Ctrl+V, with photos in the collage (Copy enabled).
    @Test func ctrlCAndCtrlVInTheTitleFieldAreTheTextsOwn() throws {
        let app = try AppUnderTest(files: try twoPhotos())
        try app.openSettings()
        try app.type("Kyoto")
        try app.key("ctrl+a", "ctrl+c")
        var state = try app.state()
        #expect(!state.toasts.contains("Collage copied"), "\(state.toasts)")
        #expect(try XClipboard.read("UTF8_STRING").stdout == "Kyoto", "the field copied its text")
        #expect(!(try XClipboard.targets()).contains("image/png"))

        let text = try photos.write("osaka.txt", bytes: Array("Osaka".utf8))
        let owner = try XClipboard.offer("UTF8_STRING", file: text)
        defer { end(owner) }
        try app.key("ctrl+a", "ctrl+v")
        state = try app.state()
        #expect(state.text("collageTitle") == "Osaka", "the field pasted the text: \(state.text("collageTitle"))")
        #expect(state.names == ["red.jpg", "blue.jpg"])
        #expect(!state.toasts.contains { $0.hasPrefix("Nothing on the clipboard") }, "\(state.toasts)")
    }

    /// A spin button's Ctrl+V pastes into its text, not photos.
    @Test func ctrlVInASpinButtonPastesItsNumber() throws {
        let number = try photos.write("number.txt", bytes: Array("40".utf8))
        let owner = try XClipboard.offer("UTF8_STRING", file: number)
        defer { end(owner) }
        let app = try AppUnderTest(files: try twoPhotos())
        try app.openSettings()
        let state = try app.revealInSettings("settingMargin")
        let spin = state.area("settingMargin")
        try app.click((spin.x + 12, spin.centerY), state: state)
        try app.key("ctrl+a", "ctrl+v", "Tab")
        let after = try app.state()
        #expect(after.settings["margin"] as? Int == 40, "\(after.settings["margin"] ?? "none")")
        #expect(!after.toasts.contains { $0.hasPrefix("Nothing on the clipboard") }, "\(after.toasts)")
    }

    /// Where the pasted image would go, a file: the message names the file and says why.
    @Test func imageDataThatCannotBeWrittenSaysWhere() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: home.file("Pictures/TinyCollage")))
        let source = try photos.solid("pasted.png", colour: "gray", width: 300, height: 200)
        let owner = try XClipboard.offer("image/png", file: source)
        defer { end(owner) }
        let app = try AppUnderTest(files: try twoPhotos(), home: home)
        try app.key("ctrl+v")
        let state = try app.state()
        #expect(state.names == ["red.jpg", "blue.jpg"])
        #expect(state.toasts.contains { $0.hasPrefix("The pasted image was not saved: “") && $0.contains("/Pictures/TinyCollage/Pasted image ") },
                "\(state.toasts)")
    }

    /// A photo gone since it was added: the copy is made without it, and the message names it.
    @Test func aPhotoGoneSinceItWasAddedIsNamedWhenCopying() throws {
        let files = try twoPhotos()
        let app = try AppUnderTest(files: files)
        try FileManager.default.removeItem(atPath: files[0])
        try app.key("ctrl+c")
        let state = try app.state()
        #expect(state.toasts.contains { $0.hasPrefix("Collage copied without “red.jpg”: ") }, "\(state.toasts)")
        #expect(try XClipboard.targets().contains("image/png"))
    }

    /// The app's own copy pasted back: GTK reads local content through the same
    /// image/png, so the collage becomes a photo of itself.
    @Test func ctrlCThenCtrlVAddsTheCollageAsAPhoto() throws {
        let app = try AppUnderTest(files: try twoPhotos())
        try app.key("ctrl+c")
        try app.idle()
        let copied = photos.file("copied.png")
        try XClipboard.save("image/png", to: copied)
        try app.key("ctrl+v")
        let state = try app.state()
        #expect(state.photos.count == 3, "\(state.names) \(state.toasts)")
        let pasted = state.photos.last ?? ""
        #expect(pasted.hasPrefix(app.pictures + "/TinyCollage/Pasted image "), "\(pasted)")
        #expect(try differingPixels(pasted, copied) == 0)
    }
}
}

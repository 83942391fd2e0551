// Dragging between TinyCollage and a real file manager (Nautilus, started by
// the test beside the app), with a real pointer: photos dropped onto the
// preview join the collage, onto the strip they land where dropped; a strip
// photo dragged out is copied by the file manager as the photo's file (no
// text file), and the preview dragged out by its handle arrives as the
// finished collage rendered at full size.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Nautilus showing one folder, its window moved to the right of the app's.
final class FileManagerWindow {
    let process = Process()
    let home: FixtureFolder
    let folder: String
    /// Nautilus and the screen reader's script meet on a bus of their own.
    private let bus: PrivateBus
    private(set) var window = ""

    init(showing folder: String) throws {
        self.folder = folder
        home = try FixtureFolder()
        bus = try PrivateBus()
        var environment = ProcessInfo.processInfo.environment
        environment.merge(bus.environment) { _, new in new }
        environment["HOME"] = home.path
        environment["XDG_CONFIG_HOME"] = home.file("config")
        environment["XDG_DATA_HOME"] = home.file("data")
        environment["XDG_CACHE_HOME"] = home.file("cache")
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_A11Y"] = nil
        environment["NO_AT_BRIDGE"] = nil
        process.executableURL = URL(fileURLWithPath: "/usr/bin/nautilus")
        process.arguments = ["--new-window", folder]
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let search = try run("/usr/bin/timeout", ["20", "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--class", "nautilus"])
        guard let found = search.stdout.split(separator: "\n").first else {
            throw AppError(description: "Nautilus showed no window")
        }
        window = String(found)
        _ = try run("/usr/bin/timeout", ["10", "/usr/bin/xdotool", "windowmove", "--sync", window, "560", "0"])
        _ = try run("/usr/bin/timeout", ["10", "/usr/bin/xdotool", "windowsize", "--sync", window, "700", "600"])
        usleep(500_000)
    }

    /// Nautilus lingers after SIGTERM; a test's file manager is simply stopped.
    deinit {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { usleep(20_000) }
    }

    /// Where Nautilus's window is on the screen.
    var origin: (Int, Int) {
        let geometry = (try? run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window]).stdout) ?? ""
        func value(_ key: String) -> Int {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? 0
        }
        return (value("X"), value("Y"))
    }

    /// The screen point of the file named `name` in the folder view, as a screen reader finds it.
    func item(_ name: String) throws -> (Int, Int) {
        // Nautilus's first start on a fresh bus starts its helpers too: be patient.
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline {
            if let object = try Accessibility.find(name, role: "table cell", in: "org.gnome.Nautilus"),
               let center = object.center {
                // GTK 4.8 reports extents relative to the window.
                return (origin.0 + center.0, origin.1 + center.1)
            }
            usleep(200_000)
        }
        throw AppError(description: "Nautilus does not show \(name)")
    }

    /// An empty part of the folder view, to drop onto.
    var emptySpace: (Int, Int) { (origin.0 + 520, origin.1 + 480) }

    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func waitForContents(count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        while contents().count < count, Date() < deadline { usleep(100_000) }
        usleep(300_000)
        return contents()
    }
}

extension AppWindow {
@Suite struct FileManagerTests {
    let photos: FixtureFolder
    let red, green, blue: String

    init() throws {
        (photos, red, green, blue) = try colourPhotos(portraitBlue: false)
    }

    @Test func photosDroppedFromTheFileManagerJoinTheCollageWhereDropped() throws {
        let app = try AppUnderTest(files: [red, blue])
        let files = try FileManagerWindow(showing: photos.path)
        // Onto the strip, just before the second photo.
        var state = try app.state()
        let origin = try app.screenOrigin(state)
        let gap = state.thumbnails[1]
        try app.dragOnScreen(from: try files.item("green.jpg"),
                             to: (Int(origin.x + gap.x + 4), Int(origin.y + gap.centerY)), steps: 25)
        state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg", "blue.jpg"])
        // Onto the preview: added on the right.
        let preview = state.area("collagePreview")
        try app.dragOnScreen(from: try files.item("red.jpg"),
                             to: (Int(origin.x + preview.centerX), Int(origin.y + preview.centerY)), steps: 25)
        state = try app.state()
        #expect(state.names == ["red.jpg", "green.jpg", "blue.jpg", "red.jpg"])
        #expect(app.isAlive)
    }

    @Test func aStripPhotoDraggedOutIsCopiedAsItsFile() throws {
        let app = try AppUnderTest(files: [red, green])
        let out = try FixtureFolder()
        let files = try FileManagerWindow(showing: out.path)
        let state = try app.state()
        let origin = try app.screenOrigin(state)
        let thumbnail = state.thumbnails[1]
        try app.dragOnScreen(from: (Int(origin.x + thumbnail.centerX), Int(origin.y + thumbnail.centerY)),
                             to: files.emptySpace, steps: 25)
        let copied = files.waitForContents(count: 1)
        #expect(copied == ["green.jpg"], "the photo, and no text file: \(copied)")
        #expect(FileManager.default.contentsEqual(atPath: out.file("green.jpg"), andPath: green))
        // The original stays where it was, and in the collage.
        #expect(FileManager.default.fileExists(atPath: green))
        #expect(try app.state().names == ["red.jpg", "green.jpg"])
    }

    @Test func thePreviewDraggedOutIsTheCollageAtFullSize() throws {
        let app = try AppUnderTest(files: [red, green, blue])
        let out = try FixtureFolder()
        let files = try FileManagerWindow(showing: out.path)
        let state = try app.state()
        let origin = try app.screenOrigin(state)
        let handle = state.area("collageDragHandle")
        #expect(handle.visible)
        try app.dragOnScreen(from: (Int(origin.x + handle.centerX), Int(origin.y + handle.centerY)),
                             to: files.emptySpace, steps: 25)
        let copied = files.waitForContents(count: 1)
        #expect(copied.count == 1 && copied.first?.hasPrefix("Collage ") == true && copied.first?.hasSuffix(".png") == true,
                "\(copied)")
        guard let name = copied.first else { return }
        let info = try identify(out.file(name))
        #expect(info.width == 1080 && info.height == 1080)
        #expect(try threeCells(out.file(name)) == ["red", "green", "blue"])
    }
}
}

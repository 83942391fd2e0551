// GNOME runs on Wayland: the app under a headless Wayland compositor
// (weston's headless backend, started by the test with a socket of its own),
// with photos added from the gallery and the collage saved through AT-SPI
// actions — what a screen reader does, and the one input path that works the
// same on every display server — and the saved file checked.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// weston with its headless backend, on a socket of its own.
final class HeadlessWayland {
    let process = Process()
    let runtime: FixtureFolder
    let socket: String

    init() throws {
        runtime = try FixtureFolder()
        chmod(runtime.path, 0o700)
        socket = "tinycollage-\(getpid())-\(UInt32.random(in: 0..<1_000_000))"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = ["--backend=headless-backend.so", "--socket=\(socket)", "--idle-time=0",
                             "--width=1280", "--height=800"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !runtime.exists(socket), Date() < deadline { usleep(50_000) }
        guard runtime.exists(socket) else { throw AppError(description: "weston did not start") }
    }

    deinit {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { usleep(20_000) }
    }

    /// What the app needs to run on this compositor rather than on X.
    var environment: [String: String] {
        ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path, "DISPLAY": ""]
    }
}

extension AppWindow {
@Suite struct WaylandTests {
    @Test func onWaylandAScreenReaderMakesAndSavesACollage() throws {
        let compositor = try HeadlessWayland()
        let (home, pictures) = try homeWithPictures([("left.png", "red"), ("right.png", "blue")], width: 600, height: 400)
        let app = try AppUnderTest(home: home, extraEnvironment: compositor.environment, accessibility: true)
        _ = try app.waitForGalleryThumbnails(count: 2)
        try Accessibility.act("left.png", "gallery.toggle", role: "table cell")
        try Accessibility.act("right.png", "gallery.toggle", role: "table cell")
        var state = try app.state()
        #expect(state.photos == pictures)
        try Accessibility.act("Save", "click", role: "push button")
        // GTK carries out an AT-SPI action after answering it: wait for the save as a person waits for its toast.
        state = try app.waitFor(seconds: 10) { !$0.lastSaved.isEmpty }
        #expect(state.lastSaved.hasPrefix(app.pictures + "/Collage "), "saved on Wayland: \(state.lastSaved)")
        #expect(try threeColumnsOrTwo(state.lastSaved) == ["red", "blue"])
        #expect(app.isAlive)
    }
}
}

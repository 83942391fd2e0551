// The photo booth as a person uses it (SPEC §10, issue 13): the real app,
// real GStreamer (videotestsrc through --camera-source, or the camera-source
// setting), real X key presses and clicks through xdotool. Checked: the JPEGs
// in Pictures/TinyCollage (camera resolution, EXIF DateTimeOriginal, colour),
// the collage they join (the 9-photo limit), the saved collage's pixels, the
// camera's threads gone after Escape, and the messages when there is no
// camera or the source fails. The app is only read through `idle`/`dump`.

import Foundation
import Testing
import TestSupport

/// A camera of one solid colour (ARGB) at `width`×`height`, paced like a real one.
func testCamera(_ argb: String, width: Int = 1280, height: Int = 960) -> String {
    "videotestsrc is-live=true pattern=solid-color foreground-color=\(argb) ! video/x-raw,width=\(width),height=\(height),framerate=30/1"
}

/// Small xdotool helpers: focus the app's window, press keys, click a named area.
struct Person {
    let app: AppUnderTest

    private func xdotool(_ arguments: [String]) throws -> String {
        let result = try run("/usr/bin/xdotool", arguments)
        if result.status != 0 { throw AppError(description: "xdotool \(arguments): \(result.stderr)") }
        return result.stdout
    }

    func focusWindow() throws {
        // Bounded: --sync alone would wait for ever for an app that is gone.
        let search = try run("/usr/bin/timeout", ["20", "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                                  String(app.process.processIdentifier)])
        guard search.status == 0 else { throw AppError(description: "no window (app running: \(app.process.isRunning))") }
        let windows = search.stdout
        guard let window = windows.split(separator: "\n").last.map(String.init) else {
            throw AppError(description: "no window for the app")
        }
        _ = try xdotool(["windowfocus", "--sync", window])
    }

    func press(_ keys: String) throws {
        try focusWindow()
        _ = try xdotool(["key", "--clearmodifiers", keys])
    }

    /// A real click in the middle of the area the dump names `name`.
    func click(_ name: String) throws {
        let state = try app.state()
        let area = state.area(name)
        guard area.visible else { throw AppError(description: "\(name) is not on screen") }
        let origin = try app.screenOrigin(state)
        _ = try xdotool(["mousemove", "--sync", String(Int(origin.x + area.centerX)), String(Int(origin.y + area.centerY))])
        _ = try xdotool(["click", "1"])
    }
}

/// Polls `condition` until it holds or `seconds` pass.
func waitUntil(_ seconds: Double, _ what: String, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return }
        usleep(200_000)
    }
    throw AppError(description: "gave up waiting for \(what) after \(seconds) s")
}

/// The names of the app's threads (GStreamer names streaming threads after their pads).
func threadNames(_ pid: Int32) -> [String] {
    let folder = "/proc/\(pid)/task"
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return tasks.compactMap { try? String(contentsOfFile: "\(folder)/\($0)/comm", encoding: .utf8) }
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// Threads of the camera's pipeline: its queues, its source, any pad's streaming thread.
func cameraThreads(_ pid: Int32) -> [String] {
    threadNames(pid).filter { $0.contains(":src") || $0.contains(":sink") || $0.hasPrefix("camview") || $0.hasPrefix("camstill") }
}

func shots(_ app: AppUnderTest) -> [String] {
    let folder = app.pictures + "/TinyCollage"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".jpg") }.sorted().map { folder + "/" + $0 }
}

extension AppWindow {
@Suite struct CameraTests {
    let photos: FixtureFolder

    init() throws {
        photos = try FixtureFolder()
    }

    func expectShot(_ path: String, width: Int, height: Int, colour expected: String) throws {
        let info = try identify(path)
        #expect(info.format == "JPEG" && info.width == width && info.height == height, "\(path): \(info)")
        let date = try run("/usr/bin/exiftool", ["-s3", "-DateTimeOriginal", path]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(date.range(of: #"^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d$"#, options: .regularExpression) != nil,
                "DateTimeOriginal of \(path): “\(date)”")
        for (fx, fy) in [(0.05, 0.05), (0.5, 0.5), (0.95, 0.95)] {
            #expect(try colour(path, atFractionX: fx, y: fy) == expected, "\(path) at \(fx),\(fy)")
        }
    }

    @Test func shutterAndBurstJoinTheCollageAndTheSavedCollageShowsThem() throws {
        let given = try [("blue", "blue"), ("green", "lime"), ("yellow", "yellow"), ("white", "white"), ("blue2", "blue")]
            .map { try photos.solid("\($0.0).png", colour: $0.1, width: 300, height: 300) }
        let app = try AppUnderTest(files: ["--camera-source", testCamera("0xffff0000")] + given)
        let person = Person(app: app)
        #expect(try app.state().photos.count == 5, "files after the option still open")
        let pid = app.process.processIdentifier
        #expect(cameraThreads(pid).isEmpty)

        try person.press("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        #expect(!cameraThreads(pid).isEmpty, "a running camera has streaming threads: \(threadNames(pid))")

        try person.press("space")
        try waitUntil(20, "the first shot") { shots(app).count == 1 }
        // The view is scaled to at most 960×720; the shot is the camera's full 1280×960.
        try expectShot(shots(app)[0], width: 1280, height: 960, colour: "red")
        try waitUntil(20, "the shot in the collage") { try app.state().photos.count == 6 }

        try person.click("buttonBurst")
        try waitUntil(40, "four more shots") { shots(app).count == 5 }
        for shot in shots(app) { try expectShot(shot, width: 1280, height: 960, colour: "red") }
        #expect(Set(shots(app)).count == 5, "never-clashing names")
        var state = try app.state()
        #expect(state.photos.count == 9)
        #expect(Array(state.photos.prefix(5)) == given)
        #expect(state.toasts.contains { $0.contains("1 photo was not added") }, "\(state.toasts)")

        try person.press("Escape")
        try waitUntil(10, "the collage again") { try !app.state().area("cameraPage").visible }
        // Idle pool threads may keep a task's name for GLib's idle time (15 s) before they end.
        try waitUntil(40, "the camera's threads to end") { cameraThreads(pid).isEmpty }

        try person.press("ctrl+s")
        var saved: [String] = []
        try waitUntil(30, "the saved collage") {
            saved = ((try? FileManager.default.contentsOfDirectory(atPath: app.pictures)) ?? [])
                .filter { $0.hasPrefix("Collage ") && $0.hasSuffix(".png") }
            return !saved.isEmpty
        }
        try app.idle()
        let collage = app.pictures + "/" + saved[0]
        // Nine photos: three columns of three, filled column by column.
        let third = 1.0 / 6, half = 0.5, last = 5.0 / 6
        let expected: [(Double, Double, String)] = [
            (third, third, "blue"), (third, half, "green"), (third, last, "yellow"),
            (half, third, "white"), (half, half, "blue"), (half, last, "red"),
            (last, third, "red"), (last, half, "red"), (last, last, "red"),
        ]
        for (fx, fy, name) in expected {
            #expect(try colour(collage, atFractionX: fx, y: fy) == name, "collage at \(fx),\(fy)")
        }
        state = try app.state()
        #expect(app.process.isRunning)
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/video0"), "a real camera is attached"))
    func noCameraSaysSoAndTheCollageStays() throws {
        let red = try photos.solid("red.png", colour: "red")
        // The test's private D-Bus session has no portal; this machine has no /dev/video*.
        let app = try AppUnderTest(files: [red])
        let person = Person(app: app)
        try person.press("ctrl+t")
        try waitUntil(20, "the no-camera message") { try app.state().area("cameraProblem-noCamera").visible }
        var state = try app.state()
        #expect(state.area("cameraMessage").visible)
        #expect(!state.area("cameraView").visible)
        try person.press("space")  // nothing to shoot with: nothing happens
        try person.press("Escape")
        try waitUntil(10, "the collage again") { try !app.state().area("cameraPage").visible }
        state = try app.state()
        #expect(state.names == ["red.png"])
        #expect(shots(app).isEmpty)
        #expect(app.process.isRunning)
    }

    @Test func aSourceGStreamerCannotUseIsNamedOnThePage() throws {
        let red = try photos.solid("red.png", colour: "red")
        for source in ["nosuchcamerasrc", "videotestsrc ! nosuchfilter", "v4l2src device=/dev/null"] {
            let app = try AppUnderTest(files: ["--camera-source", source, red])
            try Person(app: app).press("ctrl+t")
            try waitUntil(20, "the message for “\(source)”") { try app.state().area("cameraProblem-badSource").visible }
            #expect(try app.state().names == ["red.png"])
            #expect(app.process.isRunning)
        }
    }

    @Test func aCameraThatStopsMidStreamSaysSoAndKeepsItsPhotos() throws {
        // identity fails the stream after 60 frames (2 s): as a camera pulled out while in use.
        let source = testCamera("0xff00ff00", width: 320, height: 240) + " ! identity error-after=60"
        let app = try AppUnderTest(files: ["--camera-source", source])
        let person = Person(app: app)
        try person.press("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        try person.press("space")
        try waitUntil(20, "the stopped message") { try app.state().area("cameraProblem-stopped").visible }
        try waitUntil(20, "the shot taken before") { try app.state().photos.count == 1 }
        try expectShot(shots(app)[0], width: 320, height: 240, colour: "green")
        try waitUntil(40, "the camera's threads to end") { cameraThreads(app.process.processIdentifier).isEmpty }
        #expect(app.process.isRunning)
    }

    @Test func theCameraSourceSettingChoosesTheCamera() throws {
        let home = try FixtureFolder()
        let settings = home.file("config/glib-2.0/settings")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try "[io/github/tinycollage/TinyCollage]\ncamera-source='\(testCamera("0xff0000ff", width: 640, height: 480))'\n"
            .write(toFile: settings + "/keyfile", atomically: true, encoding: .utf8)
        let app = try AppUnderTest(home: home)
        let person = Person(app: app)
        try person.press("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        try person.press("space")
        try waitUntil(20, "the shot") { shots(app).count == 1 }
        try expectShot(shots(app)[0], width: 640, height: 480, colour: "blue")
        // Quitting with the camera on ends the app cleanly.
        try person.press("ctrl+q")
        try waitUntil(15, "the app to quit") { !app.process.isRunning }
        #expect(app.process.terminationReason == .exit && app.process.terminationStatus == 0)
    }

    @Test func aShotThatCannotBeWrittenSaysWhyAndTheCameraGoesOn() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        // Where the folder should be, a file.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: home.file("Pictures/TinyCollage")))
        let app = try AppUnderTest(files: ["--camera-source", testCamera("0xffff0000", width: 320, height: 240)], home: home)
        let person = Person(app: app)
        try person.press("ctrl+t")
        try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
        try person.press("space")
        try waitUntil(20, "the message") { try app.state().toasts.contains { $0.contains("The photo was not saved") } }
        let toast = try app.state().toasts.first { $0.contains("The photo was not saved") } ?? ""
        #expect(toast.contains("TinyCollage") && toast.contains("not a folder"), "\(toast)")
        #expect(try app.state().area("cameraView").visible, "the camera keeps running")
        #expect(try app.state().photos.isEmpty)
    }
}
}

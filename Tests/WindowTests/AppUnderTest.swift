// The real app in a real window on the test display (make check runs the
// tests under Xvfb in a private D-Bus session), with a home, Pictures folder
// and state folder of its own. Tests act on it as a person does — real X
// events through xdotool (RealInput.swift), AT-SPI actions through the
// screen reader's library (Accessibility.swift), "Open With" through a second
// `tinycollage FILE…` that hands the files to the running app over D-Bus —
// and read what it shows through its debug-only, read-only test control
// (`idle`, `dump`, `gallery-stats`; Sources/TinyCollage/App/TestControl.swift)
// and the files it writes.

import CollageCore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"] != nil

/// Every window test, one at a time: they share one display and one D-Bus
/// session, and a pointer drag must not land on another test's window.
@Suite(.serialized, .enabled(if: hasDisplay, "window tests need a display: run them through `make check`"))
enum AppWindow {}

/// The built binary, next to this test bundle (or $TINYCOLLAGE_BIN).
let appBinary: String = {
    if let path = ProcessInfo.processInfo.environment["TINYCOLLAGE_BIN"] { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tinycollage").path
}()

/// The app's D-Bus name: one instance owns it, a second hands its files over.
let appID = "io.github.tinycollage.TinyCollage"

struct AppError: Error, CustomStringConvertible {
    var description: String
}

final class AppUnderTest {
    let process = Process()
    let home: FixtureFolder
    let environment: [String: String]
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    /// The test's own D-Bus session, for an app a screen reader speaks to.
    private let bus: PrivateBus?

    var pictures: String { home.file("Pictures") }

    /// Starts the app with `files` on its command line, in a window of
    /// `width`×`height` (the app's remembered size), in `directory` (where
    /// relative `files` are), on a bus of its own that starts only
    /// `busServices` when given (with `accessibility`), and waits until it has
    /// settled. With `keepingLog`, what it writes to standard error (its
    /// log) goes to a file in its home, for `log`.
    init(files: [String] = [], language: String = "en", home: FixtureFolder? = nil, width: Int? = nil,
         height: Int? = nil, extraEnvironment: [String: String] = [:], accessibility: Bool = false,
         directory: String? = nil, busServices: [String]? = nil, keepingLog: Bool = false,
         launcher: [String] = [], startTimeout: TimeInterval = 30) throws {
        self.home = try home ?? FixtureFolder()
        try FileManager.default.createDirectory(atPath: self.home.file("Pictures"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: self.home.file("config"), withIntermediateDirectories: true)
        try "XDG_PICTURES_DIR=\"$HOME/Pictures\"\n".write(toFile: self.home.file("config/user-dirs.dirs"), atomically: true,
                                                        encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = self.home.path
        environment["XDG_CONFIG_HOME"] = self.home.file("config")
        environment["XDG_STATE_HOME"] = self.home.file("state")
        environment["XDG_CACHE_HOME"] = self.home.file("cache")
        environment["XDG_DATA_HOME"] = self.home.file("data")
        // A key file in this home: settings persist across the test's own restarts only.
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["TINYCOLLAGE_TEST_CONTROL"] = "1"
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_A11Y"] = accessibility ? nil : "none"
        environment["NO_AT_BRIDGE"] = accessibility ? nil : "1"
        bus = accessibility ? try PrivateBus(services: busServices) : nil
        if let bus { environment.merge(bus.environment) { _, new in new } }
        environment["LANGUAGE"] = language
        environment["LC_ALL"] = nil
        environment["LANG"] = nil
        // An empty value takes a variable away (DISPLAY, for Wayland).
        for (key, value) in extraEnvironment { environment[key] = value.isEmpty ? nil : value }
        self.environment = environment
        if width != nil || height != nil {
            try Self.rememberWindowSize(width: width ?? 480, height: height ?? 740, home: self.home)
        }
        try Self.waitForTheNameToBeFree(environment: environment)
        // A launcher (valgrind, for the leak test) runs the app as its last arguments.
        process.executableURL = URL(fileURLWithPath: launcher.first ?? appBinary)
        process.arguments = launcher.isEmpty ? files : Array(launcher.dropFirst()) + [appBinary] + files
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        if keepingLog {
            FileManager.default.createFile(atPath: self.home.file("app.log"), contents: nil)
            process.standardError = FileHandle(forWritingAtPath: self.home.file("app.log"))
        } else {
            process.standardError = FileHandle.standardError
        }
        try process.run()
        _ = try send("idle", timeout: startTimeout)
    }

    deinit {
        if process.isRunning {
            process.terminate()
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// The window size the app starts with, as GSettings' key file holds it.
    private static func rememberWindowSize(width: Int, height: Int, home: FixtureFolder) throws {
        let folder = home.file("config/glib-2.0/settings")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let keyfile = folder + "/keyfile"
        var text = (try? String(contentsOfFile: keyfile, encoding: .utf8)) ?? ""
        if !text.contains("[io/github/tinycollage/TinyCollage]") { text += "[io/github/tinycollage/TinyCollage]\n" }
        text = text.split(separator: "\n").filter { !$0.hasPrefix("window-width=") && !$0.hasPrefix("window-height=") }
            .joined(separator: "\n") + "\nwindow-width=\(width)\nwindow-height=\(height)\n"
        try text.write(toFile: keyfile, atomically: true, encoding: .utf8)
    }

    /// An app from the test before may still be letting go of its D-Bus name;
    /// a new one started meanwhile would hand its files over and exit.
    private static func waitForTheNameToBeFree(environment: [String: String]) throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let reply = try run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                                   "--object-path", "/org/freedesktop/DBus", "--method",
                                                   "org.freedesktop.DBus.NameHasOwner", appID], environment: environment)
            if reply.status != 0 || reply.stdout.contains("false") { return }
            usleep(50_000)
        }
        throw AppError(description: "another TinyCollage still owns \(appID)")
    }

    // MARK: The read-only test control

    /// Sends one read-only command and returns its reply (without the "> ").
    @discardableResult
    func send(_ command: String, timeout: TimeInterval = 20) throws -> String {
        try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        return try readReply(to: command, timeout: timeout)
    }

    private func readReply(to command: String, timeout: TimeInterval = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                if line.hasPrefix("> ") { return String(line.dropFirst(2)) }
                continue
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0, process.isRunning else {
                throw AppError(description: "no reply to “\(command)” (app running: \(process.isRunning)\(process.isRunning ? "" : ", exit status \(process.terminationStatus)"))")
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(min(left, 1) * 1000)) > 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(fd, &chunk, chunk.count)
                if count > 0 { buffer.append(contentsOf: chunk[..<count]) }
            }
        }
    }

    /// Waits for input to be handled and checks, decodes, renders and saves to finish.
    func idle() throws {
        let reply = try send("idle", timeout: 60)
        guard reply == "idle" else { throw AppError(description: "app did not settle: \(reply)") }
    }

    /// The app's state as its dump writes it.
    func state() throws -> AppState {
        try idle()
        let path = home.file("state-\(UUID().uuidString).json")
        let reply = try send("dump \(path)")
        guard reply == "ok" else { throw AppError(description: "dump failed: \(reply)") }
        return try AppState(json: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: The app as a whole

    /// "Open With": a second `tinycollage FILE…` hands the files to this one and exits;
    /// then, unless told not to, waits for the app to settle.
    func openWith(_ paths: [String], waitingUntilIdle: Bool = true) throws {
        let second = Process()
        second.executableURL = URL(fileURLWithPath: appBinary)
        second.arguments = paths
        var environment = self.environment
        environment["TINYCOLLAGE_TEST_CONTROL"] = nil
        second.environment = environment
        second.standardInput = FileHandle.nullDevice
        try second.run()
        second.waitUntilExit()
        guard second.terminationStatus == 0 else {
            throw AppError(description: "the second instance exited with \(second.terminationStatus)")
        }
        if waitingUntilIdle { try idle() }
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Quits with Ctrl+Q, as a person would, and waits for the app to end.
    func quit() throws {
        try key("ctrl+q")
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { throw AppError(description: "the app did not quit") }
    }

    var isAlive: Bool { process.isRunning }

    /// What the app wrote to standard error so far (started `keepingLog`).
    var log: String { (try? String(contentsOfFile: home.file("app.log"), encoding: .utf8)) ?? "" }

    var sessionFile: String { home.file("state/tinycollage/session.json") }

    /// Files in Pictures, hidden ones too (to spot leftover temporary files).
    func picturesContents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: pictures)) ?? []).sorted()
    }
}

struct Bounds {
    var visible: Bool
    var x, y, width, height: Double
    var centerX: Double { x + width / 2 }
    var centerY: Double { y + height / 2 }
    var center: (Double, Double) { (centerX, centerY) }

    init(_ object: Any?) {
        let d = object as? [String: Any] ?? [:]
        visible = d["visible"] as? Bool ?? false
        x = d["x"] as? Double ?? -1
        y = d["y"] as? Double ?? -1
        width = d["width"] as? Double ?? 0
        height = d["height"] as? Double ?? 0
    }
}

struct GalleryCellState {
    var path: String
    var checked: Bool
    var bounds: Bounds
}

struct AppState {
    let raw: [String: Any]

    init(json: Data) throws {
        raw = try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:]
    }

    var photos: [String] { raw["photos"] as? [String] ?? [] }
    var names: [String] { photos.map { Photo(path: $0).displayName } }
    var toasts: [String] { raw["toasts"] as? [String] ?? [] }
    var saveEnabled: Bool { raw["saveEnabled"] as? Bool ?? false }
    var preview: String { raw["preview"] as? String ?? "" }
    var lastSaved: String { raw["lastSaved"] as? String ?? "" }
    var lastSaveError: String { raw["lastSaveError"] as? String ?? "" }
    var previewSize: [Int] { raw["previewSize"] as? [Int] ?? [0, 0] }
    var crops: [[Double]] { raw["crops"] as? [[Double]] ?? [] }
    var tooSmall: [String] { raw["tooSmall"] as? [String] ?? [] }
    var failures: [String] { raw["failures"] as? [String] ?? [] }
    var cellCenters: [[Double]] { raw["cellCenters"] as? [[Double]] ?? [] }
    var settings: [String: Any] { raw["settings"] as? [String: Any] ?? [:] }
    var thumbnails: [Bounds] { (raw["thumbnails"] as? [Any] ?? []).map(Bounds.init) }
    var focus: String { raw["focus"] as? String ?? "" }
    /// The names of the focused widget and its named ancestors, innermost first.
    var focusPath: [String] { raw["focusPath"] as? [String] ?? [] }
    var canUndo: Bool { raw["canUndo"] as? Bool ?? false }
    var windowSize: [Int] { raw["windowSize"] as? [Int] ?? [0, 0] }
    var galleryCells: [GalleryCellState] {
        (raw["galleryCells"] as? [[String: Any]] ?? []).map {
            GalleryCellState(path: $0["path"] as? String ?? "", checked: $0["checked"] as? Bool ?? false, bounds: Bounds($0))
        }
    }
    func galleryCell(_ path: String) -> GalleryCellState? { galleryCells.first { $0.path == path } }
    func area(_ name: String) -> Bounds { Bounds((raw["areas"] as? [String: Any])?[name]) }
    var surfaceOffset: (Double, Double) {
        let v = raw["surfaceOffset"] as? [Double] ?? [0, 0]
        return (v[0], v[1])
    }
    /// The centre of photo `index`'s cell in the preview, in window coordinates.
    func cellCenter(_ index: Int) -> (Double, Double) {
        let c = cellCenters[index]
        return (c[0], c[1])
    }
}

/// A home whose session already holds `document`, as the app finds it at start.
func homeWithSession(_ document: CollageDocument) throws -> FixtureFolder {
    let home = try FixtureFolder()
    try FileManager.default.createDirectory(atPath: home.file("state/tinycollage"), withIntermediateDirectories: true)
    try SessionFile.encode(document).write(to: URL(fileURLWithPath: home.file("state/tinycollage/session.json")))
    return home
}

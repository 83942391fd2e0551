// The real app in a real window on the test display (make check runs the
// tests under Xvfb in a private D-Bus session), driven through its test
// control on stdin (see Sources/TinyCollage/App/TestControl.swift), with a
// home, Pictures folder and state folder of its own.

import CollageCore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"] != nil

/// Every window test, one at a time: they share one display, and a pointer
/// drag must not land on another test's window.
@Suite(.serialized, .enabled(if: hasDisplay, "window tests need a display: run them through `make check`"))
enum AppWindow {}

/// The built binary, next to this test bundle (or $TINYCOLLAGE_BIN).
let appBinary: String = {
    if let path = ProcessInfo.processInfo.environment["TINYCOLLAGE_BIN"] { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tinycollage").path
}()

struct AppError: Error, CustomStringConvertible {
    var description: String
}

final class AppUnderTest {
    let process = Process()
    let home: FixtureFolder
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    var pictures: String { home.file("Pictures") }

    /// Starts the app with `files` on its command line.
    init(files: [String] = [], language: String = "en", home: FixtureFolder? = nil, width: Int = 480, height: Int = 800) throws {
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
        environment["TINYCOLLAGE_NON_UNIQUE"] = "1"
        environment["GSK_RENDERER"] = "cairo"
        environment["NO_AT_BRIDGE"] = "1"
        environment["LANGUAGE"] = language
        environment["LC_ALL"] = nil
        environment["LANG"] = nil
        process.executableURL = URL(fileURLWithPath: appBinary)
        process.arguments = files
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        _ = try send("idle", timeout: 30)
    }

    deinit {
        if process.isRunning {
            try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
            let deadline = Date().addingTimeInterval(3)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            if process.isRunning { process.terminate() }
        }
    }

    /// Sends one command and returns its reply (without the "> ").
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
                throw AppError(description: "no reply to “\(command)” (app running: \(process.isRunning))")
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, Int32(min(left, 1) * 1000)) > 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = read(fd, &chunk, chunk.count)
                if count > 0 { buffer.append(contentsOf: chunk[..<count]) }
            }
        }
    }

    /// Waits for checks, decodes and renders to finish.
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

    /// Sends commands without waiting for their replies (a burst), then reads them all.
    func burst(_ commands: [String]) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(commands.map { $0 + "\n" }.joined().utf8))
        for command in commands { _ = try readReply(to: command) }
    }

    /// Sends commands and returns at once, leaving their replies unread (for kill -9 tests).
    func fire(_ commands: [String]) throws {
        try input.fileHandleForWriting.write(contentsOf: Data(commands.map { $0 + "\n" }.joined().utf8))
    }

    func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Closes the window as a person would and waits for the app to end.
    func quit() throws {
        _ = try? send("quit")
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { throw AppError(description: "the app did not quit") }
    }

    var sessionFile: String { home.file("state/tinycollage/session.json") }

    /// Where the window's content starts on the test display.
    func screenOrigin(_ state: AppState) throws -> (x: Double, y: Double) {
        let search = try run("/usr/bin/xdotool", ["search", "--sync", "--onlyvisible", "--pid", String(process.processIdentifier)])
        guard let window = search.stdout.split(separator: "\n").last.map(String.init) else {
            throw AppError(description: "no window found: \(search.stderr)")
        }
        let geometry = try run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window]).stdout
        func value(_ key: String) -> Double {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Double($0.dropFirst(key.count + 1)) } ?? 0
        }
        return (value("X") + state.surfaceOffset.0, value("Y") + state.surfaceOffset.1)
    }

    /// A real pointer drag on the test display between two points of the
    /// window (its coordinates, as the state dump gives them), in steps.
    func pointerDrag(from start: (Double, Double), to end: (Double, Double), state: AppState, steps: Int) throws {
        let origin = try screenOrigin(state)
        func xdotool(_ arguments: String...) throws {
            let result = try run("/usr/bin/xdotool", arguments)
            if result.status != 0 { throw AppError(description: "xdotool \(arguments): \(result.stderr)") }
        }
        let x0 = Int(origin.x + start.0), y0 = Int(origin.y + start.1)
        let x1 = Int(origin.x + end.0), y1 = Int(origin.y + end.1)
        try xdotool("mousemove", "--sync", String(x0), String(y0))
        try xdotool("mousedown", "1")
        for step in 1...steps {
            try xdotool("mousemove", String(x0 + (x1 - x0) * step / steps), String(y0 + (y1 - y0) * step / steps))
            usleep(35_000)
        }
        usleep(150_000)
        try xdotool("mouseup", "1")
        usleep(300_000)
    }

    func add(_ paths: [String]) throws {
        try expectOK(try send("add " + paths.joined(separator: "\t")))
    }

    func expectOK(_ reply: String) throws {
        guard reply == "ok" else { throw AppError(description: "the app said: \(reply)") }
    }
}

struct Bounds {
    var visible: Bool
    var x, y, width, height: Double
    var centerX: Double { x + width / 2 }
    var centerY: Double { y + height / 2 }

    init(_ object: Any?) {
        let d = object as? [String: Any] ?? [:]
        visible = d["visible"] as? Bool ?? false
        x = d["x"] as? Double ?? -1
        y = d["y"] as? Double ?? -1
        width = d["width"] as? Double ?? 0
        height = d["height"] as? Double ?? 0
    }
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
    var cellCenters: [[Double]] { raw["cellCenters"] as? [[Double]] ?? [] }
    var settings: [String: Any] { raw["settings"] as? [String: Any] ?? [:] }
    var thumbnails: [Bounds] { (raw["thumbnails"] as? [Any] ?? []).map(Bounds.init) }
    func area(_ name: String) -> Bounds { Bounds((raw["areas"] as? [String: Any])?[name]) }
    var surfaceOffset: (Double, Double) {
        let v = raw["surfaceOffset"] as? [Double] ?? [0, 0]
        return (v[0], v[1])
    }
}

// What a screen reader sees and does, for the window tests: Tests/Scripts/
// atspi.py run with Debian's Python (python3-pyatspi) on the test's D-Bus
// session, which starts the accessibility bus when the first app asks for it.
// Objects are found by their accessible names, as Orca would find them.

import Foundation
import TestSupport

/// One object of the accessible tree.
struct AccessibleObject {
    let raw: [String: Any]
    var role: String { raw["role"] as? String ?? "" }
    var name: String { raw["name"] as? String ?? "" }
    var description: String { raw["description"] as? String ?? "" }
    var states: [String] { raw["states"] as? [String] ?? [] }
    var actions: [String] { raw["actions"] as? [String] ?? [] }
    var path: [Int] { raw["path"] as? [Int] ?? [] }
    var text: String? { raw["text"] as? String }
    /// x, y, width, height relative to the object's window (GTK 4.8 knows no screen positions on X11).
    var extents: [Int]? { raw["extents"] as? [Int] }
    var isShowing: Bool { states.contains("showing") }
    var center: (Int, Int)? {
        guard let e = extents, e.count == 4, e[2] > 0 else { return nil }
        return (e[0] + e[2] / 2, e[1] + e[3] / 2)
    }
}

enum Accessibility {
    static let script: String = {
        // Tests/WindowTests/Accessibility.swift → Tests/Scripts/atspi.py
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/atspi.py").path
    }()

    /// The test's own bus (PrivateBus), when it has one.
    nonisolated(unsafe) static var bus: String?

    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus }
        return environment
    }

    @discardableResult
    static func call(_ arguments: [String]) throws -> ProcessOutput {
        try run("/usr/bin/python3", [script] + arguments, environment: environment)
    }

    /// Every object of `app`'s windows.
    static func tree(_ app: String = "TinyCollage") throws -> [AccessibleObject] {
        let output = try call(["tree", app])
        guard output.status == 0 else { throw AppError(description: "atspi tree: \(output.stderr)") }
        return output.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).map(AccessibleObject.init)
        }
    }

    static func find(_ name: String, role: String? = nil, in app: String = "TinyCollage") throws -> AccessibleObject? {
        let output = try call(["find", app, name] + (role.map { [$0] } ?? []))
        guard output.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any] else { return nil }
        return AccessibleObject(raw: object)
    }

    /// Does `action` on the object named `name`, as a screen reader's "activate" does.
    static func act(_ name: String, _ action: String, role: String? = nil, in app: String = "TinyCollage") throws {
        let output = try call(["act", app, name, action] + (role.map { [$0] } ?? []))
        guard output.status == 0 else {
            throw AppError(description: "atspi act \(name) \(action): \(output.stdout) \(output.stderr)")
        }
    }

    static func setValue(_ name: String, _ value: Double, role: String? = nil, in app: String = "TinyCollage") throws {
        let output = try call(["set-value", app, name, String(value)] + (role.map { [$0] } ?? []))
        guard output.status == 0 else { throw AppError(description: "atspi set-value \(name): \(output.stdout) \(output.stderr)") }
    }

    /// Starts listening for `events` for `seconds`; `stop()` returns what was heard.
    static func listen(_ events: [String], seconds: Double) throws -> Listener {
        try Listener(arguments: ["listen", String(seconds)] + events)
    }

    final class Listener {
        private let process = Process()
        private let output = Pipe()

        init(arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [Accessibility.script] + arguments
            process.environment = Accessibility.environment
            process.standardOutput = output
            process.standardError = FileHandle.standardError
            try process.run()
            // Registered once it says so.
            var line = Data()
            let handle = output.fileHandleForReading
            while !line.contains(0x0A) {
                let byte = handle.readData(ofLength: 1)
                if byte.isEmpty { break }
                line.append(byte)
            }
        }

        /// Waits for the listener to end, and returns every event heard.
        func events() -> [[String: Any]] {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }
}

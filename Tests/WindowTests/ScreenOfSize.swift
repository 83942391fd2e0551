// An X screen of a given size for one test: Xvfb on a display number of its
// own (it picks a free one and says which through -displayfd), so a test can
// open the app on a laptop's 1366 × 768 or a 2× screen while the others run
// on make check's display.

import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

final class ScreenOfSize {
    let process = Process()
    let display: String

    init(width: Int, height: Int) throws {
        let number = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        process.standardOutput = number
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Xvfb writes the number once it accepts connections.
        let line = String(decoding: number.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, Int(line) != nil else { throw AppError(description: "Xvfb did not start: “\(line)”") }
        display = ":" + line
    }

    deinit {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The size of `app`'s main window on this screen, in the screen's pixels,
    /// as the X server has it (xdotool getwindowgeometry).
    func windowSize(of app: AppUnderTest) throws -> (width: Int, height: Int) {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                                  String(app.process.processIdentifier), "--name", "^TinyCollage$"],
                             environment: environment)
        guard let window = search.stdout.split(separator: "\n").first.map(String.init) else {
            throw AppError(description: "no window on \(display): \(search.stderr)")
        }
        let geometry = try run("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window], environment: environment).stdout
        func value(_ key: String) -> Int? {
            geometry.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        guard let width = value("WIDTH"), let height = value("HEIGHT") else {
            throw AppError(description: "no geometry: \(geometry)")
        }
        return (width, height)
    }
}

// Opening and closing the window's parts loses no memory (issue 19 point 9):
// the real app runs under valgrind's memcheck (GLib's suppressions,
// G_SLICE=always-malloc) and real keys and clicks open and close the main
// menu, the settings panel, a preview photo's context menu, the shortcuts
// window and the file chooser, N and then 2N times in two runs. What is
// definitely and indirectly lost at exit must not grow with the cycles: a
// leak in an opener loses at least one block per opening, so the 2N run
// would lose N blocks more. What GTK keeps once per process (caches, type
// data) is the same in both runs and cancels out. Under valgrind the app is
// slow (about a minute to start on this machine), so N is small.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// What memcheck says is lost, in blocks and bytes, in allocations made from
/// our own code: loss records whose stack holds a frame of one of our Swift
/// files other than the way into the main loop and its handlers (`entryFiles`). Pango's font
/// caches (fontconfig patterns) and GIO's file infos grow a little with use
/// in stacks that hold no frame of ours but that one: they are the
/// libraries' caches, not a leak at our C boundary.
struct LostMemory {
    var blocks = 0
    var bytes = 0
    /// The whole summary, for the message.
    var allBlocks = 0
    /// Each of our records: its size and the frames of ours in it, so a failure says where.
    var records: [String] = []

    /// The way into the main loop and into every signal handler: on the stack of
    /// whatever GTK allocates while it runs, when the stack is short enough to
    /// reach them. A leak in one of our handlers has the handler's own frame too.
    static let entryFiles = ["(main.swift:", "(AppLauncher.swift:", "(Application.swift:", "(Signals.swift:"]

    init(valgrindLog: String) {
        // "1,234 (56 direct, 1,178 indirect) bytes in 5 blocks are definitely lost in loss record 7 of 90"
        let header = try! NSRegularExpression(pattern: #"([\d,]+) (?:\([^)]*\) )?bytes in ([\d,]+) blocks are (?:definitely|indirectly) lost in loss record"#)
        var current: (bytes: Int, blocks: Int, ours: Bool, frames: [String])?
        func close() {
            guard let record = current else { return }
            allBlocks += record.blocks
            if record.ours {
                bytes += record.bytes
                blocks += record.blocks
                records.append("\(record.blocks) blocks, \(record.bytes) bytes: " + record.frames.prefix(4).joined(separator: " < "))
            }
            current = nil
        }
        for line in valgrindLog.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let range = NSRange(line.startIndex..., in: line)
            if let match = header.firstMatch(in: line, range: range) {
                close()
                func number(_ group: Int) -> Int {
                    Int(line[Range(match.range(at: group), in: line)!].replacingOccurrences(of: ",", with: "")) ?? 0
                }
                current = (number(1), number(2), false, [])
            } else if line.contains("    at ") || line.contains("    by ") {
                if line.contains(".swift:") && !Self.entryFiles.contains(where: { line.contains($0) }) {
                    current?.ours = true
                    current?.frames.append(line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? line)
                }
            } else {
                close()
            }
        }
        close()
    }
}

extension AppWindow {
@Suite struct WindowLeakTests {
    static let leakCycles = 3
    /// Under memcheck the app runs some 30 times slower; on a loaded machine
    /// (seen: a load of 14) starting it took more than five minutes.
    static let patience: TimeInterval = 900

    private func settle(_ app: AppUnderTest) throws {
        let reply = try app.send("idle", timeout: Self.patience)
        guard reply == "idle" else { throw AppError(description: "app did not settle: \(reply)") }
    }

    @Test func openingAndClosingTheWindowsPartsLosesNothingPerCycle() throws {
        let once = try lostAfter(cycles: Self.leakCycles)
        let twice = try lostAfter(cycles: 2 * Self.leakCycles)
        #expect(twice.blocks - once.blocks < Self.leakCycles,
                "lost from our code after \(Self.leakCycles) cycles: \(once.blocks) blocks (\(once.bytes) bytes); after \(2 * Self.leakCycles): \(twice.blocks) blocks (\(twice.bytes) bytes); in all \(once.allBlocks) and \(twice.allBlocks); ours after \(2 * Self.leakCycles):\n\(twice.records.joined(separator: "\n"))\nafter \(Self.leakCycles):\n\(once.records.joined(separator: "\n"))")
    }

    /// Runs the app under memcheck, opens and closes its parts `cycles` times, quits, and reads the leak summary.
    private func lostAfter(cycles: Int) throws -> LostMemory {
        let folder = try FixtureFolder()
        let photos = [try folder.solid("red.jpg", colour: "red", width: 300, height: 200),
                      try folder.solid("blue.jpg", colour: "blue", width: 300, height: 200)]
        let log = folder.file("valgrind-\(cycles).log")
        var suppressions = ["/usr/share/glib-2.0/valgrind/glib.supp"]
        if FileManager.default.fileExists(atPath: "/usr/share/gtk-4.0/valgrind/gtk.supp") {
            suppressions.append("/usr/share/gtk-4.0/valgrind/gtk.supp")
        }
        let valgrind = ["/usr/bin/valgrind", "--tool=memcheck", "--leak-check=full",
                        "--show-leak-kinds=definite,indirect", "--num-callers=60", "--log-file=\(log)"]
            + suppressions.map { "--suppressions=\($0)" }
        let app = try AppUnderTest(files: photos, width: 1000, height: 700,
                                   extraEnvironment: ["G_SLICE": "always-malloc", "G_DEBUG": "gc-friendly"],
                                   launcher: valgrind, startTimeout: Self.patience)
        for _ in 0..<cycles {
            try app.key("F10")
            try settle(app)
            try app.key("Escape")
            try app.key("F9")
            try settle(app)
            try app.key("F9")
            let state = try app.state()
            try app.click(state.cellCenter(0), state: state, button: 3)
            try settle(app)
            try app.key("Escape")
            try app.key("ctrl+question")
            try settle(app)
            try app.key("Escape")
            try app.key("ctrl+o")
            try settle(app)
            try app.key("Escape")
            try settle(app)
        }
        try app.key("ctrl+q")
        let deadline = Date().addingTimeInterval(Self.patience)
        while app.isAlive, Date() < deadline { usleep(200_000) }
        #expect(!app.isAlive, "the app under valgrind did not quit")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        if let keep = ProcessInfo.processInfo.environment["LEAK_LOGS"] { try? text.write(toFile: keep + "/valgrind-\(cycles)-\(getpid())-\(Int(Date().timeIntervalSince1970)).log", atomically: true, encoding: .utf8) }
        #expect(text.contains("LEAK SUMMARY") || text.contains("All heap blocks were freed"), "\(text.suffix(1500))")
        return LostMemory(valgrindLog: text)
    }
}
}

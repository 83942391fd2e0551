// A D-Bus session of a test's own, for tests that speak AT-SPI: the
// accessibility registry keeps every app that ever registered, and after a
// long run of apps started and killed, one stale entry can bring a client
// down. With a bus (and so an accessibility bus) per test, the app, the file
// manager and the screen reader's script meet on a registry that knows only
// them, and it all goes away with the test. The daemon is started with this
// process's environment, so what it starts by D-Bus activation (Nautilus for
// Show in Files) finds the display.

import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

final class PrivateBus {
    let address: String
    private let pid: pid_t

    init() throws {
        // Not Foundation's Process: it learns of a child's exit from a descriptor
        // the child inherits, and the forked daemon keeps that open for good.
        let result = try runWithRawArguments("/usr/bin/dbus-daemon",
                                             ["--session", "--fork", "--print-address=1", "--print-pid=1"].map { Array($0.utf8) },
                                             environment: ProcessInfo.processInfo.environment)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard result.status == 0, lines.count >= 2, let pid = pid_t(lines[1]) else {
            throw AppError(description: "no private D-Bus session: \(result.stderr)")
        }
        address = lines[0]
        self.pid = pid
        Accessibility.bus = address
    }

    deinit {
        if Accessibility.bus == address { Accessibility.bus = nil }
        // SIGKILL: a session dbus-daemon forked away from its terminal carries on after SIGTERM.
        kill(pid, SIGKILL)
        Self.endServices(startedOn: address)
    }

    /// What the bus started by activation (the accessibility bus, gvfs,
    /// Nautilus's tracker-miner-fs, which shrugs off SIGTERM) outlives it and
    /// keeps its inotify instances: a long run of tests used up the 128 a
    /// user may have, and later apps could no longer watch a folder.
    private static func endServices(startedOn address: String) {
        let marks = ["DBUS_SESSION_BUS_ADDRESS=" + address, "DBUS_STARTER_ADDRESS=" + address].map { Array($0.utf8) }
        let me = getpid()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry), pid != me,
                  let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ") else { continue }
            let variables = environ.split(separator: 0).map(Array.init)
            if variables.contains(where: { marks.contains($0) }) { kill(pid, SIGKILL) }
        }
    }

    /// The variables that put a process on this bus.
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }
}

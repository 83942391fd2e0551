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
    /// The configuration and service files of a bus with only some services.
    private var configuration: FixtureFolder?

    /// A session bus that starts, by D-Bus activation, only the system's
    /// `services` (their names, such as "org.a11y.Bus") when given, else any.
    init(services: [String]? = nil) throws {
        var bus = ["--session"]
        if let services {
            let folder = try FixtureFolder()
            try FileManager.default.createDirectory(atPath: folder.file("services"), withIntermediateDirectories: true)
            for name in services {
                try FileManager.default.copyItem(atPath: "/usr/share/dbus-1/services/\(name).service",
                                                 toPath: folder.file("services/\(name).service"))
            }
            // The session bus's own configuration, with only that folder of services.
            try """
                <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
                <busconfig>
                  <type>session</type>
                  <listen>unix:tmpdir=/tmp</listen>
                  <servicedir>\(folder.file("services"))</servicedir>
                  <policy context="default">
                    <allow send_destination="*" eavesdrop="true"/>
                    <allow eavesdrop="true"/>
                    <allow own="*"/>
                  </policy>
                </busconfig>
                """.write(toFile: folder.file("session.conf"), atomically: true, encoding: .utf8)
            bus = ["--config-file=" + folder.file("session.conf")]
            configuration = folder
        }
        // Not Foundation's Process: it learns of a child's exit from a descriptor
        // the child inherits, and the forked daemon keeps that open for good.
        let result = try runWithRawArguments("/usr/bin/dbus-daemon",
                                             (bus + ["--fork", "--print-address=1", "--print-pid=1"]).map { Array($0.utf8) },
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

// Files the app writes get the mode the user's umask gives, never more
// (SPEC §7b, issue 19 point 1): saves, drag-outs and camera shots written at
// the same moment on many threads, as the app does, under umask 022 and 077.
// The umask is per process and read once, so the 077 run is this same test
// in a child process started under that umask.

import CollageRender
import Foundation
import Synchronization
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct FileModeTests {
    /// The process's umask as the kernel reports it, without changing it.
    static func currentUmask() throws -> mode_t {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o777
    }

    /// Saves and drag-outs (Exporter, replacing) and camera shots (AtomicFile,
    /// never replacing) on eight threads at once, with a ninth making plain
    /// files meanwhile, as any other part of the app would: each file has
    /// exactly 0666 & ~umask, and the umask is what it was.
    @Test func overlappingWritesKeepTheUmask() throws {
        let mask = try Self.currentUmask()
        let expected = 0o666 & ~mask
        let folder = try FixtureFolder()
        let base = folder.path
        let rounds = 200
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 9) { thread in
            for round in 0..<rounds {
                let path = base + "/t\(thread)-\(round)"
                do {
                    switch thread % 3 {
                    case 0 where thread < 8:
                        guard let image = CairoImage.make(width: 4, height: 4, opaque: true) else { return }
                        try Exporter.write(consuming: image, to: path + ".png", format: .png, replacing: true)
                    case 1:
                        guard let image = CairoImage.make(width: 4, height: 4, opaque: false) else { return }
                        try Exporter.write(consuming: image, to: path + ".png", format: .png, replacing: true)
                    case 2 where thread < 8:
                        try AtomicFile.write(to: path + ".jpg", replacing: false) { fd throws(ExportError) in
                            let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
                            _ = bytes.withUnsafeBytes { AtomicFile.writeAll(fd, $0.baseAddress!, count: 4) }
                        }
                    default:
                        let fd = open(path + ".plain", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                        if fd >= 0 { close(fd) }
                    }
                } catch {
                    failures.withLock { $0.append("\(path): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        let files = folder.contents()
        #expect(files.count == 9 * rounds)
        for name in files {
            let mode = Self.mode(folder.file(name))
            #expect(mode == expected, "\(name): \(String(mode, radix: 8)), not \(String(expected, radix: 8))")
        }
        #expect(try Self.currentUmask() == mask)
    }

    /// The same test in a process of its own under each umask.
    @Test(arguments: ["022", "077"]) func underTheUsersUmask(_ mask: String) throws {
        let runner = CommandLine.arguments[0]
        let script = "umask \(mask) && exec \"$0\" --testing-library swift-testing --filter 'overlappingWritesKeepTheUmask'"
        var environment = ProcessInfo.processInfo.environment
        environment["TINYCOLLAGE_DECODE_WORKER"] = nil
        let result = try run("/bin/sh", ["-c", script, runner], environment: environment)
        #expect(result.status == 0, "umask \(mask): \(result.stdout.suffix(2000)) \(result.stderr.suffix(2000))")
        #expect(result.stdout.contains("overlappingWritesKeepTheUmask") || result.stderr.contains("overlappingWritesKeepTheUmask"),
                "the child ran the test")
    }
}

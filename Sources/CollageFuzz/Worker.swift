// The loop that runs inside the worker process: for inputs from..<to until
// the time is up, write the input to current.bin, run it, and report on
// standard output, one line per event, for the supervisor. Of every ten
// inputs past the seeds, one is a session file (SessionTarget), one a
// conversation with a fake decoder worker (ProtocolTarget), the rest images
// (Target). Events:
//   B <index> <recipe>            before an input (so a crash is attributed)
//   R <index> <probe> <load> <problem>...   after it
//   G <message>                   a GLib warning or critical the input caused
//   D                             the end of a run that did not crash
// Fields are tab-separated. Crashing is allowed here: the supervisor watches.

import CollageRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Worker {
    var seeds: [Seed]
    var seed: UInt64
    var from: Int
    var to: Int
    var deadline: Double
    var current: String
    /// The file that standard error goes to, emptied before each input.
    var stderrLog: String?

    func run() {
        var index = from
        while index < to, now() < deadline {
            if stderrLog != nil { _ = ftruncate(2, 0) }
            let outcome = Self.runInput(index, seed: seed, seeds: seeds, current: current) { recipe in
                emit(["B", "\(index)", recipe])
            }
            for message in glibMessages() { emit(["G", message]) }
            emit(["R", "\(index)", outcome.probe, outcome.load, outcome.facts] + outcome.problems)
            index += 1
        }
        emit(["D"])
    }

    enum Kind {
        case image, session, conversation
    }

    static func kind(of index: Int, seedCount: Int) -> Kind {
        guard index >= seedCount else { return .image }
        switch index % 10 {
        case 8: return .session
        #if DEBUG
        case 9: return .conversation
        #endif
        default: return .image
        }
    }

    /// Makes input `index`, writes it to `current`, tells `starting` its
    /// recipe (before anything can crash), and runs it.
    static func runInput(_ index: Int, seed: UInt64, seeds: [Seed], current: String,
                         starting: (String) -> Void) -> Outcome {
        var rng = SplitMix64(seed: seed, index: index)
        switch kind(of: index, seedCount: seeds.count) {
        case .image:
            let mutant = Mutator(seeds: seeds).mutant(index, rng: &rng)
            write(mutant.bytes, to: current)
            starting(mutant.recipe)
            return Target().run(mutant.bytes, path: current, expecting: mutant.expectation, rng: &rng)
        case .session:
            let target = SessionTarget()
            let (bytes, recipe) = target.mutant(rng: &rng)
            write(bytes, to: current)
            starting(recipe)
            return target.run(bytes)
        case .conversation:
            write(Array("a conversation with fake decode worker \(seed)/\(index)\n".utf8), to: current)
            starting("fake worker \(seed)/\(index)")
            #if DEBUG
            return ProtocolTarget().run(seed: seed, index: index, rng: &rng).outcome
            #else
            return Outcome()
            #endif
        }
    }

    /// GLib's warnings and criticals in this input's standard error, without
    /// the process id and time that would make each one unique.
    private func glibMessages() -> [String] {
        guard let stderrLog, let data = FileManager.default.contents(atPath: stderrLog), !data.isEmpty else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let level = line.range(of: "WARNING **: ") ?? line.range(of: "CRITICAL **: ") else { return nil }
            // Our own log (a worker's bad answer refused, by pid) says what the fuzzer set up; the tally is the libraries'.
            guard !line[..<level.lowerBound].hasSuffix(Log.domain + "-") else { return nil }
            // "(process:123): GdkPixbuf-CRITICAL **: ", or without a domain.
            let before = line[..<level.lowerBound]
            let domain = before.hasSuffix("-") ? before.dropLast().split(separator: " ").last.map { $0 + "-" } ?? "" : ""
            let severity = line[level].dropLast(5)
            var message = line[level.upperBound...]
            // Drop the time, "01:23:45.678: ".
            if message.count > 14, message.dropFirst(12).hasPrefix(": ") { message = message.dropFirst(14) }
            return String((domain + severity + ": " + message).prefix(300))
        }
    }

    private func emit(_ fields: [String]) {
        let line = fields.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
            .joined(separator: "\t") + "\n"
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { exit(3) }  // the supervisor is gone
            offset += n
        }
    }

    static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { fatalError("collage-fuzz: cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { fatalError("collage-fuzz: cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += n
        }
    }
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

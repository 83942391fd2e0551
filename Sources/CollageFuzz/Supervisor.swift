// Runs the worker (this same program with --worker) as a child process and
// keeps the books, so that a crash (an AddressSanitizer report, a Swift trap,
// a signal) is counted, its input saved and its report shown, and the run
// goes on from the next input; a worker silent for too long is killed as a
// hang. Prints progress every 30 s and returns the tally, from which main
// prints the summary. The fuzzing itself is Worker's and Target's.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Tally {
    var inputs = 0
    var loads: [String: Int] = [:]
    var probes: [String: Int] = [:]
    /// The metadata request's outcomes (Target.checkFacts).
    var facts: [String: Int] = [:]
    var crashes = 0
    var hangs = 0
    var problems = 0
    /// GLib's messages: how often, and the first input that caused each.
    var glib: [String: (count: Int, first: Int)] = [:]
    /// Problems by their text with numbers left out, and how often each came.
    var problemKinds: [String: Int] = [:]

    /// Problems counted but not failing the run (--allow-problems).
    var allowedProblems = 0

    var findings: Int { crashes + hangs + problems - allowedProblems }
}

struct Supervisor {
    var options: Options
    var executable: String
    var seedFolder: String
    /// Where current.bin and the saved inputs of findings go.
    var folder: String
    /// Stop after this many crashes and hangs: one bug tends to repeat.
    let maximumCrashes = 5

    func run() -> Tally {
        let start = now()
        let deadline = start + options.seconds
        let current = folder + "/current.bin"
        let log = folder + "/worker-stderr.log"
        var tally = Tally()
        var next = 0
        var lastProgress = start
        while next < options.iterations, now() < deadline, tally.crashes + tally.hangs < maximumCrashes {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--worker", "--seed", "\(options.seed)", "--from", "\(next)",
                                 "--iterations", "\(options.iterations)", "--deadline", "\(deadline)",
                                 "--seed-dir", seedFolder, "--current", current, "--stderr-log", log] + options.files
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            let logDescriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
            process.standardError = FileHandle(fileDescriptor: logDescriptor, closeOnDealloc: true)
            do { try process.run() } catch { fail("cannot start the worker: \(error)") }

            var pending: (index: Int, recipe: String)?
            var finished = false, hung = false, sawEvent = false, exited = false
            var lastEvent = now()
            var buffer: [UInt8] = []
            let descriptor = output.fileHandleForReading.fileDescriptor
            var chunk = [UInt8](repeating: 0, count: 65536)
            reading: while true {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 1000) > 0 {
                    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    if count <= 0 { break reading }
                    buffer += chunk[0..<count]
                    while let newline = buffer.firstIndex(of: 0x0A) {
                        let fields = String(decoding: buffer[..<newline], as: UTF8.self)
                            .split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                        buffer.removeSubrange(...newline)
                        lastEvent = now()
                        sawEvent = true
                        switch fields.first {
                        case "B" where fields.count >= 3:
                            pending = (Int(fields[1]) ?? next, fields[2])
                        case "R" where fields.count >= 5:
                            let index = Int(fields[1]) ?? next
                            tally.inputs += 1
                            tally.probes[fields[2], default: 0] += 1
                            tally.loads[fields[3], default: 0] += 1
                            if !fields[4].isEmpty { tally.facts[fields[4], default: 0] += 1 }
                            if fields.count > 5 {
                                tally.problems += 1
                                if options.allowProblems { tally.allowedProblems += 1 }
                                let kind = Self.kind(of: fields[5...].joined(separator: "; "))
                                tally.problemKinds[kind, default: 0] += 1
                                // The first input of each kind is shown and kept.
                                if tally.problemKinds[kind] == 1, tally.problemKinds.count <= 20 {
                                    report(problem: Array(fields[5...]), index: index, recipe: pending?.recipe ?? "?",
                                           saving: current)
                                }
                            }
                            pending = nil
                            next = index + 1
                        case "G" where fields.count >= 2:
                            tally.glib[fields[1], default: (0, pending?.index ?? next)].count += 1
                        case "D":
                            finished = true
                        default:
                            break
                        }
                    }
                } else if !process.isRunning {
                    // Gone without closing the pipe: one more look for its last lines.
                    if exited { break reading }
                    exited = true
                } else if !hung, now() - lastEvent > options.hangSeconds {
                    hung = true
                    kill(process.processIdentifier, SIGKILL)
                }
                if now() - lastProgress >= 30 {
                    lastProgress = now()
                    let elapsed = lastProgress - start
                    print(String(format: "fuzz: %.0f s, %d inputs (%.1f/s), %d crashes, %d hangs, %d problems",
                                 elapsed, tally.inputs, Double(tally.inputs) / elapsed, tally.crashes, tally.hangs,
                                 tally.problems))
                    fflush(nil)
                }
            }
            process.waitUntilExit()
            if finished { break }
            if !sawEvent { fail("the worker failed before its first input:\n" + text(of: log)) }
            let index = pending?.index ?? next
            if hung { tally.hangs += 1 } else { tally.crashes += 1 }
            tally.inputs += 1
            let saved = folder + "/\(hung ? "hang" : "crash")-\(options.seed)-\(index).bin"
            try? FileManager.default.removeItem(atPath: saved)
            try? FileManager.default.copyItem(atPath: current, toPath: saved)
            let how = hung ? "no answer for \(Int(options.hangSeconds)) s"
                : process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)"
                : "exit status \(process.terminationStatus)"
            FileHandle.standardError.write(Data((text(of: log) + "\n").utf8))
            print("fuzz: \(hung ? "HANG" : "CRASH") on input \(index) (\(how)): \(pending?.recipe ?? "between inputs")")
            print("      input saved as \(saved); replay: \(replayCommand(index))")
            fflush(nil)
            next = index + 1
        }
        return tally
    }

    /// A problem's text with its numbers as "N", so that the same check
    /// failing on different sizes counts as one kind.
    static func kind(of problem: String) -> String {
        var kind = ""
        var inNumber = false
        for character in problem {
            if character.isNumber {
                if !inNumber { kind.append("N") }
                inNumber = true
            } else {
                kind.append(character)
                inNumber = false
            }
        }
        return kind
    }

    private func report(problem: [String], index: Int, recipe: String, saving current: String) {
        let saved = folder + "/problem-\(options.seed)-\(index).bin"
        try? FileManager.default.removeItem(atPath: saved)
        try? FileManager.default.copyItem(atPath: current, toPath: saved)
        print("fuzz: PROBLEM on input \(index) (\(recipe)): \(problem.joined(separator: "; "))")
        print("      input saved as \(saved); replay: \(replayCommand(index))")
        fflush(nil)
    }

    private func replayCommand(_ index: Int) -> String {
        let sanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { ["ASAN_OPTIONS=" + $0] } ?? []
        return (sanitizer + [executable, "--seed", "\(options.seed)", "--replay", "\(index)"] + options.files)
            .joined(separator: " ")
    }

    /// The worker's standard error for the input that failed, with Swift
    /// symbols demangled when swift-demangle is at hand; at most 300 lines.
    private func text(of log: String) -> String {
        let raw = (FileManager.default.contents(atPath: log)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = raw.split(separator: "\n", omittingEmptySubsequences: false)
        let tail = lines.suffix(300).joined(separator: "\n")
        let demangler = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { $0 + "/swift-demangle" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let demangler else { return tail }
        let tailFile = log + ".tail"
        guard FileManager.default.createFile(atPath: tailFile, contents: Data(tail.utf8)),
              let input = FileHandle(forReadingAtPath: tailFile) else { return tail }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: demangler)
        process.arguments = ["--simplified"]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        guard (try? process.run()) != nil else { return tail }
        let demangled = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: demangled, as: UTF8.self) : tail
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("collage-fuzz: " + message + "\n").utf8))
    exit(2)
}

// collage-fuzz: a seeded mutation fuzzer for what crosses TinyCollage's
// boundaries: the loading path (ImageLoader.probe/load, JPEGEndCheck; SVG
// through decoder workers), the session decoder, and the decoder-worker
// protocol from the app's side. Reads the options, makes the seed
// images, and either supervises a run (the default), is the supervised worker
// (--worker, internal), or replays one input in this process (--replay N,
// --run FILE) so a sanitizer report comes straight out. `make fuzz` and
// `make fuzz-short` (mk/fuzz.mk) build it with AddressSanitizer and run it.

import CollageRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Options {
    var seconds = 60.0
    var iterations = Int.max
    var seed: UInt64 = 0
    var keep: String?
    var replay: Int?
    var runFile: String?
    var hangSeconds = 60.0
    var allowProblems = false
    var files: [String] = []
    // For the worker only.
    var worker = false
    var from = 0
    var deadline = 0.0
    var seedFolder = ""
    var current = ""
    var stderrLog: String?

    static let usage = """
        usage: collage-fuzz [--seconds N] [--iterations N] [--seed N] [--keep DIR] [--hang-seconds N]
                            [--allow-problems] [FILE...]
               collage-fuzz --seed N --replay INDEX [FILE...]   run one input of a run again, in this process
               collage-fuzz --run FILE                          run one file through the loading path
        Mutates generated JPEG/PNG/GIF/WebP/SVG seeds (and FILEs) and feeds them to the loaders (SVG
        through decoder workers), mutates session files for the session decoder, and sets fake
        decoder workers against the app's side of the worker protocol, until
        N seconds or N inputs, whichever comes first (default 60 s). --keep DIR writes each input
        to DIR/current.bin before it runs and keeps the inputs of crashes there. Exits 1 on a
        crash, a hang or a problem (a check that must hold whatever the bytes, see Target.swift);
        --allow-problems reports problems without failing.
        """

    init(_ arguments: [String]) {
        var seedGiven = false
        var i = 0
        func value(_ name: String) -> String {
            i += 1
            guard i < arguments.count else { fail("\(name) needs a value\n\(Self.usage)") }
            return arguments[i]
        }
        func number<T: LosslessStringConvertible>(_ name: String) -> T {
            guard let n = T(value(name)) else { fail("\(name) needs a number\n\(Self.usage)") }
            return n
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--seconds": seconds = number("--seconds")
            case "--iterations": iterations = number("--iterations")
            case "--seed": seed = number("--seed"); seedGiven = true
            case "--keep": keep = value("--keep")
            case "--replay": replay = number("--replay")
            case "--run": runFile = value("--run")
            case "--hang-seconds": hangSeconds = number("--hang-seconds")
            case "--allow-problems": allowProblems = true
            case "--worker": worker = true
            case "--from": from = number("--from")
            case "--deadline": deadline = number("--deadline")
            case "--seed-dir": seedFolder = value("--seed-dir")
            case "--current": current = value("--current")
            case "--stderr-log": stderrLog = value("--stderr-log")
            case "-h", "--help": print(Self.usage); exit(0)
            case let argument where argument.hasPrefix("-"): fail("unknown option \(argument)\n\(Self.usage)")
            case let file: files.append(file)
            }
            i += 1
        }
        if !seedGiven {
            var clock = SplitMix64(seed: UInt64(Date().timeIntervalSince1970 * 1e6) ^ UInt64(getpid()))
            seed = clock.next() % 1_000_000_000
        }
        guard seconds >= 0, iterations >= 0, hangSeconds > 0 else { fail("negative numbers make no sense here") }
    }
}

/// This program's own path, to start it again as the worker.
func executablePath() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
}

func makeSeeds(_ options: Options) -> (folder: String, seeds: [Seed]) {
    let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
    var template = Array((temporary + "collage-fuzz-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        fail("cannot make a temporary folder")
    }
    let folder = String(cString: made)
    do { return (folder, try Seeds.make(in: folder, extra: options.files)) } catch { fail("\(error)") }
}

// Hidden: this program as a decoder worker (SVG inputs), real or fake (ProtocolTarget).
switch CommandLine.arguments.dropFirst().first {
case DecodeWorker.command: exit(DecodeWorker.run())
#if DEBUG
case FakeWorker.command: FakeWorker.run(Array(CommandLine.arguments.dropFirst(2)))
#endif
default: break
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

if options.worker {
    do {
        let seeds = try Seeds.load(from: options.seedFolder, extra: options.files)
        Worker(seeds: seeds, seed: options.seed, from: options.from, to: options.iterations, deadline: options.deadline,
               current: options.current, stderrLog: options.stderrLog).run()
        exit(0)
    } catch { fail("\(error)") }
}

if let file = options.runFile {
    var rng = SplitMix64(seed: options.seed, index: 0)
    let bytes: [UInt8]
    do { bytes = try Seeds.read(file) } catch { fail("\(error)") }
    print("fuzz: \(file), \(bytes.count) bytes, cover sizes from seed \(options.seed)")
    fflush(nil)  // before a crash can lose it
    let outcome = Target().run(bytes, path: file, expecting: .either, rng: &rng)
    print("fuzz: probe \(outcome.probe), load \(outcome.load)")
    for problem in outcome.problems { print("fuzz: PROBLEM: \(problem)") }
    exit(outcome.problems.isEmpty ? 0 : 1)
}

if let index = options.replay {
    let (folder, seeds) = makeSeeds(options)
    if let keep = options.keep {
        do { try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true) } catch { fail("\(error)") }
    }
    let path = (options.keep ?? folder) + "/current.bin"
    let outcome = Worker.runInput(index, seed: options.seed, seeds: seeds, current: path) { recipe in
        print("fuzz: input \(index) of seed \(options.seed): \(recipe), in \(path)")
        fflush(nil)  // before a crash can lose it
    }
    print("fuzz: probe \(outcome.probe), load \(outcome.load)")
    for problem in outcome.problems { print("fuzz: PROBLEM: \(problem)") }
    if options.keep != nil { try? FileManager.default.removeItem(atPath: folder) }
    exit(outcome.problems.isEmpty ? 0 : 1)
}

let (seedFolder, seeds) = makeSeeds(options)
let folder = options.keep ?? seedFolder
do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch { fail("\(error)") }
// The sanitizer's runtime is linked in when the build asked for it.
let sanitized = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil  // RTLD_DEFAULT
print("fuzz: seed \(options.seed), \(seeds.count) seed files, \(options.seconds) s" +
      (options.iterations < Int.max ? " or \(options.iterations) inputs" : "") +
      ", AddressSanitizer \(sanitized ? "on" : "off"), inputs in \(folder)")
fflush(nil)
let started = now()
let tally = Supervisor(options: options, executable: executablePath(), seedFolder: seedFolder, folder: folder).run()
let elapsed = now() - started

func counted(_ counts: [String: Int], first: [String]) -> String {
    counts.sorted { a, b in
        let (i, j) = (first.firstIndex(of: a.key) ?? first.count, first.firstIndex(of: b.key) ?? first.count)
        return i != j ? i < j : a.key < b.key
    }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
}

func oneDecimal(_ x: Double) -> String { String(format: "%.1f", x) }

var refusals = tally.loads
let decoded = refusals.removeValue(forKey: "decoded") ?? 0
let order = ["corrupt", "notAnImage", "tooLarge"]
print("fuzz: \(tally.inputs) inputs in \(oneDecimal(elapsed)) s, seed \(options.seed): \(decoded) decoded, "
      + "\(refusals.values.reduce(0, +)) refused (\(counted(refusals, first: order))), \(tally.crashes) crashes, "
      + "\(tally.hangs) hangs, \(tally.problems) problems")
print("fuzz: \(oneDecimal(Double(tally.inputs) / max(elapsed, 0.001))) inputs/s; probes: "
      + counted(tally.probes, first: ["ok"] + order))
print("fuzz: metadata requests (header and EXIF/XMP in a worker): " + counted(tally.facts, first: ["read, some", "read, none"] + order))
if !tally.glib.isEmpty {
    print("fuzz: GLib said, \(tally.glib.values.map(\.count).reduce(0, +)) times in all:")
    for (message, seen) in tally.glib.sorted(by: { $0.value.count > $1.value.count }).prefix(12) {
        print("  \(seen.count)× \(message) (first on input \(seen.first))")
    }
}
if !tally.problemKinds.isEmpty {
    print("fuzz: problems of \(tally.problemKinds.count) kinds:")
    for (kind, count) in tally.problemKinds.sorted(by: { $0.value > $1.value }) { print("  \(count)× \(kind)") }
}
if tally.findings > 0 { print("fuzz: FAILED; the inputs are kept in \(folder)") }
// The seeds go unless a finding's input sits among them.
if options.keep != nil || tally.crashes + tally.hangs + tally.problems == 0 {
    try? FileManager.default.removeItem(atPath: seedFolder)
}
exit(tally.findings > 0 ? 1 : 0)

// `collage-bench --worker-startup RUNS [BEFORE]` (`make bench`, case 7): a
// decoder worker's start-up — from being started to "ready", every loader
// loaded and the sandbox on — and its resident size then, for ours
// (tinycollage-decoder through bubblewrap) and, when BEFORE names another
// build's `tinycollage`, for its workers (that whole binary run as
// `decode-worker`), interleaved in the same run. Prints `name value` lines
// (milliseconds, megabytes) for bench/bench.py.

import CollageRender
import Foundation

enum WorkerStartupBench {
    static func run(_ arguments: [String]) -> Int32 {
        guard let runs = arguments.first.flatMap(Int.init), runs > 0 else {
            FileHandle.standardError.write(Data("usage: collage-bench --worker-startup RUNS [BEFORE-TINYCOLLAGE]\n".utf8))
            return 2
        }
        let before = arguments.dropFirst().first
        var ours: [WorkerStartup.Sample] = [], theirs: [WorkerStartup.Sample] = []
        for _ in 0..<runs {
            guard let sample = WorkerStartup.measure(runs: 1)?.first else { return fail("our worker did not start") }
            ours.append(sample)
            if let before {
                guard let sample = WorkerStartup.measure(executable: before, sandboxed: false, runs: 1)?.first else {
                    return fail("\(before) decode-worker did not start")
                }
                theirs.append(sample)
            }
        }
        report("worker_startup_ms", ours.map { $0.seconds * 1000 })
        report("worker_resident_mb", ours.map { Double($0.residentKiB) / 1024 })
        print("worker_sandboxed \(WorkerStartup.sandboxedHere ? 1 : 0)")
        if !theirs.isEmpty {
            report("before_worker_startup_ms", theirs.map { $0.seconds * 1000 })
            report("before_worker_resident_mb", theirs.map { Double($0.residentKiB) / 1024 })
        }
        return 0
    }

    private static func report(_ name: String, _ values: [Double]) {
        let sorted = values.sorted()
        print("\(name) \(String(format: "%.1f", sorted[sorted.count / 2]))")
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("collage-bench: \(message)\n".utf8))
        return 1
    }
}

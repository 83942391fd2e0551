// How long a decoder worker takes from being started to saying "ready", and
// how much memory it is resident in then (its peak so far, which it reports),
// for `make bench` (collage-bench --worker-startup). A worker of another
// build (`tinycollage decode-worker` before issue 19) can be timed beside
// ours in the same run: it is started as those builds started theirs,
// without bubblewrap.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum WorkerStartup {
    public struct Sample: Sendable {
        public var seconds: Double
        public var residentKiB: Int
    }

    /// Starts `runs` workers one after another, each retired once ready.
    /// `sandboxed` false starts them as before bubblewrap.
    public static func measure(executable: String = DecoderPool.defaultExecutable,
                               arguments: [String] = [DecodeWorker.command], sandboxed: Bool = true,
                               runs: Int) -> [Sample]? {
        let mode = sandboxed ? WorkerSandbox.mode() : .limitsOnly("started as before bubblewrap, to compare")
        var samples: [Sample] = []
        for _ in 0..<runs {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            guard let worker = try? WorkerProcess.spawn(executable: executable, arguments: arguments, sandbox: mode),
                  worker.awaitReady() == nil else { return nil }
            clock_gettime(CLOCK_MONOTONIC, &end)
            samples.append(Sample(seconds: Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9,
                                  residentKiB: worker.peakResidentKiB))
            worker.retire()
        }
        return samples
    }

    /// Whether workers of this process start through bubblewrap.
    public static var sandboxedHere: Bool {
        if case .bubblewrap = WorkerSandbox.mode() { return true }
        return false
    }
}

// A few decoder workers (about one per core), shared by every caller in the
// process and reused for many images: a caller on a background thread takes
// an idle worker (or starts one, or waits for one), runs its request to the
// end on its own thread, and gives the worker back — unless it died, was
// killed at its deadline or has served its share, in which case it is
// replaced by the next caller that needs one. Thumbnails never hold every
// worker: a gallery of files that hang must not keep the preview waiting.
// Workers start when first needed (or on `prestart`), never before. The worker is
// tinycollage-decoder beside this program (the build tree, or where `make
// install` puts it: PREFIX/libexec/tinycollage), unless TINYCOLLAGE_DECODE_WORKER
// names another build of it. How a worker is started and sandboxed is
// WorkerProcess's and WorkerSandbox's.

import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Unchecked: the mutable state is touched only with `lock` held; it is an
// NSCondition because callers wait there for a worker to come back.
public final class DecoderPool: @unchecked Sendable {
    public static let shared = DecoderPool(executable: DecoderPool.defaultExecutable,
                                           arguments: [DecodeWorker.command], maximumWorkers: DecodeLimits.maximumWorkers)

    /// The program to run as the worker.
    public static var defaultExecutable: String {
        if let named = ProcessInfo.processInfo.environment["TINYCOLLAGE_DECODE_WORKER"] { return named }
        let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let beside = program.appendingPathComponent(workerName).path
        if access(beside, X_OK) == 0 { return beside }
        return program.deletingLastPathComponent().appendingPathComponent("libexec/tinycollage/\(workerName)").path
    }

    /// The worker program's file name.
    public static let workerName = "tinycollage-decoder"

    /// The program run as a worker; change it before workers start (tests
    /// point it at the built `tinycollage-decoder`).
    public var executable: String {
        get { lock.withLock { program } }
        set { lock.withLock { program = newValue } }
    }
    private var program: String
    let arguments: [String]
    let maximumWorkers: Int
    private let lock = NSCondition()
    private var idle: [WorkerProcess] = []
    /// Workers that exist, idle or busy.
    private var count = 0
    /// Workers serving thumbnails now.
    private var thumbnailsRunning = 0
    private var started = 0
    private var peakWorkerKiB = 0

    /// A pool of its own (the fuzzer's); `deadlineScale` shortens every
    /// deadline, for a fake worker that answers nothing.
    public convenience init(executable: String, arguments: [String] = [DecodeWorker.command],
                maximumWorkers: Int? = nil, deadlineScale: Double = 1) {
        self.init(executable: executable, arguments: arguments, maximumWorkers: maximumWorkers,
                  deadlineScale: deadlineScale, sandbox: nil)
    }

    /// A pool whose workers start as `sandbox` says (tests), or as WorkerSandbox decides (nil).
    init(executable: String, arguments: [String] = [DecodeWorker.command], maximumWorkers: Int? = nil,
         deadlineScale: Double = 1, sandbox: WorkerSandbox.Mode?) {
        self.sandbox = sandbox
        program = executable
        self.arguments = arguments
        self.maximumWorkers = maximumWorkers ?? DecodeLimits.maximumWorkers
        self.deadlineScale = deadlineScale
    }

    let deadlineScale: Double
    private let sandbox: WorkerSandbox.Mode?

    private func spawn(_ program: String) throws(WorkerProcess.SpawnError) -> WorkerProcess {
        try WorkerProcess.spawn(executable: program, arguments: arguments, sandbox: sandbox ?? WorkerSandbox.mode())
    }

    /// Ends every idle worker (they are started again when needed).
    public func retireIdleWorkers() {
        let retiring: [WorkerProcess] = lock.withLock {
            defer { idle.removeAll() }
            count -= idle.count
            return idle
        }
        retiring.forEach { $0.retire() }
    }

    /// Starts workers now, one per core (or fewer, for fewer photos), so the
    /// first decodes do not wait for them; returns at once (they load their
    /// modules on their own).
    public func prestart(upTo wanted: Int? = nil) {
        lock.lock()
        defer { lock.unlock() }
        let target = min(wanted ?? DecodeLimits.cores, DecodeLimits.cores, maximumWorkers)
        while count < target {
            do throws(WorkerProcess.SpawnError) {
                idle.append(try spawn(program))
                count += 1
                started += 1
            } catch {
                // The decode that needs a worker tries again and names this reason for its photo.
                Log.warning("a decoder worker could not be started: \(error.message)")
                return
            }
        }
    }

    /// How many workers were started, and the most memory one of them has used.
    public var statistics: (workersStarted: Int, peakWorkerResidentKiB: Int) {
        lock.withLock {
            (started, max(peakWorkerKiB, idle.map(\.peakResidentKiB).max() ?? 0))
        }
    }

    /// Runs `request` on a worker with `file` (a descriptor, left open).
    func run(_ request: DecodeMessage.Request, file: Int32, purpose: DecodePurpose) -> WorkerProcess.Outcome {
        let worker: WorkerProcess
        do throws(WorkerProcess.SpawnError) {
            worker = try checkOut(for: purpose)
        } catch {
            Log.warning("a decoder worker could not be started: \(error.message)")
            return .lost(.ioError("the image reader could not be started (\(error.message))"))
        }
        let outcome = worker.perform(request, file: file, deadlineSeconds: purpose.deadlineSeconds * deadlineScale,
                                     startupSeconds: DecodeLimits.startupSeconds * max(deadlineScale, 0.2))
        checkIn(worker, from: purpose)
        return outcome
    }

    private func checkOut(for purpose: DecodePurpose) throws(WorkerProcess.SpawnError) -> WorkerProcess {
        lock.lock()
        let thumbnail = purpose == .thumbnail
        while (idle.isEmpty && count >= maximumWorkers) || (thumbnail && thumbnailsRunning >= max(1, maximumWorkers - 1)) {
            lock.wait()
        }
        if thumbnail { thumbnailsRunning += 1 }
        if let worker = idle.popLast() {
            lock.unlock()
            return worker
        }
        count += 1
        started += 1
        let program = self.program
        lock.unlock()
        do {
            return try spawn(program)
        } catch {
            lock.withLock {
                count -= 1
                if thumbnail { thumbnailsRunning -= 1 }
                lock.broadcast()
            }
            throw error
        }
    }

    private func checkIn(_ worker: WorkerProcess, from purpose: DecodePurpose) {
        let worn = worker.requests >= DecodeLimits.requestsPerWorker
            || worker.cpuMilliseconds / 1000 + Int(DecodePurpose.export.deadlineSeconds) + 1 >= DecodeLimits.lifetimeCPUSeconds
        if worker.isAlive, worn { worker.retire() }
        lock.withLock {
            peakWorkerKiB = max(peakWorkerKiB, worker.peakResidentKiB)
            if worker.isAlive {
                idle.append(worker)
            } else {
                count -= 1
            }
            if purpose == .thumbnail { thumbnailsRunning -= 1 }
            // Waiters wait for different things (a worker, a thumbnail slot).
            lock.broadcast()
        }
    }
}

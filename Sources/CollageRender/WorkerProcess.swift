// One decoder worker as the app sees it: the process (tinycollage-decoder,
// started with posix_spawn, which is safe in a threaded process, through
// bubblewrap where WorkerSandbox says it can), its socket and its standard
// error. It inherits nothing else: standard input and output are /dev/null,
// standard error a pipe we read, no other descriptor, a session of its own
// (no terminal to push keys into) and a fixed environment. A request is sent with the photo's descriptor and
// answered within a deadline, or the worker is killed; a worker that dies
// is told apart by how (a CPU-time signal or our own kill: too long; an
// allocation failure in its last words, or the kernel's kill: too much
// memory; anything else: a crash). Whatever the worker sends is checked, and
// anything unexpected counts as a crash: it may be a compromised process.
// Which worker serves which request is DecoderPool's business.

import CLinux
import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class WorkerProcess {
    let pid: pid_t
    private let socket: Int32
    private let errors: Int32
    private var ready = false
    /// Started through bwrap, which reports a signal's death as 128 + signal.
    let sandboxed: Bool
    private var killedByUs = false
    /// The end of what the worker wrote to standard error: its last words.
    private var errorTail: [UInt8] = []
    private(set) var cpuMilliseconds = 0
    private(set) var peakResidentKiB = 0
    private(set) var baselineBytes = 0
    private(set) var requests = 0
    private(set) var isAlive = true

    /// What came back: a reply (with its pixels, mapped, for an image), or
    /// the reason the worker is gone.
    enum Outcome {
        case reply(DecodeMessage.Reply, image: CairoImage?)
        case lost(LoadError.Reason)
    }

    struct SpawnError: Error {
        var message: String
    }

    private init(pid: pid_t, socket: Int32, errors: Int32, sandboxed: Bool) {
        self.pid = pid
        self.socket = socket
        self.errors = errors
        self.sandboxed = sandboxed
    }

    /// What the worker wrote to standard error last (for tests and messages).
    var lastWords: String { String(decoding: errorTail, as: UTF8.self) }

    /// Starts `executable` with `arguments`, its socket on descriptor 3, as
    /// `sandbox` says. bwrap ends with the thread that started it
    /// (--die-with-parent is PR_SET_PDEATHSIG, which is about threads), so
    /// every worker is started from one thread that lives as long as the process.
    static func spawn(executable: String, arguments: [String],
                      sandbox: WorkerSandbox.Mode = WorkerSandbox.mode()) throws(SpawnError) -> WorkerProcess {
        let result = SpawnThread.shared.run { () -> Result<WorkerProcess, SpawnError> in
            do throws(SpawnError) {
                return .success(try spawnHere(executable: executable, arguments: arguments, sandbox: sandbox))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func spawnHere(executable: String, arguments: [String],
                                  sandbox: WorkerSandbox.Mode) throws(SpawnError) -> WorkerProcess {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw SpawnError(message: String(cString: strerror(errno)))
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard tc_pipe_cloexec(&pipeEnds) == 0 else {
            let message = String(cString: strerror(errno))
            close(pair[0]); close(pair[1])
            throw SpawnError(message: message)
        }
        defer {
            close(pair[1])
            close(pipeEnds[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Not the app's standard output: a worker could write into it or truncate it.
        WorkerSandbox.quietStandardStreams(&actions, errorsTo: pipeEnds[1])
        posix_spawn_file_actions_adddup2(&actions, pair[1], DecodeWorker.socketDescriptor)
        // Nothing else: a descriptor another thread opened without close-on-exec
        // (a pipe to a program it runs) must not be held open by the worker.
        tc_spawn_close_from(&actions, DecodeWorker.socketDescriptor + 1)
        // Signals as a new process has them, whatever this thread blocks or ignores.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // A session of its own: no controlling terminal, so no TIOCSTI into the user's.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Int32(TC_POSIX_SPAWN_SETSID)))
        let program: String
        let argumentList: [String]
        switch sandbox {
        case let .bubblewrap(bwrap):
            program = bwrap
            argumentList = [bwrap] + WorkerSandbox.bubblewrapArguments(for: [executable] + arguments)
        case .limitsOnly:
            program = executable
            argumentList = [executable] + arguments
        }
        let argv: [UnsafeMutablePointer<CChar>?] = argumentList.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = WorkerSandbox.environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(pair[0]); close(pipeEnds[0])
            throw SpawnError(message: "\(program): \(String(cString: strerror(result)))")
        }
        _ = fcntl(pipeEnds[0], F_SETFL, fcntl(pipeEnds[0], F_GETFL) | O_NONBLOCK)
        let sandboxed: Bool
        if case .bubblewrap = sandbox { sandboxed = true } else { sandboxed = false }
        return WorkerProcess(pid: pid, socket: pair[0], errors: pipeEnds[0], sandboxed: sandboxed)
    }

    /// Sends `request` with the photo's descriptor and waits for the answer.
    func perform(_ request: DecodeMessage.Request, file: Int32, deadlineSeconds: Double,
                 startupSeconds: Double = DecodeLimits.startupSeconds) -> Outcome {
        if let reason = awaitReady(seconds: startupSeconds) { return .lost(reason) }
        requests += 1
        let bytes = DecodeMessage.encode(request)
        let sent = bytes.withUnsafeBytes { tc_send_with_fd(socket, $0.baseAddress, $0.count, file) }
        guard sent == bytes.count else { return .lost(reap()) }
        let outcome = receive(until: now() + deadlineSeconds)
        if case .reply(.ready, _) = outcome { return .lost(abandon(.crashed)) }
        return outcome
    }

    /// Waits for the worker's "ready"; nil once it has come, else why it will not.
    func awaitReady(seconds: Double = DecodeLimits.startupSeconds) -> LoadError.Reason? {
        guard !ready else { return nil }
        switch receive(until: now() + seconds) {
        case let .reply(.ready(baseline), _):
            baselineBytes = baseline
            ready = true
            return nil
        case .reply:
            return refuse("something else before it said it was ready")
        case let .lost(reason):
            let words = lastWords.trimmingCharacters(in: .whitespacesAndNewlines)
            Log.warning("decoder worker \(pid) ended before it was ready (\(reason.key))" + (words.isEmpty ? "" : ": " + words))
            return reason
        }
    }

    /// The next message, or why there is none: the worker died, sent
    /// something we do not take, or ran past `deadline` (and is killed).
    private func receive(until deadline: Double) -> Outcome {
        var buffer = [UInt8](repeating: 0, count: DecodeMessage.maximumSize + 1)
        while true {
            let left = deadline - now()
            if left <= 0 {
                killedByUs = true
                kill(pid, SIGKILL)
                return .lost(reap())
            }
            var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            let polled = poll(&fds, 2, Int32(min(left * 1000 + 1, 1000)))
            if polled < 0, errno != EINTR { return .lost(abandon(.crashed)) }
            if fds[1].revents != 0 { drainErrors() }
            guard fds[0].revents != 0 else { continue }
            var fd: Int32 = -1, extra: Int32 = 0, truncated: Int32 = 0
            let count = buffer.withUnsafeMutableBytes {
                tc_recv_with_fd(socket, $0.baseAddress, $0.count, &fd, &extra, &truncated)
            }
            if count <= 0 {
                // The end of the socket, or a datagram of no bytes from a
                // worker that is alive and broken: reap() tells which.
                if fd >= 0 { close(fd) }
                return .lost(reap())
            }
            guard truncated == 0, extra == 0, count <= DecodeMessage.maximumSize,
                  let envelope = DecodeMessage.decodeReply(Array(buffer[0..<count])) else {
                if fd >= 0 { close(fd) }
                return .lost(abandon(.crashed))
            }
            cpuMilliseconds = max(cpuMilliseconds, envelope.cpuMilliseconds)
            peakResidentKiB = max(peakResidentKiB, envelope.peakResidentKiB)
            // A descriptor only ever comes with an image, and an image always
            // has one: a memfd the worker no longer maps, of the size it says.
            if case let .image(header) = envelope.reply {
                guard fd >= 0 else { return .lost(refuse("an image without its pixels")) }
                do throws(CairoImage.SharedPixelsError) {
                    return .reply(envelope.reply, image: try CairoImage.adoptSharedPixels(fd, header: header))
                } catch {
                    return .lost(refuse("pixels that cannot be used: \(error)"))
                }
            }
            if fd >= 0 {
                close(fd)
                return .lost(abandon(.crashed))
            }
            return .reply(envelope.reply, image: nil)
        }
    }

    /// Kills a worker whose answer cannot be taken, saying in the log what it
    /// sent: the photo only hears that the reader failed (it may be a
    /// compromised process), whoever reads the log learns how.
    private func refuse(_ what: String) -> LoadError.Reason {
        Log.warning("decoder worker \(pid) sent \(what); it was stopped")
        return abandon(.crashed)
    }

    /// Kills a worker that broke the protocol; returns `reason`.
    @discardableResult
    func abandon(_ reason: LoadError.Reason) -> LoadError.Reason {
        guard isAlive else { return reason }
        killedByUs = true
        kill(pid, SIGKILL)
        _ = reap()
        return reason
    }

    /// Ends an idle worker: it exits when its socket closes.
    func retire() {
        guard isAlive else { return }
        close(socket)
        let deadline = now() + 1
        var status: Int32 = 0
        while now() < deadline {
            if waitpid(pid, &status, WNOHANG) != 0 {
                finish()
                return
            }
            usleep(2000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        finish()
    }

    /// Waits for the worker to end and says why it did. One that does not
    /// end within a second of its socket going quiet is broken, and killed.
    private func reap() -> LoadError.Reason {
        guard isAlive else { return .crashed }
        var status: Int32 = 0
        var waited: pid_t = 0
        let patience = now() + 1
        while waited == 0 || (waited < 0 && errno == EINTR) {
            waited = waitpid(pid, &status, killedByUs ? 0 : WNOHANG)
            if waited == 0 {
                if now() > patience {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    drainErrors()
                    finish(closingSocket: true)
                    return .crashed
                }
                usleep(1000)
            }
        }
        drainErrors()
        finish(closingSocket: true)
        guard waited == pid else { return .crashed }
        var signalled = status & 0x7F != 0 && status & 0x7F != 0x7F
        var signal = status & 0x7F
        // bwrap ends with 128 + the signal that ended the worker inside
        // (a worker's own exit statuses are small).
        let exitStatus = (status >> 8) & 0xFF
        if sandboxed, !signalled, exitStatus > 128 {
            signalled = true
            signal = exitStatus - 128
        }
        if signalled, signal == SIGXCPU { return .timedOut }
        if signalled, signal == SIGKILL { return killedByUs ? .timedOut : .outOfMemory }
        return lastWordsSayOutOfMemory ? .outOfMemory : .crashed
    }

    private func finish(closingSocket: Bool = false) {
        isAlive = false
        if closingSocket { close(socket) }
        close(errors)
    }

    /// An allocation failure in the worker's last words: GLib's g_malloc,
    /// Rust's (librsvg), Swift's, C++'s and strerror's ENOMEM.
    private var lastWordsSayOutOfMemory: Bool {
        let text = String(decoding: errorTail, as: UTF8.self).lowercased()
        return ["failed to allocate", "memory allocation of", "could not allocate memory", "bad_alloc",
                "out of memory", "cannot allocate memory"].contains { text.contains($0) }
    }

    /// Passes on what the worker wrote to standard error, keeping its tail.
    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            _ = chunk.withUnsafeBytes { write(2, $0.baseAddress, count) }
            errorTail += chunk[0..<count]
            if errorTail.count > 4096 { errorTail.removeFirst(errorTail.count - 4096) }
        }
    }

    private func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The one thread that starts workers, alive as long as the process, so a
/// worker's parent thread never ends before the worker (see `spawn`).
private final class SpawnThread: @unchecked Sendable {
    // Safe: `jobs` is only touched with `condition` locked.
    static let shared = SpawnThread()
    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init() {
        // The shared instance lives as long as the process, and so does its thread.
        let thread = Thread { self.serve() }
        thread.name = "decoder-spawn"
        thread.start()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }

    /// Runs `body` on the spawning thread and waits for its value.
    func run<Value>(_ body: @escaping () -> Value) -> Value {
        let done = NSCondition()
        var value: Value?
        condition.withLock {
            jobs.append {
                let made = body()
                done.withLock {
                    value = made
                    done.signal()
                }
            }
            condition.signal()
        }
        return done.withLock {
            while value == nil { done.wait() }
            return value!
        }
    }
}

// The decoder sandbox (SPEC §7b, issue 19 points 2 and 4): a live worker read
// from outside — its /proc status, environment, root, descriptors, maps and
// namespaces — and a compromised decoder (sandbox-escape, started exactly as a
// worker is) trying what the attack on 25f418c did, with and without
// bubblewrap. That bubblewrap's absence is said once is CommandLineTests'.

@testable import CollageRender
import CollageCore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct SandboxTests {
    /// The bubblewrap mode this machine must have: CI and developers' machines alike.
    static func bubblewrap() throws -> WorkerSandbox.Mode {
        let mode = WorkerSandbox.mode()
        try #require(mode == .bubblewrap(WorkerSandbox.bubblewrapPath), "bwrap cannot sandbox workers here: \(mode)")
        return mode
    }

    /// The process a worker's bwrap runs, found through /proc's children lists.
    static func innermost(_ pid: pid_t) -> pid_t {
        var current = pid
        while let text = WorkerSandbox.readWhole("/proc/\(current)/task/\(current)/children"),
              let child = text.split(separator: " ").first.flatMap({ pid_t($0) }) {
            current = child
        }
        return current
    }

    static func field(_ name: String, of status: String) -> String? {
        status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    @Test func aLiveWorkerIsConfined() throws {
        let mode = try Self.bubblewrap()
        let folder = try FixtureFolder()
        let photo = try folder.solid("p.png", colour: "red")
        let worker = try WorkerProcess.spawn(executable: builtProgram("tinycollage-decoder"),
                                             arguments: [DecodeWorker.command], sandbox: mode)
        defer { worker.retire() }
        let file = try PhotoFile.open(photo)
        defer { file.close() }
        // Ready and answering: the sandbox is on by now.
        guard case .reply(.probed(PixelSize(width: 120, height: 80)), _) =
            worker.perform(DecodeMessage.Request(kind: .probe), file: file.descriptor, deadlineSeconds: 10) else {
            Issue.record("the worker did not answer: \(worker.lastWords)")
            return
        }
        let pid = Self.innermost(worker.pid)
        #expect(pid != worker.pid, "bwrap runs the worker as its child")
        let status = try #require(WorkerSandbox.readWhole("/proc/\(pid)/status"))
        #expect(Self.field("NoNewPrivs", of: status) == "1")
        #expect(Self.field("Seccomp", of: status) == "2")
        #expect(Self.field("CapEff", of: status) == "0000000000000000")
        #expect(Self.field("Name", of: status) == "tinycollage-dec")

        // Its environment: the fixed few, none of the app's.
        let environ = try #require(WorkerSandbox.readWhole("/proc/\(pid)/environ"))
        let names = Set(environ.split(separator: "\0").map { String($0.split(separator: "=")[0]) })
        // (PWD is bwrap's, for --chdir /.)
        #expect(names.isSubset(of: ["HOME", "LANG", "PATH", "PWD", "ASAN_OPTIONS", "G_SLICE"]), "\(names)")
        let ours = ProcessInfo.processInfo.environment
        for (name, value) in ours where !["HOME", "LANG", "PATH", "PWD"].contains(name) {
            #expect(!environ.contains("\(name)=\(value)"), "\(name) reached the worker")
        }

        // Its root: /usr and what the loaders need; no home, /tmp, /run.
        let root = "/proc/\(pid)/root"
        let top = Set(try FileManager.default.contentsOfDirectory(atPath: root))
        for absent in ["home", "root", "tmp", "run", "mnt", "media", "srv"] {
            #expect(!top.contains(absent), "/\(absent) is in the worker's root")
        }
        #expect(top.contains("usr") && top.contains("proc") && top.contains("dev"))
        let home = NSHomeDirectory()
        #expect(access(root + home, F_OK) != 0, "\(home) is in the worker's root")
        #expect(access(root + folder.path, F_OK) != 0, "the photo's folder is in the worker's root")
        let etc = Set((try? FileManager.default.contentsOfDirectory(atPath: root + "/etc")) ?? [])
        #expect(etc.isSubset(of: ["ld.so.cache", "fonts"]), "\(etc)")

        // Descriptors: /dev/null in and out, the error pipe, the socket; no more.
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap(Int.init).sorted()
        #expect(fds == [0, 1, 2, 3], "\(fds)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/0") == "/dev/null")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/1") == "/dev/null")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/2").hasPrefix("pipe:"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/3").hasPrefix("socket:"))

        // No toolkit mapped: the render layer only.
        let maps = try #require(WorkerSandbox.readWhole("/proc/\(pid)/maps"))
        for library in ["libgtk-4", "libadwaita", "libgstreamer"] {
            #expect(!maps.contains(library), "\(library) is mapped in the worker")
        }

        // Namespaces of its own, and a session of its own.
        for name in ["user", "mnt", "pid", "net", "ipc", "uts", "cgroup"] {
            let theirs = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/\(name)")
            let mine = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/\(name)")
            #expect(theirs != mine, "the worker shares the \(name) namespace")
        }
        let stat = try #require(WorkerSandbox.readWhole("/proc/\(pid)/stat"))
        let afterName = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        #expect(Int32(afterName[3]) != getsid(0), "the worker is in the app's session")
    }

    @Test func noBubblewrapMeansLimitsOnlyWithTheReason() {
        #expect(WorkerSandbox.mode(bubblewrap: "/nonexistent/bwrap") == .limitsOnly("/nonexistent/bwrap is not installed"))
    }

    /// What the compromised decoder said, attack by attack.
    static func attack(sandbox: WorkerSandbox.Mode, secret: String, home: String) throws -> [String: String] {
        let worker = try WorkerProcess.spawn(executable: builtProgram("sandbox-escape"),
                                             arguments: ["\(getpid())", secret, home], sandbox: sandbox)
        let outcome = worker.perform(DecodeMessage.Request(kind: .probe), file: 0, deadlineSeconds: 10)
        guard case .lost = outcome else {
            Issue.record("sandbox-escape answered like a worker")
            return [:]
        }
        var results: [String: String] = [:]
        for line in worker.lastWords.split(separator: "\n") where line.hasPrefix("attack ") {
            let parts = line.dropFirst(7).split(separator: ":", maxSplits: 1)
            results[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return results
    }

    static let everyAttack = ["pidfd_open", "pidfd_getfd", "ptrace", "process_vm_readv", "proc-mem", "proc-environ",
                              "kill", "secret", "home", "tmp", "run", "create-file", "socket", "execve", "fork",
                              "unshare", "tiocsti", "dev-tty", "stdout"]

    @Test func aCompromisedDecoderGetsNothing() throws {
        let mode = try Self.bubblewrap()
        let folder = try FixtureFolder()
        let secret = try folder.write("id_rsa", bytes: Array("-----BEGIN OPENSSH PRIVATE KEY-----".utf8))
        let results = try Self.attack(sandbox: mode, secret: secret, home: folder.path)
        #expect(Set(results.keys) == Set(Self.everyAttack), "\(results)")
        for (name, result) in results {
            #expect(result.hasPrefix("refused"), "\(name): \(result)")
        }
    }

    /// Without namespaces (a container that forbids them) the filter alone
    /// still refuses every other process, the network, programs and the terminal.
    @Test func withoutBubblewrapTheFilterStillHolds() throws {
        let folder = try FixtureFolder()
        let secret = try folder.write("id_rsa", bytes: Array("key".utf8))
        let results = try Self.attack(sandbox: .limitsOnly("a test"), secret: secret, home: folder.path)
        for name in ["pidfd_open", "pidfd_getfd", "ptrace", "process_vm_readv", "kill", "create-file", "socket",
                     "execve", "fork", "unshare", "tiocsti", "dev-tty", "stdout"] {
            #expect(results[name]?.hasPrefix("refused") == true, "\(name): \(results[name] ?? "not tried")")
        }
        // And without namespaces the file system is open: what bubblewrap adds.
        #expect(results["secret"] == "SUCCEEDED")
    }
}

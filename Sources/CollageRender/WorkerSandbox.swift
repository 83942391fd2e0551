// Where a decoder worker runs, decided before it starts (SPEC §7b, as GNOME's
// glycin does it): through bubblewrap, in new user, mount, pid, network, IPC,
// UTS and cgroup namespaces, with no capabilities, in a session of its own,
// seeing read-only only what the loaders need — /usr (the programs, the
// libraries, gdk-pixbuf's loader cache, shared-mime-info, the fonts), the
// dynamic linker's cache and fontconfig's configuration and cache in /etc and
// /var, its own program (as /worker/NAME) — a /proc of its own namespace and
// a /dev of null, zero and random.
// No home, no /tmp, no /run: a broken decoder finds no file of the user's to
// read and no socket to reach. Its environment is a fixed few variables.
// Where bubblewrap cannot make namespaces (a container that forbids user
// namespaces, or no bwrap at all) workers start as before, with their limits
// and seccomp filter only, and the log says so once. Starting the process is
// WorkerProcess's; what the worker gives up itself, Sandbox's.

import CLinux
import CPixbuf
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum WorkerSandbox {
    enum Mode: Equatable {
        /// Through bubblewrap at this path.
        case bubblewrap(String)
        /// Without namespaces; why, in bubblewrap's words or ours.
        case limitsOnly(String)
    }

    static let bubblewrapPath = "/usr/bin/bwrap"

    /// The environment of a worker (and of bwrap itself): nothing of the
    /// app's but AddressSanitizer's and GLib's allocator's settings, which a
    /// worker built for the fuzzer must share with it.
    static var environment: [String] {
        var fixed = ["HOME=/", "LANG=C.UTF-8", "PATH=/usr/bin"]
        let passed = ["ASAN_OPTIONS", "G_SLICE"]
        for name in passed {
            if let value = ProcessInfo.processInfo.environment[name] { fixed.append("\(name)=\(value)") }
        }
        return fixed
    }

    /// How workers start in this process: tried once per bwrap path, by
    /// starting bwrap as a worker would be started, with /usr/bin/true.
    static func mode(bubblewrap: String = bubblewrapPath) -> Mode {
        lock.withLock {
            if let known = decided[bubblewrap] { return known }
            let mode = probe(bubblewrap)
            decided[bubblewrap] = mode
            if case let .limitsOnly(why) = mode, !toldLog {
                toldLog = true
                Log.message("decoder workers run without bubblewrap (\(why)): they keep their limits and seccomp filter, but see the whole file system")
            }
            return mode
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var decided: [String: Mode] = [:]
    nonisolated(unsafe) private static var toldLog = false

    /// bwrap's own arguments for running `program`: namespaces, then the
    /// file system, then the program.
    static func bubblewrapArguments(for program: [String]) -> [String] {
        var arguments = namespaceArguments
        for name in environment {
            let parts = name.split(separator: "=", maxSplits: 1).map(String.init)
            arguments += ["--setenv", parts[0], parts.count > 1 ? parts[1] : ""]
        }
        arguments += fileSystemArguments(for: program[0])
        arguments += ["--chdir", "/", "--", insideName(of: program[0])] + program.dropFirst()
        return arguments
    }

    /// Where the worker's program is inside: a folder of its own, not its
    /// path outside, whose folders (a build tree in /tmp or a home) would
    /// otherwise appear in the worker's root around it.
    static func insideName(of executable: String) -> String {
        "/worker/" + (executable as NSString).lastPathComponent
    }

    /// Every namespace; --unshare-user is asked for explicitly, as bwrap run
    /// by root would otherwise keep the real root user with its capabilities.
    private static let namespaceArguments = [
        "--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
        "--die-with-parent", "--new-session", "--clearenv",
    ]

    private static func fileSystemArguments(for executable: String) -> [String] {
        var arguments = ["--ro-bind", "/usr", "/usr"]
        // /lib, /lib64, /bin and /sbin are links into /usr on Debian; a real
        // folder of libraries (another system's) is bound as it is.
        for name in ["bin", "sbin", "lib", "lib32", "lib64", "libx32"] {
            let path = "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK {
                if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                    arguments += ["--symlink", target, path]
                }
            } else if info.st_mode & S_IFMT == S_IFDIR {
                arguments += ["--ro-bind", path, path]
            }
        }
        // The linker's cache; fontconfig's rules and cache, for text in SVGs.
        for path in ["/etc/ld.so.cache", "/etc/fonts", "/var/cache/fontconfig"] {
            arguments += ["--ro-bind-try", path, path]
        }
        arguments += ["--proc", "/proc", "--dev", "/dev"]
        // The worker itself and the libraries outside /usr it shares with this
        // process (the fuzzer's AddressSanitizer), each file alone; and the
        // folder of the Swift runtime when a build links it from the
        // toolchain (/opt/swift), as the worker may need more of it than
        // this process has loaded. A released build has it built in.
        let libraries = librariesOutsideUsr()
        arguments += ["--ro-bind", executable, insideName(of: executable)]
        for file in libraries where !file.hasPrefix("/usr/") {
            arguments += ["--ro-bind", file, file]
        }
        if let runtime = libraries.first(where: { $0.hasSuffix("/libswiftCore.so") }) {
            let folder = String(runtime.dropLast("/libswiftCore.so".count))
            arguments += ["--ro-bind", folder, folder]
        }
        return arguments
    }

    /// Shared libraries this process has mapped from outside /usr.
    private static func librariesOutsideUsr() -> [String] {
        guard let maps = readWhole("/proc/self/maps") else { return [] }
        var seen = Set<String>()
        var files: [String] = []
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            guard !path.hasPrefix("/usr/"), path.contains(".so"), !path.hasSuffix(" (deleted)"),
                  seen.insert(path).inserted else { continue }
            files.append(path)
        }
        return files
    }

    /// A file read to its end with read(2): /proc's files say they are empty.
    static func readWhole(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A spawned program's standard input and output are /dev/null, its
    /// errors go to `descriptor` (a pipe the app reads): the worker and the probe alike.
    static func quietStandardStreams(_ actions: inout posix_spawn_file_actions_t, errorsTo descriptor: Int32) {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, descriptor, 2)
    }

    /// Whether bubblewrap can make a worker's namespaces here.
    private static func probe(_ bubblewrap: String) -> Mode {
        guard access(bubblewrap, X_OK) == 0 else { return .limitsOnly("\(bubblewrap) is not installed") }
        var arguments = namespaceArguments
        // The /proc and /dev a worker gets: inside another sandbox (GNOME's
        // thumbnailer runs us in one) namespaces may be had but a /proc not
        // mounted, and every worker would then die before it is ready.
        arguments += ["--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
                      "--proc", "/proc", "--dev", "/dev", "--", "/usr/bin/true"]
        var pipeEnds: [Int32] = [-1, -1]
        guard tc_pipe_cloexec(&pipeEnds) == 0 else { return .limitsOnly(String(cString: strerror(errno))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        quietStandardStreams(&actions, errorsTo: pipeEnds[1])
        let argv: [UnsafeMutablePointer<CChar>?] = ([bubblewrap] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, bubblewrap, &actions, nil, argv, envp)
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { return .limitsOnly("\(bubblewrap): \(String(cString: strerror(spawned)))") }
        var said: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1024)
        while said.count < 4096 {
            let count = chunk.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            said += chunk[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if status == 0 { return .bubblewrap(bubblewrap) }
        let words = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return .limitsOnly(words.isEmpty ? "bwrap failed with status \(status)" : words)
    }
}

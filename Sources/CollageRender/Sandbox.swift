// What a decoder worker gives up before it reads a user's byte: resource
// limits (DecodeLimits says why each value) and a seccomp filter, through
// Debian's libseccomp, that keeps it off the network, away from writing or
// creating files, from starting programs and from touching other processes.
// Everything else stays allowed, so a loader reading its fonts or its
// plugins still works; what is denied fails with EPERM, which loaders report
// as an ordinary error. Called by DecodeWorker, in order.

import CLinux
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum Sandbox {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Before anything else: no core files, one malloc arena (each further
    /// arena reserves 64 MB of address space, which RLIMIT_AS counts).
    static func setEarlyLimits() {
        var core = rlimit(rlim_cur: rlim_t(DecodeLimits.coreFileBytes), rlim_max: rlim_t(DecodeLimits.coreFileBytes))
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &core)
        mallopt(M_ARENA_MAX, 1)
        signal(SIGPIPE, SIG_IGN)
    }

    /// The address space in use now, from /proc/self/statm (pages).
    static func addressSpaceInUse() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").first.flatMap({ Int($0) }) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func limitAddressSpace(to bytes: Int) {
        var limit = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
    }

    /// The lifetime CPU limit; each request then gets its share (`allowCPU`).
    static func limitLifetimeCPU() {
        let seconds = rlim_t(DecodeLimits.lifetimeCPUSeconds)
        var limit = rlimit(rlim_cur: seconds, rlim_max: seconds)
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
    }

    /// CPU time used so far, in milliseconds.
    static func cpuMillisecondsUsed() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    }

    /// Peak resident memory so far, in KiB.
    static func peakResidentKiB() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss
    }

    /// SIGXCPU (which ends the worker) once `seconds` more CPU time is used.
    static func allowCPU(seconds: Int) {
        let used = cpuMillisecondsUsed() / 1000 + 1
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
        limit.rlim_cur = min(limit.rlim_max, rlim_t(used + max(1, seconds)))
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
    }

    /// Installs the seccomp filter; from here on, for the worker's life.
    static func install() throws(Failure) {
        guard let filter = seccomp_init(SCMP_ACT_ALLOW) else { throw Failure(description: "seccomp_init failed") }
        defer { seccomp_release(filter) }
        let denied = UInt32(0x0005_0000) | UInt32(EPERM)  // SCMP_ACT_ERRNO(EPERM)
        let missing = UInt32(0x0005_0000) | UInt32(ENOSYS)  // callers fall back to what they can be checked on
        func rule(_ action: UInt32, _ name: String, _ conditions: [scmp_arg_cmp] = []) throws(Failure) {
            let number = seccomp_syscall_resolve_name(name)
            guard number >= 0 else { return }  // not a system call on this architecture
            let result = conditions.withUnsafeBufferPointer {
                seccomp_rule_add_array(filter, action, number, UInt32($0.count), $0.baseAddress)
            }
            guard result == 0 else { throw Failure(description: "seccomp rule for \(name): \(String(cString: strerror(-result)))") }
        }
        func argument(_ index: UInt32, _ op: scmp_compare, _ a: UInt64, _ b: UInt64 = 0) -> scmp_arg_cmp {
            scmp_arg_cmp(arg: index, op: op, datum_a: a, datum_b: b)
        }
        func masked(_ index: UInt32, _ flag: UInt64) -> scmp_arg_cmp { argument(index, SCMP_CMP_MASKED_EQ, flag, flag) }

        // No network: no sockets at all (the one to the app is already open).
        for name in ["socket", "socketpair", "connect", "bind", "listen", "accept", "accept4"] { try rule(denied, name) }
        // No programs, no processes: threads only.
        for name in ["execve", "execveat", "fork", "vfork", "ptrace", "process_vm_readv", "process_vm_writev",
                     "kill", "tkill"] { try rule(denied, name) }
        try rule(denied, "clone", [argument(0, SCMP_CMP_MASKED_EQ, UInt64(TC_CLONE_THREAD), 0)])
        try rule(missing, "clone3")  // its flags are behind a pointer
        try rule(denied, "tgkill", [argument(0, SCMP_CMP_NE, UInt64(getpid()))])
        try rule(denied, "prlimit64", [argument(0, SCMP_CMP_NE, 0)])
        // No written or new files: opening is for reading only.
        let writing: [UInt64] = [UInt64(O_WRONLY), UInt64(O_RDWR), UInt64(O_CREAT), UInt64(O_TRUNC), UInt64(O_APPEND),
                                 0o20_000_000]  // __O_TMPFILE
        for flag in writing {
            try rule(denied, "open", [masked(1, flag)])
            try rule(denied, "openat", [masked(2, flag)])
        }
        try rule(missing, "openat2")  // its flags are behind a pointer
        for name in ["creat", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "renameat2",
                     "link", "linkat", "symlink", "symlinkat", "mknod", "mknodat", "truncate", "chmod", "fchmod",
                     "fchmodat", "chown", "fchown", "lchown", "fchownat", "utime", "utimes", "utimensat", "futimesat",
                     "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr",
                     "io_uring_setup", "io_uring_enter", "io_uring_register", "mount", "umount2", "pivot_root",
                     "chroot", "setns", "unshare", "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key",
                     "request_key"] {
            try rule(denied, name)
        }
        let loaded = seccomp_load(filter)
        guard loaded == 0 else { throw Failure(description: "seccomp_load: \(String(cString: strerror(-loaded)))") }
    }
}

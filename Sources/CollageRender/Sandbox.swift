// What a decoder worker gives up before it reads a user's byte: resource
// limits (DecodeLimits says why each value) and a seccomp allow-list,
// through Debian's libseccomp: reading, memory, threads, time and the socket
// to the app, and no network, no written or new file, no program, no other
// process, no terminal. A loader reading its fonts or its plugins still
// works; what is denied fails with an errno, which loaders report as an
// ordinary error. Called by DecodeWorker, in order; the namespaces around
// the worker are WorkerSandbox's.

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
        guard let text = WorkerSandbox.readWhole("/proc/self/statm"),
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

    /// Installs the seccomp filter; from here on, for the worker's life, on
    /// every thread. An allow-list (glycin's list was the start): what
    /// decoding, the socket to the app and the memfds need, and nothing to
    /// reach the network, another process, a terminal or a program. A call
    /// not listed fails with ENOSYS, as on a kernel without it, which every
    /// library copes with (glibc falls back from faccessat2 and clone3);
    /// changing a file or opening one for writing fails with EPERM.
    static func install() throws(Failure) {
        guard let filter = seccomp_init(missing) else { throw Failure(description: "seccomp_init failed") }
        defer { seccomp_release(filter) }
        // Threads a loader started before this get the filter too.
        seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1)
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
        let allow = UInt32(SCMP_ACT_ALLOW)
        for name in allowed { try rule(allow, name) }
        // Opening is for reading only.
        let writing = UInt64(O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND) | 0o20_000_000  // __O_TMPFILE, not O_DIRECTORY
        try rule(allow, "open", [argument(1, SCMP_CMP_MASKED_EQ, writing, 0)])
        try rule(allow, "openat", [argument(2, SCMP_CMP_MASKED_EQ, writing, 0)])
        for flag in [UInt64(O_WRONLY), UInt64(O_RDWR), UInt64(O_CREAT), UInt64(O_TRUNC), UInt64(O_APPEND),
                     UInt64(TC_O_TMPFILE)] {
            try rule(denied, "open", [argument(1, SCMP_CMP_MASKED_EQ, flag, flag)])
            try rule(denied, "openat", [argument(2, SCMP_CMP_MASKED_EQ, flag, flag)])
        }
        // Threads, never processes.
        try rule(allow, "clone", [argument(0, SCMP_CMP_MASKED_EQ, UInt64(TC_CLONE_THREAD), UInt64(TC_CLONE_THREAD))])
        // Signals to itself only (abort, a loader's own thread signals).
        let me = UInt64(getpid())
        try rule(allow, "tgkill", [argument(0, SCMP_CMP_EQ, me)])
        try rule(allow, "kill", [argument(0, SCMP_CMP_EQ, me)])
        // Its own limits only (RLIMIT_CPU is re-armed for each request).
        try rule(allow, "prlimit64", [argument(0, SCMP_CMP_EQ, 0)])
        // A thread's name, and the anonymous-memory names glibc may give.
        for option in [15, 16, 0x5356_4d41] as [UInt64] {  // PR_SET_NAME, PR_GET_NAME, PR_SET_VMA
            try rule(allow, "prctl", [argument(0, SCMP_CMP_EQ, option)])
        }
        // No terminal: isatty() and friends learn there is none (no TIOCSTI).
        try rule(UInt32(0x0005_0000) | UInt32(ENOTTY), "ioctl")
        // What changes the file system says so in words.
        for name in changingFiles { try rule(denied, name) }
        let loaded = seccomp_load(filter)
        guard loaded == 0 else { throw Failure(description: "seccomp_load: \(String(cString: strerror(-loaded)))") }
    }

    private static let denied = UInt32(0x0005_0000) | UInt32(EPERM)  // SCMP_ACT_ERRNO(EPERM)
    private static let missing = UInt32(0x0005_0000) | UInt32(ENOSYS)

    /// Allowed with any arguments. Reading what is open or read-only; memory;
    /// threads' needs; time; its own accounts; the socket to the app (a
    /// datagram with a descriptor each way) and the memfds that carry pixels.
    static let allowed = [
        // Files already open, and reading the read-only file system.
        "read", "readv", "pread64", "preadv", "preadv2", "write", "writev", "pwrite64", "lseek", "close",
        "fstat", "newfstatat", "stat", "lstat", "statx", "fstatfs", "statfs", "getdents64", "readlink", "readlinkat",
        "access", "faccessat", "faccessat2", "fadvise64", "dup", "dup2", "dup3", "fcntl", "ftruncate", "fallocate",
        "getcwd", "memfd_create", "pipe2", "eventfd2",
        // The socket to the app.
        "recvmsg", "sendmsg", "recvfrom", "sendto",
        "poll", "ppoll", "pselect6", "epoll_create1", "epoll_ctl", "epoll_wait", "epoll_pwait",
        // Memory.
        "brk", "mmap", "munmap", "mremap", "mprotect", "madvise", "membarrier",
        // Threads and signals.
        "futex", "set_robust_list", "rseq", "set_tid_address", "sched_yield", "sched_getaffinity", "gettid",
        "arch_prctl", "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack", "restart_syscall",
        "exit", "exit_group",
        // Time, identity, accounts.
        "clock_gettime", "clock_getres", "clock_nanosleep", "nanosleep", "gettimeofday", "time",
        "getpid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getresuid", "getresgid",
        "getrusage", "getrlimit", "uname", "sysinfo", "getrandom", "getpriority",
    ]

    /// Denied with EPERM rather than ENOSYS, so a loader that tries says why.
    static let changingFiles = [
        "creat", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat", "renameat2",
        "link", "linkat", "symlink", "symlinkat", "mknod", "mknodat", "truncate", "chmod", "fchmod",
        "fchmodat", "chown", "fchown", "lchown", "fchownat", "utime", "utimes", "utimensat", "futimesat",
        "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr",
        "socket", "socketpair", "connect", "bind", "listen", "accept", "accept4",
    ]
}

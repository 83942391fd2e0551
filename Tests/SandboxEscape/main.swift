// sandbox-escape: a compromised decoder, for SandboxTests. Started by the
// tests exactly as a decoder worker is (WorkerProcess, through bubblewrap or
// not), it enters the worker's sandbox as the real worker does and then tries
// what the attack on 25f418c did (issue 19), one line each on standard error:
// "attack NAME: refused (why)" or "attack NAME: SUCCEEDED". Arguments: the
// app's pid, a file of the user's it must not read, the user's home.
// Never installed; nothing in the app runs it.

import CLinux
import CollageRender
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4, let app = Int32(arguments[1]) else { exit(2) }
let secret = arguments[2], home = arguments[3]
guard DecodeWorker.enterSandbox() != nil else { exit(3) }

func report(_ name: String, _ succeeded: Bool, _ error: Int32 = errno) {
    let line = succeeded ? "attack \(name): SUCCEEDED\n" : "attack \(name): refused (\(String(cString: strerror(error))))\n"
    _ = Array(line.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// errno of a raw system call, or 0 when it worked.
func call(_ number: Int, _ a: Int = 0, _ b: Int = 0, _ c: Int = 0) -> Int32 {
    tc_syscall3(number, a, b, c) < 0 ? errno : 0
}

// The app's process: its descriptors, its memory, its signals.
let pidfd = tc_syscall3(434, Int(app), 0, 0)  // pidfd_open
report("pidfd_open", pidfd >= 0)
let taken = call(438, Int(max(pidfd, 0)), 3, 0)  // pidfd_getfd
report("pidfd_getfd", taken == 0 || taken == EBADF, taken)
report("ptrace", call(101, 16, Int(app)) == 0)  // PTRACE_ATTACH
report("process_vm_readv", call(310, Int(app)) == 0 || errno == EFAULT || errno == EINVAL)
report("proc-mem", open("/proc/\(app)/mem", O_RDONLY) >= 0)
report("proc-environ", open("/proc/\(app)/environ", O_RDONLY) >= 0)
report("kill", kill(app, 0) == 0)
// The user's files.
report("secret", open(secret, O_RDONLY) >= 0)
report("home", opendir(home) != nil)
report("tmp", opendir("/tmp") != nil)
report("run", opendir("/run") != nil)
report("create-file", open("/dev/shm-escape", O_WRONLY | O_CREAT, 0o644) >= 0)
// The network, the bus, the display: no socket at all.
report("socket", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0) >= 0)
// Programs and processes.
report("execve", execv("/bin/sh", [strdup("sh"), nil]) == 0)
report("fork", call(57) == 0)
report("unshare", call(272, 0x1000_0000) == 0)  // unshare(CLONE_NEWUSER)
// The terminal and the app's standard output.
var key: CChar = 0x78
report("tiocsti", ioctl(0, 0x5412, &key) == 0 || ioctl(2, 0x5412, &key) == 0)  // TIOCSTI
report("dev-tty", open("/dev/tty", O_RDWR) >= 0)
var info = stat()
fstat(1, &info)
let stdoutIsNull = info.st_mode & S_IFMT == S_IFCHR && info.st_rdev == (1 << 8 | 3)
report("stdout", !stdoutIsNull, EBADF)
exit(0)

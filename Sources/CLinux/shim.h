// The C side of the decoder workers (see CollageRender/DecodeWorker.swift):
// Debian's libseccomp, libtiff (to ask it why a TIFF cannot be read), and
// small helpers for what Swift cannot reach from Glibc: the CMSG_* macros
// that carry a file descriptor over a socket (SCM_RIGHTS), memfd_create and
// the memfd seal constants, which glibc hides behind _GNU_SOURCE, and a
// signal handler that may only call async-signal-safe functions. The seccomp
// policy itself is written in Swift.
#ifndef TINYCOLLAGE_LINUX_SHIM_H
#define TINYCOLLAGE_LINUX_SHIM_H

#include <seccomp.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <spawn.h>
#include <signal.h>
#include <pthread.h>
#include <tiffio.h>

// From <linux/memfd.h> and <linux/fcntl.h>, stable kernel ABI.
enum {
    TC_MFD_CLOEXEC = 0x0001U,
    TC_MFD_ALLOW_SEALING = 0x0002U,
    TC_F_ADD_SEALS = 1024 + 9,
    TC_F_GET_SEALS = 1024 + 10,
    TC_F_SEAL_SEAL = 0x0001,
    TC_F_SEAL_SHRINK = 0x0002,
    TC_F_SEAL_GROW = 0x0004,
    TC_F_SEAL_WRITE = 0x0008,
    TC_CLONE_THREAD = 0x00010000,
    TC_O_TMPFILE = 020200000,
    // glibc's POSIX_SPAWN_SETSID (2.26), behind _GNU_SOURCE.
    TC_POSIX_SPAWN_SETSID = 0x80,
};

// pipe2 is a GNU extension too; both ends close-on-exec, atomically, so a
// program another thread starts meanwhile cannot inherit them.
static inline int tc_pipe_cloexec(int fds[2]) {
    return (int)syscall(SYS_pipe2, fds, O_CLOEXEC);
}

// glibc 2.34's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc
// module leaves out.
int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
static inline int tc_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

// syscall(2) is variadic, which Swift cannot call: for the sandbox's tests,
// which try calls glibc has no wrapper for (pidfd_open, pidfd_getfd).
static inline long tc_syscall3(long number, long a, long b, long c) {
    return syscall(number, a, b, c);
}

static inline int tc_memfd_create(const char *name) {
    return (int)syscall(SYS_memfd_create, name, TC_MFD_CLOEXEC | TC_MFD_ALLOW_SEALING);
}

// Sends one datagram with `fd` attached (none when fd < 0). Returns what
// sendmsg returns.
static inline ssize_t tc_send_with_fd(int socket, const void *bytes, size_t count, int fd) {
    struct iovec io = { .iov_base = (void *)bytes, .iov_len = count };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = { .msg_iov = &io, .msg_iovlen = 1 };
    if (fd >= 0) {
        message.msg_control = control.space;
        message.msg_controllen = sizeof control.space;
        struct cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof(int));
    }
    ssize_t sent;
    do { sent = sendmsg(socket, &message, MSG_NOSIGNAL); } while (sent < 0 && errno == EINTR);
    return sent;
}

// Sends one datagram with up to 8 descriptors (the fuzzer's fake worker
// sends more than one, which the app must refuse).
static inline ssize_t tc_send_with_fds(int socket, const void *bytes, size_t count, const int *fds, int n) {
    struct iovec io = { .iov_base = (void *)bytes, .iov_len = count };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 8)]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = { .msg_iov = &io, .msg_iovlen = 1 };
    if (n > 8) n = 8;
    if (n > 0) {
        message.msg_control = control.space;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)n);
        struct cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)n);
        memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)n);
    }
    return sendmsg(socket, &message, MSG_NOSIGNAL);
}

// Receives one datagram. `*fd` gets the first descriptor that came with it
// (close-on-exec) or -1; any further ones are closed here, and counted in
// `*extra`. `*truncated` is set when the datagram or its descriptors did not
// fit (MSG_TRUNC, MSG_CTRUNC). Returns what recvmsg returns.
static inline ssize_t tc_recv_with_fd(int socket, void *bytes, size_t count, int *fd, int *extra, int *truncated) {
    struct iovec io = { .iov_base = bytes, .iov_len = count };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 8)]; } control;
    struct msghdr message = { .msg_iov = &io, .msg_iovlen = 1,
                              .msg_control = control.space, .msg_controllen = sizeof control.space };
    *fd = -1;
    *extra = 0;
    *truncated = 0;
    ssize_t got;
    do { got = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (got < 0 && errno == EINTR);
    if (got < 0) return got;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < n; i++) {
            int received;
            memcpy(&received, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
            if (*fd < 0) { *fd = received; } else { close(received); (*extra)++; }
        }
    }
    *truncated = (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
    return got;
}

// Whether libtiff cannot turn this TIFF into RGBA at all (a float or a 16-bit
// CMYK one): 1 with libtiff's words in `message`, 0 when it could (so a
// failure to read it means damage). Reads the header only, from a copy of `fd`.
static inline int tc_tiff_cannot_handle(int fd, char *message, int size) {
    TIFFErrorHandler errors = TIFFSetErrorHandler(NULL);
    TIFFErrorHandler warnings = TIFFSetWarningHandler(NULL);
    int result = 0;
    int copy = dup(fd);
    if (copy >= 0) {
        lseek(copy, 0, SEEK_SET);
        TIFF *tiff = TIFFFdOpen(copy, "photo", "rm");
        if (tiff) {
            char why[1024] = "";
            TIFFRGBAImage image;
            if (!TIFFRGBAImageOK(tiff, why) || !TIFFRGBAImageBegin(&image, tiff, 0, why)) {
                result = 1;
                snprintf(message, (size_t)size, "%s", why);
            } else {
                TIFFRGBAImageEnd(&image);
            }
            TIFFClose(tiff);  // closes the copy
        } else {
            close(copy);
        }
    }
    TIFFSetErrorHandler(errors);
    TIFFSetWarningHandler(warnings);
    return result;
}

// Temporary files to remove should the process be ended by a signal while
// they have a name (AtomicFile): a few fixed slots, filled and emptied with
// atomics, read by a handler that only calls unlink, signal and raise, all
// async-signal-safe. The handler then ends the process as the signal would.
#define TC_CLEANUP_SLOTS 8
#define TC_CLEANUP_PATH 4096
struct tc_cleanup_table {
    char paths[TC_CLEANUP_SLOTS][TC_CLEANUP_PATH];
    int state[TC_CLEANUP_SLOTS];  // 0 free, 1 being filled, 2 armed
};

// One table per object file that calls these: AtomicFile.swift is the only one.
static inline struct tc_cleanup_table *tc_cleanup_table(void) {
    static struct tc_cleanup_table table;
    return &table;
}

static inline int tc_cleanup_add(const char *path) {
    struct tc_cleanup_table *t = tc_cleanup_table();
    size_t length = strlen(path);
    if (length >= TC_CLEANUP_PATH) return -1;
    for (int i = 0; i < TC_CLEANUP_SLOTS; i++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&t->state[i], &expected, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            memcpy(t->paths[i], path, length + 1);
            __atomic_store_n(&t->state[i], 2, __ATOMIC_RELEASE);
            return i;
        }
    }
    return -1;
}

static inline void tc_cleanup_remove(int slot) {
    if (slot >= 0 && slot < TC_CLEANUP_SLOTS) __atomic_store_n(&tc_cleanup_table()->state[slot], 0, __ATOMIC_RELEASE);
}

static inline void tc_cleanup_on_signal(int signal_number) {
    struct tc_cleanup_table *t = tc_cleanup_table();
    for (int i = 0; i < TC_CLEANUP_SLOTS; i++) {
        if (__atomic_load_n(&t->state[i], __ATOMIC_ACQUIRE) == 2) unlink(t->paths[i]);
    }
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

// For a deadline that ends the process from a thread of its own: the named
// temporaries go, then the process ends with `status` at once (another
// thread may be inside a write that would otherwise finish it).
__attribute__((noreturn)) static inline void tc_cleanup_exit(int status) {
    struct tc_cleanup_table *t = tc_cleanup_table();
    for (int i = 0; i < TC_CLEANUP_SLOTS; i++) {
        if (__atomic_load_n(&t->state[i], __ATOMIC_ACQUIRE) == 2) unlink(t->paths[i]);
    }
    _exit(status);
}

static inline void tc_cleanup_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tc_cleanup_on_signal;
    sigemptyset(&action.sa_mask);
    int signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
    sigset_t unblock;
    sigemptyset(&unblock);
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        sigaction(signals[i], &action, NULL);
        sigaddset(&unblock, signals[i]);
    }
    // A parent may have started us with them blocked (a thread pool's mask
    // is inherited through exec): an interrupt must interrupt.
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
}

#endif

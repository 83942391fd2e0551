// The C side of the decoder workers (see CollageRender/DecodeWorker.swift):
// Debian's libseccomp, and small helpers for what Swift cannot reach from
// Glibc: the CMSG_* macros that carry a file descriptor over a socket
// (SCM_RIGHTS), memfd_create and the memfd seal constants, which glibc hides
// behind _GNU_SOURCE. The seccomp policy itself is written in Swift.
#ifndef TINYCOLLAGE_LINUX_SHIM_H
#define TINYCOLLAGE_LINUX_SHIM_H

#include <seccomp.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <spawn.h>

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

#endif

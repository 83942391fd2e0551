// Opening a photo file safely before any decoder sees it: refuses folders,
// FIFOs, devices, dangling links and empty files with a reason, and never
// blocks on a FIFO (O_NONBLOCK, then fstat on the descriptor we read from).
// The identity (device, inode, size, mtime) keys the decoded-image cache, so
// a file changed on disk is decoded again.

import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public struct FileIdentity: Hashable, Sendable {
    public var path: String
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64
}

/// An open, regular, non-empty file. Close it with `close()`.
struct PhotoFile {
    let descriptor: Int32
    let identity: FileIdentity

    static func open(_ path: String) throws(LoadError) -> PhotoFile {
        func fail(_ reason: LoadError.Reason) -> LoadError { LoadError(path: path, reason: reason) }
        let fd = FilePathText.withCString(path) { Glibc.open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT:
                var link = stat()
                throw fail(FilePathText.withCString(path) { lstat($0, &link) } == 0 ? .danglingLink : .missing)
            case EACCES, EPERM: throw fail(.permissionDenied)
            case ENOTDIR: throw fail(.missing)
            case EISDIR: throw fail(.isDirectory)
            default: throw fail(.ioError(String(cString: strerror(code))))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            throw fail(.ioError(message))
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR {
            Glibc.close(fd)
            throw fail(.isDirectory)
        }
        if type != S_IFREG {
            Glibc.close(fd)
            throw fail(.notRegularFile)
        }
        if info.st_size == 0 {
            Glibc.close(fd)
            throw fail(.empty)
        }
        // Reads from here on may block like any regular file read.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let identity = FileIdentity(
            path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
        return PhotoFile(descriptor: fd, identity: identity)
    }

    func close() {
        Glibc.close(descriptor)
    }
}

extension FileIdentity {
    /// The identity of the file at `path` now (following links), or nil when it cannot be stat'ed.
    public static func current(_ path: String) -> FileIdentity? {
        var info = stat()
        guard FilePathText.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return FileIdentity(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }
}

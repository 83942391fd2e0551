// Writing a file so that it is either all there or not there: the bytes go to
// a temporary file in the target folder, are flushed to disk, and only then
// take the target's name — by link(), which fails rather than replace an
// existing file, or by rename() when the caller allows replacing; the folder
// is flushed after. On any failure nothing is left behind and the error names
// the file and says why. What the bytes are is the caller's business
// (Exporter's images, the app's session file).

import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum AtomicFile {
    /// Writes `path` through `body`, which gets the temporary file's
    /// descriptor. `permissions` nil means what the umask allows a new file
    /// (mkstemp alone would make every file 0600).
    public static func write(to path: String, replacing: Bool, permissions: mode_t? = nil,
                             _ body: (Int32) throws(ExportError) -> Void) throws(ExportError) {
        if !replacing, exists(path) {
            throw ExportError(path: path, reason: .exists)
        }
        // Bytes throughout: the name may not be UTF-8 (see FilePathText).
        let target = FilePathText.bytes(of: path)
        let folder: [UInt8] = target.lastIndex(of: UInt8(ascii: "/")).map { $0 == 0 ? [UInt8(ascii: "/")] : Array(target[..<$0]) }
            ?? [UInt8(ascii: ".")]
        var template = (folder + Array("/.tinycollage-XXXXXX".utf8)).map { CChar(bitPattern: $0) } + [0]
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw .fromErrno(errno, path: path) }
        let temporary = FilePathText.text(fromBytes: template.dropLast().map { UInt8(bitPattern: $0) })
        var keepTemporary = false
        defer {
            if !keepTemporary { FilePathText.withCString(temporary) { _ = unlink($0) } }
        }
        do throws(ExportError) {
            try body(fd)
            if fsync(fd) != 0 { throw .fromErrno(errno, path: path) }
        } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw .fromErrno(errno, path: path) }
        setPermissions(temporary, permissions)
        func moveIntoPlace() throws(ExportError) {
            let moved = FilePathText.withCString(temporary) { from in FilePathText.withCString(path) { rename(from, $0) } }
            if moved != 0 { throw .fromErrno(errno, path: path) }
            keepTemporary = true
        }
        if replacing {
            try moveIntoPlace()
        } else if FilePathText.withCString(temporary, { from in FilePathText.withCString(path) { link(from, $0) } }) != 0 {
            let code = errno
            // Some file systems (FAT, some FUSE) have no hard links: check, then rename.
            guard code == EPERM || code == ENOTSUP || code == EXDEV || code == EMLINK else {
                throw .fromErrno(code, path: path)
            }
            if exists(path) { throw ExportError(path: path, reason: .exists) }
            try moveIntoPlace()
        }
        syncFolder(FilePathText.text(fromBytes: folder))
    }

    /// Writes all `count` bytes at `buffer` to `fd`; returns errno on failure.
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawPointer, count: Int) -> Int32? {
        var offset = 0
        while offset < count {
            let written = Glibc.write(fd, buffer + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Whether anything (a file, a folder, even a dangling link) has that name.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return FilePathText.withCString(path) { lstat($0, &info) } == 0
    }

    private static func setPermissions(_ path: String, _ permissions: mode_t?) {
        let mode: mode_t
        if let permissions {
            mode = permissions
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        _ = FilePathText.withCString(path) { chmod($0, mode) }
    }

    private static func syncFolder(_ folder: String) {
        let fd = FilePathText.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}

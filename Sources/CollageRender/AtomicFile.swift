// Writing a file so that it is either all there or not there, even when the
// process is killed mid-write: the bytes go to an unnamed file in the target
// folder (O_TMPFILE), are flushed to disk, and only then get the target's
// name — by linkat(), which fails rather than replace an existing file, or,
// when the caller allows replacing, through a hidden name renamed over the
// target; the folder is flushed after. Where the file system has no unnamed
// files, a named temporary takes its place, and a signal handler (installed
// by `removeTemporariesOnSignals`, for the command line) removes whatever
// temporary name exists when SIGINT, SIGTERM, SIGHUP or SIGQUIT arrives. On
// any failure nothing is left behind and the error names the file and says
// why. What the bytes are is the caller's business (Exporter's images, the
// app's session file).

import CLinux
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum AtomicFile {
    /// Removes temporary names left by a write when a signal ends the process.
    public static func removeTemporariesOnSignals() {
        tc_cleanup_install()
    }

    /// Removes temporary names left by a write in progress and ends the
    /// process with `status` now (a command's overall deadline, on its own thread).
    public static func removeTemporariesAndExit(_ status: Int32) -> Never {
        tc_cleanup_exit(status)
    }

    /// Writes `path` through `body`, which gets the temporary file's
    /// descriptor. `permissions` nil means what the umask allows a new file
    /// (`defaultPermissions`; mkstemp alone would make every file 0600).
    /// `durable` false skips the flushes to disk, for a cache whose file is
    /// made again when lost (a thumbnail): all there or not there still holds.
    public static func write(to path: String, replacing: Bool, permissions: mode_t? = nil, durable: Bool = true,
                             _ body: (Int32) throws(ExportError) -> Void) throws(ExportError) {
        if !replacing, exists(path) {
            throw ExportError(path: path, reason: .exists)
        }
        // Bytes throughout: the name may not be UTF-8 (see FilePathText).
        let target = FilePathText.bytes(of: path)
        let folder: [UInt8] = target.lastIndex(of: UInt8(ascii: "/")).map { $0 == 0 ? [UInt8(ascii: "/")] : Array(target[..<$0]) }
            ?? [UInt8(ascii: ".")]
        let folderText = FilePathText.text(fromBytes: folder)
        var temporary = Temporary(folder: folder)
        defer { temporary.remove() }
        let fd = try temporary.create(path: path)
        do throws(ExportError) {
            try body(fd)
            if durable, fsync(fd) != 0 { throw .fromErrno(errno, path: path) }
            fchmod(fd, permissions ?? defaultPermissions)
        } catch {
            close(fd)
            throw error
        }
        // A named temporary's descriptor can close now; an unnamed one is the file.
        if temporary.isUnnamed {
            defer { close(fd) }
            try temporary.name(fd, as: path, replacing: replacing)
        } else {
            if close(fd) != 0 { throw .fromErrno(errno, path: path) }
            try temporary.moveIntoPlace(path, replacing: replacing)
        }
        if durable { syncFolder(folderText) }
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

    /// What the user's umask lets a new file have: 0666 & ~umask. The
    /// umask is read once and never changed: the only way to read it,
    /// umask(0) then umask(mask), leaves the process's umask at 0 for a moment,
    /// and two threads doing it at once can leave it at 0 for good (every
    /// file after that writable by anyone). So it is read from
    /// /proc/self/status, which changes nothing, or where /proc is absent by
    /// `readUmaskBeforeThreads` — which main.swift calls first, before any
    /// thread starts.
    public static var defaultPermissions: mode_t { 0o666 & ~processUmask }

    /// Call before any thread starts (main.swift): from then on the umask is
    /// only ever read from this value.
    public static func readUmaskBeforeThreads() { _ = processUmask }

    private static let processUmask: mode_t = {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    private static func syncFolder(_ folder: String) {
        let fd = FilePathText.withCString(folder) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}

/// The file a write goes to until it is complete: unnamed when the file
/// system allows, else a hidden name in the target folder that a signal
/// handler removes should the process be killed while it exists.
private struct Temporary {
    let folder: [UInt8]
    private(set) var isUnnamed = false
    /// The hidden name, while there is one.
    private var name: String?
    /// Its slot in the signal handler's list.
    private var slot: Int32 = -1

    init(folder: [UInt8]) {
        self.folder = folder
    }

    /// Tests reach the named path on file systems that have unnamed files.
    private static var unnamedAllowed: Bool {
        #if DEBUG
        if ProcessInfo.processInfo.environment["TINYCOLLAGE_NO_UNNAMED_TEMPORARY"] != nil { return false }
        #endif
        // linkat() names an unnamed file through /proc.
        return access("/proc/self/fd", F_OK) == 0
    }

    mutating func create(path: String) throws(ExportError) -> Int32 {
        if Self.unnamedAllowed {
            let fd = FilePathText.withCString(FilePathText.text(fromBytes: folder)) {
                open($0, Int32(TC_O_TMPFILE) | O_WRONLY | O_CLOEXEC, 0o600)
            }
            if fd >= 0 {
                isUnnamed = true
                return fd
            }
            // EOPNOTSUPP and its kin: this file system has no unnamed files.
            let code = errno
            guard code == EOPNOTSUPP || code == EISDIR || code == EINVAL || code == ENOTSUP else {
                throw .fromErrno(code, path: path)
            }
        }
        return try createNamed(path: path)
    }

    private mutating func createNamed(path: String) throws(ExportError) -> Int32 {
        var template = (folder + Array("/.tinycollage-XXXXXX".utf8)).map { CChar(bitPattern: $0) } + [0]
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw .fromErrno(errno, path: path) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        track(FilePathText.text(fromBytes: template.dropLast().map { UInt8(bitPattern: $0) }), template)
        return fd
    }

    private mutating func track(_ text: String, _ bytes: [CChar]) {
        name = text
        slot = bytes.withUnsafeBufferPointer { tc_cleanup_add($0.baseAddress!) }
    }

    /// Gives the unnamed file `fd` the name `path`.
    mutating func name(_ fd: Int32, as path: String, replacing: Bool) throws(ExportError) {
        let source = "/proc/self/fd/\(fd)"
        if !replacing {
            let linked = FilePathText.withCString(path) { linkat(AT_FDCWD, source, AT_FDCWD, $0, AT_SYMLINK_FOLLOW) }
            if linked != 0 { throw .fromErrno(errno, path: path) }
            return
        }
        // rename() cannot take an unnamed file: a hidden name first, briefly.
        for _ in 0..<8 {
            let hidden = FilePathText.text(fromBytes: folder) + "/.tinycollage-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            let bytes = FilePathText.withCString(hidden) { Array(UnsafeBufferPointer(start: $0, count: strlen($0) + 1)) }
            track(hidden, bytes)
            let linked = FilePathText.withCString(hidden) { linkat(AT_FDCWD, source, AT_FDCWD, $0, AT_SYMLINK_FOLLOW) }
            if linked == 0 { return try moveIntoPlace(path, replacing: true) }
            let code = errno
            forget()
            guard code == EEXIST else { throw .fromErrno(code, path: path) }
        }
        throw .fromErrno(EEXIST, path: path)
    }

    /// Gives the named temporary the target's name.
    mutating func moveIntoPlace(_ path: String, replacing: Bool) throws(ExportError) {
        guard let name else { return }
        if replacing {
            let moved = FilePathText.withCString(name) { from in FilePathText.withCString(path) { rename(from, $0) } }
            if moved != 0 { throw .fromErrno(errno, path: path) }
            forget()
            return
        }
        if FilePathText.withCString(name, { from in FilePathText.withCString(path) { link(from, $0) } }) != 0 {
            let code = errno
            // Some file systems (FAT, some FUSE) have no hard links: check, then rename.
            guard code == EPERM || code == ENOTSUP || code == EXDEV || code == EMLINK else {
                throw .fromErrno(code, path: path)
            }
            if AtomicFile.exists(path) { throw ExportError(path: path, reason: .exists) }
            try moveIntoPlace(path, replacing: true)
        }
    }

    /// Removes the hidden name if it is still there (after link(), or on failure).
    mutating func remove() {
        if let name { FilePathText.withCString(name) { _ = unlink($0) } }
        forget()
    }

    private mutating func forget() {
        tc_cleanup_remove(slot)
        slot = -1
        name = nil
    }
}

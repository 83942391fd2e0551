// Project files on disk: read carefully (a plain file only — never a FIFO, a
// device or a folder, never waiting on one; its size checked before a byte is
// read and never more than a project's worth read), written atomically
// (AtomicFile). The bytes' meaning is ProjectFile's; the menus and the command
// line that use this are the app's.

import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum ProjectIO {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public enum Reason: Equatable, Sendable {
            case missing
            case notRegularFile
            case permissionDenied
            case ioError(String)
            case notAProject
            case corrupt(String)
            case futureVersion(Int)
            case tooLarge(Int)
            case cannotWrite(String)
        }

        public var path: String
        public var reason: Reason

        public init(path: String, reason: Reason) {
            self.path = path
            self.reason = reason
        }

        public var reasonText: String { reason.wording.english }
        public var description: String { "\(FilePathText.displayText(path)): \(reasonText)" }
    }

    public static func read(path: String) throws(Failure) -> (document: CollageDocument, repairs: [String]) {
        let data = try bytes(path)
        do {
            return try ProjectFile.decode(data, projectPath: path)
        } catch {
            throw Failure(path: path, reason: Failure.Reason(error))
        }
    }

    /// The project's preview (ProjectFile.preview), read with the same care as the project.
    public static func preview(path: String) throws(Failure) -> Data? {
        ProjectFile.preview(try bytes(path))
    }

    /// `preview`: a small PNG of the collage, kept in the file for thumbnailers
    /// that see the project alone (ProjectFile.maximumPreviewBytes at most).
    public static func write(_ document: CollageDocument, to path: String, preview: Data? = nil) throws(Failure) {
        let data: Data
        do {
            data = try ProjectFile.encode(document, projectPath: path, preview: preview)
        } catch {
            throw Failure(path: path, reason: .cannotWrite(error.description))
        }
        do {
            try AtomicFile.write(to: path, replacing: true) { fd throws(ExportError) in
                let failed = data.withUnsafeBytes { AtomicFile.writeAll(fd, $0.baseAddress!, count: $0.count) }
                if let failed { throw .fromErrno(failed, path: path) }
            }
        } catch {
            throw Failure(path: path, reason: .cannotWrite(error.reasonText))
        }
    }

    /// By the name's extension, or by the first bytes of a plain file.
    public static func isProject(path: String) -> Bool {
        if (FilePathText.decodedText(path) as NSString).pathExtension.lowercased() == ProjectFile.fileExtension { return true }
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        var head = [UInt8](repeating: 0, count: 64)
        let count = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return false }
        return ProjectFile.looksLikeProject(Data(head[0..<count]))
    }

    /// The file's bytes: never from something that is not a plain file
    /// (O_NONBLOCK so a FIFO does not hold the open), never more than a project.
    private static func bytes(_ path: String) throws(Failure) -> Data {
        // The path's own bytes: a name that is not UTF-8 is carried as FilePathText.
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw Failure(path: path, reason: .missing)
            case EACCES, EPERM: throw Failure(path: path, reason: .permissionDenied)
            default: throw Failure(path: path, reason: .ioError(String(cString: strerror(errno))))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(path: path, reason: .notRegularFile)
        }
        guard Int(info.st_size) <= ProjectFile.maximumBytes else { throw Failure(path: path, reason: .tooLarge(Int(info.st_size))) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= ProjectFile.maximumBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw Failure(path: path, reason: .ioError(String(cString: strerror(errno)))) }
            guard count > 0 else { break }
            data.append(contentsOf: chunk[0..<count])
        }
        // It grew while being read: still not a project.
        guard data.count <= ProjectFile.maximumBytes else { throw Failure(path: path, reason: .tooLarge(data.count)) }
        return data
    }
}

extension ProjectIO.Failure.Reason {
    init(_ error: ProjectFile.ReadError) {
        switch error {
        case .notAProject: self = .notAProject
        case let .corrupt(why): self = .corrupt(why)
        case let .futureVersion(v): self = .futureVersion(v)
        case let .tooLarge(n): self = .tooLarge(n)
        }
    }

    /// In FailureWords' style: English that is also the gettext id, shown translated by the app.
    public var wording: Wording {
        switch self {
        case .missing: return Wording(N_("no such file"))
        case .notRegularFile: return Wording(N_("it is not a regular file"))
        case .permissionDenied: return Wording(N_("permission denied"))
        case let .ioError(why): return Wording("%s", why)
        case .notAProject: return Wording(N_("it is not a TinyCollage project"))
        case let .corrupt(why): return Wording(N_("the project is damaged (%s)"), why)
        case let .futureVersion(v):
            return Wording(N_("it was made by a newer TinyCollage (project format %s); update TinyCollage to open it"), String(v))
        case let .tooLarge(bytes): return Wording(N_("it is %s bytes, too large to be a project"), String(bytes))
        case let .cannotWrite(why): return Wording(N_("it could not be saved (%s)"), why)
        }
    }

    public var userMessage: Wording { wording }
}

// The work is kept (SPEC §5): the document is written after every change to
// $XDG_STATE_HOME/tinycollage/session.json and read back at start. Writes
// run on a background queue, newest document first — a burst of changes
// never waits for the disk, and a `kill -9` loses at most what was still
// being written. Each write is atomic (AtomicFile: a temporary file in the
// same folder, fsync, rename, fsync of the folder). A session file that
// cannot be trusted (damaged, too large to be one, or from a newer
// TinyCollage) is set aside under another name, never deleted, and the app
// starts empty; one with values that cannot be drawn is corrected
// (SessionValidation) and says so. A folder it cannot write to is said in
// the window once, and the collage stays open there.

import CGtk
import CollageCore
import CollageRender
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@MainActor
final class SessionStore {
    enum Restored {
        case nothing
        /// With the project it belongs to, if it was one (Save Project writes there).
        case document(CollageDocument, projectPath: String?)
        case setAside(reason: String, keptAs: String)
    }

    let folder: String
    var path: String { folder + "/session.json" }
    private let queue = DispatchQueue(label: "session", qos: .utility)
    private var pending: (document: CollageDocument, projectPath: String?)?
    private var writing = false
    /// Whether the last write failed (said once, until a write succeeds again).
    private var failing = false
    /// A message for the window, waiting for it to exist.
    private var notice: String?
    /// Where messages go; set once the window is up.
    var toaster: Toaster? {
        didSet {
            if let notice, let toaster {
                toaster.show(notice)
                self.notice = nil
            }
        }
    }

    init(folder: String = (string(g_get_user_state_dir()) ?? NSHomeDirectory() + "/.local/state") + "/tinycollage") {
        self.folder = folder
    }

    func restore() -> Restored {
        do throws(SessionFile.ReadError) {
            guard let data = try Self.read(path) else { return .nothing }
            let (document, repairs, projectPath) = try SessionFile.decodeSession(data)
            if !repairs.isEmpty {
                Log.message("the session file was corrected: " + repairs.joined(separator: "; "))
                say(tr("Some settings of your last collage could not be used and were corrected."))
            }
            return .document(document, projectPath: projectPath)
        } catch {
            let kept = path + ".unreadable-" + Self.timestamp()
            rename(path, kept)
            let reason: String
            switch error {
            case .corrupt: reason = tr("the file is damaged")
            case .futureVersion: reason = tr("it was written by a newer version of TinyCollage")
            case .tooLarge: reason = tr("the file is far too large to be one")
            }
            return .setAside(reason: reason, keptAs: kept)
        }
    }

    /// The file's bytes, nil when there is none; never more than a session
    /// can be, and never waiting on something that is not a plain file.
    private static func read(_ path: String) throws(SessionFile.ReadError) -> Data? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .corrupt("not a file") }
        guard Int(info.st_size) <= SessionFile.maximumBytes else { throw .tooLarge(Int(info.st_size)) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= SessionFile.maximumBytes {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            data.append(contentsOf: chunk[0..<count])
        }
        // It grew while being read: still not a session.
        guard data.count <= SessionFile.maximumBytes else { throw .tooLarge(data.count) }
        return data
    }

    /// Shows `message` in the window, now or once it is there.
    private func say(_ message: String) {
        if let toaster { toaster.show(message) } else { notice = message }
    }

    /// Keeps `document`, and the project it belongs to; returns at once.
    func save(_ document: CollageDocument, projectPath: String?) {
        pending = (document, projectPath)
        writeNext()
    }

    /// Writes what is waiting before the app quits.
    func flush() {
        queue.sync {}
        if let (document, projectPath) = pending {
            pending = nil
            Self.write(document, projectPath: projectPath, folder: folder)
        }
    }

    private func writeNext() {
        guard !writing, let (document, projectPath) = pending else { return }
        pending = nil
        writing = true
        let folder = self.folder
        queue.async {
            let failure = Self.write(document, projectPath: projectPath, folder: folder)
            MainLoop.post {
                self.writing = false
                self.report(failure)
                self.writeNext()
            }
        }
    }

    /// Says once that the collage cannot be kept, and again only after a
    /// write has succeeded in between.
    private func report(_ failure: ExportError?) {
        guard let failure else {
            failing = false
            return
        }
        guard !failing else { return }
        failing = true
        say(tr("Your collage cannot be kept for next time (%s: %s). It stays open here; save it before you quit.",
               FilePathText.displayText(folder), Messages.reason(failure.reason)))
    }

    /// Whether everything asked for is on disk (tests wait for this).
    var isIdle: Bool { !writing && pending == nil }

    /// Writes the session; returns why not, if it could not.
    @discardableResult
    nonisolated private static func write(_ document: CollageDocument, projectPath: String?, folder: String) -> ExportError? {
        let data: Data
        do throws(SessionFile.WriteError) {
            data = try SessionFile.encode(document, projectPath: projectPath)
        } catch {
            Log.warning("the session could not be kept: \(error)")
            return ExportError(path: folder + "/session.json",
                               reason: .ioError(tr("the collage could not be written as a session (%s)", error.description)))
        }
        g_mkdir_with_parents(folder, 0o700)
        do throws(ExportError) {
            // Private: it lists the user's photos.
            try AtomicFile.write(to: folder + "/session.json", replacing: true, permissions: 0o600) { fd throws(ExportError) in
                let failed = data.withUnsafeBytes { AtomicFile.writeAll(fd, $0.baseAddress!, count: $0.count) }
                if let failed { throw .fromErrno(failed, path: folder + "/session.json") }
            }
            return nil
        } catch {
            Log.warning("the session could not be kept: \(error)")
            return error
        }
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}

// The work is kept (SPEC §5): the document is written after every change to
// $XDG_STATE_HOME/tinycollage/session.json and read back at start. Writes
// run on a background queue, newest document first — a burst of changes
// never waits for the disk, and a `kill -9` loses at most what was still
// being written. Each write is atomic (AtomicFile: a temporary file in the
// same folder, fsync, rename, fsync of the folder). A session file that
// cannot be trusted (damaged, or from a newer TinyCollage) is set aside
// under another name, never deleted, and the app starts empty.

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
        case document(CollageDocument)
        case setAside(reason: String, keptAs: String)
    }

    let folder: String
    var path: String { folder + "/session.json" }
    private let queue = DispatchQueue(label: "session", qos: .utility)
    private var pending: CollageDocument?
    private var writing = false

    init(folder: String = (string(g_get_user_state_dir()) ?? NSHomeDirectory() + "/.local/state") + "/tinycollage") {
        self.folder = folder
    }

    func restore() -> Restored {
        guard let data = FileManager.default.contents(atPath: path) else { return .nothing }
        do throws(SessionFile.ReadError) {
            return .document(try SessionFile.decode(data))
        } catch {
            let kept = path + ".unreadable-" + Self.timestamp()
            rename(path, kept)
            let reason: String
            switch error {
            case .corrupt: reason = tr("the file is damaged")
            case .futureVersion: reason = tr("it was written by a newer version of TinyCollage")
            }
            return .setAside(reason: reason, keptAs: kept)
        }
    }

    /// Keeps `document`; returns at once.
    func save(_ document: CollageDocument) {
        pending = document
        writeNext()
    }

    /// Writes what is waiting before the app quits.
    func flush() {
        queue.sync {}
        if let document = pending {
            pending = nil
            Self.write(document, folder: folder)
        }
    }

    private func writeNext() {
        guard !writing, let document = pending else { return }
        pending = nil
        writing = true
        let folder = self.folder
        queue.async {
            Self.write(document, folder: folder)
            MainLoop.post {
                self.writing = false
                self.writeNext()
            }
        }
    }

    /// Whether everything asked for is on disk (tests wait for this).
    var isIdle: Bool { !writing && pending == nil }

    nonisolated private static func write(_ document: CollageDocument, folder: String) {
        guard let data = try? SessionFile.encode(document) else { return }
        g_mkdir_with_parents(folder, 0o700)
        do throws(ExportError) {
            // Private: it lists the user's photos.
            try AtomicFile.write(to: folder + "/session.json", replacing: true, permissions: 0o600) { fd throws(ExportError) in
                let failed = data.withUnsafeBytes { AtomicFile.writeAll(fd, $0.baseAddress!, count: $0.count) }
                if let failed { throw .fromErrno(failed, path: folder + "/session.json") }
            }
        } catch {
            printError("tinycollage: the session could not be kept: \(error)")
        }
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}

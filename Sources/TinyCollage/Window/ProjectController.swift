// Project files in the window (issue 22 point 1): Save Project writes the
// collage to the project it belongs to (the store's projectPath, kept in the
// session) or, the first time, asks where as Save Project As… does; opening a
// project puts it in the collage's place as one undo step. Both write and
// read through ProjectIO (atomic, checked); a failure is a dialog naming the
// file and why, and nothing changes. It remembers what each project held when
// last saved or opened, so the window can mark a collage that differs from it
// (comparing documents: an undo back to the saved state clears the mark).
// The menus, the title and where files come from are the window's.

import CGtk
import CollageCore
import CollageRender
import Foundation

@MainActor
final class ProjectController {
    private let controller: CollageController
    var parent: UnsafeMutablePointer<GtkWindow>?
    /// Told after a save or an open: the title and the session follow.
    var observer: (@MainActor () -> Void)?
    /// What each project file held when it was last saved or opened here.
    private var saved: [String: CollageDocument] = [:]
    /// The last failure as its dialog said it, for tests and the state dump.
    private(set) var lastError: String?

    init(controller: CollageController) {
        self.controller = controller
    }

    var projectPath: String? { controller.store.projectPath }

    /// The project's name as the title shows it: its file name without the extension.
    var name: String? {
        guard let path = projectPath else { return nil }
        let file = (FilePathText.displayText(path) as NSString).lastPathComponent
        let bare = (file as NSString).deletingPathExtension
        return bare.isEmpty ? file : bare
    }

    /// The collage differs from what its project file held when last saved or opened.
    var isChanged: Bool {
        guard let path = projectPath else { return false }
        return saved[path] != controller.document
    }

    /// The session named this project at start: what the file holds now is
    /// what "changed" compares with (unreadable or gone, the collage is changed).
    func restored(_ path: String) {
        if let (document, _) = try? ProjectIO.read(path: path) { saved[path] = document }
    }

    // MARK: Saving

    func save() {
        if let path = projectPath { write(to: path) } else { saveAs() }
    }

    func saveAs() {
        guard let parent else { return }
        let current = projectPath
        let folder = current.map { ($0 as NSString).deletingLastPathComponent } ?? FileChooser.picturesFolder()
        let suggested = current.map { ($0 as NSString).lastPathComponent }
            // TRANSLATORS: the name Save Project As… suggests, before its extension.
            ?? tr("Collage") + "." + ProjectFile.fileExtension
        FileChooser.saveProject(parent: parent, folder: folder, suggestedName: suggested) { [weak self] answer in
            guard let self, let answer else { return }
            let path = Self.withExtension(answer)
            // GTK asked before replacing the name chosen, not the one we completed.
            if path != answer, FileManager.default.fileExists(atPath: path) {
                self.fail(path, tr("a file of that name is already there, and was left as it is"))
                return
            }
            self.write(to: path)
        }
    }

    /// The name with ".tinycollage" when it has another extension or none.
    static func withExtension(_ path: String) -> String {
        (path as NSString).pathExtension.lowercased() == ProjectFile.fileExtension
            ? path : path + "." + ProjectFile.fileExtension
    }

    private func write(to path: String) {
        let document = controller.document
        do throws(ProjectIO.Failure) {
            try ProjectIO.write(document, to: path)
        } catch {
            fail(path, tr(error.reason.wording))
            return
        }
        lastError = nil
        saved[path] = document
        controller.store.savedAsProject(path)
        RecentProjects.note(path)
        observer?()
        addPreview(of: document, to: path)
    }

    /// Thumbnailers in GNOME's sandbox see the project file alone, not its
    /// photos: once a small picture of the collage is drawn (off the main
    /// loop), the file is written again with it, unless the collage was saved
    /// again or the file changed meanwhile. The project is on disk before.
    private func addPreview(of document: CollageDocument, to path: String) {
        OffMainRender.run({ ProjectPreview.png(of: document) }, completion: { [weak self] preview in
            guard let self, let preview, self.saved[path] == document,
                  let (onDisk, _) = try? ProjectIO.read(path: path), onDisk == document else { return }
            try? ProjectIO.write(document, to: path, preview: preview)
        })
    }

    private func fail(_ path: String, _ reason: String) {
        let body = tr("“%s” could not be saved: %s. Your collage is still here; you can try again, perhaps somewhere else.",
                      FilePathText.displayText(path), reason)
        lastError = body
        ErrorDialog.present(over: parent, heading: tr("The project was not saved"), body: body)
    }

    // MARK: Opening

    /// Puts the project at `path` in the collage's place (Undo brings the
    /// collage back); says why not, naming the file, when it cannot be read.
    @discardableResult
    func open(_ path: String) -> Bool {
        let document: CollageDocument, repairs: [String]
        do throws(ProjectIO.Failure) {
            (document, repairs) = try ProjectIO.read(path: path)
        } catch {
            let body = tr("“%s” could not be opened: %s.", FilePathText.displayText(path), tr(error.reason.wording))
            lastError = body
            ErrorDialog.present(over: parent, heading: tr("The project was not opened"), body: body)
            return false
        }
        lastError = nil
        saved[path] = document
        controller.store.start(document, projectPath: path)
        RecentProjects.note(path)
        if !repairs.isEmpty {
            Log.message("\(FilePathText.displayText(path)) was corrected: " + repairs.joined(separator: "; "))
            controller.toaster?.show(tr("Some values in “%s” could not be used and were corrected.",
                                        (FilePathText.displayText(path) as NSString).lastPathComponent))
        }
        observer?()
        return true
    }
}

// Save and Save As (SPEC §4): the collage rendered again from the original
// files at the output size (not the preview scaled up), off the main thread,
// written atomically. Save picks a new name in Pictures that never clashes;
// Save As asks where and, through the extension or the chosen filter, in
// which format (PNG, JPEG, or a PDF page drawn by PDFExporter). Success says where with an Open button; failure says why in
// a dialog and leaves the collage on screen to try again. It holds no window:
// it publishes its state to an observer (the window's actions follow it) and
// is told the one fact of the window it needs, whether the window is narrow.
// A slow save shows its progress in the Save button (SaveProgress).

import CGtk
import CollageCore
import CollageRender
import Foundation

@MainActor
final class SaveController {
    private let controller: CollageController
    var parent: UnsafeMutablePointer<GtkWindow>?
    private(set) var isSaving = false { didSet { observer?(self) } }
    /// The last file written, for tests and the state dump.
    private(set) var lastSaved: String?
    /// The last failure as the dialog said it, for tests and the state dump.
    private(set) var lastError: String?
    /// Told when a save starts and when it ends (written or failed).
    var observer: (@MainActor (SaveController) -> Void)?
    /// Where a slow save shows how far it is; set by the window.
    var progress: SaveProgress?
    /// A phone-sized window: two buttons would leave the toast's message a word a line.
    var isNarrow = false
    /// The window was asked to close while saving: it closes once the file is
    /// written, or stays to show why it was not (quitting must not drop a save).
    var closeWhenSaved = false

    init(controller: CollageController) {
        self.controller = controller
    }

    /// "Collage 2026-11-30 14-05-09": a name a person can sort by.
    static func suggestedBaseName(at date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH-mm-ss"
        // TRANSLATORS: the name of a saved collage; %s is its date and time.
        return tr("Collage %s", formatter.string(from: date))
    }

    func save() {
        guard !controller.document.photos.isEmpty else { return }
        let folder = FileChooser.picturesFolder()
        g_mkdir_with_parents(folder, 0o755)
        let base = folder + "/" + Self.suggestedBaseName()
        write(candidates: FreshName.candidates(base: base, extension: ImageFormat.png.fileExtension), format: .png,
              replacing: false)
    }

    func saveAs() {
        guard !controller.document.photos.isEmpty, let parent else { return }
        SaveAsChooser.present(parent: parent, suggestedName: Self.suggestedBaseName() + ".png") { [weak self] answer in
            guard let self, let answer else { return }
            let quality = self.controller.settings.int("jpeg-quality", default: ImageFormat.defaultJPEGQuality)
            let decision = SaveAsName.decide(path: answer.path, chosen: answer.chosen, shown: answer.shown,
                                             quality: quality)
            // The chooser asked before letting an existing name through; a name we completed was never confirmed.
            self.write(candidates: [decision.path], format: decision.format, replacing: !decision.completed,
                       typeFromName: decision.nameWon)
        }
    }

    /// `typeFromName`: the name's extension overrode the type chosen, which the toast says.
    private func write(candidates: [String], format: ImageFormat, replacing: Bool, typeFromName: Bool = false) {
        isSaving = true
        let document = controller.document
        // Each photo painted is a step; writing the file is the last.
        let steps = document.photos.count + 1
        progress?.start()
        let step: @Sendable (Int) -> Void = { done in
            MainLoop.post { [weak self] in self?.progress?.set(done: done, of: steps) }
        }
        OffMainRender.run({ compositor in
            Self.render(document, compositor: compositor, candidates: candidates, format: format, replacing: replacing,
                        step: step)
        }, completion: { [weak self] outcome in
            self?.finish(outcome, typeFromName: typeFromName ? format : nil)
        })
    }

    /// The folder's name as a person knows it ("Pictures"), for the toast.
    private static func folderName(of path: String) -> String {
        let folder = (FilePathText.displayText(path) as NSString).deletingLastPathComponent
        return takeString(g_filename_display_basename(folder)) ?? folder
    }

    /// "Open", beside the toast's message: shows the saved collage in the image viewer.
    private static func openButton(for path: String) -> Widget {
        let button = mnemonicButton(tr("_Open"))
        addClass(button, "flat")
        gtk_widget_set_name(button, "openSavedCollage")
        gtk_actionable_set_action_name(button.opaque, "win.open-file")
        // Our text form of the path; win.open-file decodes it.
        gtk_actionable_set_action_target_value(button.opaque, g_variant_new_string(path))
        return button
    }

    /// "Saved in Pictures", and which photos the file lacks when some could not
    /// be read by then (gone, or damaged since they were added): in the same
    /// toast, since "was not added" would be untrue of photos in the collage.
    private static func savedMessage(folder: String, leftOut: [LoadError]) -> String {
        guard let first = leftOut.first else { return tr("Saved in %s", folder) }
        if leftOut.count == 1 {
            return tr("Saved in %s without “%s”: %s", folder, first.fileName, Messages.reason(first.reason))
        }
        return trn("Saved in %s without “%s” and %s other photo that could not be read",
                   "Saved in %s without “%s” and %s other photos that could not be read", leftOut.count - 1,
                   folder, first.fileName, String(leftOut.count - 1))
    }

    enum Outcome: Sendable {
        case saved(String, skipped: [LoadError])
        case failed(path: String, reason: String)
    }

    private enum Failure: Error {
        case render(RenderError)
        case write(ExportError)

        /// The name was taken: the next one is tried.
        var isTaken: Bool {
            if case let .write(error) = self { return error.reason == .exists }
            return false
        }
    }

    /// `step` hears how many steps are behind: photos painted, then the file written.
    nonisolated private static func render(_ document: CollageDocument, compositor: Compositor, candidates: [String],
                                           format: ImageFormat, replacing: Bool,
                                           step: @escaping @Sendable (Int) -> Void) -> Outcome {
        var skipped: [LoadError] = []
        let settings = OffMainRender.Settings(skipFailures: true, step: step)
        do throws(Failure) {
            let path = try FreshName.first(of: candidates, taken: \.isTaken) { path throws(Failure) in
                if format == .pdf {
                    // A page is drawn from the document, photo by photo, straight into the file.
                    let painted = PaintedCount()
                    do throws(PDFExporter.Failure) {
                        let drawn = try PDFExporter.write(document, compositor: compositor, to: path, replacing: replacing,
                                                          skipFailures: true) { _, _ in step(painted.next()) }
                        skipped = Array(drawn.failures.values)
                    } catch {
                        switch error {
                        case let .render(error): throw .render(error)
                        case let .write(error): throw .write(error)
                        }
                    }
                    return
                }
                // Rendered per attempt: export converts the pixels in place.
                let result: RenderResult
                do throws(RenderError) {
                    result = try OffMainRender.paint(document, with: compositor, settings: settings).get()
                } catch {
                    throw .render(error)
                }
                step(document.photos.count)
                do throws(ExportError) {
                    try Exporter.write(consuming: result.image, to: path, format: format, dpi: document.settings.dpi,
                                       replacing: replacing)
                } catch {
                    throw .write(error)
                }
                skipped = Array(result.failures.values)
            }
            return .saved(path, skipped: skipped)
        } catch {
            switch error {
            case let .render(error): return .failed(path: candidates[0], reason: Messages.render(error))
            case let .write(error): return .failed(path: error.path, reason: Messages.reason(error.reason))
            }
        }
    }

    private func finish(_ outcome: Outcome, typeFromName: ImageFormat?) {
        if case let .saved(path, _) = outcome { lastSaved = path }
        progress?.finish()
        isSaving = false
        switch outcome {
        case let .saved(path, skipped):
            if closeWhenSaved, let parent {
                closeWhenSaved = false
                gtk_window_close(parent)
                return
            }
            // On a phone-sized window keep Show in Files only.
            let roomy = !isNarrow
            var message = Self.savedMessage(folder: Self.folderName(of: path), leftOut: skipped)
            if typeFromName == .pdf {
                // TRANSLATORS: %s is "Saved in Pictures"…
                message = tr("%s (a PDF document, as its name says)", message)
            } else if let typeFromName {
                // TRANSLATORS: the first %s is "Saved in Pictures"…, the second PNG or JPEG.
                message = tr("%s (a %s image, as its name says)", message, typeFromName.typeName)
            }
            controller.toaster?.show(message,
                                     button: tr("Show in Files"), action: "win.show-in-files",
                                     target: g_variant_new_string(path), extra: roomy ? Self.openButton(for: path) : nil)
            for error in skipped { printError("tinycollage: \(error)") }
        case let .failed(path, reason):
            closeWhenSaved = false
            let body = tr("“%s” could not be written: %s. Your collage is still here; you can try again, perhaps somewhere else.",
                          FilePathText.displayText(path), reason)
            lastError = body
            ErrorDialog.present(over: parent, heading: tr("The collage was not saved"), body: body)
        }
    }
}

// The Save As dialog: where, under which name, and in which of the three types
// (the list at its foot). Choosing a type swaps the extension in the name
// field as the person watches; what is finally written follows SaveAsName's
// rule (CollageRender), which SaveController applies to the answer.
//
// GTK's own GtkFileChooserDialog, not GtkFileChooserNative: outside a sandbox
// GTK 4.8's native chooser is that same dialog, but it passes no "notify::filter"
// on (its delegate is set so signals are not forwarded), so a type chosen
// could not rename the file until after the person pressed Save.

import CGtk
import CollageRender

@MainActor
final class SaveAsChooser {
    struct Answer {
        var path: String
        /// The type selected in the list.
        var chosen: ImageFormat?
        /// The name we last put in the field: equal to the answer's, it was kept, not typed.
        var shown: String?
    }

    private let dialog: Widget
    private let png: OpaquePointer
    private let jpeg: OpaquePointer
    private let pdf: OpaquePointer
    private var shown: String?

    private var chooser: OpaquePointer { dialog.opaque }

    /// Shows the dialog over `parent`; `done` gets the answer, or nil when cancelled.
    @discardableResult
    static func present(parent: UnsafeMutablePointer<GtkWindow>, suggestedName: String,
                        _ done: @escaping @MainActor (Answer?) -> Void) -> SaveAsChooser {
        let chooser = SaveAsChooser(parent: parent, suggestedName: suggestedName, done)
        gtk_window_present(chooser.dialog.cast(GtkWindow.self))
        return chooser
    }

    private init(parent: UnsafeMutablePointer<GtkWindow>, suggestedName: String,
                 _ done: @escaping @MainActor (Answer?) -> Void) {
        dialog = tc_file_chooser_dialog_new(tr("Save Collage As"), parent, GTK_FILE_CHOOSER_ACTION_SAVE)
        png = Self.filter(tr("PNG image"), mime: "image/png")
        jpeg = Self.filter(tr("JPEG image"), mime: "image/jpeg")
        pdf = Self.filter(tr("PDF document"), mime: "application/pdf")
        let window = dialog.cast(GtkWindow.self)
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_dialog_add_button(dialog.cast(), tr("_Cancel"), GTK_RESPONSE_CANCEL.rawValue)
        gtk_dialog_add_button(dialog.cast(), tr("_Save"), GTK_RESPONSE_ACCEPT.rawValue)
        gtk_dialog_set_default_response(dialog.cast(), GTK_RESPONSE_ACCEPT.rawValue)
        // The chooser holds the filters from here (its list store refs them);
        // ours are only compared with, while the dialog and so this companion live.
        for filter in [png, jpeg, pdf] {
            gtk_file_chooser_add_filter(chooser, filter)
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        let suggested = ImageFormat(path: suggestedName) ?? .png
        gtk_file_chooser_set_filter(chooser, filter(for: suggested))
        let folder = fileForPath(FileChooser.picturesFolder())
        gtk_file_chooser_set_current_folder(chooser, folder, nil)
        g_object_unref(UnsafeMutableRawPointer(folder))
        show(suggestedName)
        Companion.attach(self, to: dialog)
        Signals.withPointer(dialog.raw, "notify::filter") { [weak self] _ in self?.typeChosen() }
        Signals.withInt(dialog.raw, "response") { [weak self] response in
            guard let self else { return }
            let answer = response == GTK_RESPONSE_ACCEPT.rawValue ? self.answer() : nil
            gtk_window_destroy(self.dialog.cast(GtkWindow.self))
            done(answer)
        }
    }

    private static func filter(_ name: String, mime: String) -> OpaquePointer {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, name)
        gtk_file_filter_add_mime_type(filter, mime)
        return filter
    }

    /// The type in the list, as the format it stands for.
    private var chosen: ImageFormat? {
        guard let filter = gtk_file_chooser_get_filter(chooser) else { return nil }
        if filter == jpeg { return .jpeg(quality: ImageFormat.defaultJPEGQuality) }
        if filter == pdf { return .pdf }
        return filter == png ? .png : nil
    }

    private func filter(for format: ImageFormat) -> OpaquePointer {
        switch format {
        case .png: return png
        case .jpeg: return jpeg
        case .pdf: return pdf
        }
    }

    private func show(_ name: String) {
        shown = name
        gtk_file_chooser_set_current_name(chooser, name)
    }

    /// A type chosen in the list: the name in the field takes its extension.
    private func typeChosen() {
        guard let chosen, let current = takeString(gtk_file_chooser_get_current_name(chooser)) else { return }
        let renamed = SaveAsName.renamed(current, for: chosen)
        if renamed != current { show(renamed) }
    }

    private func answer() -> Answer? {
        guard let path = FileChooser.chosenPath(chooser) else { return nil }
        return Answer(path: path, chosen: chosen, shown: shown)
    }
}

// The system file chooser (GtkFileChooserNative: the portal when there is
// one, GTK's dialog otherwise). A native chooser is not a widget: nothing
// keeps it alive, so each open one is held here until it answers.

import CGtk
import CollageCore
import Foundation

@MainActor
enum FileChooser {
    private static var open: [OpaquePointer] = []

    /// Several images, or projects among them (Open…): the first list shows
    /// both, the others one kind each.
    static func openImages(parent: UnsafeMutablePointer<GtkWindow>, _ done: @escaping @MainActor ([String]) -> Void) {
        let chooser = gtk_file_chooser_native_new(tr("Open Photos or a Project"), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                                  tr("_Open"), tr("_Cancel"))!
        let files = chooser.opaque
        gtk_file_chooser_set_select_multiple(files, 1)
        // The types the gallery shows: gtk_file_filter_add_pixbuf_formats (GTK 4.8)
        // leaks a copy of every format's list of types at each call.
        let both = gtk_file_filter_new()!
        gtk_file_filter_set_name(both, tr("Photos and projects"))
        let images = gtk_file_filter_new()!
        gtk_file_filter_set_name(images, tr("Images"))
        for type in GalleryModel.imageTypes.sorted() {
            gtk_file_filter_add_mime_type(both, type)
            gtk_file_filter_add_mime_type(images, type)
        }
        addProjectTypes(both)
        for filter in [both, images, projectFilter()] {
            handOver(filter) { gtk_file_chooser_add_filter(files, $0) }
        }
        setFolder(files, picturesFolder())
        run(chooser) { accepted in
            guard accepted, let list = gtk_file_chooser_get_files(files) else { return done([]) }
            var paths: [String] = []
            for i in 0..<g_list_model_get_n_items(list) {
                let file = g_list_model_get_item(list, i)
                if let path = takePath(g_file_get_path(OpaquePointer(file))) { paths.append(path) }
                g_object_unref(file)
            }
            g_object_unref(list.raw)
            done(paths)
        }
    }

    /// Projects by their MIME type and, where shared-mime-info does not know
    /// it yet (not installed), by their extension.
    private static func addProjectTypes(_ filter: OpaquePointer) {
        gtk_file_filter_add_mime_type(filter, ProjectFile.mimeType)
        gtk_file_filter_add_suffix(filter, ProjectFile.fileExtension)
    }

    private static func projectFilter() -> OpaquePointer {
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, tr("TinyCollage project"))
        addProjectTypes(filter)
        return filter
    }

    /// Where to save a project (Save Project As…), starting in `folder` with
    /// `suggestedName`; GTK asks before an existing file is replaced.
    static func saveProject(parent: UnsafeMutablePointer<GtkWindow>, folder: String, suggestedName: String,
                            _ done: @escaping @MainActor (String?) -> Void) {
        let chooser = gtk_file_chooser_native_new(tr("Save Project As"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                                  tr("_Save"), tr("_Cancel"))!
        let files = chooser.opaque
        handOver(projectFilter()) { gtk_file_chooser_add_filter(files, $0) }
        setFolder(files, folder)
        gtk_file_chooser_set_current_name(files, suggestedName)
        run(chooser) { accepted in done(accepted ? chosenPath(files) : nil) }
    }

    /// The folder to choose from.
    static func chooseFolder(parent: UnsafeMutablePointer<GtkWindow>?, current: String,
                             _ done: @escaping @MainActor (String?) -> Void) {
        let chooser = gtk_file_chooser_native_new(tr("Choose a Folder of Photos"), parent,
                                                  GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, tr("_Choose"), tr("_Cancel"))!
        let files = chooser.opaque
        setFolder(files, current)
        run(chooser) { accepted in done(accepted ? chosenPath(files) : nil) }
    }

    /// The file chosen, as a path; nil when none was, or it has no path.
    static func chosenPath(_ chooser: OpaquePointer) -> String? {
        guard let file = gtk_file_chooser_get_file(chooser) else { return nil }
        defer { g_object_unref(file.raw) }
        return takePath(g_file_get_path(file))
    }

    private static func setFolder(_ chooser: OpaquePointer, _ path: String) {
        let folder = fileForPath(path)
        gtk_file_chooser_set_current_folder(chooser, folder, nil)
        g_object_unref(UnsafeMutableRawPointer(folder))
    }

    private static func run(_ chooser: OpaquePointer,
                            _ answered: @escaping @MainActor (Bool) -> Void) {
        open.append(chooser)
        gtk_native_dialog_set_modal(chooser.cast(), 1)
        Signals.withInt(chooser.raw, "response") { response in
            answered(response == GTK_RESPONSE_ACCEPT.rawValue)
            gtk_native_dialog_destroy(chooser.cast())
            open.removeAll { $0 == chooser }
            g_object_unref(chooser.raw)
        }
        gtk_native_dialog_show(chooser.cast())
    }

    /// The user's Pictures folder (XDG), or ~/Pictures when none is set.
    static func picturesFolder() -> String {
        if let dir = string(g_get_user_special_dir(G_USER_DIRECTORY_PICTURES)) { return dir }
        return (string(g_get_home_dir()) ?? NSHomeDirectory()) + "/Pictures"
    }
}

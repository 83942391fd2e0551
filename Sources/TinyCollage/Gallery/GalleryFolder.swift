// Which folder the gallery shows, and the button that shows its name and
// lets the user pick another. The choice is remembered in the settings key
// "gallery-folder"; empty means the XDG Pictures folder, so the default
// follows the user's own Pictures folder if it moves. The chooser itself is
// FileChooser's (it keeps the native dialog alive until it answers); what
// is listed from the folder is GalleryModel's.

import CGtk

@MainActor
final class GalleryFolder {
    static let settingsKey = "gallery-folder"

    let widget: Widget
    private let label: Widget
    private let controller: CollageController
    private(set) var path: String
    /// Called after the user picked another folder.
    var changed: (@MainActor (String) -> Void)?

    init(controller: CollageController) {
        self.controller = controller
        let remembered = controller.settings.string(Self.settingsKey, default: "")
        path = remembered.isEmpty ? FileChooser.picturesFolder() : remembered

        widget = gtk_button_new()!
        addClass(widget, "flat")
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(box.cast(GtkBox.self), gtk_image_new_from_icon_name("folder-symbolic"))
        label = gtk_label_new(nil)!
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
        gtk_box_append(box.cast(GtkBox.self), label)
        gtk_button_set_child(widget.cast(GtkButton.self), box)
        Signals.plain(widget.raw, "clicked") { [weak self] in self?.choose() }
        updateLabel()
    }

    /// Whether the folder is there to be listed (a stick may have been unplugged).
    var exists: Bool {
        let file = fileForPath(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return g_file_query_file_type(file, G_FILE_QUERY_INFO_NONE, nil) == G_FILE_TYPE_DIRECTORY
    }

    func choose() {
        FileChooser.chooseFolder(parent: window, current: path) { [weak self] chosen in
            guard let self, let chosen else { return }
            self.set(chosen)
        }
    }

    /// Shows `chosen` and remembers it.
    func set(_ chosen: String) {
        path = chosen
        // The default is stored as "" so it keeps following the XDG folder.
        let stored = chosen == FileChooser.picturesFolder() ? "" : chosen
        controller.settings.setString(Self.settingsKey, stored)
        updateLabel()
        changed?(chosen)
    }

    private var window: UnsafeMutablePointer<GtkWindow>? {
        guard let root = gtk_widget_get_root(widget),
              g_type_check_instance_is_a(root.cast(GTypeInstance.self), gtk_window_get_type()) != 0 else { return nil }
        return root.cast(GtkWindow.self)
    }

    private func updateLabel() {
        let name = takeString(g_filename_display_basename(path)) ?? path
        gtk_label_set_text(OpaquePointer(label), name)
        let full = takeString(g_filename_display_name(path)) ?? path
        gtk_widget_set_tooltip_text(widget, full + "\n" + tr("Choose another folder to show"))
        tc_accessible_set_label(widget, tr("Folder: %s", name))
    }
}

// What the gallery shows instead of the grid when there is nothing to list:
// an icon, a title and a line of advice, like AdwStatusPage but small
// enough for the gallery's 200-odd pixels (AdwStatusPage's 128 px icon is
// not). GalleryView decides when and with which words.

import CGtk

@MainActor
final class GalleryHint {
    let widget: Widget
    private let icon: Widget
    private let title: Widget
    private let detail: Widget

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        addClass(widget, "gallery-hint")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        icon = gtk_image_new()!
        gtk_image_set_pixel_size(OpaquePointer(icon), 48)
        addClass(icon, "dim-label")
        title = gtk_label_new(nil)!
        addClass(title, "title-4")
        gtk_label_set_wrap(OpaquePointer(title), 1)
        gtk_label_set_justify(OpaquePointer(title), GTK_JUSTIFY_CENTER)
        detail = gtk_label_new(nil)!
        addClass(detail, "dim-label")
        gtk_label_set_wrap(OpaquePointer(detail), 1)
        gtk_label_set_justify(OpaquePointer(detail), GTK_JUSTIFY_CENTER)
        for child in [icon, title, detail] { gtk_box_append(widget.cast(GtkBox.self), child) }
        // Never empty, or a screen reader would read the labels' class name.
        show(icon: "folder-pictures-symbolic", title: tr("No photos in this folder"),
             detail: tr("Choose another folder, or open photos from anywhere with Open…"))
    }

    func show(icon name: String, title text: String, detail advice: String) {
        gtk_image_set_from_icon_name(OpaquePointer(icon), name)
        gtk_label_set_text(OpaquePointer(title), text)
        gtk_label_set_text(OpaquePointer(detail), advice)
    }
}

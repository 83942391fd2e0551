// The photo booth's answer line, between the live view and its buttons: the
// last shot's thumbnail with "3 of 9 in the collage", or the newest message
// (a shot not saved, a photo not added), each replacing the one before. It
// has a line of its own, so nothing it says covers the view or the buttons,
// and it keeps its height while empty, so the buttons never move. Saying it
// to screen readers is the Toaster's announcer's; which shot joined the
// collage is CameraHost's to tell.

import CGtk

@MainActor
final class ShotFeedback {
    let widget: Widget
    private let thumbnail: Widget
    let label: Widget
    /// The shot whose thumbnail is shown, so a late thumbnail of an older one is dropped.
    private var shownPath: String?

    /// The thumbnail's side, in logical pixels.
    static let side: Int32 = 40

    init() {
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        addClass(widget, "camera-feedback")
        gtk_widget_set_name(widget, "cameraFeedback")
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(widget, -1, Self.side)
        thumbnail = gtk_picture_new()!
        gtk_picture_set_content_fit(thumbnail.opaque, GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(thumbnail.opaque, 1)
        gtk_widget_set_size_request(thumbnail, Self.side, Self.side)
        gtk_widget_set_valign(thumbnail, GTK_ALIGN_CENTER)
        addClass(thumbnail, "camera-shot-thumbnail")
        gtk_widget_set_name(thumbnail, "cameraShotThumbnail")
        gtk_widget_set_visible(thumbnail, 0)
        // The words are said by the announcer; the picture adds nothing to them.
        tc_accessible_set_hidden(thumbnail, 1)
        label = gtk_label_new(nil)!
        gtk_label_set_wrap(label.opaque, 1)
        // A wrapping label asks for little room: this much keeps the count on one line.
        gtk_label_set_width_chars(label.opaque, 30)
        gtk_label_set_max_width_chars(label.opaque, 60)
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_lines(label.opaque, 2)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_widget_set_name(label, "cameraFeedbackText")
        // Empty until the first shot or message, and GTK 4.8 names an empty
        // label by its class ("GtkLabel"): out of the tree until it says something.
        tc_accessible_set_hidden(label, 1)
        gtk_box_append(widget.cast(), thumbnail)
        gtk_box_append(widget.cast(), label)
    }

    var text: String { string(gtk_label_get_text(label.opaque)) ?? "" }

    /// A shot joined the collage: it is photo `count` of `capacity`.
    func showShot(_ path: String, count: Int, capacity: Int) {
        shownPath = path
        gtk_picture_set_paintable(thumbnail.opaque, nil)
        gtk_widget_set_visible(thumbnail, 1)
        show(Self.countText(count, capacity))
    }

    /// The thumbnail of `path`, once made; ignored when a newer shot or a message is shown.
    func setThumbnail(_ texture: Texture, of path: String) {
        guard path == shownPath else { return }
        gtk_picture_set_paintable(thumbnail.opaque, texture.paintable)
    }

    /// A message in place of whatever was shown.
    func showMessage(_ text: String) {
        shownPath = nil
        gtk_widget_set_visible(thumbnail, 0)
        gtk_picture_set_paintable(thumbnail.opaque, nil)
        show(text)
    }

    private func show(_ text: String) {
        gtk_label_set_text(label.opaque, text)
        tc_accessible_set_hidden(label, text.isEmpty ? 1 : 0)
    }

    static func countText(_ count: Int, _ capacity: Int) -> String {
        // TRANSLATORS: after a shot from the camera: "3 of 9 in the collage".
        tr("%s of %s in the collage", String(count), String(capacity))
    }
}

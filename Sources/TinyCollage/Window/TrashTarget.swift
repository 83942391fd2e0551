// The trash at the far left of the strip: let a thumbnail go over it to
// remove that photo (undoable from the toast or with Ctrl+Z). It takes only
// the strip's own thumbnails; files dragged from elsewhere are not photos in
// the collage and have nothing to remove.

import CGtk
import CollageCore

@MainActor
final class TrashTarget {
    let widget: Widget

    init(strip: SelectedStrip) {
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        addClass(widget, "trash-target")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        let icon = gtk_image_new_from_icon_name("user-trash-symbolic")!
        gtk_image_set_pixel_size(icon.opaque, 24)
        gtk_widget_set_vexpand(icon, 1)
        gtk_box_append(widget.cast(), icon)
        gtk_widget_set_size_request(widget, 48, Int32(SelectedStrip.height))
        gtk_widget_set_tooltip_text(widget, tr("Drop a photo here to remove it"))
        name(widget, "trashTarget", label: tr("Trash: drop a photo here to remove it"))

        let target = gtk_drop_target_new(tc_type_string(), GDK_ACTION_MOVE)!
        let hover: Signals.DropMotion = { [unowned self] _, _ in
            addClass(self.widget, "drop-hover")
            return GDK_ACTION_MOVE
        }
        Signals.dropMotion(target.raw, "enter", hover)
        Signals.dropMotion(target.raw, "motion", hover)
        Signals.plain(target.raw, "leave") { [unowned self] in removeClass(self.widget, "drop-hover") }
        Signals.drop(target.raw) { [unowned self, unowned strip] value, _, _ in
            removeClass(self.widget, "drop-hover")
            guard let id = SelectedStrip.photoID(in: value), id == SelectedStrip.dragging else { return false }
            strip.trashPhoto(id)
            return true
        }
        gtk_widget_add_controller(widget, target.opaque)
    }
}

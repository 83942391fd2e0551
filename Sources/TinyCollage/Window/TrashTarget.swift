// The trash at the far left of the strip: let a thumbnail go over it to
// remove that photo (undoable from the toast or with Ctrl+Z). It takes only
// the strip's own thumbnails (their drags offer the photo's file, and the
// strip knows which thumbnail is moving); files dragged from elsewhere are
// not photos in the collage and have nothing to remove.

import CGtk
import CollageCore

@MainActor
final class TrashTarget {
    let widget: Widget
    private weak var strip: SelectedStrip?

    init(strip: SelectedStrip) {
        self.strip = strip
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        addClass(widget, "trash-target")
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        let icon = gtk_image_new_from_icon_name("user-trash-symbolic")!
        gtk_image_set_pixel_size(icon.opaque, 24)
        gtk_widget_set_vexpand(icon, 1)
        gtk_box_append(widget.cast(), icon)
        gtk_widget_set_size_request(widget, 48, Int32(SelectedStrip.height))
        gtk_widget_set_tooltip_text(widget, tr("Drop a photo here to remove it"))
        name(widget, "trashTarget", label: tr("Trash"))
        tc_accessible_set_description(widget, tr("Drop a photo here to remove it"))
        Companion.attach(self, to: widget)

        let target = gtk_drop_target_new(GType(0), GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))!
        var types = [tc_type_file_list(), tc_type_file()]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        let hover: Signals.DropMotion = { [weak self] _, _ in
            guard let self, SelectedStrip.ownThumbnail(in: target) != nil else { return GdkDragAction(0) }
            addClass(self.widget, "drop-hover")
            return GDK_ACTION_COPY
        }
        Signals.dropMotion(target.raw, "enter", hover)
        Signals.dropMotion(target.raw, "motion", hover)
        Signals.plain(target.raw, "leave") { [weak self] in
            guard let self else { return }
            removeClass(self.widget, "drop-hover")
        }
        Signals.drop(target.raw) { [weak self] _, _, _ in
            guard let self else { return false }
            removeClass(self.widget, "drop-hover")
            guard let id = SelectedStrip.ownThumbnail(in: target), let strip = self.strip else { return false }
            strip.trashPhoto(id)
            return true
        }
        gtk_widget_add_controller(widget, target.opaque)
    }
}

// One thumbnail in the gallery grid: the photo cropped to the cell, a check
// mark badge when it is in the collage, a tooltip with its name (or why it
// cannot be read), and a drag source so it can be dropped on the strip.
// Cells are recycled by the grid: each remembers the path it shows now and
// ignores a thumbnail that arrives for another. Clicks and keys are the
// grid's (GalleryView); whether a photo is selected is the controller's.
// For a screen reader the cell is the grid's item (GtkListItemWidget, the
// focusable one): it carries the file's name, a checked state when the photo
// is in the collage, and an action ("gallery.toggle") that adds or removes it;
// the pictures inside are hidden from it.

import CGtk
import CollageCore
import CollageRender

@MainActor
final class GalleryCell {
    /// Logical pixels a side before the grid stretches cells to fill a row.
    static let size: Int32 = 104

    let widget: Widget
    private let picture: Widget
    private let missing: Widget
    private let controller: CollageController
    private(set) var path: String?
    private var displayName = ""
    private var side = 0
    /// The bound file, referenced while bound: what a drag carries.
    private var file: OpaquePointer?
    private let tooltip = TooltipText()
    private var requested = false
    private var loaded = false

    init(controller: CollageController) {
        self.controller = controller
        widget = gtk_overlay_new()!
        addClass(widget, "gallery-cell")
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)

        // The picture is an overlay child, so it is not measured: a portrait
        // photo must not make its row taller than the others.
        missing = gtk_image_new()!
        gtk_image_set_pixel_size(OpaquePointer(missing), 32)
        gtk_widget_set_size_request(missing, Self.size, Self.size)
        addClass(missing, "dim-label")
        gtk_overlay_set_child(OpaquePointer(widget), missing)

        picture = gtk_picture_new()!
        gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        gtk_overlay_add_overlay(OpaquePointer(widget), picture)

        // The accent ring of a selected photo, over the picture.
        let frame = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        addClass(frame, "gallery-frame")
        gtk_widget_set_can_target(frame, 0)
        gtk_overlay_add_overlay(OpaquePointer(widget), frame)

        let badge = gtk_image_new_from_icon_name("object-select-symbolic")!
        gtk_image_set_pixel_size(OpaquePointer(badge), 14)
        addClass(badge, "gallery-check")
        gtk_widget_set_halign(badge, GTK_ALIGN_END)
        gtk_widget_set_valign(badge, GTK_ALIGN_START)
        gtk_widget_set_can_target(badge, 0)
        gtk_overlay_add_overlay(OpaquePointer(widget), badge)

        installTooltip()
        installDragSource()
        // The grid may dispose a cell's widgets before it unbinds the cell;
        // our own references keep these pointers valid until we are gone.
        for held in [widget, picture, missing] { g_object_ref_sink(held.raw) }
    }

    isolated deinit {
        if let file { g_object_unref(file.raw) }
        for held in [widget, picture, missing] { g_object_unref(held.raw) }
    }

    /// The grid's item around this cell, once the grid has put it in one.
    private var item: Widget? { gtk_widget_get_parent(widget) }
    private var itemPrepared: Widget?

    /// Gives the grid's item the cell's action, once per item (items are recycled with their cells).
    private func prepareItem() {
        guard let item, itemPrepared != item else { return }
        itemPrepared = item
        let group = g_simple_action_group_new()!
        let action = g_simple_action_new("toggle", nil)!
        Signals.withPointer(action.raw, "activate") { [weak self] _ in
            guard let self, let path = self.path else { return }
            self.controller.toggle(path: path)
        }
        g_action_map_add_action(OpaquePointer(group), action)
        g_object_unref(action.raw)
        gtk_widget_insert_action_group(item, "gallery", OpaquePointer(group))
        g_object_unref(group.raw)
        tc_accessible_set_hidden(widget, 1)
    }

    /// Shows the photo `info` describes; its thumbnail waits for
    /// `requestThumbnail`, which GalleryView calls once the cell is on screen.
    func bind(info: OpaquePointer, side: Int) {
        guard let file = GalleryModel.file(of: info), let path = takePath(g_file_get_path(file)) else { return }
        self.file = OpaquePointer(g_object_ref(file.raw))
        self.path = path
        self.side = side
        displayName = FilePathText.displayText(string(g_file_info_get_display_name(info)) ?? path)
        requested = false
        loaded = false
        gtk_image_clear(OpaquePointer(missing))
        gtk_picture_set_alternative_text(OpaquePointer(picture), displayName)
        tooltip.text = displayName
        update()
    }

    /// Bound, and its thumbnail not asked for yet.
    var wantsThumbnail: Bool { path != nil && !requested }
    /// Whether the thumbnail (or its failure) has arrived.
    var isShowingThumbnail: Bool { loaded }

    func requestThumbnail() {
        guard let path, !requested else { return }
        requested = true
        controller.thumbnails.request(path, side: side) { [weak self] result in
            // The cell may show another photo by now.
            guard let self, self.path == path else { return }
            self.show(result)
        }
    }

    func unbind() {
        if let path, requested, !loaded { controller.thumbnails.cancel(path, side: side) }
        path = nil
        if let file { g_object_unref(file.raw) }
        file = nil
        requested = false
        loaded = false
        gtk_picture_set_paintable(OpaquePointer(picture), nil)
        gtk_image_clear(OpaquePointer(missing))
        tooltip.text = nil
    }

    /// Re-reads whether the photo is in the collage (after any change of it).
    func update() {
        guard let path else { return }
        let selected = controller.isSelected(path: path)
        if selected { addClass(widget, "checked") } else { removeClass(widget, "checked") }
        prepareItem()
        guard let item else { return }
        tc_accessible_set_label(item, displayName)
        tc_accessible_set_checked(item, selected ? 1 : 0)
        tc_accessible_set_description(item, selected ? tr("In the collage") : tr("Not in the collage"))
    }

    private func show(_ result: Result<Texture, LoadError>) {
        loaded = true
        switch result {
        case let .success(texture):
            gtk_picture_set_paintable(OpaquePointer(picture), texture.paintable)
        case let .failure(error):
            gtk_picture_set_paintable(OpaquePointer(picture), nil)
            gtk_image_set_from_icon_name(OpaquePointer(missing), "image-missing-symbolic")
            tooltip.text = displayName + "\n" + Messages.reason(error.reason)
        }
    }

    // MARK: Tooltip

    /// The text the tooltip shows, read when GTK asks for it.
    private final class TooltipText: @unchecked Sendable {
        var text: String?
    }

    /// gtk_widget_set_tooltip_text asks the X server where the pointer is, on
    /// every call: rebinding the grid's 180 cells after a scrollbar jump took
    /// 100 ms of round trips. Answering query-tooltip costs nothing until shown.
    private func installTooltip() {
        gtk_widget_set_has_tooltip(widget, 1)
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, gboolean, OpaquePointer?,
                                   UnsafeMutableRawPointer?) -> gboolean = { _, _, _, _, tooltip, data in
            let box = Unmanaged<TooltipText>.fromOpaque(data!).takeUnretainedValue()
            guard let tooltip, let text = box.text else { return 0 }
            gtk_tooltip_set_text(tooltip, text)
            return 1
        }
        tc_signal_connect(widget.raw, "query-tooltip", unsafeBitCast(thunk, to: GCallback.self),
                          Unmanaged.passRetained(tooltip).toOpaque(), { data, _ in
                              Unmanaged<TooltipText>.fromOpaque(data!).release()
                          })
    }

    // MARK: Dragging onto the strip

    private func installDragSource() {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signals.prepare(source.raw) { [weak self] x, y in
            guard let self, let file = self.file else { return nil }
            if gtk_picture_get_paintable(OpaquePointer(self.picture)) != nil {
                // The picture as drawn in the cell, at its logical size on any scale.
                let icon = gtk_widget_paintable_new(self.picture)
                gtk_drag_source_set_icon(source, icon, Int32(x), Int32(y))
                g_object_unref(icon.map { UnsafeMutableRawPointer($0) })
            } else {
                // Not decoded (yet): GTK's default icon, not the last photo's.
                gtk_drag_source_set_icon(source, nil, 0, 0)
            }
            return Self.uriListProvider(for: file)
        }
        gtk_widget_add_controller(widget, source)
    }

    /// The file as text/uri-list, what a file manager sends. A GFile value
    /// would also be offered as plain text, which a file manager saves as a
    /// text file when the photo is dropped on it.
    private static func uriListProvider(for file: OpaquePointer) -> OpaquePointer? {
        guard let uri = takeString(g_file_get_uri(file)) else { return nil }
        return tc_content_provider_for_uri_list(uri + "\r\n").map { OpaquePointer($0) }
    }
}

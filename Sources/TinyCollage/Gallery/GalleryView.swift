// The bottom area `pictureListToSelect`: the photos of one folder (the
// Pictures folder unless the user picked another) as a grid of thumbnails,
// a click or Enter/Space toggling a photo in and out of the collage, with a
// folder button and Open… above. The grid recycles its cells, so a folder of
// thousands costs only the cells on screen. Listing is GalleryModel's, one
// cell is GalleryCell's, the folder GalleryFolder's; adding and removing
// photos is the controller's, and Open… is the window's `win.open` action.

import CGtk
import CollageCore

@MainActor
final class GalleryView {
    /// Thumbnail side asked of the thumbnail service, in logical pixels: enough
    /// for a ~110 px cell cropped from a 4:3 photo.
    static let thumbnailSide = 192
    /// Height of the scrolling grid, logical pixels; with the toolbar about 220.
    static let gridHeight: Int32 = 180

    let widget: Widget
    private let controller: CollageController
    private let model = GalleryModel()
    private let folder: GalleryFolder
    private let hint = GalleryHint()
    private let stack: Widget
    private let scroller: Widget
    private let grid: Widget
    /// The cells the grid has made, by their GtkListItem: the visible ones,
    /// whose check marks follow the document, plus a few spare.
    private var cells: [UnsafeMutableRawPointer: GalleryCell] = [:]
    private var folderExists = true
    /// Open…, hidden while the empty collage offers its own big Open… above.
    private let openButton = GalleryView.makeOpenButton()

    init(controller: CollageController) {
        self.controller = controller
        folder = GalleryFolder(controller: controller)

        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        // Kept until this view goes, so its pointers stay valid whoever holds the box.
        g_object_ref_sink(widget.raw)
        addClass(widget, "gallery")
        name(widget, "pictureListToSelect", label: tr("Photos on this computer"))

        let toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        addClass(toolbar, "gallery-toolbar")
        gtk_widget_set_hexpand(folder.widget, 1)
        gtk_widget_set_halign(folder.widget, GTK_ALIGN_START)
        gtk_box_append(toolbar.cast(GtkBox.self), folder.widget)
        gtk_box_append(toolbar.cast(GtkBox.self), openButton)
        gtk_box_append(widget.cast(GtkBox.self), toolbar)

        let factory = gtk_signal_list_item_factory_new()!
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(model.photos.raw)))
        grid = gtk_grid_view_new(selection, factory)!
        addClass(grid, "gallery-grid")
        // ~110 px cells: 4 columns in the 480 px portrait window, more when it is wide.
        gtk_grid_view_set_min_columns(OpaquePointer(grid), 2)
        // GTK 4.8 keeps max-columns × 30 cells alive whatever the width: 180 here.
        gtk_grid_view_set_max_columns(OpaquePointer(grid), 6)
        gtk_grid_view_set_single_click_activate(OpaquePointer(grid), 1)
        tc_accessible_set_label(grid, tr("Photos on this computer"))

        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), grid)
        gtk_widget_set_name(scroller, "galleryScroller")
        tc_accessible_set_label(scroller, tr("Photos on this computer"))
        gtk_widget_set_size_request(scroller, -1, Self.gridHeight)

        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(OpaquePointer(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        addStackPage(stack, scroller, name: "photos", label: tr("Photos on this computer"))
        addStackPage(stack, hint.widget, name: "empty", label: tr("No photos to show"))
        gtk_widget_set_vexpand(stack, 1)
        gtk_box_append(widget.cast(GtkBox.self), stack)

        connect(factory: factory)
        if let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)) {
            // Scrolled, or resized so that more rows show.
            Signals.plain(adjustment.raw, "value-changed") { [weak self] in self?.scheduleThumbnails() }
            Signals.plain(adjustment.raw, "changed") { [weak self] in self?.scheduleThumbnails() }
        }
        // Shown again after the hint, or the window mapped late.
        Signals.plain(grid.raw, "map") { [weak self] in self?.scheduleThumbnails() }
        Signals.withInt(grid.raw, "activate") { [weak self] position in self?.toggle(at: Int(position)) }
        installSpaceKey()
        model.changed = { [weak self] in self?.updateStack() }
        model.rewritten = { [weak self] path in self?.controller.thumbnails.forget(path) }
        folder.changed = { [weak self] path in self?.show(folder: path) }
        controller.store.observe { [weak self] document, change in
            guard let self, change.touches(.photos) else { return }
            self.updateChecks()
            gtk_widget_set_visible(self.openButton, document.photos.isEmpty ? 0 : 1)
        }
        gtk_widget_set_visible(openButton, controller.document.photos.isEmpty ? 0 : 1)
        show(folder: folder.path)
    }

    isolated deinit {
        g_object_unref(widget.raw)
    }

    // MARK: Folder

    /// Cells of about this many logical pixels a side, so photos keep their
    /// look rather than being cropped to wide strips in a wide window.
    static let cellWidth: Int32 = 112

    /// As many columns as keep the cells near square at `width` logical pixels.
    func fitColumns(toWidth width: Int32) {
        let columns = UInt32(max(2, min(12, width / Self.cellWidth)))
        guard columns != gtk_grid_view_get_max_columns(OpaquePointer(grid)) else { return }
        gtk_grid_view_set_max_columns(OpaquePointer(grid), columns)
    }

    /// Shows another folder, as the folder button does.
    func open(folder path: String) {
        folder.set(path)
    }

    /// Scrolls to a fraction (0...1) of the way down, as a person dragging the scrollbar.
    func scroll(toFraction fraction: Double) {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)) else { return }
        let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, max(0, range) * min(max(fraction, 0), 1))
    }

    /// Photos listed, cells bound, cells on screen, and those showing a thumbnail (for the benchmark and tests).
    var statistics: [String: Int] {
        let height = Float(gtk_widget_get_height(scroller))
        var visible = 0, loaded = 0
        for cell in cells.values where cell.path != nil {
            var bounds = graphene_rect_t()
            // Cells the grid keeps bound off screen are unmapped but keep old bounds.
            guard gtk_widget_get_mapped(cell.widget) != 0, gtk_widget_compute_bounds(cell.widget, scroller, &bounds) != 0,
                  bounds.origin.y + bounds.size.height > 0, bounds.origin.y < height else { continue }
            visible += 1
            if cell.isShowingThumbnail { loaded += 1 }
        }
        return ["items": model.count, "bound": cells.values.filter { $0.path != nil }.count,
                "visible": visible, "visibleLoaded": loaded, "loading": model.isLoading ? 1 : 0,
                "storeEdits": model.storeEdits]
    }

    /// The cells showing a photo now, on screen, with their paths (for the state dump).
    var shownCells: [(path: String, widget: Widget)] {
        cells.values.compactMap { cell in
            guard let path = cell.path, gtk_widget_get_mapped(cell.widget) != 0 else { return nil }
            return (path, cell.widget)
        }
    }

    private func show(folder path: String) {
        folderExists = folder.exists
        model.show(folder: folderExists ? path : nil)
        if let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)) {
            gtk_adjustment_set_value(adjustment, 0)
        }
        updateStack()
    }

    /// The grid, or a hint saying why there is nothing in it. While a folder
    /// is still loading the (empty) grid stays, so the hint does not flash.
    private func updateStack() {
        let empty: (icon: String, title: String, detail: String)?
        if !folderExists {
            empty = ("folder-symbolic", tr("This folder does not exist"),
                     tr("Choose another folder with the button above."))
        } else if model.count > 0 || model.isLoading {
            empty = nil
        } else if let error = model.error {
            empty = ("dialog-warning-symbolic", tr("This folder cannot be read"), error)
        } else {
            empty = ("folder-pictures-symbolic", tr("No photos in this folder"),
                     tr("Choose another folder, or open photos from anywhere with Open…"))
        }
        if let empty { hint.show(icon: empty.icon, title: empty.title, detail: empty.detail) }
        gtk_stack_set_visible_child_name(OpaquePointer(stack), empty == nil ? "photos" : "empty")
        if empty == nil { scheduleThumbnails() }
    }

    // MARK: Cells

    private func connect(factory: OpaquePointer) {
        Signals.withPointer(factory.raw, "setup") { [weak self] item in
            guard let self, let item else { return }
            let cell = GalleryCell(controller: self.controller)
            gtk_list_item_set_child(OpaquePointer(item), cell.widget)
            self.cells[item] = cell
        }
        Signals.withPointer(factory.raw, "bind") { [weak self] item in
            guard let self, let item, let cell = self.cells[item],
                  let info = gtk_list_item_get_item(OpaquePointer(item)) else { return }
            let side = Self.thumbnailSide * Int(max(1, gtk_widget_get_scale_factor(self.grid)))
            cell.bind(info: OpaquePointer(info), side: side)
            self.scheduleThumbnails()
        }
        Signals.withPointer(factory.raw, "unbind") { [weak self] item in
            guard let self, let item else { return }
            self.cells[item]?.unbind()
        }
        Signals.withPointer(factory.raw, "teardown") { [weak self] item in
            guard let self, let item else { return }
            self.cells.removeValue(forKey: item)?.unbind()
        }
    }

    // MARK: Thumbnails

    /// Margin around the visible rows whose thumbnails are fetched ahead, in
    /// pages: what a flick of the wheel brings in next.
    static let lookahead = 0.5
    private var thumbnailsScheduled = false
    private var layoutRetries = 0

    /// The grid keeps about 30 rows of cells bound, most far off screen, and
    /// the thumbnail service serves the newest request first: asking in bind
    /// would decode the hidden rows before the visible ones. So requests wait
    /// until layout has placed the cells, and only those near the view ask.
    private func scheduleThumbnails() {
        guard !thumbnailsScheduled else { return }
        thumbnailsScheduled = true
        // Long enough for the frame that lays the new cells out.
        MainLoop.after(milliseconds: 40, on: grid) { [weak self] _ in self?.requestVisibleThumbnails() }
    }

    private func requestVisibleThumbnails() {
        thumbnailsScheduled = false
        let height = Float(gtk_widget_get_height(scroller))
        guard height > 0, gtk_widget_get_mapped(grid) != 0 else { return }
        let margin = height * Float(Self.lookahead)
        var near: [(top: Float, left: Float, cell: GalleryCell)] = []
        var unplaced = false
        for cell in cells.values where cell.wantsThumbnail {
            var bounds = graphene_rect_t()
            // Bound but off screen (unmapped): not near, whatever its old bounds say.
            guard gtk_widget_get_mapped(cell.widget) != 0 else { continue }
            guard gtk_widget_get_width(cell.widget) > 0,
                  gtk_widget_compute_bounds(cell.widget, scroller, &bounds) != 0 else {
                unplaced = true
                continue
            }
            let top = bounds.origin.y
            if top + bounds.size.height >= -margin, top <= height + margin {
                near.append((top, bounds.origin.x, cell))
            }
        }
        // Bottom-right first, so that the top-left, asked last, is decoded first.
        near.sort { ($0.top, $0.left) > ($1.top, $1.left) }
        for entry in near { entry.cell.requestThumbnail() }
        // Cells bound just now may not be laid out yet; a few tries, not forever.
        layoutRetries = unplaced ? layoutRetries + 1 : 0
        if unplaced, layoutRetries < 10 { scheduleThumbnails() }
    }

    /// Check marks follow the document; only bound cells show a photo.
    private func updateChecks() {
        for cell in cells.values { cell.update() }
    }

    // MARK: Toggling

    private func toggle(at position: Int) {
        guard let file = model.file(at: position) else { return }
        defer { g_object_unref(file.raw) }
        guard let path = takePath(g_file_get_path(file)) else { return }
        controller.toggle(path: path)
        anchorAtTheTop()
    }

    /// GTK 4.8's grid keeps one item, its "anchor", where it is on screen when
    /// the list changes. Scrolling makes the anchor the item at the top of the
    /// view; a click or a key that focuses an item makes it that item instead
    /// (gtk_list_base_scroll_to_item). A save then arrives at the top, every
    /// item moves on by a cell, and a focused item in the last column wraps
    /// to the next row, with the whole view moved a row to keep it in place:
    /// the gallery jumped. A scroll there and back, once the click is
    /// handled, gives the anchor back to the top of the view, whose row stays.
    private func anchorAtTheTop() {
        MainLoop.post(afterPainting: true) { [weak self] in
            guard let self, let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(self.scroller)) else { return }
            let value = gtk_adjustment_get_value(adjustment)
            let top = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            gtk_adjustment_set_value(adjustment, value < top ? value + 1 : value - 1)
            gtk_adjustment_set_value(adjustment, value)
        }
    }

    /// The grid activates on Enter; Space would only "select" in a model
    /// without selection, so it toggles the focused photo here instead. And
    /// the grid is one Tab stop: GTK 4.8's grid would take Tab from photo to
    /// photo (a trap in a big Pictures folder); arrows move inside it.
    private func installSpaceKey() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.key(keys.raw) { [weak self] key, _, state in
            guard let self else { return false }
            if key == UInt32(GDK_KEY_Tab) || key == UInt32(GDK_KEY_ISO_Left_Tab) || key == UInt32(GDK_KEY_KP_Tab) {
                let backward = key == UInt32(GDK_KEY_ISO_Left_Tab) || state.rawValue & GDK_SHIFT_MASK.rawValue != 0
                return self.leaveGrid(backward ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD)
            }
            // An arrow focuses an item, which GTK then makes its anchor.
            if [GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Home, GDK_KEY_End,
                GDK_KEY_Page_Up, GDK_KEY_Page_Down].contains(Int32(key)) {
                self.anchorAtTheTop()
            }
            guard key == UInt32(GDK_KEY_space) || key == UInt32(GDK_KEY_KP_Space),
                  state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0,
                  let focused = gtk_widget_get_focus_child(self.grid),
                  let child = gtk_widget_get_first_child(focused),
                  let path = self.cells.values.first(where: { $0.widget == child })?.path else { return false }
            self.controller.toggle(path: path)
            self.anchorAtTheTop()
            return true
        }
        gtk_widget_add_controller(grid, keys)
    }

    /// Moves the focus to the widget before or after the grid: with the grid
    /// unfocusable for a moment, GTK's own focus chain goes past it.
    private func leaveGrid(_ direction: GtkDirectionType) -> Bool {
        guard let root = gtk_widget_get_root(grid) else { return false }
        let window = root.cast(GtkWidget.self)
        gtk_widget_set_can_focus(grid, 0)
        if gtk_widget_child_focus(window, direction) == 0 {
            // Past the last widget: round again from the first, as Tab does.
            gtk_widget_child_focus(window, direction)
        }
        gtk_widget_set_can_focus(grid, 1)
        return true
    }

    // MARK: Open…

    private static func makeOpenButton() -> Widget {
        let button = gtk_button_new()!
        addClass(button, "flat")
        let content = adw_button_content_new()!
        adw_button_content_set_icon_name(OpaquePointer(content), "document-open-symbolic")
        adw_button_content_set_label(OpaquePointer(content), tr("_Open…"))
        adw_button_content_set_use_underline(OpaquePointer(content), 1)
        gtk_button_set_child(button.cast(GtkButton.self), content)
        gtk_actionable_set_action_name(OpaquePointer(button), "win.open")
        gtk_widget_set_tooltip_text(button, tr("Open photos from any folder (Ctrl+O)"))
        return button
    }
}

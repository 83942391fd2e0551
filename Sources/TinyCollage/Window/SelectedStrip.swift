// The `pictureListSelected` area: the selected photos in collage order, with
// the trash at the far left. Thumbnails are kept per photo and reordered
// rather than rebuilt, so focus survives a move. All thumbnails share one box
// whose aspect ratio is the mean width over the mean height of the photos
// (SPEC §2). Drops land here: a thumbnail dragged within the strip moves to
// the gap it is let go over (a bar marks that gap while dragging), files or
// gallery photos are inserted there. The drag handlers, the keyboard and the
// menus all call the same `drop…`/`move`/`trash` methods. What decoding
// learned (sizes, failures, too-small marks) comes from DecodeFacts.

import CGtk
import CollageCore
import CollageRender
import Foundation

@MainActor
final class SelectedStrip {
    let widget: Widget
    let row: Widget
    private let scroller: Widget
    private let placeholder: Widget
    let controller: CollageController
    private(set) var trash: TrashTarget!
    private var thumbnails: [Photo.ID: StripThumbnail] = [:]
    private var order: [Photo.ID] = []
    private var marked: StripThumbnail?
    /// The thumbnails' height in logical pixels.
    static let height = 84
    /// The photo whose thumbnail is being dragged, if any. Its drag offers the
    /// photo's file, like a gallery photo's or a file manager's: this is what
    /// tells a thumbnail moving within the strip from a file coming in.
    static var dragging: Photo.ID?

    init(controller: CollageController) {
        self.controller = controller
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        name(widget, "pictureListSelected", label: tr("Selected photos, in collage order"))
        addClass(widget, "strip")
        scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_widget_set_name(scroller, "stripScroller")
        tc_accessible_set_label(scroller, tr("Selected photos"))
        gtk_widget_set_hexpand(scroller, 1)
        gtk_widget_set_size_request(scroller, -1, Int32(Self.height + 16))
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        // A list of its photos to a screen reader (each is a list item), as GtkListView's are.
        row = tc_widget_new_with_role(gtk_box_get_type(), GTK_ACCESSIBLE_ROLE_LIST)!
        tc_accessible_set_label(row, tr("Selected photos"))
        addClass(row, "strip-row")
        gtk_widget_set_valign(row, GTK_ALIGN_CENTER)
        placeholder = gtk_label_new(tr("Your photos appear here, in collage order. Drag to reorder; drop on the trash to remove."))!
        gtk_label_set_wrap(placeholder.opaque, 1)
        gtk_label_set_xalign(placeholder.opaque, 0)
        // Not dim-label: at its opacity the hint read at 1.8:1 against the window.
        addClass(placeholder, "strip-empty")
        gtk_widget_set_hexpand(placeholder, 1)
        gtk_box_append(content.cast(), row)
        gtk_box_append(content.cast(), placeholder)
        gtk_scrolled_window_set_child(scroller.opaque, content)
        trash = TrashTarget(strip: self)
        gtk_box_append(widget.cast(), trash.widget)
        gtk_box_append(widget.cast(), scroller)
        installDropTarget()
        installWheel()
        Companion.attach(self, to: widget)
        controller.store.observe { [weak self] document, change in
            guard let self, change.touches(.photos) else { return }
            self.update(document)
        }
        controller.facts.observe { [weak self] kind in
            guard let self else { return }
            switch kind {
            case .sizes: self.resize()
            case .failures: self.showFailures()
            case .tooSmall: self.showTooSmall()
            }
        }
        update(controller.document)
    }

    // MARK: Keeping up with the document

    private func update(_ document: CollageDocument) {
        let ids = document.photos.map(\.id)
        for (id, thumbnail) in thumbnails where !ids.contains(id) {
            // Dropped before its widget goes: a late signal finds no companion.
            thumbnails[id] = nil
            if marked === thumbnail { marked = nil }
            gtk_box_remove(row.cast(), thumbnail.widget)
        }
        var previous: Widget?
        var added: StripThumbnail?
        for (index, photo) in document.photos.enumerated() {
            let thumbnail = thumbnails[photo.id] ?? {
                let made = StripThumbnail(photo: photo, strip: self)
                thumbnails[photo.id] = made
                gtk_box_append(row.cast(), made.widget)
                added = made
                return made
            }()
            thumbnail.photo = photo
            thumbnail.setPosition(index, of: document.photos.count)
            gtk_box_reorder_child_after(row.cast(), thumbnail.widget, previous)
            previous = thumbnail.widget
        }
        order = ids
        gtk_widget_set_visible(placeholder, document.photos.isEmpty ? 1 : 0)
        // An empty list is not on screen: the placeholder says what goes there.
        gtk_widget_set_visible(row, document.photos.isEmpty ? 0 : 1)
        resize()
        showFailures()
        showTooSmall()
        if let added { scrollIntoView(added) }
    }

    /// Brings a photo just added into view once the strip has laid it out.
    private func scrollIntoView(_ thumbnail: StripThumbnail) {
        MainLoop.after(milliseconds: 50) { [weak self, weak thumbnail] in
            guard let self, let thumbnail, self.thumbnails[thumbnail.photo.id] === thumbnail,
                  let adjustment = gtk_scrolled_window_get_hadjustment(self.scroller.opaque) else { return }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(thumbnail.widget, self.row, &bounds) != 0 else { return }
            gtk_adjustment_clamp_page(adjustment, Double(bounds.origin.x) - 6,
                                      Double(bounds.origin.x + bounds.size.width) + 6)
        }
    }

    /// One box for all: the mean aspect ratio of the photos whose size is known.
    private func resize() {
        var widths = 0.0, heights = 0.0
        for id in order {
            guard let size = controller.document.photo(id: id).flatMap(controller.facts.size(of:))
                    ?? thumbnails[id]?.loadedSize else { continue }
            // Normalised to one height, so a huge photo does not outweigh the rest.
            widths += size.aspectRatio
            heights += 1
        }
        let aspect = heights > 0 ? min(max(widths / heights, 0.4), 2.5) : 1
        let box = PixelSize(width: Int((Double(Self.height) * aspect).rounded()), height: Self.height)
        thumbnails.values.forEach { $0.setBox(box) }
    }

    /// A thumbnail learned its photo's shape.
    func thumbnailLoaded() { resize() }

    /// Photos the preview had to leave out (missing, damaged…) are marked;
    /// those that are back get their thumbnail again.
    private func showFailures() {
        let failures = controller.facts.failures
        for (id, thumbnail) in thumbnails {
            if failures[id] == nil, shownFailures.contains(id) { thumbnail.reload() }
            thumbnail.setFailure(failures[id])
        }
        shownFailures = Set(failures.keys)
    }

    private var shownFailures: Set<Photo.ID> = []

    /// Photos enlarged beyond their pixels, with the preview's words.
    private func showTooSmall() {
        let marks = controller.facts.tooSmall
        for (id, thumbnail) in thumbnails { thumbnail.setTooSmall(marks[id]) }
    }

    // MARK: What drags, keys and menus do

    /// A thumbnail let go over gap `gap` (0 = before the first).
    func dropPhoto(_ id: Photo.ID, atGap gap: Int) {
        guard let source = order.firstIndex(of: id) else { return }
        let destination = gap > source ? gap - 1 : gap
        controller.move(from: source, to: min(max(destination, 0), order.count - 1))
    }

    /// Files with a project among them, which opens rather than joins (set by the window).
    var opensProjects: (@MainActor (OpenedFiles) -> Void)?

    /// Files or gallery photos let go over gap `gap`.
    func dropFiles(_ files: OpenedFiles, atGap gap: Int) {
        if let opensProjects, files.paths.contains(where: { ProjectIO.isProject(path: $0) }) {
            opensProjects(files)
            return
        }
        controller.add(files, at: gap)
    }

    /// A thumbnail let go over the trash (or Delete, or the menu).
    func trashPhoto(_ id: Photo.ID) {
        controller.remove(id: id)
    }

    /// Alt+Left / Alt+Right and the menu: one place left or right.
    func move(_ id: Photo.ID, by offset: Int) {
        guard let source = order.firstIndex(of: id) else { return }
        let destination = source + offset
        guard order.indices.contains(destination) else { return }
        controller.move(from: source, to: destination)
        if let thumbnail = thumbnails[id] { gtk_widget_grab_focus(thumbnail.widget) }
    }

    func thumbnail(at index: Int) -> StripThumbnail? {
        order.indices.contains(index) ? thumbnails[order[index]] : nil
    }

    var orderedThumbnails: [StripThumbnail] { order.compactMap { thumbnails[$0] } }

    /// The strip only scrolls sideways, so an ordinary wheel (which turns
    /// up and down) scrolls it sideways too, as photo strips elsewhere do.
    private func installWheel() {
        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signals.scroll(wheel.raw) { [weak self] _, dy in
            guard let self, dy != 0, let adjustment = gtk_scrolled_window_get_hadjustment(self.scroller.opaque) else {
                return false
            }
            let step = Double(Self.height) * 0.75
            let upper = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            gtk_adjustment_set_value(adjustment, min(max(gtk_adjustment_get_value(adjustment) + dy * step, 0), max(upper, 0)))
            return true
        }
        gtk_widget_add_controller(scroller, wheel)
    }

    // MARK: The drop target

    /// The gap nearest to `x` (in the scroller's coordinates).
    func gap(atX x: Double) -> Int {
        var gap = 0
        for thumbnail in orderedThumbnails {
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(thumbnail.widget, scroller, &bounds) != 0 else { continue }
            if x > Double(bounds.origin.x + bounds.size.width / 2) { gap += 1 }
        }
        return gap
    }

    private func mark(gap: Int?) {
        marked.map { removeClass($0.widget, "drop-before"); removeClass($0.widget, "drop-after") }
        marked = nil
        guard let gap, !order.isEmpty else { return }
        if gap < order.count, let thumbnail = thumbnail(at: gap) {
            addClass(thumbnail.widget, "drop-before")
            marked = thumbnail
        } else if let last = thumbnail(at: order.count - 1) {
            addClass(last.widget, "drop-after")
            marked = last
        }
    }

    private func installDropTarget() {
        let target = gtk_drop_target_new(GType(0), GdkDragAction(GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue))!
        var types = [tc_type_file_list(), tc_type_file()]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        let motion: Signals.DropMotion = { [weak self] x, _ in
            guard let self else { return GdkDragAction(0) }
            self.mark(gap: self.gap(atX: x))
            return GDK_ACTION_COPY
        }
        Signals.dropMotion(target.raw, "enter", motion)
        Signals.dropMotion(target.raw, "motion", motion)
        Signals.plain(target.raw, "leave") { [weak self] in self?.mark(gap: nil) }
        Signals.drop(target.raw) { [weak self] value, x, _ in
            guard let self else { return false }
            self.mark(gap: nil)
            let gap = self.gap(atX: x)
            if let id = Self.ownThumbnail(in: target) {
                self.dropPhoto(id, atGap: gap)
                return true
            }
            let files = DroppedFiles.files(in: value)
            guard !files.isEmpty else { return false }
            self.dropFiles(files, atGap: gap)
            return true
        }
        gtk_widget_add_controller(scroller, target.opaque)
    }

    /// The strip photo being dropped on `target`, when the drop is one of our
    /// own thumbnails' drags (it comes from this process and a thumbnail is
    /// being dragged) rather than a file from the gallery or elsewhere.
    static func ownThumbnail(in target: OpaquePointer) -> Photo.ID? {
        guard let id = dragging, let drop = gtk_drop_target_get_current_drop(target),
              gdk_drop_get_drag(drop) != nil else { return nil }
        return id
    }
}

// One photo in the strip: shown whole inside the strip's shared box,
// focusable (Delete removes it, Alt+Left/Alt+Right move it, Menu or a
// right-click opens its menu), and a drag source that offers the photo's
// file: within the strip it reorders, on the trash it removes, dropped on a
// file manager it is copied there. A photo the collage had to leave out shows
// a warning badge; one enlarged beyond its pixels a quieter mark. Its
// accessible name is its file name; its place ("Photo 2 of 5") and any
// warning are its description; it is an item of the strip's list, with its
// actions under readable names (StripThumbnail+Actions).
// The strip decides what each gesture does; this widget owns its companion.

import CGtk
import CollageCore
import CollageRender

@MainActor
final class StripThumbnail {
    let widget: Widget
    private let picture: Widget
    private let badge: Widget
    private let smallBadge: Widget
    /// The file's name, shown in place of a photo that cannot be shown.
    private let caption: Widget
    private let menu: Widget
    private let actions: OpaquePointer
    private weak var strip: SelectedStrip?
    private let controller: CollageController
    private var texture: Texture?
    private var requestedPath: String?
    private var failure: LoadError?
    private var tooSmall: String?
    private var loadError: LoadError?
    /// Where it stands in the strip (from 0), and of how many.
    private var position = (index: 0, count: 1)
    /// The photo's upright shape as its thumbnail showed it.
    private(set) var loadedSize: PixelSize?
    var photo: Photo {
        didSet { if photo.path != oldValue.path { load() } }
    }

    init(photo: Photo, strip: SelectedStrip) {
        self.photo = photo
        self.strip = strip
        controller = strip.controller
        widget = StripPhotoWidget.make()
        addClass(widget, "strip-thumbnail")
        addClass(widget, "card")
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        tc_accessible_set_hidden(picture, 1)  // the thumbnail is named by its file
        gtk_overlay_set_child(widget.opaque, picture)
        badge = Self.mark("dialog-warning-symbolic", classes: ["badge", "warning"], halign: GTK_ALIGN_END,
                          label: tr("Warning"))
        gtk_overlay_add_overlay(widget.opaque, badge)
        smallBadge = Self.mark("zoom-in-symbolic", classes: ["tag", "too-small"], halign: GTK_ALIGN_START,
                               label: tr("Enlarged"))
        gtk_overlay_add_overlay(widget.opaque, smallBadge)
        caption = gtk_label_new(nil)!
        gtk_label_set_ellipsize(caption.opaque, PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(caption.opaque, 1)
        gtk_widget_set_valign(caption, GTK_ALIGN_END)
        gtk_widget_set_margin_start(caption, 4)
        gtk_widget_set_margin_end(caption, 4)
        gtk_widget_set_margin_bottom(caption, 4)
        addClass(caption, "caption")
        gtk_widget_set_visible(caption, 0)
        gtk_overlay_add_overlay(widget.opaque, caption)
        actions = g_simple_action_group_new()!.opaque
        menu = Self.makeMenu()
        gtk_widget_set_parent(menu, widget)
        Companion.attach(self, to: widget)
        installKeys()
        installMenu()
        installDragSource()
        load()
    }

    /// A small mark over a corner of the photo; marks are not targets, so
    /// clicks and drags go to the photo underneath.
    private static func mark(_ icon: String, classes: [String], halign: GtkAlign, label: String) -> Widget {
        let mark = gtk_image_new_from_icon_name(icon)!
        for name in classes { addClass(mark, name) }
        gtk_widget_set_halign(mark, halign)
        gtk_widget_set_valign(mark, GTK_ALIGN_START)
        gtk_widget_set_can_target(mark, 0)
        gtk_widget_set_visible(mark, 0)
        // Named rather than hidden: showing a widget clears its hidden state.
        // The thumbnail's description says the whole warning.
        gtk_widget_set_name(mark, "stripMark")
        tc_accessible_set_label(mark, label)
        return mark
    }

    func setBox(_ box: PixelSize) {
        gtk_widget_set_size_request(widget, Int32(box.width), Int32(box.height))
    }

    /// Why the collage left this photo out, or nil.
    func setFailure(_ error: LoadError?) {
        guard error != failure else { return }
        failure = error
        describe()
    }

    /// What to say about a photo enlarged beyond its pixels, or nil.
    func setTooSmall(_ text: String?) {
        guard text != tooSmall else { return }
        tooSmall = text
        describe()
    }

    /// Where it stands in the strip, so the menu offers only moves that can happen.
    func setPosition(_ index: Int, of count: Int) {
        setEnabled(.moveLeft, index > 0)
        setEnabled(.moveRight, index < count - 1)
        guard position != (index, count) else { return }
        position = (index, count)
        describe()
    }

    private func setEnabled(_ action: StripPhotoAction, _ enabled: Bool) {
        StripPhotoWidget.setEnabled(widget, action, enabled)
        guard let menuAction = g_action_map_lookup_action(actions, action.menuName) else { return }
        g_simple_action_set_enabled(menuAction, enabled ? 1 : 0)
    }

    /// What the keys, the menu and a screen reader ask for.
    func perform(_ action: StripPhotoAction) {
        guard let strip else { return }
        switch action {
        case .moveLeft: strip.move(photo.id, by: -1)
        case .moveRight: strip.move(photo.id, by: 1)
        case .remove: strip.trashPhoto(photo.id)
        }
    }

    private func describe() {
        let problem = failure ?? loadError
        gtk_widget_set_visible(badge, problem == nil ? 0 : 1)
        gtk_label_set_text(caption.opaque, photo.displayName)
        gtk_widget_set_visible(caption, texture == nil ? 1 : 0)
        problem == nil ? removeClass(widget, "broken") : addClass(widget, "broken")
        gtk_widget_set_visible(smallBadge, problem == nil && tooSmall != nil ? 1 : 0)
        // The too-small words name the photo already: said after its name, a screen reader heard it twice.
        let leftOut = problem.map { tr("It is left out of the collage: %s", Messages.reason($0.reason)) }
        let warning = leftOut ?? tooSmall
        let tooltip = leftOut.map { photo.displayName + "\n" + $0 } ?? tooSmall ?? photo.displayName
        gtk_widget_set_tooltip_text(widget, tooltip)
        tc_accessible_set_label(widget, photo.displayName)
        // (After the tooltip: GTK 4.8 makes a tooltip the description.)
        let place = tr("Photo %s of %s", String(position.index + 1), String(position.count))
        tc_accessible_set_description(widget, warning.map { place + ". " + $0 } ?? place)
    }

    /// Asks for the thumbnail again (its file may have come back).
    func reload() {
        controller.thumbnails.forget(photo.path)
        load()
    }

    private func load() {
        let path = photo.path
        requestedPath = path
        let side = 2 * SelectedStrip.height * Int(gtk_widget_get_scale_factor(widget))
        controller.thumbnails.request(path, side: side, decodingWith: controller.compositor.source) {
            [weak self] result in
            guard let self, self.requestedPath == path else { return }
            switch result {
            case let .success(texture):
                self.texture = texture
                self.loadError = nil
                self.loadedSize = PixelSize(width: texture.width, height: texture.height)
                gtk_picture_set_paintable(self.picture.opaque, texture.paintable)
                self.strip?.thumbnailLoaded()
            case let .failure(error):
                self.loadError = error
                self.texture = nil
                gtk_picture_set_paintable(self.picture.opaque, nil)
            }
            self.describe()
        }
        describe()
    }

    // MARK: Keyboard

    private func installKeys() {
        let keys = gtk_event_controller_key_new()!
        Signals.key(keys.raw) { [weak self] keyval, _, state in
            guard let self, self.strip != nil else { return false }
            switch Shortcuts.stripPhotoAction(keyval: keyval, state: state) {
            case "thumb.remove": self.perform(.remove)
            case "thumb.move-left": self.perform(.moveLeft)
            case "thumb.move-right": self.perform(.moveRight)
            case "thumb.menu": self.popUpMenu(at: nil)
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(widget, keys)
        // A click focuses, so the keys above apply to the photo clicked.
        let click = gtk_gesture_click_new()!
        Signals.press(click.raw, "pressed") { [weak self] _, _, _ in
            guard let self else { return }
            gtk_widget_grab_focus(self.widget)
        }
        gtk_widget_add_controller(widget, click.opaque)
    }

    // MARK: Context menu

    private static func makeMenu() -> Widget {
        let model = g_menu_new()!
        appendItem(model, tr("Move _Left"), "thumb.move-left")
        appendItem(model, tr("Move _Right"), "thumb.move-right")
        appendItem(model, tr("Re_move"), "thumb.remove")
        let popover = gtk_popover_menu_new_from_model(model.cast(GMenuModel.self))!
        g_object_unref(model.raw)
        gtk_popover_set_has_arrow(popover.cast(), 0)
        return popover
    }

    /// The menu is made once and stays parented to the thumbnail; it is
    /// unparented exactly once, when the thumbnail is destroyed.
    private func installMenu() {
        for kind in StripPhotoAction.allCases {
            let action = g_simple_action_new(kind.menuName, nil)!
            Signals.withPointer(action.raw, "activate") { [weak self] _ in self?.perform(kind) }
            g_action_map_add_action(actions, action)
            g_object_unref(action.raw)
        }
        // On the menu, not the photo: AT-SPI lists the photo's own actions,
        // which are the readable ones (StripThumbnail+Actions).
        gtk_widget_insert_action_group(menu, "thumb", actions)
        g_object_unref(actions.raw)
        // Our own reference keeps the pointer valid however the overlay's
        // dispose treats its children; the menu is released with the thumbnail.
        g_object_ref_sink(menu.raw)
        let menu = self.menu
        Companion.onDestroy(widget) {
            if gtk_widget_get_parent(menu) != nil { gtk_widget_unparent(menu) }
            g_object_unref(menu.raw)
        }

        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary.opaque, UInt32(GDK_BUTTON_SECONDARY))
        Signals.press(secondary.raw, "pressed") { [weak self] _, x, y in self?.popUpMenu(at: (x, y)) }
        gtk_widget_add_controller(widget, secondary.opaque)
    }

    private func popUpMenu(at point: (Double, Double)?) {
        var rect = point.map { GdkRectangle(x: Int32($0.0), y: Int32($0.1), width: 1, height: 1) }
            ?? GdkRectangle(x: 0, y: 0, width: gtk_widget_get_width(widget), height: gtk_widget_get_height(widget))
        gtk_popover_set_pointing_to(menu.cast(), &rect)
        gtk_popover_popup(menu.cast())
    }

    // MARK: Dragging

    /// Offers the photo's file (text/uri-list): within the window the strip
    /// and the trash know it by `SelectedStrip.dragging`; elsewhere a file
    /// manager copies the photo. Only COPY is offered, so a receiver never
    /// moves the user's original away.
    private func installDragSource() {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signals.prepare(source.raw) { [weak self] _, _ in
            guard let self else { return nil }
            let file = fileForPath(self.photo.path)
            defer { g_object_unref(file.raw) }
            guard let uri = takeString(g_file_get_uri(file)) else { return nil }
            return OpaquePointer(tc_content_provider_for_uri_list(uri + "\r\n"))
        }
        Signals.withPointer(source.raw, "drag-begin") { [weak self] _ in
            guard let self else { return }
            if let texture = self.texture {
                gtk_drag_source_set_icon(source, texture.paintable, Int32(texture.width / 4), Int32(texture.height / 4))
            }
            addClass(self.widget, "dragging")
            SelectedStrip.dragging = self.photo.id
        }
        Signals.dragEnd(source.raw) { [weak self] in
            // Cleared even when the thumbnail is gone: the photo was trashed by this very drag.
            SelectedStrip.dragging = nil
            guard let self else { return }
            removeClass(self.widget, "dragging")
        }
        gtk_widget_add_controller(widget, source.opaque)
    }
}

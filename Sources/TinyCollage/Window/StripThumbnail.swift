// One photo in the strip: shown whole inside the strip's shared box, focusable
// (Delete removes it, Alt+Left/Alt+Right move it), with a context menu saying
// the same, and a drag source carrying its identity for reordering or the
// trash. A photo the collage had to leave out shows a warning badge and says
// why in its tooltip. The strip decides what each gesture does.

import CGtk
import CollageCore
import CollageRender

@MainActor
final class StripThumbnail {
    let widget: Widget
    private let picture: Widget
    private let badge: Widget
    /// The file's name, shown in place of a photo that cannot be shown.
    private let caption: Widget
    private unowned let strip: SelectedStrip
    private var texture: Texture?
    private var requestedPath: String?
    private var failure: LoadError?
    private var tooSmall: String?
    private let smallBadge: Widget
    private var loadError: LoadError?
    /// The photo's upright shape as its thumbnail showed it.
    private(set) var loadedSize: PixelSize?
    var photo: Photo {
        didSet { if photo.path != oldValue.path { load() } }
    }

    init(photo: Photo, strip: SelectedStrip) {
        self.photo = photo
        self.strip = strip
        widget = gtk_overlay_new()!
        addClass(widget, "strip-thumbnail")
        addClass(widget, "card")
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
        picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_overlay_set_child(widget.opaque, picture)
        badge = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        addClass(badge, "badge")
        gtk_widget_set_halign(badge, GTK_ALIGN_END)
        gtk_widget_set_valign(badge, GTK_ALIGN_START)
        gtk_widget_set_visible(badge, 0)
        gtk_overlay_add_overlay(widget.opaque, badge)
        smallBadge = gtk_image_new_from_icon_name("zoom-in-symbolic")!
        addClass(smallBadge, "badge")
        addClass(smallBadge, "too-small")
        gtk_widget_set_halign(smallBadge, GTK_ALIGN_START)
        gtk_widget_set_valign(smallBadge, GTK_ALIGN_START)
        gtk_widget_set_visible(smallBadge, 0)
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
        installKeys()
        installMenu()
        installDragSource()
        load()
    }

    func setBox(_ box: PixelSize) {
        gtk_widget_set_size_request(widget, Int32(box.width), Int32(box.height))
    }

    /// Why the collage left this photo out, or nil.
    func setFailure(_ error: LoadError?) {
        failure = error
        describe()
    }

    /// What to say about a photo enlarged beyond its pixels, or nil.
    func setTooSmall(_ text: String?) {
        tooSmall = text
        describe()
    }

    private func describe() {
        let problem = failure ?? loadError
        gtk_widget_set_visible(badge, problem == nil ? 0 : 1)
        gtk_label_set_text(caption.opaque, photo.displayName)
        gtk_widget_set_visible(caption, texture == nil ? 1 : 0)
        problem == nil ? removeClass(widget, "broken") : addClass(widget, "broken")
        gtk_widget_set_visible(smallBadge, problem == nil && tooSmall != nil ? 1 : 0)
        let text = problem.map { tr("“%s” is left out of the collage: %s", photo.displayName, Messages.reason($0.reason)) }
            ?? tooSmall ?? photo.displayName
        gtk_widget_set_tooltip_text(widget, text)
        tc_accessible_set_label(widget, text)
    }

    /// Asks for the thumbnail again (its file may have come back).
    func reload() {
        strip.controller.thumbnails.forget(photo.path)
        load()
    }

    private func load() {
        let path = photo.path
        requestedPath = path
        let side = 2 * SelectedStrip.height * Int(gtk_widget_get_scale_factor(widget))
        strip.controller.thumbnails.request(path, side: side, decodingWith: strip.controller.compositor.source) {
            [weak self] result in
            guard let self, self.requestedPath == path else { return }
            switch result {
            case let .success(texture):
                self.texture = texture
                self.loadError = nil
                self.loadedSize = PixelSize(width: texture.width, height: texture.height)
                gtk_picture_set_paintable(self.picture.opaque, texture.paintable)
                self.strip.thumbnailLoaded()
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
        Signals.key(keys.raw) { [unowned self] keyval, _, state in
            let alt = state.rawValue & GDK_ALT_MASK.rawValue != 0
            switch Int32(keyval) {
            case GDK_KEY_Delete, GDK_KEY_KP_Delete, GDK_KEY_BackSpace:
                self.strip.trashPhoto(self.photo.id)
            case GDK_KEY_Left where alt, GDK_KEY_KP_Left where alt:
                self.strip.move(self.photo.id, by: -1)
            case GDK_KEY_Right where alt, GDK_KEY_KP_Right where alt:
                self.strip.move(self.photo.id, by: 1)
            case GDK_KEY_Menu:
                self.popUpMenu(at: nil)
            default:
                return false
            }
            return true
        }
        gtk_widget_add_controller(widget, keys)
        // A click focuses, so the keys above apply to the photo clicked.
        let click = gtk_gesture_click_new()!
        Signals.press(click.raw, "pressed") { [unowned self] _, _, _ in gtk_widget_grab_focus(self.widget) }
        gtk_widget_add_controller(widget, click.opaque)
    }

    // MARK: Context menu

    private func installMenu() {
        let group = g_simple_action_group_new()!
        func add(_ name: String, _ handler: @escaping @MainActor () -> Void) {
            let action = g_simple_action_new(name, nil)!
            Signals.withPointer(action.raw, "activate") { _ in handler() }
            g_action_map_add_action(OpaquePointer(group), action)
            g_object_unref(action.raw)
        }
        add("move-left") { [unowned self] in self.strip.move(self.photo.id, by: -1) }
        add("move-right") { [unowned self] in self.strip.move(self.photo.id, by: 1) }
        add("remove") { [unowned self] in self.strip.trashPhoto(self.photo.id) }
        gtk_widget_insert_action_group(widget, "thumb", OpaquePointer(group))
        g_object_unref(group.raw)

        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary.opaque, UInt32(GDK_BUTTON_SECONDARY))
        Signals.press(secondary.raw, "pressed") { [unowned self] _, x, y in self.popUpMenu(at: (x, y)) }
        gtk_widget_add_controller(widget, secondary.opaque)
    }

    private func popUpMenu(at point: (Double, Double)?) {
        let menu = g_menu_new()!
        g_menu_append(menu, tr("Move Left"), "thumb.move-left")
        g_menu_append(menu, tr("Move Right"), "thumb.move-right")
        g_menu_append(menu, tr("Remove"), "thumb.remove")
        let popover = gtk_popover_menu_new_from_model(menu.cast(GMenuModel.self))!
        g_object_unref(menu.raw)
        gtk_widget_set_parent(popover, widget)
        if let (x, y) = point {
            var rect = GdkRectangle(x: Int32(x), y: Int32(y), width: 1, height: 1)
            gtk_popover_set_pointing_to(popover.cast(), &rect)
        }
        // The popover is parented by hand, so it is unparented by hand once closed.
        Signals.plain(popover.raw, "closed") {
            MainLoop.post { gtk_widget_unparent(popover) }
        }
        gtk_popover_popup(popover.cast())
    }

    // MARK: Dragging

    private func installDragSource() {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        Signals.prepare(source.raw) { [unowned self] _, _ in
            OpaquePointer(tc_content_provider_for_string(SelectedStrip.dragPrefix + self.photo.id.uuidString))
        }
        Signals.withPointer(source.raw, "drag-begin") { [unowned self] _ in
            if let texture = self.texture {
                gtk_drag_source_set_icon(source, texture.paintable, Int32(texture.width / 4), Int32(texture.height / 4))
            }
            addClass(self.widget, "dragging")
            SelectedStrip.dragging = self.photo.id
        }
        Signals.dragEnd(source.raw) { [unowned self] in
            removeClass(self.widget, "dragging")
            SelectedStrip.dragging = nil
        }
        gtk_widget_add_controller(widget, source.opaque)
    }
}

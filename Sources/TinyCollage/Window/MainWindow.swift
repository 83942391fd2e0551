// The one window: a portrait column of the four areas SPEC §1 names, top to
// bottom — the header bar with Save (`buttonSaveCollage`), the preview
// (`collagePreview`), the strip (`pictureListSelected`), the gallery
// (`pictureListToSelect`) — under a toast overlay. It wires the parts to the
// controller and keeps the window's size; each part draws itself.
// Actions live in MainWindow+Actions, file drops in MainWindow+Drop.

import CGtk
import CollageCore

@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWindow>
    let controller: CollageController
    let toaster: Toaster
    let saveButton: Widget
    let title: Widget
    let preview: CollagePreview
    let strip: SelectedStrip
    let gallery: GalleryView
    let saver: SaveController
    let settingsPopover: SettingsPopover
    var actions: [String: OpaquePointer] = [:]
    /// Where the document is kept; written once more when the window closes.
    var session: SessionStore?

    init(application: UnsafeMutablePointer<GtkApplication>, controller: CollageController) {
        self.controller = controller
        window = adw_application_window_new(application)!.cast(GtkWindow.self)
        let settings = controller.settings
        gtk_window_set_default_size(window, Int32(settings.int("window-width", default: 480)),
                                    Int32(settings.int("window-height", default: 800)))
        if settings.bool("window-maximized", default: false) { gtk_window_maximize(window) }
        gtk_window_set_title(window, AppInfo.name)
        gtk_window_set_icon_name(window, AppInfo.id)

        let overlay = adw_toast_overlay_new()!
        toaster = Toaster(overlay: OpaquePointer(overlay))
        controller.toaster = toaster

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        let header = adw_header_bar_new()!
        title = adw_window_title_new(AppInfo.name, nil)!
        adw_header_bar_set_title_widget(header.opaque, title)

        saveButton = gtk_button_new_with_mnemonic(tr("_Save"))!
        addClass(saveButton, "suggested-action")
        gtk_actionable_set_action_name(saveButton.opaque, "win.save")
        gtk_widget_set_tooltip_text(saveButton, tr("Save the collage to your Pictures folder (Ctrl+S)"))
        name(saveButton, "buttonSaveCollage", label: tr("Save collage"))

        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(menuButton.opaque, "open-menu-symbolic")
        gtk_menu_button_set_menu_model(menuButton.opaque, Self.mainMenu())
        gtk_menu_button_set_primary(menuButton.opaque, 1)
        gtk_widget_set_tooltip_text(menuButton, tr("Main Menu"))
        settingsPopover = SettingsPopover(controller: controller)
        adw_header_bar_pack_start(header.opaque, settingsPopover.button)
        adw_header_bar_pack_end(header.opaque, menuButton)
        adw_header_bar_pack_end(header.opaque, saveButton)

        preview = CollagePreview(controller: controller)
        strip = SelectedStrip(controller: controller)
        gallery = GalleryView(controller: controller)
        saver = SaveController(controller: controller)

        gtk_box_append(column.cast(), header)
        gtk_box_append(column.cast(), preview.widget)
        gtk_box_append(column.cast(), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_box_append(column.cast(), strip.widget)
        gtk_box_append(column.cast(), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_box_append(column.cast(), gallery.widget)
        adw_toast_overlay_set_child(OpaquePointer(overlay), installCamera(around: column))
        adw_application_window_set_content(window.cast(), overlay)

        saver.parent = window
        saver.window = self
        preview.onRendered = { [unowned self] result in self.strip.showFailures(result) }
        preview.onTooSmall = { [unowned self] marks in self.strip.showTooSmall(marks) }
        installActions()
        installDrop(on: overlay)
        gtk_application_window_set_help_overlay(window.cast(GtkApplicationWindow.self), ShortcutsWindow.make())

        controller.store.observe { [unowned self] document, _ in self.update(document) }
        update(controller.document)
        Signals.decide(window.raw, "close-request") { [unowned self] in
            self.rememberSize()
            self.session?.flush()
            return false
        }
    }

    private func update(_ document: CollageDocument) {
        let count = document.photos.count
        let subtitle = count == 0 ? "" : trn("%s photo", "%s photos", count, String(count))
        adw_window_title_set_subtitle(title.opaque, subtitle)
        updateActions()
    }

    private func rememberSize() {
        let settings = controller.settings
        let maximized = gtk_window_is_maximized(window) != 0
        settings.setBool("window-maximized", maximized)
        guard !maximized else { return }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        if width > 0, height > 0 {
            settings.setInt("window-width", Int(width))
            settings.setInt("window-height", Int(height))
        }
    }

    private static func mainMenu() -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        let file = g_menu_new()!
        g_menu_append(file, tr("Open…"), "win.open")
        g_menu_append(file, tr("Take Photos…"), "win.take-photos")
        g_menu_append(file, tr("Save As…"), "win.save-as")
        g_menu_append(file, tr("Clear All"), "win.clear")
        let app = g_menu_new()!
        g_menu_append(app, tr("Keyboard Shortcuts"), "win.show-help-overlay")
        g_menu_append(app, tr("About TinyCollage"), "app.about")
        g_menu_append_section(menu, nil, file.cast(GMenuModel.self))
        g_menu_append_section(menu, nil, app.cast(GMenuModel.self))
        g_object_unref(file.raw)
        g_object_unref(app.raw)
        return menu.cast(GMenuModel.self)
    }
}

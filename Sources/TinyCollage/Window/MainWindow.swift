// The one window: the four areas SPEC §1 names — the header bar with Save
// (`buttonSaveCollage`), the preview (`collagePreview`) with the layout
// picker under it, the strip
// (`pictureListSelected`) and the gallery (`pictureListToSelect`) — under a
// toast overlay, plus the collage settings panel, which takes the strip's and
// gallery's place while it is open so the preview stays in view. Narrow
// windows stack it all in one portrait column; wide ones put the preview on
// the left (MainWindow+Layout). It wires the parts to the controller and
// keeps the window's size; each part draws itself. Actions live in
// MainWindow+Actions, file drops in MainWindow+Drop.

import CGtk
import CollageCore

@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWindow>
    let controller: CollageController
    let toaster: Toaster
    let saveButton: Widget
    let settingsButton: Widget
    let header: Widget
    let title: Widget
    let preview: CollagePreview
    let strip: SelectedStrip
    let gallery: GalleryView
    let saver: SaveController
    let projects: ProjectController
    let recentProjects = RecentProjects()
    let clipboard: CollageClipboard
    let settingsPanel: SettingsPanel
    let picker: LayoutPicker
    /// The preview with the layout picker under it: one region for F6.
    let previewColumn: Widget
    /// The preview and the side column, laid out by MainWindow+Layout.
    let body: Widget
    let bodySeparator: Widget
    let side: Widget
    /// The strip and gallery, or the settings panel in their place.
    let sideStack: Widget
    var isWide = false
    /// The window content's width, as last laid out.
    var contentWidth: Int32 = 0
    private var tidyScheduled = false
    var actions: [String: OpaquePointer] = [:]
    /// Where the document is kept; written once more when the window closes.
    var session: SessionStore?

    init(application: UnsafeMutablePointer<GtkApplication>, controller: CollageController) {
        self.controller = controller
        window = adw_application_window_new(application)!.cast(GtkWindow.self)
        let settings = controller.settings
        // The schema's default, or what it says when there is no schema.
        let preferred = (width: settings.defaultInt("window-width", default: 500),
                         height: settings.defaultInt("window-height", default: 720))
        let saved = settings.isSet("window-width") || settings.isSet("window-height")
            ? (width: settings.int("window-width", default: preferred.width),
               height: settings.int("window-height", default: preferred.height)) : nil
        let size = WindowSize.first(saved: saved, preferred: preferred, area: WindowSize.workArea())
        gtk_window_set_default_size(window, Int32(size.width), Int32(size.height))
        if settings.bool("window-maximized", default: false) { gtk_window_maximize(window) }
        gtk_window_set_title(window, AppInfo.name)
        gtk_window_set_icon_name(window, AppInfo.id)
        gtk_widget_set_size_request(window.widget, Int32(WindowSize.minimum.width), Int32(WindowSize.minimum.height))

        // Toasts over the preview, where they hide no control's clicks (not
        // the strip or the gallery); the announcer over everything.
        let previewToasts = adw_toast_overlay_new()!
        let screen = gtk_overlay_new()!
        tc_accessible_set_label(screen, AppInfo.name)
        toaster = Toaster(overlay: OpaquePointer(previewToasts), announcerHost: screen)
        controller.toaster = toaster

        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        header = adw_header_bar_new()!
        gtk_widget_set_name(header, "headerBar")
        title = adw_window_title_new(AppInfo.name, nil)!
        adw_header_bar_set_title_widget(header.opaque, title)

        saveButton = mnemonicButton(tr("_Save"))
        addClass(saveButton, "suggested-action")
        gtk_actionable_set_action_name(saveButton.opaque, "win.save")
        gtk_widget_set_tooltip_text(saveButton, tr("Save the collage to your Pictures folder (Ctrl+S)"))
        gtk_widget_set_name(saveButton, "buttonSaveCollage")
        tc_accessible_set_description(saveButton, tr("Saves the collage to your Pictures folder"))

        let menuButton = AccessibleTree.menuButton()
        gtk_menu_button_set_icon_name(menuButton.opaque, "open-menu-symbolic")
        handOver(Self.mainMenu(recent: recentProjects.menu)) { gtk_menu_button_set_menu_model(menuButton.opaque, $0) }
        gtk_menu_button_set_primary(menuButton.opaque, 1)
        gtk_widget_set_tooltip_text(menuButton, tr("Main Menu"))
        gtk_widget_set_name(menuButton, "mainMenu")
        AccessibleTree.label(menuButton: menuButton, tr("Main menu"))

        settingsButton = gtk_toggle_button_new()!
        gtk_button_set_icon_name(settingsButton.cast(), "emblem-system-symbolic")
        gtk_widget_set_tooltip_text(settingsButton, tr("Collage Settings (F9)"))
        name(settingsButton, "collageSettings", label: tr("Collage settings"))
        gtk_actionable_set_action_name(settingsButton.opaque, "win.settings")
        adw_header_bar_pack_start(header.opaque, settingsButton)
        adw_header_bar_pack_end(header.opaque, menuButton)
        adw_header_bar_pack_end(header.opaque, saveButton)

        preview = CollagePreview(controller: controller)
        strip = SelectedStrip(controller: controller)
        gallery = GalleryView(controller: controller)
        saver = SaveController(controller: controller)
        projects = ProjectController(controller: controller)
        clipboard = CollageClipboard(controller: controller, window: window.widget)
        settingsPanel = SettingsPanel(controller: controller)
        picker = LayoutPicker(controller: controller)

        let photos = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        // The strip keeps its height; the gallery takes what the column has left.
        gtk_widget_set_vexpand(strip.widget, 0)
        gtk_box_append(photos.cast(), strip.widget)
        gtk_box_append(photos.cast(), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_box_append(photos.cast(), gallery.widget)
        sideStack = gtk_stack_new()!
        gtk_stack_set_transition_type(sideStack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        addStackPage(sideStack, photos, name: "photos", label: tr("Photos"))
        addStackPage(sideStack, settingsPanel.widget, name: "settings", label: tr("Collage settings"))
        gtk_stack_set_vhomogeneous(sideStack.opaque, 0)
        side = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(side.cast(), sideStack)
        body = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        bodySeparator = gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)!
        adw_toast_overlay_set_child(OpaquePointer(previewToasts), preview.widget)
        gtk_widget_set_vexpand(previewToasts, 1)
        gtk_widget_set_hexpand(previewToasts, 1)
        // The layout picker right under the collage it arranges (beside it in
        // every window layout, settings open or not), below the toasts so none covers it.
        previewColumn = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(previewColumn, 1)
        gtk_box_append(previewColumn.cast(), previewToasts)
        gtk_box_append(previewColumn.cast(), picker.widget)
        gtk_box_append(body.cast(), previewColumn)
        gtk_box_append(body.cast(), bodySeparator)
        gtk_box_append(body.cast(), side)

        gtk_box_append(page.cast(), header)
        gtk_box_append(page.cast(), body)
        gtk_overlay_set_child(screen.opaque, installCamera(around: page))
        // Reports the content's size to the adaptive layout; draws nothing, takes no input.
        let sizer = gtk_drawing_area_new()!
        gtk_widget_set_can_target(sizer, 0)
        gtk_widget_set_name(sizer, "layoutSizer")
        tc_accessible_set_hidden(sizer, 1)
        gtk_overlay_add_overlay(screen.opaque, sizer)
        adw_application_window_set_content(window.cast(), screen)

        saver.parent = window
        saver.observer = { [weak self] _ in self?.updateActions() }
        saver.progress = SaveProgress(button: saveButton)
        Companion.attach(self, to: window.widget)
        installActions()
        installPrint()
        Shortcuts.installWindowKeys(on: window.widget)
        installDrop(on: screen)
        installAdaptiveLayout(sizer: sizer)
        installSettingsKeys()
        installRegionActions()
        gtk_application_window_set_help_overlay(window.cast(GtkApplicationWindow.self), ShortcutsWindow.make())

        controller.store.observe { [weak self] document, change in
            guard let self else { return }
            if change.touches(.photos) {
                self.updateSubtitle(document)
                self.tidyAccessibleTree()
            }
            self.updateActions()
            self.updateTitle()
        }
        // A project deleted since the list was made drops out as the menu opens.
        if let popover = gtk_menu_button_get_popover(menuButton.opaque) {
            Signals.plain(popover.raw, "show") { [weak self] in self?.recentProjects.rebuild() }
        }
        Signals.plain(window.raw, "map") { [weak self] in self?.tidyAccessibleTree() }
        updateSubtitle(controller.document)
        updateTitle()
        Signals.decide(window.raw, "close-request") { [weak self] in
            guard let self else { return false }
            if self.saver.isSaving {
                // Ctrl+Q or the close button a moment after Save: finish the file first.
                self.saver.closeWhenSaved = true
                return true
            }
            self.rememberSize()
            self.session?.flush()
            return false
        }
    }

    private func updateSubtitle(_ document: CollageDocument) {
        let count = document.photos.count
        let subtitle = count == 0 ? "" : trn("%s photo", "%s photos", count, String(count))
        adw_window_title_set_subtitle(title.opaque, subtitle)
        labelTitle()
    }

    /// What a screen reader says for the header's title: the project (or the app) and the photo count.
    func labelTitle() {
        let name = shownProjectName ?? AppInfo.name
        let subtitle = string(adw_window_title_get_subtitle(title.opaque)) ?? ""
        AccessibleTree.label(title, subtitle.isEmpty ? name : name + ", " + subtitle)
    }

    /// Names what GTK builds inside its widgets, once they have been made
    /// (see AccessibleTree); coalesced, a moment after the change.
    func tidyAccessibleTree() {
        guard !tidyScheduled else { return }
        tidyScheduled = true
        MainLoop.after(milliseconds: 100, on: window.widget) { [weak self] window in
            self?.tidyScheduled = false
            AccessibleTree.tidy(window)
        }
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

    private static func mainMenu(recent: OpaquePointer) -> UnsafeMutablePointer<GMenuModel> {
        let menu = g_menu_new()!
        let file = g_menu_new()!
        appendItem(file, tr("_New Collage"), "win.new-collage")
        appendItem(file, tr("_Open…"), "win.open")
        g_menu_append_submenu(file, tr("Open _Recent"), recent.cast(GMenuModel.self))
        appendItem(file, tr("_Take Photos…"), "win.take-photos")
        let saving = g_menu_new()!
        appendItem(saving, tr("Save _Project"), "win.save-project")
        appendItem(saving, tr("Save Pro_ject As…"), "win.save-project-as")
        appendItem(saving, tr("Save _As…"), "win.save-as")
        appendItem(saving, tr("Pr_int…"), "win.print")
        let edit = g_menu_new()!
        appendItem(edit, CollageClipboard.copyLabel, "win.copy")
        appendItem(edit, tr("Past_e"), "win.paste")
        appendItem(edit, tr("C_lear All"), "win.clear")
        let view = g_menu_new()!
        appendItem(view, tr("Collage _Settings"), "win.settings")
        let app = g_menu_new()!
        appendItem(app, tr("_Keyboard Shortcuts"), "win.show-help-overlay")
        appendItem(app, tr("_About TinyCollage"), "app.about")
        for section in [file, saving, edit, view, app] {
            g_menu_append_section(menu, nil, section.cast(GMenuModel.self))
            g_object_unref(section.raw)
        }
        return menu.cast(GMenuModel.self)
    }
}

// The window's actions (win.*), which the buttons, menus, shortcuts and
// toasts all use, and whether each can run now.

import CGtk
import CollageCore

extension MainWindow {
    func installActions() {
        add("save") { [weak self] _ in self?.saver.save() }
        add("save-as") { [weak self] _ in self?.saver.saveAs() }
        add("open") { [weak self] _ in self?.openFiles() }
        installProjectActions()
        add("new-collage") { [weak self] _ in self?.controller.newCollage() }
        // A run of crop keys or wheel steps not yet made a change (it waits for
        // a pause) is what Ctrl+Z means to undo: made a change first, so the
        // undo takes it back instead of the step before it.
        add("undo") { [weak self] _ in
            self?.preview.finishPendingCrop()
            self?.controller.undo()
        }
        add("redo") { [weak self] _ in
            self?.preview.finishPendingCrop()
            self?.controller.redo()
        }
        add("undo-removal", parameter: "i") { [weak self] parameter in
            guard let parameter else { return }
            self?.controller.undoRemoval(g_variant_get_int32(OpaquePointer(parameter)))
        }
        add("copy") { [weak self] _ in self?.clipboard.copy() }
        add("paste") { [weak self] _ in self?.clipboard.paste() }
        add("clear") { [weak self] _ in self?.controller.clear() }
        addToggle("settings") { [weak self] in
            guard let self else { return }
            self.showSettings(!self.isShowingSettings)
        }
        add("close") { [weak self] _ in
            guard let self else { return }
            gtk_window_close(self.window)
        }
        add("show-in-files", parameter: "s") { [weak self] parameter in
            guard let parameter, let path = string(g_variant_get_string(OpaquePointer(parameter), nil)) else { return }
            ShowInFiles.show(path) { folder in
                self?.toaster.show(tr("No app on this computer can show the folder “%s”", folder))
            }
        }
        add("open-file", parameter: "s") { [weak self] parameter in
            guard let parameter, let path = string(g_variant_get_string(OpaquePointer(parameter), nil)) else { return }
            DefaultApp.open(path) { _ in
                self?.toaster.show(tr("No app on this computer can open “%s”", FilePathText.displayText(Photo(path: path).displayName)))
            }
        }
        updateActions()
    }

    func add(_ name: String, parameter: String? = nil, _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) {
        let type = parameter.map { g_variant_type_new($0) }
        let action = g_simple_action_new(name, type ?? nil)!
        if let type { g_variant_type_free(type) }
        Signals.withPointer(action.raw, "activate", handler)
        g_action_map_add_action(OpaquePointer(window), action)
        actions[name] = action
        g_object_unref(action.raw)
    }

    /// A stateful on/off action (a toggle button in the header reflects its state).
    private func addToggle(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(0))!
        Signals.withPointer(action.raw, "activate") { _ in handler() }
        g_action_map_add_action(OpaquePointer(window), action)
        actions[name] = action
        g_object_unref(action.raw)
    }

    func updateActions() {
        let document = controller.document
        setEnabled("save", !document.photos.isEmpty && !saver.isSaving)
        setEnabled("save-as", !document.photos.isEmpty && !saver.isSaving)
        setEnabled("clear", !document.photos.isEmpty)
        setEnabled("copy", !document.photos.isEmpty)
        setEnabled("new-collage", document != CollageDocument(settings: controller.settings.collageDefaults))
        setEnabled("undo", controller.store.canUndo)
        setEnabled("redo", controller.store.canRedo)
    }

    private func setEnabled(_ name: String, _ enabled: Bool) {
        if let action = actions[name] { g_simple_action_set_enabled(action, enabled ? 1 : 0) }
    }

    func openFiles() {
        FileChooser.openImages(parent: window) { [weak self] paths in
            self?.open(OpenedFiles(paths: paths))
        }
    }
}

// "Show Whole" for one photo in the preview (issue 23): a check item in the
// photo's menu, the W key on the focused photo and the `cell.show-whole`
// action a screen reader can call all flip the photo's own fit between
// shown whole (contain) and filling its cell (cover), one undo step each.
// The photo's own fit wins over the collage's "for all" setting (the
// settings panel's); drawing it is the Compositor's, the geometry of pan
// and zoom inside it CollageCore's Crop.

import CGtk
import CollageCore

extension CollagePreview {
    /// Adds the photo's stateful `show-whole` action to its cell's `actions`.
    func installWholeAction(for id: Photo.ID, in actions: OpaquePointer, on cell: Widget) {
        let whole = g_simple_action_new_stateful("show-whole", nil, g_variant_new_boolean(isWhole(id) ? 1 : 0))!
        Signals.withPointer(whole.raw, "activate") { [weak self] _ in self?.toggleWhole(id) }
        g_action_map_add_action(actions, whole)
        wholeActions[id] = whole
        Companion.onDestroy(cell) { [weak self] in self?.wholeActions[id] = nil }
        g_object_unref(whole.raw)
    }

    /// Whether the photo is drawn whole now (its own fit, else the collage's).
    func isWhole(_ id: Photo.ID) -> Bool {
        guard let photo = controller.document.photo(id: id) else { return false }
        return photo.fit(in: controller.document.settings.style) == .contain
    }

    /// Shows the photo whole if it fills its cell, else fills the cell; its crop (a zoom, a pan) is kept.
    func toggleWhole(_ id: Photo.ID) {
        guard controller.document.photo(id: id) != nil else { return }
        // A pan or zoom still waiting for its pause is an edit of its own, before this one.
        finishPendingCrop()
        liveCrop = nil
        controller.store.setFit(isWhole(id) ? .cover : .contain, for: id)
        syncWholeState(id)
    }

    /// The menu's check mark follows the document (an undo changes it too).
    func syncWholeState(_ id: Photo.ID) {
        guard let action = wholeActions[id] else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(isWhole(id) ? 1 : 0))
    }

    /// The check item in the photo's menu.
    func appendWholeItem(for id: Photo.ID, to model: OpaquePointer) {
        syncWholeState(id)
        appendItem(model, tr("Show _Whole"), "cell.show-whole")
    }
}

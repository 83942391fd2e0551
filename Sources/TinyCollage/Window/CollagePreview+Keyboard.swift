// The preview for the keyboard and for screen readers: each photo in the
// collage has a focusable cell over it (Tab and Shift+Tab go from photo to
// photo), named by its file and describing where it is and any warning.
// On a focused cell the arrow keys move the photo inside it, + and − zoom it,
// 0 resets it: the same crop changes a pointer makes, and key presses in
// quick succession are one undo step. Alt+arrows swap it with its neighbour
// and the Menu key opens its menu (CollagePreview+Swap). The cells let the pointer through
// (can-target off), so drags and the wheel still reach the preview under them.

import CGtk
import CollageCore
import CollageRender

/// How far an arrow key moves a photo: this share of its cell.
private let keyPanShare = 0.1
/// How much + or − zooms, per press.
private let keyZoomStep = 1.25
/// Presses less than this apart make one undo step.
private let keyCommitMilliseconds: UInt32 = 700

extension CollagePreview {
    func installKeyboardCells() {
        cellLayer = OrderedFixed.make()
        gtk_widget_set_name(cellLayer!, "previewCells")
        tc_accessible_set_label(cellLayer!, tr("Photos in the collage"))
        gtk_overlay_add_overlay(surface.opaque, cellLayer!)
    }

    /// One focusable cell per drawn photo, where the last render put it.
    func placeKeyboardCells(_ result: RenderResult) {
        guard let layer = cellLayer else { return }
        let document = controller.document
        let drawn = document.photos.filter { result.cells[$0.id] != nil }
        // Cells are kept per photo, so a focused photo keeps its focus through a reorder.
        for (id, cell) in keyboardCells where !drawn.contains(where: { $0.id == id }) {
            gtk_fixed_remove(layer.cast(), cell)
            keyboardCells[id] = nil
        }
        guard let frame = imageFrame(in: layer) else { return }
        var previous: Widget?
        for (index, photo) in drawn.enumerated() {
            guard let rect = result.cells[photo.id] else { continue }
            let cell = keyboardCells[photo.id] ?? makeKeyboardCell(for: photo.id, in: layer)
            gtk_fixed_move(layer.cast(), cell, frame.x + Double(rect.x) * frame.scale, frame.y + Double(rect.y) * frame.scale)
            gtk_widget_set_size_request(cell, Int32((Double(rect.width) * frame.scale).rounded()),
                                        Int32((Double(rect.height) * frame.scale).rounded()))
            // Tab follows the collage's order.
            gtk_widget_insert_after(cell, layer, previous)
            previous = cell
            describeKeyboardCell(cell, photo: photo, index: index, count: drawn.count)
        }
        // The dividers come after the photos in the Tab order.
        placeDividerHandles(result, after: previous)
    }

    private func makeKeyboardCell(for id: Photo.ID, in layer: Widget) -> Widget {
        // A drawing area (an image to assistive technologies) that draws
        // nothing: unlike a box, it takes the focus itself.
        let cell = tc_drawing_area_new_with_role(GTK_ACCESSIBLE_ROLE_IMG)!
        addClass(cell, "preview-cell")
        gtk_widget_set_focusable(cell, 1)
        gtk_widget_set_can_target(cell, 0)
        gtk_widget_set_name(cell, "previewCell")
        tc_accessible_set_key_shortcuts(cell, "Left Right Up Down plus minus 0 w Alt+Left Alt+Right Alt+Up Alt+Down Menu")
        let keys = gtk_event_controller_key_new()!
        Signals.key(keys.raw) { [weak self] keyval, _, state in
            guard let self else { return false }
            return self.cellKey(id, keyval: keyval, state: state)
        }
        gtk_widget_add_controller(cell, keys)
        installCellMenu(for: id, on: cell)
        gtk_fixed_put(layer.cast(), cell, 0, 0)
        keyboardCells[id] = cell
        return cell
    }

    private func describeKeyboardCell(_ cell: Widget, photo: Photo, index: Int, count: Int) {
        tc_accessible_set_label(cell, photo.displayName)
        let place = tr("Photo %s of %s in the collage. Arrow keys move it in its cell, plus and minus zoom, 0 resets, W shows it whole or fills the cell; Alt with an arrow key swaps it with its neighbour, the Menu key offers more.",
                       String(index + 1), String(count))
        let warning = controller.facts.tooSmall[photo.id]
        // (A tooltip would replace this description: GTK 4.8 says tooltips as descriptions.)
        tc_accessible_set_description(cell, warning.map { place + " " + $0 } ?? place)
    }

    /// Gives the keyboard to the cell of `id` (after a re-render it is the same widget).
    func focusKeyboardCell(_ id: Photo.ID) {
        if let cell = keyboardCells[id] { gtk_widget_grab_focus(cell) }
    }

    private func cellKey(_ id: Photo.ID, keyval: UInt32, state: GdkModifierType) -> Bool {
        let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
        // Alt alone: Ctrl+Alt+arrows are GNOME Shell's (workspaces).
        if modifiers == GDK_ALT_MASK.rawValue, let direction = SwapDirection(keyval: keyval) {
            return swapNeighbour(of: id, direction)
        }
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        if modifiers == 0, Int32(keyval) == GDK_KEY_Menu || (Int32(keyval) == GDK_KEY_F10 && shift) {
            popUpCellMenu(for: id)
            return true
        }
        guard modifiers == 0 else { return false }
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: return nudge(id) { crop, target in target.panned(crop, dx: -target.area.size.pan, dy: 0) }
        case GDK_KEY_Right, GDK_KEY_KP_Right: return nudge(id) { crop, target in target.panned(crop, dx: target.area.size.pan, dy: 0) }
        case GDK_KEY_Up, GDK_KEY_KP_Up: return nudge(id) { crop, target in target.panned(crop, dx: 0, dy: -target.area.size.panY) }
        case GDK_KEY_Down, GDK_KEY_KP_Down: return nudge(id) { crop, target in target.panned(crop, dx: 0, dy: target.area.size.panY) }
        case GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add:
            return nudge(id) { crop, target in target.zoomed(crop, by: keyZoomStep, atX: target.area.centreX, target.area.centreY) }
        case GDK_KEY_minus, GDK_KEY_KP_Subtract, GDK_KEY_underscore:
            return nudge(id) { crop, target in target.zoomed(crop, by: 1 / keyZoomStep, atX: target.area.centreX, target.area.centreY) }
        case GDK_KEY_w, GDK_KEY_W:
            toggleWhole(id)
            return true
        case GDK_KEY_0, GDK_KEY_KP_0:
            finishPendingCrop()
            liveCrop = nil
            controller.store.setCrop(Crop(), for: id)
            return true
        default:
            return false
        }
    }

    /// Changes the crop of `id` as shown, then makes it a change of the
    /// document once the keys pause (one undo step for a run of presses).
    private func nudge(_ id: Photo.ID, _ change: (Crop, CropGesture) -> Crop) -> Bool {
        guard let result = lastResult, let cell = result.cells[id], let image = result.originalSizes[id],
              let photo = controller.document.photo(id: id) else { return true }
        let current = liveCrop?.id == id ? liveCrop!.crop : photo.crop
        let target = cropGesture(photo, cell: cell, image: image, start: current, result: result, scale: 1)
        showLiveCrop(id, change(current, target), commitAfter: keyCommitMilliseconds)
        return true
    }
}

private extension CellRect {
    var centreX: Double { Double(x) + Double(width) / 2 }
    var centreY: Double { Double(y) + Double(height) / 2 }
}

private extension PixelSize {
    /// An arrow key's step across and down, in the cell's pixels.
    var pan: Double { Double(width) * keyPanShare }
    var panY: Double { Double(height) * keyPanShare }
}

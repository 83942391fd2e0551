// Swapping two photos in the preview (issue 18). A drag that leaves its own
// cell for another photo swaps the two when it ends: while it runs the photo
// under the pointer is marked as the target and the dragged one follows the
// pointer, faded; back inside its own cell (or over no photo) the drag pans,
// as before. On a focused photo Alt+arrows swap it with the neighbouring
// cell in that direction (by where the cells are, not their order), and its
// menu (Menu key, Shift+F10, right-click) has "Swap With" listing the other
// photos by name, for a screen reader. Each swap is one undo step, the
// controller's; the strip follows the document.

import CGtk
import CollageCore
import CollageRender

/// What a swap drag shows: its target, the mark on it, and the faded copy following the pointer.
struct SwapState {
    /// Where the drag began, in the preview area's coordinates.
    var start: (x: Double, y: Double)?
    var target: Photo.ID?
    var layer: Widget?
    var mark: Widget?
    var follower: Widget?
    var followerTexture: Texture?
}

/// The dragged photo's copy is this much of its cell's size.
private let followerScale = 0.5

enum SwapDirection {
    case left, right, up, down

    init?(keyval: UInt32) {
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: self = .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: self = .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: self = .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: self = .down
        default: return nil
        }
    }
}

extension CollagePreview {
    func installSwap() {
        let layer = gtk_fixed_new()!
        gtk_widget_set_can_target(layer, 0)
        tc_accessible_set_hidden(layer, 1)
        gtk_overlay_add_overlay(surface.opaque, layer)
        swap.layer = layer
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(secondary.opaque, UInt32(GDK_BUTTON_SECONDARY))
        Signals.press(secondary.raw, "pressed") { [weak self] _, x, y in
            guard let self, let target = self.photo(atX: x, y: y) else { return }
            self.popUpCellMenu(for: target.id, atX: x, y: y)
        }
        gtk_widget_add_controller(surface, secondary.opaque)
    }

    /// During a drag of `gesture`'s photo with the pointer at (x, y): true
    /// when it is over another photo (a swap, shown), false when it pans.
    func followSwap(_ gesture: CropGesture, pointerX x: Double, y: Double) -> Bool {
        guard let over = photo(atX: x, y: y), over.id != gesture.id else {
            hideSwap()
            return false
        }
        if liveCrop.map({ $0.id != gesture.id || $0.crop != gesture.start }) ?? true { liveCrop = (gesture.id, gesture.start) }
        showSwap(of: gesture, onto: over, pointerX: x, y: y)
        return true
    }

    private func showSwap(of gesture: CropGesture, onto over: CropGesture, pointerX x: Double, y: Double) {
        guard let layer = swap.layer, let frame = imageFrame(in: layer), let start = swap.start else { return }
        func widgetRect(_ cell: CellRect) -> (x: Double, y: Double, width: Int32, height: Int32) {
            (frame.x + Double(cell.x) * frame.scale, frame.y + Double(cell.y) * frame.scale,
             Int32((Double(cell.width) * frame.scale).rounded()), Int32((Double(cell.height) * frame.scale).rounded()))
        }
        if swap.mark == nil {
            let mark = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            addClass(mark, "swap-target")
            gtk_fixed_put(layer.cast(), mark, 0, 0)
            swap.mark = mark
        }
        if swap.follower == nil, let result = lastResult, let image = Self.crop(result.image, to: gesture.cell) {
            let texture = Texture(image)
            let follower = gtk_picture_new_for_paintable(texture.paintable)!
            addClass(follower, "swap-follower")
            gtk_picture_set_can_shrink(follower.opaque, 1)
            gtk_fixed_put(layer.cast(), follower, 0, 0)
            swap.follower = follower
            swap.followerTexture = texture
        }
        let target = widgetRect(over.cell)
        if let mark = swap.mark {
            gtk_fixed_move(layer.cast(), mark, target.x, target.y)
            gtk_widget_set_size_request(mark, target.width, target.height)
        }
        if let follower = swap.follower {
            // Smaller than its cell, so the target shows around it; held where it was grabbed.
            let own = widgetRect(gesture.cell)
            let s = followerScale
            gtk_fixed_move(layer.cast(), follower, x - (start.x - own.x) * s, y - (start.y - own.y) * s)
            gtk_widget_set_size_request(follower, Int32(Double(own.width) * s), Int32(Double(own.height) * s))
        }
        swap.target = over.id
    }

    func hideSwap() {
        if let layer = swap.layer {
            for widget in [swap.mark, swap.follower].compactMap({ $0 }) { gtk_fixed_remove(layer.cast(), widget) }
        }
        swap.mark = nil
        swap.follower = nil
        swap.followerTexture = nil
        swap.target = nil
    }

    /// Ends a drag that is a swap: the two photos trade places. False when it was no swap.
    func finishSwap(of id: Photo.ID) -> Bool {
        guard let target = swap.target else { return false }
        hideSwap()
        swap.start = nil
        liveCrop = nil
        let document = controller.document
        if let first = document.index(of: id), let second = document.index(of: target) {
            controller.swap(first, second)
        }
        return true
    }

    /// The part of `image` in `cell`, as an image of its own.
    private static func crop(_ image: CairoImage, to cell: CellRect) -> CairoImage? {
        guard let part = CairoImage.make(width: max(1, cell.width), height: max(1, cell.height), opaque: false) else {
            return nil
        }
        let cr = cairo_create(part.surface)!
        cairo_set_source_surface(cr, image.surface, -Double(cell.x), -Double(cell.y))
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(part.surface)
        return part
    }

    // MARK: The keyboard

    /// Alt+arrow on a focused photo: swaps it with the nearest cell that way.
    func swapNeighbour(of id: Photo.ID, _ direction: SwapDirection) -> Bool {
        guard let result = lastResult, let mine = result.cells[id] else { return true }
        finishPendingCrop()
        func centre(_ r: CellRect) -> (Double, Double) { (Double(r.x) + Double(r.width) / 2, Double(r.y) + Double(r.height) / 2) }
        let (cx, cy) = centre(mine)
        var best: (Photo.ID, Double)?
        for (other, cell) in result.cells where other != id {
            let beyond: Bool
            let overlaps: Bool
            switch direction {
            case .left: beyond = cell.maxX <= mine.x; overlaps = cell.y < mine.maxY && mine.y < cell.maxY
            case .right: beyond = cell.x >= mine.maxX; overlaps = cell.y < mine.maxY && mine.y < cell.maxY
            case .up: beyond = cell.maxY <= mine.y; overlaps = cell.x < mine.maxX && mine.x < cell.maxX
            case .down: beyond = cell.y >= mine.maxY; overlaps = cell.x < mine.maxX && mine.x < cell.maxX
            }
            guard beyond else { continue }
            let (ox, oy) = centre(cell)
            // A cell beside this one's edge comes before one only diagonally that way.
            let distance = (overlaps ? 0 : 1e9) + ((ox - cx) * (ox - cx) + (oy - cy) * (oy - cy)).squareRoot()
            if best == nil || distance < best!.1 { best = (other, distance) }
        }
        guard let (other, _) = best, let first = controller.document.index(of: id),
              let second = controller.document.index(of: other) else { return true }
        controller.swap(first, second)
        return true
    }

    // MARK: The photo's menu

    /// The actions of a photo's menu in the preview, on its keyboard cell.
    func installCellMenu(for id: Photo.ID, on cell: Widget) {
        let actions = g_simple_action_group_new()!.opaque
        let type = g_variant_type_new("s")
        let swapWith = g_simple_action_new("swap-with", type)!
        g_variant_type_free(type)
        Signals.withPointer(swapWith.raw, "activate") { [weak self] parameter in
            guard let self, let parameter, let text = string(g_variant_get_string(OpaquePointer(parameter), nil)),
                  let first = self.controller.document.index(of: id),
                  let second = self.controller.document.photos.firstIndex(where: { $0.id.uuidString == text }) else { return }
            self.controller.swap(first, second)
        }
        g_action_map_add_action(actions, swapWith)
        g_object_unref(swapWith.raw)
        let reset = g_simple_action_new("reset-crop", nil)!
        Signals.withPointer(reset.raw, "activate") { [weak self] _ in
            guard let self else { return }
            self.finishPendingCrop()
            self.liveCrop = nil
            self.controller.store.setCrop(Crop(), for: id)
        }
        g_action_map_add_action(actions, reset)
        g_object_unref(reset.raw)
        installWholeAction(for: id, in: actions, on: cell)
        // What the Menu key does, as an action a screen reader can call (AT-SPI lists a widget's actions).
        let menu = g_simple_action_new("menu", nil)!
        Signals.withPointer(menu.raw, "activate") { [weak self] _ in self?.popUpCellMenu(for: id) }
        g_action_map_add_action(actions, menu)
        g_object_unref(menu.raw)
        gtk_widget_insert_action_group(cell, "cell", actions)
        g_object_unref(actions.raw)
    }

    /// Opens the photo's menu, made once per cell and unparented when the cell goes.
    func popUpCellMenu(for id: Photo.ID, atX x: Double? = nil, y: Double? = nil) {
        guard let cell = keyboardCells[id] else { return }
        let popover: Widget
        if let made = cellMenus[id] {
            popover = made
        } else {
            popover = gtk_popover_menu_new_from_model(nil)!
            gtk_popover_set_has_arrow(popover.cast(), 0)
            gtk_widget_set_parent(popover, cell)
            g_object_ref_sink(popover.raw)
            Companion.onDestroy(cell) { [weak self] in
                if gtk_widget_get_parent(popover) != nil { gtk_widget_unparent(popover) }
                g_object_unref(popover.raw)
                self?.cellMenus[id] = nil
            }
            cellMenus[id] = popover
        }
        let document = controller.document
        let model = g_menu_new()!
        let others = g_menu_new()!
        for (index, photo) in document.photos.enumerated() where photo.id != id {
            let item = g_menu_item_new(tr("%s, photo %s", photo.displayName, String(index + 1)), nil)!
            g_menu_item_set_action_and_target_value(item, "cell.swap-with", g_variant_new_string(photo.id.uuidString))
            handOver(item) { g_menu_append_item(others, $0) }
        }
        handOver(others) { g_menu_append_submenu(model, tr("_Swap With"), $0.cast(GMenuModel.self)) }
        appendWholeItem(for: id, to: model)
        appendItem(model, tr("_Reset Crop"), "cell.reset-crop")
        appendItem(model, CollageClipboard.copyLabel, "win.copy")
        handOver(model) { gtk_popover_menu_set_menu_model(popover.opaque, $0.cast(GMenuModel.self)) }
        var rect = GdkRectangle(x: 0, y: 0, width: gtk_widget_get_width(cell), height: gtk_widget_get_height(cell))
        if let x, let y {
            var point = graphene_point_t(x: Float(x), y: Float(y)), local = graphene_point_t()
            if gtk_widget_compute_point(surface, cell, &point, &local) != 0 {
                rect = GdkRectangle(x: Int32(local.x), y: Int32(local.y), width: 1, height: 1)
            }
        }
        gtk_popover_set_pointing_to(popover.cast(), &rect)
        // Its items are made anew with each model: named before it shows.
        AccessibleTree.tidy(popover)
        gtk_popover_popup(popover.cast())
    }
}

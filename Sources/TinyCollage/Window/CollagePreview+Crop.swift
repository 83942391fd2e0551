// Choosing the crop of each photo in the preview: drag a photo inside its
// cell to move what part shows, scroll or pinch to zoom it (never below
// filling the cell), double-click to reset. While a gesture runs the preview
// shows the crop live; when it ends the crop becomes one undoable change of
// the document. The geometry is CollageCore's Crop; this maps the pointer
// from the widget to the rendered collage's pixels and back.

import CGtk
import CollageCore
import CollageRender

/// The photo a pan or zoom works on, in the rendered preview's pixels.
struct CropGesture {
    let id: Photo.ID
    let cell: CellRect
    /// Where the photo's pixels go: the cell inside its border, as the
    /// renderer draws it (CollageStyle.photoArea); pans and zooms work here.
    let area: CellRect
    /// The photo's fit (its own, else the collage's): a photo shown whole
    /// zooms from its whole extent.
    let fit: PhotoFit
    let image: PixelSize
    let start: Crop
    /// Widget pixels per preview pixel.
    let scale: Double

    func panned(_ crop: Crop, dx: Double, dy: Double) -> Crop {
        crop.panned(dx: dx, dy: dy, image: image, cell: area.size, fit: fit)
    }

    /// Zoomed about (px, py) in the preview's pixels from the collage's top left.
    func zoomed(_ crop: Crop, by factor: Double, atX px: Double, _ py: Double) -> Crop {
        crop.zoomed(by: factor, at: px - Double(area.x), py - Double(area.y), image: image, cell: area.size, fit: fit)
    }
}

extension CollagePreview {
    /// Where the preview image sits in `widget`'s coordinates, and its scale.
    func imageFrame(in widget: Widget) -> (x: Double, y: Double, scale: Double)? {
        guard let texture, texture.width > 0, texture.height > 0 else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(picture, widget, &bounds) != 0 else { return nil }
        let w = Double(bounds.size.width), h = Double(bounds.size.height)
        let scale = min(w / Double(texture.width), h / Double(texture.height))
        return (Double(bounds.origin.x) + (w - Double(texture.width) * scale) / 2,
                Double(bounds.origin.y) + (h - Double(texture.height) * scale) / 2, scale)
    }

    /// The photo under (x, y) of the preview area, if any.
    func photo(atX x: Double, y: Double) -> CropGesture? {
        guard let result = lastResult, let frame = imageFrame(in: surface) else { return nil }
        let px = (x - frame.x) / frame.scale, py = (y - frame.y) / frame.scale
        guard let (id, cell) = result.cells.first(where: { $0.value.contains(x: px, y: py) }),
              let image = result.originalSizes[id], let photo = controller.document.photo(id: id) else { return nil }
        return cropGesture(photo, cell: cell, image: image, start: photo.crop, result: result, scale: frame.scale)
    }

    /// The gesture on `photo` in `cell` of `result`, starting from `start`.
    func cropGesture(_ photo: Photo, cell: CellRect, image: PixelSize, start: Crop, result: RenderResult,
                     scale: Double) -> CropGesture {
        let style = controller.document.settings.style
        return CropGesture(id: photo.id, cell: cell, area: style.photoArea(of: cell, scale: result.scale),
                           fit: photo.fit(in: style), image: image, start: start, scale: scale)
    }

    func installCropGestures() {
        let drag = gtk_gesture_drag_new()!
        // A divider near the pointer takes the drag before the photo under it (CollagePreview+Dividers).
        Signals.point(drag.raw, "drag-begin") { [weak self] x, y in
            guard let self, !self.beginDividerDrag(atX: x, y: y) else { return }
            self.beginPan(atX: x, y: y)
        }
        Signals.point(drag.raw, "drag-update") { [weak self] dx, dy in
            guard let self else { return }
            self.dividerDrag != nil ? self.dragDivider(dx: dx, dy: dy) : self.pan(dx: dx, dy: dy)
        }
        Signals.point(drag.raw, "drag-end") { [weak self] _, _ in
            guard let self else { return }
            self.dividerDrag != nil ? self.endDividerDrag() : self.endGesture()
        }
        gtk_widget_add_controller(surface, drag.opaque)

        // GTK 4 scroll events carry no pointer position: the motion
        // controller below keeps the last one.
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signals.scroll(scroll.raw) { [weak self] _, dy in
            guard let self, let pointer = self.pointer, dy != 0 else { return false }
            return self.zoom(by: dy < 0 ? 1.1 : 1 / 1.1, atX: pointer.x, y: pointer.y, commitAfter: 400)
        }
        gtk_widget_add_controller(surface, scroll)

        let pinch = gtk_gesture_zoom_new()!
        var pinchStart: (x: Double, y: Double)?
        Signals.withPointer(pinch.raw, "begin") { [weak self] _ in
            guard let self else { return }
            var x = 0.0, y = 0.0
            if gtk_gesture_get_bounding_box_center(pinch.opaque, &x, &y) != 0 {
                pinchStart = (x, y)
                self.gesture = self.photo(atX: x, y: y)
            }
        }
        Signals.withDouble(pinch.raw, "scale-changed") { [weak self] factor in
            guard let self, let gesture = self.gesture, let start = pinchStart,
                  let frame = self.imageFrame(in: self.surface) else { return }
            let px = (start.x - frame.x) / frame.scale, py = (start.y - frame.y) / frame.scale
            self.liveCrop = (gesture.id, gesture.zoomed(gesture.start, by: factor, atX: px, py))
        }
        Signals.withPointer(pinch.raw, "end") { [weak self] _ in self?.endGesture() }
        gtk_widget_add_controller(surface, pinch.opaque)

        let doubleClick = gtk_gesture_click_new()!
        Signals.press(doubleClick.raw, "pressed") { [weak self] presses, x, y in
            guard let self, presses == 2 else { return }
            if let divider = self.divider(atX: x, y: y) {
                self.resetDivider(divider)
            } else {
                self.resetCrop(atX: x, y: y)
            }
        }
        gtk_widget_add_controller(surface, doubleClick.opaque)

        let motion = gtk_event_controller_motion_new()!
        let moved: Signals.Point = { [weak self] x, y in
            guard let self else { return }
            self.pointer = (x, y)
            let divider = self.dividerDrag?.divider ?? (self.gesture == nil ? self.divider(atX: x, y: y) : nil)
            gtk_widget_set_cursor_from_name(self.surface, divider.map(Self.cursorName)
                                            ?? (self.gesture != nil ? "grabbing" : self.photo(atX: x, y: y) != nil ? "grab" : nil))
        }
        Signals.point(motion.raw, "enter", moved)
        Signals.point(motion.raw, "motion", moved)
        Signals.plain(motion.raw, "leave") { [weak self] in self?.pointer = nil }
        gtk_widget_add_controller(surface, motion)
    }

    // MARK: What the gestures (and keys) do

    func beginPan(atX x: Double, y: Double) {
        // A wheel or key run still waiting for its pause is the user's edit too: it goes in first.
        finishPendingCrop()
        gesture = photo(atX: x, y: y)
        swap.start = (x, y)
        if gesture != nil { gtk_widget_set_cursor_from_name(surface, "grabbing") }
    }

    /// The pointer moved (dx, dy) widget pixels since the pan began: over
    /// another photo that is a swap (CollagePreview+Swap), else a pan.
    func pan(dx: Double, dy: Double) {
        guard let gesture else { return }
        if let start = swap.start, followSwap(gesture, pointerX: start.x + dx, y: start.y + dy) { return }
        liveCrop = (gesture.id, gesture.panned(gesture.start, dx: dx / gesture.scale, dy: dy / gesture.scale))
    }

    /// Ends a pan or pinch: what was shown becomes the photo's crop, or the
    /// two photos trade places when the drag ended on another.
    func endGesture() {
        let dragged = gesture?.id
        gesture = nil
        if let dragged, finishSwap(of: dragged) {
            gtk_widget_set_cursor_from_name(surface, nil)
            return
        }
        swap.start = nil
        gtk_widget_set_cursor_from_name(surface, nil)
        guard let live = liveCrop else { return }
        controller.store.setCrop(live.crop, for: live.id)
        liveCrop = nil
    }

    /// Makes a crop still waiting for its keys or wheel steps to pause a
    /// change of the document now (before an undo or redo); a drag still
    /// under way is left to its end.
    func finishPendingCrop() {
        guard gesture == nil, liveCrop != nil else { return }
        endGesture()
    }

    /// A wheel step: zooms the photo under the pointer about the pointer.
    /// Steps in quick succession become one change of the document.
    @discardableResult
    func zoom(by factor: Double, atX x: Double, y: Double, commitAfter milliseconds: UInt32) -> Bool {
        guard let target = photo(atX: x, y: y), let frame = imageFrame(in: surface) else { return false }
        let current = liveCrop?.id == target.id ? liveCrop!.crop : target.start
        let px = (x - frame.x) / frame.scale, py = (y - frame.y) / frame.scale
        showLiveCrop(target.id, target.zoomed(current, by: factor, atX: px, py),
                     commitAfter: milliseconds)
        return true
    }

    /// Shows `crop` for `id` at once and makes it a change of the document
    /// when no further step has come for `milliseconds` (wheel steps or keys:
    /// one undo step for a run of them).
    func showLiveCrop(_ id: Photo.ID, _ crop: Crop, commitAfter milliseconds: UInt32) {
        if let live = liveCrop, live.id != id { finishPendingCrop() }
        liveCrop = (id, crop)
        zoomGeneration += 1
        let generation = zoomGeneration
        MainLoop.after(milliseconds: milliseconds) { [weak self] in
            guard let self, self.zoomGeneration == generation, self.gesture == nil else { return }
            self.endGesture()
        }
    }

    func resetCrop(atX x: Double, y: Double) {
        guard let target = photo(atX: x, y: y) else { return }
        finishPendingCrop()
        liveCrop = nil
        controller.store.setCrop(Crop(), for: target.id)
    }

    // MARK: Too small

    /// Marks each cell whose photo is enlarged beyond its real pixels at the
    /// output size, with a tooltip giving both sizes.
    func showTooSmall(_ result: RenderResult) {
        var child = gtk_widget_get_first_child(marks)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            gtk_fixed_remove(marks.cast(), current)
        }
        var tooSmall: [Photo.ID: String] = [:]
        defer { controller.facts.setTooSmall(tooSmall) }
        guard let frame = imageFrame(in: marks), let texture else { return }
        let document = controller.document
        let toOutput = Double(document.settings.outputSize.width) / Double(texture.width)
        for (id, cell) in result.cells {
            guard let photo = document.photo(id: id), let image = result.originalSizes[id] else { continue }
            let shown = PixelSize(width: Int((Double(cell.width) * toOutput).rounded()),
                                  height: Int((Double(cell.height) * toOutput).rounded()))
            guard Enlargement.isTooSmall(image: image, cell: shown, crop: photo.crop) else { continue }
            let factor = Enlargement.factor(image: image, cell: shown, crop: photo.crop)
            let needed = PixelSize(width: Int((Double(image.width) * factor).rounded()),
                                   height: Int((Double(image.height) * factor).rounded()))
            let times = Enlargement.text(factor)
            let text = tr("“%s” is only %s pixels: it is enlarged %s× to %s in this collage",
                          photo.displayName, image.description, times, needed.description)
            tooSmall[id] = text
            // A tag that reads as information, not a button: how much it is enlarged.
            let mark = gtk_label_new(times + "×")!
            addClass(mark, "too-small-mark")
            gtk_widget_set_tooltip_text(mark, text)
            tc_accessible_set_hidden(mark, 1)  // the photo's cell says it (CollagePreview+Keyboard)
            gtk_fixed_put(marks.cast(), mark, frame.x + Double(cell.x) * frame.scale + 6,
                          frame.y + Double(cell.y) * frame.scale + 6)
        }
    }
}

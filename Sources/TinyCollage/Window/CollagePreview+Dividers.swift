// The lines between columns, rows, or the large photo and the rest, moved in
// the preview (issue 18). With the pointer: within `dividerReach` of a line
// (or over the gap it stands in) the cursor turns to col-resize or
// row-resize, a drag moves the line live and its end is one undo step, and a
// double-click gives the split its own sizes back. Dividers take the pointer
// before the pan and before the collage's drag-out. For the keyboard and
// screen readers each line is a focusable separator with a value (where it
// stands in its split, in percent) after the photos in the Tab order: arrows
// move it 1 %, with Shift 10 %, Home puts it back; a screen reader sets the
// value. Where the lines are, and the 10 % floor, are CollageLayout's.

import CGtk
import CollageCore
import CollageRender

/// A divider being dragged: where it was, and the scale to the preview's pixels.
struct DividerDrag {
    let divider: Divider
    let shape: String
    /// Widget pixels per preview pixel.
    let scale: Double
}

/// Widget pixels either side of a line within which the pointer takes it.
private let dividerReach = 6.0
/// A divider's handle for the keyboard is at least this thick, in widget pixels.
private let handleThickness = 8.0
/// Key presses less than this apart move a line in one undo step.
private let dividerCommitMilliseconds: UInt32 = 700

extension CollagePreview {
    /// The divider under (x, y) of the preview area, if any: the nearest
    /// within reach, the outer split's when two are as near.
    func divider(atX x: Double, y: Double) -> Divider? {
        guard let result = lastResult, let frame = imageFrame(in: surface) else { return nil }
        let px = (x - frame.x) / frame.scale, py = (y - frame.y) / frame.scale
        var best: (Divider, Double)?
        for divider in result.dividers {
            let along = divider.axis == .across ? px : py
            let across = divider.axis == .across ? py : px
            let span = divider.axis == .across
                ? (Double(divider.line.y), Double(divider.line.maxY)) : (Double(divider.line.x), Double(divider.line.maxX))
            guard across >= span.0, across < span.1 else { continue }
            let distance = abs(along - divider.position)
            let reach = max(dividerReach / frame.scale, Double(divider.gap) / 2)
            if distance <= reach, best == nil || distance < best!.1 { best = (divider, distance) }
        }
        return best?.0
    }

    static func cursorName(for divider: Divider) -> String {
        divider.axis == .across ? "col-resize" : "row-resize"
    }

    /// Starts moving the divider under (x, y); false when there is none.
    func beginDividerDrag(atX x: Double, y: Double) -> Bool {
        guard let divider = divider(atX: x, y: y), let result = lastResult,
              let frame = imageFrame(in: surface) else { return false }
        finishPendingCrop()
        dividerDrag = DividerDrag(divider: divider, shape: result.shape, scale: frame.scale)
        gtk_widget_set_cursor_from_name(surface, Self.cursorName(for: divider))
        return true
    }

    /// The pointer moved (dx, dy) widget pixels since the divider drag began.
    func dragDivider(dx: Double, dy: Double) {
        guard let drag = dividerDrag else { return }
        let moved = (drag.divider.axis == .across ? dx : dy) / drag.scale
        liveProportions = (drag.divider.path, drag.shape, drag.divider.weights(movedTo: drag.divider.position + moved))
    }

    /// Ends a divider drag: what was shown becomes one change of the document.
    func endDividerDrag() {
        dividerDrag = nil
        gtk_widget_set_cursor_from_name(surface, nil)
        commitLiveProportions()
    }

    func commitLiveProportions() {
        guard let live = liveProportions else { return }
        liveProportions = nil
        controller.setProportions(split: live.path, shape: live.shape, to: live.weights)
    }

    /// Gives the divider's split its own sizes back.
    func resetDivider(_ divider: Divider) {
        guard let shape = lastResult?.shape else { return }
        liveProportions = nil
        controller.setProportions(split: divider.path, shape: shape, to: nil)
    }

    // MARK: For the keyboard and screen readers

    private static func key(_ divider: Divider) -> String { "\(divider.path)#\(divider.index)" }

    /// One focusable separator per divider of the last render, over its
    /// line, after the photos' cells in the Tab order (`after`).
    func placeDividerHandles(_ result: RenderResult, after last: Widget?) {
        guard let layer = cellLayer else { return }
        let keys = Set(result.dividers.map(Self.key))
        for (key, handle) in dividerHandles where !keys.contains(key) {
            gtk_fixed_remove(layer.cast(), handle)
            dividerHandles[key] = nil
        }
        guard let frame = imageFrame(in: layer) else { return }
        placingDividers = true
        defer { placingDividers = false }
        var previous = last
        for (number, divider) in result.dividers.enumerated() {
            let key = Self.key(divider)
            let handle = dividerHandles[key] ?? makeDividerHandle(key: key, axis: divider.axis, in: layer)
            let thick = max(handleThickness, Double(divider.line.width) * frame.scale)
            let tall = max(handleThickness, Double(divider.line.height) * frame.scale)
            let middle = frame.x + divider.position * frame.scale, centre = frame.y + divider.position * frame.scale
            if divider.axis == .across {
                gtk_fixed_move(layer.cast(), handle, middle - thick / 2, frame.y + Double(divider.line.y) * frame.scale)
                gtk_widget_set_size_request(handle, Int32(thick.rounded()), Int32(tall.rounded()))
            } else {
                gtk_fixed_move(layer.cast(), handle, frame.x + Double(divider.line.x) * frame.scale, centre - tall / 2)
                gtk_widget_set_size_request(handle, Int32(thick.rounded()), Int32(tall.rounded()))
            }
            // The value a key or a screen reader set stays while the render
            // agrees with it to a pixel: read back from the pixels instead,
            // each 1 % press lost what rounding to the preview's pixels took
            // (0.77 % a press in a 500 × 720 window).
            let onePixel = 100 / Double(max(1, divider.end - divider.start))
            if abs(gtk_range_get_value(handle.cast()) - divider.percent) > onePixel {
                gtk_range_set_value(handle.cast(), divider.percent)
            }
            gtk_widget_insert_after(handle, layer, previous)
            previous = handle
            describeDividerHandle(handle, divider, number: number + 1, of: result)
        }
    }

    private func makeDividerHandle(key: String, axis: SplitAxis, in layer: Widget) -> Widget {
        let handle = tc_separator_scale_new(axis == .across ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL)!
        addClass(handle, "preview-divider")
        gtk_widget_set_name(handle, "previewDivider")
        gtk_widget_set_can_target(handle, 0)
        gtk_widget_set_focusable(handle, 1)
        tc_accessible_set_key_shortcuts(handle, axis == .across ? "Left Right Shift+Left Shift+Right Home"
                                                                : "Up Down Shift+Up Shift+Down Home")
        Signals.plain(handle.raw, "value-changed") { [weak self] in
            guard let self, !self.placingDividers else { return }
            self.moveDivider(key: key, toPercent: gtk_range_get_value(handle.cast()))
        }
        let keys = gtk_event_controller_key_new()!
        // Before the scale's own keys: Shift steps 10 %, and Home resets rather than going to 0.
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.key(keys.raw) { [weak self] keyval, _, state in
            guard let self else { return false }
            return self.dividerKey(key: key, handle: handle, keyval: keyval, state: state)
        }
        gtk_widget_add_controller(handle, keys)
        gtk_fixed_put(layer.cast(), handle, 0, 0)
        dividerHandles[key] = handle
        return handle
    }

    private func describeDividerHandle(_ handle: Widget, _ divider: Divider, number: Int, of result: RenderResult) {
        tc_accessible_set_label(handle, tr("Divider %s", String(number)))
        // The photos either side of the line, by name, at the middle of its length.
        let middle = divider.axis == .across
            ? Double(divider.line.y) + Double(divider.line.height) / 2 : Double(divider.line.x) + Double(divider.line.width) / 2
        let reach = Double(divider.gap) / 2 + 1
        func name(at offset: Double) -> String? {
            let x = divider.axis == .across ? divider.position + offset : middle
            let y = divider.axis == .across ? middle : divider.position + offset
            guard let id = result.cells.first(where: { $0.value.contains(x: x, y: y) })?.key else { return nil }
            return controller.document.photo(id: id)?.displayName
        }
        let what = divider.axis == .across
            ? tr("Moves the line between “%s” on the left and “%s” on the right.", name(at: -reach) ?? "", name(at: reach) ?? "")
            : tr("Moves the line between “%s” above and “%s” below.", name(at: -reach) ?? "", name(at: reach) ?? "")
        tc_accessible_set_description(handle, what + " " + tr("Arrow keys move it, with Shift further; Home puts it back."))
    }

    private func currentDivider(_ key: String) -> Divider? {
        lastResult?.dividers.first { Self.key($0) == key }
    }

    /// A value set by a key or a screen reader: shown at once, one undo step once the keys pause.
    private func moveDivider(key: String, toPercent percent: Double) {
        guard let divider = currentDivider(key), let shape = lastResult?.shape else { return }
        finishPendingCrop()
        liveProportions = (divider.path, shape, divider.weights(movedTo: divider.position(percent: percent)))
        dividerGeneration += 1
        let generation = dividerGeneration
        MainLoop.after(milliseconds: dividerCommitMilliseconds) { [weak self] in
            guard let self, self.dividerGeneration == generation, self.dividerDrag == nil else { return }
            self.commitLiveProportions()
        }
    }

    private func dividerKey(key: String, handle: Widget, keyval: UInt32, state: GdkModifierType) -> Bool {
        let shift = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let others = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue)
        guard others == 0 else { return false }
        switch Int32(keyval) {
        case GDK_KEY_Home, GDK_KEY_KP_Home:
            guard let divider = currentDivider(key) else { return true }
            resetDivider(divider)
            return true
        case GDK_KEY_Left, GDK_KEY_Up, GDK_KEY_KP_Left, GDK_KEY_KP_Up:
            guard shift else { return false }  // the scale's own step: 1 %
            gtk_range_set_value(handle.cast(), gtk_range_get_value(handle.cast()) - 10)
            return true
        case GDK_KEY_Right, GDK_KEY_Down, GDK_KEY_KP_Right, GDK_KEY_KP_Down:
            guard shift else { return false }
            gtk_range_set_value(handle.cast(), gtk_range_get_value(handle.cast()) + 10)
            return true
        default:
            return false
        }
    }
}

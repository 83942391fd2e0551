// A GtkDrawingArea's draw function as a Swift closure. The closure lives in
// a box that the drawing area owns (released by its destroy notify when the
// area is finalized or given another function), as signal closures do in
// Signals.swift, so it can never be called after it is gone.

import CGtk

@MainActor
enum DrawFunction {
    typealias Draw = @MainActor (_ cr: OpaquePointer, _ width: Int32, _ height: Int32) -> Void

    static func set(on area: Widget, _ draw: @escaping Draw) {
        let data = Unmanaged.passRetained(SignalBox(draw) as AnyObject).toOpaque()
        let thunk: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
            guard let cr, let data else { return }
            let box = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as! SignalBox<Draw>
            MainActor.assumeIsolated { box.function(cr, width, height) }
        }
        gtk_drawing_area_set_draw_func(area.cast(), thunk, data) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }
}

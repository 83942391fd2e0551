// Print… in the window (win.print, Ctrl+P, the main menu's "Print…"): the
// action and whether it can run now (photos in the collage, no print under
// way). The printing itself is PrintController's, kept by the window's
// widget. MainWindow.swift calls installPrint() with its other parts.

import CGtk
import CollageCore

extension MainWindow {
    private static let printerKey = "tinycollage-printer"

    func installPrint() {
        let printer = PrintController(controller: controller, parent: window)
        Companion.attach(printer, to: window.widget, key: Self.printerKey)
        let action = g_simple_action_new("print", nil)!
        Signals.withPointer(action.raw, "activate") { [weak printer] _ in printer?.print() }
        let update: @MainActor () -> Void = { [weak printer, weak controller] in
            guard let printer, let controller else { return }
            g_simple_action_set_enabled(action, !controller.document.photos.isEmpty && !printer.isPrinting ? 1 : 0)
        }
        printer.observer = update
        controller.store.observe { _, _ in update() }
        update()
        handOver(action) { g_action_map_add_action(OpaquePointer(window), $0) }
    }

}

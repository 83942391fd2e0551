// Print… (issue 22 point 6, win.print): GTK's print dialog (GtkPrintOperation,
// its page setup embedded, its own preview) for one page holding the collage.
// The collage is rendered at its output size off the main loop (OffMainRender)
// from the moment Print is chosen, while the person picks a printer; GTK's
// "paginate" is answered "not yet" until the pixels are there, which keeps the
// main loop running. The page shows the collage at its physical size when it
// has a DPI and fits the printable area, else fitted to it, centred
// (PrintPlacement); the paper is landscape for a wide collage. What the person
// chose in the dialog (printer, its options, the page setup) is kept for the
// rest of the session, not on disk. A failed render or a printer's error ends
// in a dialog that says why; Cancel ends in nothing. It holds no window of its
// own: the window is its parent and its companion's owner (MainWindow+Print).

import CGtk
import CollageCore
import CollageRender
import Foundation

@MainActor
final class PrintController {
    private let controller: CollageController
    /// The window the dialog belongs to; it owns this controller (Companion).
    let parent: UnsafeMutablePointer<GtkWindow>
    /// The print under way, from Print chosen until GTK says it is done.
    private var current: PrintRun?
    var isPrinting: Bool { current != nil }
    /// Told when a print starts and when it ends.
    var observer: (@MainActor () -> Void)?

    /// What the last dialog answered with Print chose, for the next print of
    /// this session (any window's): GtkPrintSettings and GtkPageSetup, one reference each.
    private static var rememberedSettings: OpaquePointer?
    private static var rememberedPageSetup: OpaquePointer?

    init(controller: CollageController, parent: UnsafeMutablePointer<GtkWindow>) {
        self.controller = controller
        self.parent = parent
    }

    func print() {
        let document = controller.document
        guard current == nil, !document.photos.isEmpty else { return }
        let operation = gtk_print_operation_new()!
        let run = PrintRun(operation: operation, document: document)
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        gtk_print_operation_set_embed_page_setup(operation, 1)
        gtk_print_operation_set_allow_async(operation, 1)
        // GTK's own "Preparing" window with Cancel, after a second, when Print waits for a slow render.
        gtk_print_operation_set_show_progress(operation, 1)
        let title = document.title.text.trimmingCharacters(in: .whitespacesAndNewlines)
        gtk_print_operation_set_job_name(operation, title.isEmpty ? SaveController.suggestedBaseName() : title)
        let landscape = PrintPlacement.isLandscape(document.settings.outputSize)
        let orientation = landscape ? GTK_PAGE_ORIENTATION_LANDSCAPE : GTK_PAGE_ORIENTATION_PORTRAIT
        if let remembered = Self.rememberedSettings {
            handOver(gtk_print_settings_copy(remembered)!) { settings in
                gtk_print_settings_set_orientation(settings, orientation)
                gtk_print_operation_set_print_settings(operation, settings)
            }
        }
        // The paper last chosen, turned to the collage's shape.
        handOver(Self.rememberedPageSetup.map { gtk_page_setup_copy($0)! } ?? gtk_page_setup_new()!) { setup in
            gtk_page_setup_set_orientation(setup, orientation)
            gtk_print_operation_set_default_page_setup(operation, setup)
        }
        connect(run)
        current = run
        observer?()
        OffMainRender.render(document, settings: .init(skipFailures: false)) { [weak run] result in
            run?.rendered = result.map(\.image)
        }
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR { finish(run, failure: .printer(Self.takeReason(error))) }
    }

    private func connect(_ run: PrintRun) {
        let operation = run.operation.raw
        // The person pressed Print: what they chose is what the next print starts from.
        Signals.withPointer(operation, "begin-print") { [weak run] context in
            guard let run, let context else { return }
            run.chosenPageSetup = gtk_page_setup_copy(gtk_print_context_get_page_setup(OpaquePointer(context)))
            run.chosenSettings = gtk_print_operation_get_print_settings(run.operation).map { gtk_print_settings_copy($0)! }
        }
        // Not done until the render is: GTK asks again from an idle, the main loop runs meanwhile.
        Signals.decideWithPointer(operation, "paginate") { [weak run] _ in
            guard let run else { return true }
            switch run.rendered {
            case nil:
                return false
            case .failure:
                run.stoppedForFailure = true
                gtk_print_operation_cancel(run.operation)
                return false
            case .success:
                return true
            }
        }
        Signals.withPointerAndInt(operation, "draw-page") { [weak run] context, _ in
            guard let run, let context, case let .success(image) = run.rendered else { return }
            Self.draw(image, dpi: run.document.settings.dpi, on: OpaquePointer(context))
        }
        Signals.withInt(operation, "done") { [weak self, weak run] result in
            guard let self, let run else { return }
            switch GtkPrintOperationResult(rawValue: UInt32(bitPattern: result)) {
            case GTK_PRINT_OPERATION_RESULT_ERROR:
                var error: UnsafeMutablePointer<GError>?
                gtk_print_operation_get_error(run.operation, &error)
                self.finish(run, failure: .printer(Self.takeReason(error)))
            default:
                // Cancel pressed in the dialog says nothing, even when the render had failed meanwhile.
                if run.stoppedForFailure, case let .failure(error) = run.rendered {
                    self.finish(run, failure: .render(error))
                } else {
                    self.finish(run, failure: nil)
                }
            }
        }
    }

    /// GTK's words for a failure, and the error freed.
    private static func takeReason(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error.flatMap { string(UnsafePointer($0.pointee.message)) } ?? tr("the printing system gave no reason")
    }

    private enum Failure {
        case render(RenderError)
        case printer(String)
    }

    private func finish(_ run: PrintRun, failure: Failure?) {
        guard current === run else { return }
        current = nil
        // Released after GTK's signal that brought us here has returned.
        MainLoop.post { withExtendedLifetime(run) {} }
        // Chosen in the dialog, kept whether or not the printing then went well.
        if let settings = run.chosenSettings, let setup = run.chosenPageSetup {
            if let old = Self.rememberedSettings { g_object_unref(old.raw) }
            if let old = Self.rememberedPageSetup { g_object_unref(old.raw) }
            Self.rememberedSettings = g_object_ref(settings.raw).map(OpaquePointer.init)
            Self.rememberedPageSetup = g_object_ref(setup.raw).map(OpaquePointer.init)
        }
        observer?()
        switch failure {
        case nil:
            return
        case let .render(error):
            ErrorDialog.present(over: parent, heading: tr("The collage was not printed"),
                                body: tr("It could not be made for the printer: %s. Nothing was sent to the printer.",
                                         Messages.render(error)))
        case let .printer(reason):
            ErrorDialog.present(over: parent, heading: tr("The collage was not printed"),
                                body: tr("The printer reported: %s. Your collage is still here; you can try again.",
                                         reason))
        }
    }

    /// Paints `image` into the printable area of `context` (whose units are points).
    private static func draw(_ image: CairoImage, dpi: Int?, on context: OpaquePointer) {
        guard let cr = gtk_print_context_get_cairo_context(context) else { return }
        let pixels = PixelSize(width: image.width, height: image.height)
        // The context's origin is the printable area's corner, at the page setup's margins.
        var area = PrintPlacement.Area(width: gtk_print_context_get_width(context),
                                       height: gtk_print_context_get_height(context))
        if let setup = gtk_print_context_get_page_setup(context) {
            area = PrintPlacement.Area(x: gtk_page_setup_get_left_margin(setup, GTK_UNIT_POINTS),
                                       y: gtk_page_setup_get_top_margin(setup, GTK_UNIT_POINTS),
                                       width: area.width, height: area.height,
                                       paperWidth: gtk_page_setup_get_paper_width(setup, GTK_UNIT_POINTS),
                                       paperHeight: gtk_page_setup_get_paper_height(setup, GTK_UNIT_POINTS))
        }
        let place = PrintPlacement.place(pixels, dpi: dpi, in: area)
        guard place.width > 0, place.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, place.x, place.y)
        cairo_scale(cr, place.width / Double(pixels.width), place.height / Double(pixels.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        // Printers and PDFs get the pixels themselves; the filter matters for the preview and raster printers.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_rectangle(cr, 0, 0, Double(pixels.width), Double(pixels.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }
}

/// One print: the operation (one reference, ours), the document as it was when
/// Print was chosen, its render once done, and what the dialog chose.
@MainActor
private final class PrintRun {
    let operation: UnsafeMutablePointer<GtkPrintOperation>
    let document: CollageDocument
    var rendered: Result<CairoImage, RenderError>?
    /// Print was pressed and the render had failed: the print was stopped for it.
    var stoppedForFailure = false
    /// One reference each, from begin-print on.
    var chosenSettings: OpaquePointer?
    var chosenPageSetup: OpaquePointer?

    init(operation: UnsafeMutablePointer<GtkPrintOperation>, document: CollageDocument) {
        self.operation = operation
        self.document = document
    }

    isolated deinit {
        if let chosenSettings { g_object_unref(chosenSettings.raw) }
        if let chosenPageSetup { g_object_unref(chosenPageSetup.raw) }
        g_object_unref(operation.raw)
    }
}

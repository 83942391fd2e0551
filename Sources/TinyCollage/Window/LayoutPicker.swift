// The layout picker beside the preview (issue 18): one toggle button per
// layout, each drawing that layout for the collage's photos as they are now
// (their count, the output's shape, and for the mosaic the photos' shapes
// as decoding has told them), as Instagram's Layout app shows them. The
// buttons are one group (the current layout checked), named by the layout
// for screen readers, and reached with Tab and the arrow keys. Choosing one
// is the controller's job (an undo step, and the default for new collages);
// the geometry is CollageLayout's, the same that draws the collage.

import CGtk
import CollageCore

@MainActor
final class LayoutPicker {
    let widget: Widget
    private let controller: CollageController
    private var buttons: [LayoutKind: Widget] = [:]
    private var drawings: [LayoutKind: Widget] = [:]
    /// Set while the buttons are moved to show the document, so that is no choice of the user's.
    private var following = false

    /// Each drawing's box, in logical pixels.
    static let drawingSide: Int32 = 36
    /// The gap between the drawn cells, in drawing pixels.
    static let drawingGap = 2

    /// A layout's name (the button's accessible name) and what it does (its tooltip).
    static func words(_ kind: LayoutKind) -> (name: String, explanation: String) {
        switch kind {
        case .columns: return (tr("Columns"), tr("Photos fill columns, top to bottom"))
        case .rows: return (tr("Rows"), tr("Photos fill rows, left to right"))
        case .feature: return (tr("Feature"), tr("The first photo large, the others beside it"))
        case .mosaic: return (tr("Mosaic"), tr("Lines chosen to keep each photo’s own shape"))
        }
    }

    init(controller: CollageController) {
        self.controller = controller
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        name(widget, "layoutPicker", label: tr("Layout"))
        addClass(widget, "layout-picker")
        gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
        var first: Widget?
        for kind in LayoutKind.allCases {
            let button = gtk_toggle_button_new()!
            if let first { gtk_toggle_button_set_group(button.cast(), first.cast()) }
            first = first ?? button
            addClass(button, "flat")
            let drawing = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_width(drawing.cast(), Self.drawingSide)
            gtk_drawing_area_set_content_height(drawing.cast(), Self.drawingSide)
            tc_accessible_set_hidden(drawing, 1)  // the button says what it shows
            gtk_button_set_child(button.cast(), drawing)
            let words = Self.words(kind)
            name(button, "layout-" + kind.rawValue, label: words.name)
            // GTK 4.8 gives a tooltip as the description: one text for both.
            gtk_widget_set_tooltip_text(button, words.explanation)
            Signals.plain(button.raw, "toggled") { [weak self] in
                guard let self, !self.following, gtk_toggle_button_get_active(button.cast()) != 0 else { return }
                self.controller.setLayout(kind)
            }
            DrawFunction.set(on: drawing) { [weak self] cr, width, height in
                self?.draw(kind, on: cr, in: drawing, width: Int(width), height: Int(height))
            }
            gtk_box_append(widget.cast(), button)
            buttons[kind] = button
            drawings[kind] = drawing
        }
        Companion.attach(self, to: widget)
        controller.store.observe { [weak self] document, change in
            guard let self, change.touches([.photos, .settings]) else { return }
            self.follow(document)
        }
        // The mosaic's drawing follows the photos' shapes as decodes tell them.
        controller.facts.observe { [weak self] kind in
            if kind == .sizes, let drawing = self?.drawings[.mosaic] { gtk_widget_queue_draw(drawing) }
        }
        follow(controller.document)
    }

    private func follow(_ document: CollageDocument) {
        following = true
        defer { following = false }
        for (kind, button) in buttons {
            gtk_toggle_button_set_active(button.cast(), kind == document.settings.layout ? 1 : 0)
        }
        for drawing in drawings.values { gtk_widget_queue_draw(drawing) }
    }

    /// The layout's cells for the current photos, in the output's shape, in the theme's text colour.
    private func draw(_ kind: LayoutKind, on cr: OpaquePointer, in drawing: Widget, width: Int, height: Int) {
        let document = controller.document
        let output = document.settings.outputSize
        let scale = min(Double(width) / Double(output.width), Double(height) / Double(output.height))
        let size = PixelSize(width: max(3, Int(Double(output.width) * scale)), height: max(3, Int(Double(output.height) * scale)))
        let aspects = document.photos.map { controller.facts.size(of: $0)?.aspectRatio ?? 1 }
        // With no photos yet, the layout of four shows what each does.
        let count = document.photos.isEmpty ? 4 : document.photos.count
        guard let arranged = try? CollageLayout.arrange(kind, count: count, aspects: aspects, size: size,
                                                        gap: Self.drawingGap) else { return }
        var colour = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(drawing), &colour)
        cairo_translate(cr, Double(width - size.width) / 2, Double(height - size.height) / 2)
        for (index, cell) in arranged.cells.enumerated() {
            // The first photo a little stronger: it is the one the feature layout makes large.
            cairo_set_source_rgba(cr, Double(colour.red), Double(colour.green), Double(colour.blue), index == 0 ? 0.75 : 0.45)
            cairo_rectangle(cr, Double(cell.x), Double(cell.y), Double(cell.width), Double(cell.height))
            cairo_fill(cr)
        }
    }
}

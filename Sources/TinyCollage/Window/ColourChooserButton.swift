// A colour button whose choice shows while it is being made: it opens GTK's
// colour chooser dialog and hands on every colour picked in it (notify::rgba)
// as a trial, then the final one on Select, or tells that it was cancelled
// (Cancel, Escape, closing it) so the old colour comes back. GtkColorButton
// says nothing until Select, and keeps its dialog to itself. The button shows
// the current colour as a swatch. What a trial or a choice does to the
// document is its owner's.

import CGtk

@MainActor
final class ColourChooserButton {
    let widget: Widget
    private let swatch: Widget
    private let title: String
    private(set) var colour = GdkRGBA(red: 1, green: 1, blue: 1, alpha: 1)
    /// The dialog while it is open.
    private var dialog: Widget?

    /// A colour was picked in the open dialog (not yet chosen).
    var onTrial: (@MainActor (GdkRGBA) -> Void)?
    /// Select: the colour is chosen.
    var onChoose: (@MainActor (GdkRGBA) -> Void)?
    /// The dialog went away without a choice.
    var onCancel: (@MainActor () -> Void)?

    /// The swatch's size, logical pixels (GtkColorButton's).
    static let swatchWidth: Int32 = 24, swatchHeight: Int32 = 16

    init(title: String) {
        self.title = title
        widget = gtk_button_new()!
        gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
        swatch = gtk_drawing_area_new()!
        gtk_widget_set_size_request(swatch, Self.swatchWidth, Self.swatchHeight)
        gtk_button_set_child(widget.cast(), swatch)
        Companion.attach(self, to: widget, key: "tinycollage-colour-button")
        DrawFunction.set(on: swatch) { [weak self] cr, width, height in
            guard let self else { return }
            cairo_set_source_rgb(cr, Double(self.colour.red), Double(self.colour.green), Double(self.colour.blue))
            cairo_rectangle(cr, 0, 0, Double(width), Double(height))
            cairo_fill(cr)
        }
        Signals.plain(widget.raw, "clicked") { [weak self] in self?.open() }
    }

    /// Shows `colour` (the document's), without telling anyone.
    func show(_ colour: GdkRGBA) {
        self.colour = colour
        gtk_widget_queue_draw(swatch)
    }

    private func open() {
        guard dialog == nil else { return }
        let parent: UnsafeMutablePointer<GtkWindow>? = gtk_widget_get_root(widget)?.cast(GtkWindow.self)
        let dialog = gtk_color_chooser_dialog_new(title, parent)!
        self.dialog = dialog
        gtk_widget_set_name(dialog, "colourChooserDialog")
        gtk_window_set_modal(dialog.cast(GtkWindow.self), 1)
        gtk_color_chooser_set_use_alpha(dialog.opaque, 0)
        var start = colour
        gtk_color_chooser_set_rgba(dialog.opaque, &start)
        Signals.withPointer(dialog.raw, "notify::rgba") { [weak self] _ in
            guard let self, let dialog = self.dialog else { return }
            var rgba = GdkRGBA()
            gtk_color_chooser_get_rgba(dialog.opaque, &rgba)
            self.onTrial?(rgba)
        }
        Signals.withInt(dialog.raw, "response") { [weak self] response in
            guard let self, let dialog = self.dialog else { return }
            self.dialog = nil
            var rgba = GdkRGBA()
            gtk_color_chooser_get_rgba(dialog.opaque, &rgba)
            gtk_window_destroy(dialog.cast(GtkWindow.self))
            if response == GTK_RESPONSE_OK.rawValue {
                self.show(rgba)
                self.onChoose?(rgba)
            } else {
                self.onCancel?()
            }
        }
        gtk_window_present(dialog.cast(GtkWindow.self))
    }
}

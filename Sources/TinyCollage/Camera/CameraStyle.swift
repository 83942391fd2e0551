// The camera page's look: black behind the live view, the burst's countdown
// big and white over it, the shot's white flash, the answer line's room.
// Kept apart from the page because xgettext reads Swift as C and trips over
// multi-line literals.

import CGtk

@MainActor
enum CameraStyle {
    private static var installed = false

    static let css = """
    .camera-view { background-color: #000000; }
    .camera-view statuspage { background-color: @window_bg_color; }
    .camera-starting { color: #ffffff; }
    .camera-countdown { font-size: 120px; font-weight: 800; color: #ffffff; text-shadow: 0 2px 8px rgba(0,0,0,0.8); }
    .camera-countdown-caption { font-size: 20px; font-weight: 700; color: #ffffff; text-shadow: 0 1px 4px rgba(0,0,0,0.8); }
    .camera-controls { padding: 12px; }
    .camera-flash { background-color: #ffffff; }
    .camera-feedback { padding: 6px 12px 0 12px; }
    .camera-shot-thumbnail { border-radius: 6px; }
    """

    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

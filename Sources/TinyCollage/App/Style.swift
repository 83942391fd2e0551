// The app's style sheet: the strip's thumbnails, its insertion mark and trash
// target, the gallery's check marks. Colours are libadwaita's named colours,
// so light and dark follow the system with the rest of GNOME.

import CGtk

@MainActor
enum Style {
    static let css = """
    .strip { padding: 6px; }
    .strip-row { border-spacing: 6px; }
    .strip-thumbnail { border-radius: 6px; padding: 0; margin: 0 3px; outline-offset: 1px; }
    .strip-thumbnail picture { border-radius: 6px; }
    .strip-thumbnail.dragging { opacity: 0.35; }
    .strip-thumbnail.drop-before { box-shadow: -4px 0 0 0 @accent_bg_color; }
    .strip-thumbnail.drop-after { box-shadow: 4px 0 0 0 @accent_bg_color; }
    .strip-thumbnail.broken { background-color: alpha(@error_color, 0.15); }
    .strip-thumbnail .badge { background-color: @warning_bg_color; color: @warning_fg_color; border-radius: 99px;
                              padding: 2px; margin: 3px; }
    .strip-empty { color: alpha(currentColor, 0.55); }
    .trash-target { border-radius: 8px; padding: 10px; min-width: 40px; border: 2px dashed alpha(currentColor, 0.25); }
    .trash-target.drop-hover { background-color: alpha(@destructive_bg_color, 0.25); border-color: @destructive_bg_color; }
    .collage-preview { padding: 12px; }
    .too-small-mark { background-color: alpha(@warning_bg_color, 0.9); color: @warning_fg_color; border-radius: 99px;
                      padding: 3px; }
    .strip-thumbnail .badge.too-small { background-color: alpha(@warning_bg_color, 0.9); }
    """

    static func install() {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        let text = css + "\n" + GalleryView.css
        gtk_css_provider_load_from_data(provider, text, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

// The app's style sheet: the strip's thumbnails, its insertion mark and trash
// target, the gallery's check marks. Colours are libadwaita's named colours,
// so light and dark follow the system with the rest of GNOME.

import CGtk

@MainActor
enum Style {
    static let css = """
    .strip { padding: 6px; }
    .strip-row { border-spacing: 6px; }
    .strip-thumbnail { border-radius: 6px; padding: 0; margin: 0 3px; }
    /* The focus ring inside the thumbnail (which clips what is outside it), an
       accent ring over a white one, so it shows on any photo: WCAG 2.1 non-text
       contrast is at least 3:1 against either. */
    .strip-thumbnail:focus-visible { outline: 3px solid @accent_color; outline-offset: -3px;
                                     box-shadow: inset 0 0 0 5px alpha(white, 0.9); }
    .strip-thumbnail picture { border-radius: 6px; }
    .strip-thumbnail.dragging { opacity: 0.35; }
    .strip-thumbnail.drop-before { box-shadow: -4px 0 0 0 @accent_bg_color; }
    .strip-thumbnail.drop-after { box-shadow: 4px 0 0 0 @accent_bg_color; }
    .strip-thumbnail.broken { background-color: alpha(@error_color, 0.15); }
    .strip-thumbnail .badge { background-color: @warning_bg_color; color: @warning_fg_color; border-radius: 99px;
                              padding: 2px; margin: 3px; }
    .strip-empty { opacity: 0.8; }
    .trash-target { border-radius: 8px; padding: 10px; min-width: 40px; border: 2px dashed alpha(currentColor, 0.25); }
    .trash-target.drop-hover { background-color: alpha(@destructive_bg_color, 0.25); border-color: @destructive_bg_color; }
    .collage-preview { padding: 12px; }
    .too-small-mark { background-color: alpha(black, 0.65); color: white; border-radius: 4px; padding: 1px 6px;
                      font-size: smaller; font-weight: bold; }
    .strip-thumbnail .tag.too-small { background-color: alpha(black, 0.65); color: white; border-radius: 4px;
                                      padding: 2px; margin: 3px; -gtk-icon-size: 12px; }
    /* A photo's cell in the preview, for the keyboard: its ring, like the strip's. */
    .preview-cell:focus-visible { outline: 3px solid @accent_color; outline-offset: -3px;
                                  box-shadow: inset 0 0 0 5px alpha(white, 0.9); }
    /* The layout picker under the preview, and the preview's swap and divider marks. */
    .layout-picker { padding: 0 6px 6px 6px; }
    .layout-picker button { padding: 3px; }
    .swap-target { border: 3px solid @accent_bg_color; background-color: alpha(@accent_bg_color, 0.25); }
    .swap-follower { opacity: 0.6; }
    /* A divider's handle draws nothing but its focus: an accent bar with a white edge, seen on any photo. */
    scale.preview-divider { padding: 0; margin: 0; min-width: 1px; min-height: 1px; }
    scale.preview-divider trough, scale.preview-divider slider, scale.preview-divider highlight {
        opacity: 0; min-width: 0; min-height: 0; margin: 0; padding: 0; border: none; box-shadow: none; }
    scale.preview-divider:focus-visible { background-color: @accent_bg_color; box-shadow: 0 0 0 2px alpha(white, 0.9); }
    /* Toasts: a message that wraps, and the announcer nobody sees. */
    .toast-message { margin: 2px 0; }
    .announcer { opacity: 0; min-width: 1px; min-height: 1px; font-size: 1px; }
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

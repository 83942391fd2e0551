// The gallery's share of the app's style sheet, in a file of its own: it is a
// multi-line literal, which xgettext (reading the sources as C) cannot parse,
// and it holds no messages to translate. Colours are libadwaita's named ones.

extension GalleryView {
    static let css = """
    .gallery-toolbar { padding: 3px 6px 0 6px; }
    .gallery-grid { background: none; padding: 3px; }
    .gallery-grid > child { padding: 3px; border-radius: 9px; }
    .gallery-cell { border-radius: 6px; background-color: alpha(currentColor, 0.08); }
    .gallery-frame { border-radius: 6px; border: 2px solid transparent; }
    .gallery-cell.checked .gallery-frame { border-color: alpha(@accent_bg_color, 0.85); }
    /* Focus is the strongest mark in the grid (WCAG 2.1 non-text contrast ≥ 3:1),
       stronger than being in the collage, which the check mark says too. */
    .gallery-grid > child:focus-visible { outline: 3px solid @accent_color; outline-offset: 0;
                                          box-shadow: inset 0 0 0 2px @window_bg_color; }
    .gallery-grid > child:hover .gallery-cell:not(.checked) .gallery-frame { border-color: alpha(@accent_bg_color, 0.45); }
    .gallery-check { margin: 6px; padding: 3px; border-radius: 99px; color: transparent;
                     background-color: alpha(black, 0.2); box-shadow: inset 0 0 0 2px alpha(white, 0.85); }
    .gallery-cell.checked .gallery-check { color: @accent_fg_color; background-color: @accent_bg_color;
                                           box-shadow: 0 1px 2px alpha(black, 0.3); }
    .gallery-hint { padding: 12px; }
    """
}

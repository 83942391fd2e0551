// Lays out and draws the collage's title with Pango, in the compositor's
// Cairo surface. The text is laid out in output pixels, unhinted and with
// glyph positions unrounded, and drawn scaled to the render size: a preview
// is the saved title made smaller, wrapped at the same words. A title too
// long for its band is shrunk (down to `smallestShare` of its size; Pango
// wraps it between words, or within a word that alone is too wide), then
// ellipsized, and always clipped to the band: it never spills out. Any
// script: Pango shapes it, finds a font that has the glyphs through
// fontconfig, and orders right-to-left text. Where the band goes is
// CollageFrame's (CollageCore).

import CPangoCairo
import CPixbuf
import CollageCore
import Foundation

public enum TitlePainter {
    /// What a title's layout came to, in output pixels.
    public struct Fit: Equatable, Sendable {
        /// The font size used: the one asked for, or smaller to fit.
        public var fontPixels: Double
        public var lines: Int
        /// Whether even the smallest size needed an ellipsis.
        public var ellipsized: Bool
        /// Characters no installed font has a glyph for (drawn as boxes).
        public var unknownGlyphs: Int
        /// The laid-out text's logical size.
        public var width: Double
        public var height: Double
    }

    /// The font: the desktop's sans serif in bold; fontconfig falls back
    /// per character to a font that has it (Noto Sans CJK for Japanese).
    public static let fontFamily = "Sans Bold"
    /// A long title shrinks to no less than this share of its size.
    public static let smallestShare = 0.3

    /// Draws `title` into its band of `frame` on `image`'s surface.
    public static func draw(_ title: CollageTitle, in frame: CollageFrame, background: RGBAColor, on image: CairoImage) {
        draw(title, in: frame, background: background, on: Canvas(image))
    }

    /// Draws `title` into its band of `frame` on `canvas`: as outlines on
    /// pixels, as text (selectable, searchable) on a vector canvas.
    static func draw(_ title: CollageTitle, in frame: CollageFrame, background: RGBAColor, on canvas: Canvas) {
        guard let band = frame.band, !title.isEmpty else { return }
        lock.withLock {
            let layout = makeLayout(title.shownText, frame: frame)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let cr = canvas.context()
            defer { cairo_destroy(cr) }
            cairo_rectangle(cr, Double(band.x), Double(band.y), Double(band.width), Double(band.height))
            cairo_clip(cr)
            if title.position == .overlay {
                set(cr, title.overlayBand(background: background))
                cairo_paint(cr)
            }
            set(cr, title.textColour(background: background))
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let scale = Double(PANGO_SCALE)
            cairo_translate(cr, Double(band.x) + Double(band.width) / 2, Double(band.y) + Double(band.height) / 2)
            cairo_scale(cr, frame.scale, frame.scale)
            cairo_move_to(cr, -frame.textWidth / 2, -Double(logical.height) / scale / 2 - Double(logical.y) / scale)
            if canvas.isVector {
                // A page keeps glyphs as glyphs: its reader places them exactly.
                pango_cairo_show_layout(cr, layout)
                return
            }
            // As outlines, not through Cairo's glyph cache: Cairo 1.16 puts
            // cached glyphs on whole pixels, so a preview would differ from the
            // saved file by up to half a pixel per letter.
            pango_cairo_layout_path(cr, layout)
            cairo_fill(cr)
        }
    }

    /// How `text` fits the text box of `frame` (for tests and checks).
    public static func fit(_ text: String, in frame: CollageFrame) -> Fit {
        lock.withLock {
            let layout = makeLayout(text, frame: frame)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let fit = chosen[Key(text: text, frame: frame)]!
            return Fit(fontPixels: fit.fontPixels, lines: Int(pango_layout_get_line_count(layout)),
                       ellipsized: fit.ellipsized, unknownGlyphs: Int(pango_layout_get_unknown_glyphs_count(layout)),
                       width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
        }
    }

    // MARK: Layout

    /// One font map and context for every title, used under `lock` (Pango's
    /// font maps are not thread-safe; the preview and a save may overlap).
    private nonisolated(unsafe) static let context: OpaquePointer = {
        let fontMap = pango_cairo_font_map_new()!
        let context = pango_font_map_create_context(fontMap)!
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        // Unhinted outlines at unrounded positions: the layout is the same at
        // every scale, so the preview wraps and places glyphs as the saved file.
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }()
    private static let lock = NSLock()

    private struct Key: Hashable {
        var text: String
        var fontPixels: Double
        var width: Double
        var height: Double
        init(text: String, frame: CollageFrame) {
            self.text = text
            fontPixels = frame.fontPixels
            width = frame.textWidth
            height = frame.textHeight
        }
    }

    /// The size each recent title was fitted at, so a re-render (a reorder,
    /// a crop, a preview resize) lays the text out once, not a dozen times.
    private nonisolated(unsafe) static var chosen: [Key: (fontPixels: Double, ellipsized: Bool)] = [:]

    /// A layout of `text` fitted to the frame's text box (under `lock`).
    private static func makeLayout(_ text: String, frame: CollageFrame) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        pango_layout_set_text(layout, text, -1)
        pango_layout_set_width(layout, Int32(min(frame.textWidth * Double(PANGO_SCALE), Double(Int32.max))))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        let key = Key(text: text, frame: frame)
        if let known = chosen[key] {
            setFont(layout, known.fontPixels)
            if known.ellipsized { ellipsize(layout, height: frame.textHeight) }
            return layout
        }
        func fits(_ size: Double) -> Bool {
            setFont(layout, size)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            return Double(logical.width) <= frame.textWidth * Double(PANGO_SCALE)
                && Double(logical.height) <= frame.textHeight * Double(PANGO_SCALE)
        }
        let asked = frame.fontPixels
        var fit = (fontPixels: asked, ellipsized: false)
        if !fits(asked) {
            // The largest size that fits, to a twentieth of a pixel's worth of steps.
            var low = asked * smallestShare, high = asked
            if fits(low) {
                for _ in 0..<9 {
                    let middle = (low + high) / 2
                    if fits(middle) { low = middle } else { high = middle }
                }
                fit.fontPixels = low
            } else {
                fit = (low, true)
            }
        }
        if chosen.count >= 32 { chosen.removeAll() }
        chosen[key] = fit
        setFont(layout, fit.fontPixels)
        if fit.ellipsized { ellipsize(layout, height: frame.textHeight) }
        return layout
    }

    private static func setFont(_ layout: OpaquePointer, _ pixels: Double) {
        let font = pango_font_description_from_string(fontFamily)!
        pango_font_description_set_absolute_size(font, pixels * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
    }

    /// As many lines as the box holds, the last one ending in "…".
    private static func ellipsize(_ layout: OpaquePointer, height: Double) {
        pango_layout_set_height(layout, Int32(min(height * Double(PANGO_SCALE), Double(Int32.max))))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    }

    private static func set(_ cr: OpaquePointer, _ colour: RGBAColor) {
        cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, colour.alpha)
    }
}

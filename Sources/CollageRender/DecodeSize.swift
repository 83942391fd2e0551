// Which size to decode a photo at: the smallest that still covers its cell
// after aspect fill. For JPEG that is a size libjpeg reaches directly
// (1/2, 1/4, 1/8 of the original: ceil(w/d) × ceil(h/d)), so gdk-pixbuf's
// loader neither decodes the full image nor rescales afterwards; other formats
// are decoded whole by their loaders anyway and are scaled to the cover size.

import CollageCore

enum DecodeSize {
    /// The scale from `raw` to cover `cover`, taking the EXIF rotation into
    /// account when known (`swapsAxes`), or covering both ways when not.
    static func coverScale(raw: PixelSize, cover: PixelSize, swapsAxes: Bool?) -> Double {
        func scale(_ c: PixelSize) -> Double {
            max(Double(c.width) / Double(raw.width), Double(c.height) / Double(raw.height))
        }
        switch swapsAxes {
        case .some(true): return scale(cover.transposed)
        case .some(false): return scale(cover)
        case .none: return max(scale(cover), scale(cover.transposed))
        }
    }

    /// The size to ask the loader for.
    static func request(raw: PixelSize, cover: PixelSize?, swapsAxes: Bool?, isJPEG: Bool) -> PixelSize {
        guard let cover, !raw.isEmpty, !cover.isEmpty else { return raw }
        let s = coverScale(raw: raw, cover: cover, swapsAxes: swapsAxes)
        guard s < 1 else { return raw }
        let needW = Double(raw.width) * s, needH = Double(raw.height) * s
        if isJPEG {
            for d in [8, 4, 2] {
                let w = (raw.width + d - 1) / d, h = (raw.height + d - 1) / d
                if Double(w) >= needW - 1e-6, Double(h) >= needH - 1e-6 {
                    return PixelSize(width: w, height: h)
                }
            }
            return raw
        }
        return PixelSize(width: min(raw.width, Int(needW.rounded(.up))), height: min(raw.height, Int(needH.rounded(.up))))
    }
}

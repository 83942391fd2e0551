// Which size to decode a photo at: the smallest that still covers its cell
// after aspect fill. For JPEG that is a size libjpeg reaches directly
// (1/2, 1/4, 1/8 of the original: ceil(w/d) × ceil(h/d)), so gdk-pixbuf's
// loader neither decodes the full image nor rescales afterwards; a vector
// image (SVG) is drawn at the cover size itself, its declared size giving
// only the aspect; other formats are decoded whole by their loaders anyway
// and are scaled to the cover size after. The pixel limit applies to the size
// decoded, and nothing is decoded wider or taller than Cairo can hold.

import CollageCore

enum DecodeSize {
    /// How the format's loader can size its output.
    enum Scaling {
        case jpeg
        case vector
        case whole
    }

    enum Plan: Equatable {
        case decode(PixelSize)
        /// Over `limit`: the decoded pixels, or for JPEG the source's.
        case refuse(limit: Int)
    }

    /// A JPEG is read whole even when decoded at 1/8 (every block passes
    /// through the entropy decoder), so its own size bounds the work: a
    /// gigapixel JPEG takes tens of seconds whatever the output. 1000 MP
    /// keeps every camera and stitched panorama (a 40000×20000 one is 800 MP).
    static let jpegSourcePixelLimit = 1_000_000_000

    static let maximumSide = CollageSettings.maximumSide

    /// A vector image is drawn at most this large (8192², far past any cell
    /// on screen; a bigger cell is filled by scaling it up): librsvg holds
    /// the drawing, each filter step's result and the pixbuf, 4 bytes a pixel
    /// each, within a worker's 1.5 GiB (DecodeLimits).
    static let vectorPixelLimit = 8192 * 8192

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

    /// What to ask the loader for, for an image whose header says `raw`:
    /// the size to decode at, or a refusal naming the limit it is over.
    /// A nil `cover` asks for the whole image, as large as can be held.
    static func plan(raw: PixelSize, cover: PixelSize?, swapsAxes: Bool?, scaling: Scaling, pixelLimit: Int) -> Plan {
        switch scaling {
        case .whole:
            return raw.pixelCount > pixelLimit ? .refuse(limit: pixelLimit) : .decode(raw)
        case .vector:
            return .decode(vector(raw: raw, cover: cover, pixelLimit: pixelLimit))
        case .jpeg:
            if raw.width > jpegSourcePixelLimit / max(raw.height, 1) { return .refuse(limit: jpegSourcePixelLimit) }
            let wanted = cover.map { request(raw: raw, cover: $0, swapsAxes: swapsAxes, isJPEG: true) } ?? raw
            // The first of libjpeg's scales, from the one that covers, that fits.
            for d in [1, 2, 4, 8] {
                let size = PixelSize(width: (raw.width + d - 1) / d, height: (raw.height + d - 1) / d)
                guard size.width <= wanted.width, size.height <= wanted.height else { continue }
                if size.width <= maximumSide, size.height <= maximumSide, size.pixelCount <= pixelLimit {
                    return .decode(size)
                }
            }
            return .refuse(limit: pixelLimit)
        }
    }

    /// A vector image at the cover size (or its declared size for the whole
    /// image), its declared aspect kept, within the side and pixel limits.
    private static func vector(raw: PixelSize, cover: PixelSize?, pixelLimit: Int) -> PixelSize {
        // Vector images carry no EXIF orientation.
        var scale = cover.map { coverScale(raw: raw, cover: $0, swapsAxes: false) } ?? 1
        let w = Double(raw.width), h = Double(raw.height)
        let pixels = Double(min(pixelLimit, vectorPixelLimit))
        scale = min(scale, Double(maximumSide) / w, Double(maximumSide) / h, (pixels / (w * h)).squareRoot())
        return PixelSize(width: max(1, min(maximumSide, Int((w * scale).rounded(.up)))),
                         height: max(1, min(maximumSide, Int((h * scale).rounded(.up)))))
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

    /// `size` scaled down, aspect kept, until neither side is over what Cairo holds.
    static func fittingCairo(_ size: PixelSize) -> PixelSize {
        let longest = max(size.width, size.height)
        guard longest > maximumSide else { return size }
        let s = Double(maximumSide) / Double(longest)
        return PixelSize(width: max(1, min(maximumSide, Int(Double(size.width) * s))),
                         height: max(1, min(maximumSide, Int(Double(size.height) * s))))
    }
}

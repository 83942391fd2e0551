// The preview's draft (issue 14): the collage laid out exactly as `render`
// lays it out, each cell painted with the decode the cache already holds
// or, until that comes, with a small picture (SmallImage) scaled up under
// the same crop geometry; a cell with neither keeps the background. For the
// screen only: the result says `isDraft`, and what writes files (Save, Save
// As, a drag, the command line) calls `render`, which draws decodes alone.
// Choosing the small pictures and when to draft is the window's
// PreviewRenderer's business.

import CPangoCairo
import CPixbuf
import CollageCore

extension Compositor {
    /// What a render of `document` at `size` would find in the cache, photo
    /// by photo (leaving out `leavingOut`): the decodes ready for their
    /// cells, and the photos it would still have to decode.
    public func cachedDecodes(_ document: CollageDocument, size: PixelSize, leavingOut: Set<Photo.ID>)
        -> (ready: [Photo.ID: DecodedPhoto], waiting: [Photo]) {
        let photos = document.photos.filter { !leavingOut.contains($0.id) }
        guard let frame = try? CollageFrame.make(count: photos.count, aspects: knownAspects(of: photos, document.settings.layout),
                                                 settings: document.settings, title: document.title,
                                                 size: size) else { return ([:], photos) }
        var ready: [Photo.ID: DecodedPhoto] = [:]
        var waiting: [Photo] = []
        for (photo, cell) in zip(photos, frame.cells) {
            switch source.cached(photo.path, covering: Self.cover(for: cell.size, zoom: photo.crop.zoom)) {
            case let .success(decoded)?: ready[photo.id] = decoded
            case .failure?: break  // refused again at once, with its reason, by the render
            case nil: waiting.append(photo)
            }
        }
        return (ready, waiting)
    }

    /// The collage at `size` from what is at hand: `decoded` photos, else
    /// their `small` pictures, else nothing. Photos in `leavingOut` are left
    /// out of the layout (as the last render left them out) and reported as
    /// its failures.
    public func draft(_ document: CollageDocument, size: PixelSize, leavingOut: [Photo.ID: LoadError],
                      decoded: [Photo.ID: DecodedPhoto], small: [Photo.ID: SmallImage]) throws(RenderError) -> RenderResult {
        let settings = document.settings
        guard !size.isEmpty, size.width <= CollageSettings.maximumSide, size.height <= CollageSettings.maximumSide else {
            throw .tooLarge(size)
        }
        let photos = document.photos.filter { leavingOut[$0.id] == nil }
        // The mosaic by the shapes at hand: a small picture knows its photo's.
        var shapes = small.compactMapValues(\.photoSize)
        for (id, full) in decoded { shapes[id] = full.originalSize }
        let aspects = knownAspects(of: photos, settings.layout, at: shapes)
        let frame: CollageFrame
        do {
            frame = try CollageFrame.make(count: photos.count, aspects: aspects,
                                          settings: settings, title: document.title, size: size)
        } catch {
            throw .layout(error)
        }
        guard let image = CairoImage.make(width: size.width, height: size.height, opaque: settings.backgroundIsOpaque) else {
            throw .tooLarge(size)
        }
        // As a render paints when it has every decode (StylePainter).
        let cr = cairo_create(image.surface)!
        var sizes: [Photo.ID: PixelSize] = [:]
        var items: [StylePainter.Item] = []
        for (index, (photo, cell)) in zip(photos, frame.cells).enumerated() {
            guard let picture = decoded[photo.id]?.image ?? small[photo.id]?.image else { continue }
            items.append(StylePainter.Item(index: index, image: picture, path: photo.path, crop: photo.crop,
                                           fit: photo.fit(in: settings.style), cell: cell))
            sizes[photo.id] = decoded[photo.id]?.originalSize ?? small[photo.id]?.photoSize
        }
        StylePainter.paintInOrder(items, settings: settings, look: CellLook(settings, scale: frame.scale), size: size,
                                  cells: frame.cells, cr: cr)
        cairo_destroy(cr)
        TitlePainter.draw(document.title, in: frame, background: settings.titleGround, on: image)
        cairo_surface_flush(image.surface)
        var result = RenderResult(image: image, failures: leavingOut, originalSizes: sizes,
                                  cells: Dictionary(zip(photos.map(\.id), frame.cells), uniquingKeysWith: { first, _ in first }))
        result.isDraft = true
        result.dividers = frame.dividers
        result.shape = frame.shape
        result.scale = frame.scale
        return result
    }
}

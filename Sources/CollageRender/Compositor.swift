// The offscreen collage (SPEC §3): a Cairo image surface of the output size
// (or a smaller preview size with gap, margin and title scaled alike), the
// photos in their cells with their crops and the collage's look, the
// shadows and background put under them (StylePainter), and the title
// (SPEC §9, TitlePainter) in its band.
// Photos are decoded in parallel on all cores through PhotoSource; what to do
// with a photo that fails is the caller's choice (`skipFailures`). The
// settings and, for a one-off render, every photo's header are checked
// before the canvas is allocated (a 32767² one is 4 GB). The canvas is a
// CairoImage (`render`) or a vector surface such as a PDF page (`draw(_:onVector:…)`,
// see Canvas), drawn by the same code.

import CPangoCairo
import CPixbuf
import CollageCore
import Dispatch
import Foundation
import Synchronization

public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    case layout(CollageLayout.LayoutError)
    case load(LoadError)
    case tooLarge(PixelSize)
    case noPhotos

    public var description: String {
        switch self {
        case let .layout(error): return error.description
        case let .load(error): return error.description
        case let .tooLarge(size):
            return "an image of \(size) is larger than the \(CollageSettings.maximumSide) pixels a side that can be drawn"
        case .noPhotos: return "no photos to put in the collage"
        }
    }
}

public struct RenderResult: Sendable {
    public let image: CairoImage
    /// Photos left out because they could not be loaded (only with skipFailures).
    public let failures: [Photo.ID: LoadError]
    /// Each drawn photo's full-resolution upright size.
    public let originalSizes: [Photo.ID: PixelSize]
    /// The cells of the drawn photos, in the rendered image's pixels.
    public let cells: [Photo.ID: CellRect]
    /// The lines between them the user can move, in the rendered image's pixels.
    public internal(set) var dividers: [Divider] = []
    /// The shape of the layout's tree these cells came from (see LayoutProportions).
    public internal(set) var shape = ""
    /// Rendered pixels per output pixel (what the look's widths scale by).
    public internal(set) var scale = 1.0
    /// Drawn in part from small pictures (Compositor+Draft): for the screen only.
    public internal(set) var isDraft = false
}

public struct Compositor: Sendable {
    public let source: PhotoSource
    /// Probe every photo before the canvas is allocated.
    public let checksInputsFirst: Bool

    public init(source: PhotoSource = PhotoSource(), checksInputsFirst: Bool = false) {
        self.source = source
        self.checksInputsFirst = checksInputsFirst
    }

    /// For one render at full size (the command line, Save): nothing is kept,
    /// each decode is painted and dropped, JPEGs shrunk to their cell on the
    /// way — the least memory a render can take — and every photo's header is
    /// read before the canvas is made. A thumbnail of a project (`purpose`
    /// .thumbnail) gives each decode the thumbnail's shorter deadline.
    public static func oneOff(purpose: DecodePurpose = .export) -> Compositor {
        Compositor(source: PhotoSource(decoder: .isolated(shrinkToCover: true), cache: ImageCache(budgetBytes: 0),
                                       purpose: purpose), checksInputsFirst: true)
    }

    /// The preview size: the output size scaled to fit `bounds`, aspect kept.
    public static func size(of output: PixelSize, fitting bounds: PixelSize) -> PixelSize {
        let scale = min(1, min(Double(bounds.width) / Double(output.width), Double(bounds.height) / Double(output.height)))
        return PixelSize(width: max(1, Int((Double(output.width) * scale).rounded())),
                         height: max(1, Int((Double(output.height) * scale).rounded())))
    }

    /// Renders `document` at `size` (default: its output size). Each photo is
    /// painted as soon as it is decoded, so with a cache of budget 0 at most
    /// one decoded photo per core is in memory besides the collage itself.
    /// `arrived` hears of each decode as it comes (on the decoding thread),
    /// for a preview that shows photos one by one.
    public func render(_ document: CollageDocument, size: PixelSize? = nil, skipFailures: Bool = false,
                       arrived: (@Sendable (Photo.ID, DecodedPhoto) -> Void)? = nil) throws(RenderError) -> RenderResult {
        let target = size ?? document.settings.outputSize
        var image: CairoImage?
        let drawn = try draw(document, size: target, skipFailures: skipFailures, arrived: arrived) { () throws(RenderError) -> Canvas in
            guard let made = CairoImage.make(width: target.width, height: target.height,
                                             opaque: document.settings.backgroundIsOpaque) else {
                throw .tooLarge(target)
            }
            image = made
            return Canvas(made)
        }
        cairo_surface_flush(image!.surface)
        var result = RenderResult(image: image!, failures: drawn.failures, originalSizes: drawn.originalSizes,
                                  cells: drawn.cells)
        result.dividers = drawn.dividers
        result.shape = drawn.shape
        result.scale = drawn.scale
        return result
    }

    /// What drawing a collage came to, apart from the surface it was drawn on (RenderResult's fields).
    public struct Drawn: Sendable {
        public var failures: [Photo.ID: LoadError]
        public var originalSizes: [Photo.ID: PixelSize]
        public var cells: [Photo.ID: CellRect]
        public var dividers: [Divider]
        public var shape: String
        public var scale: Double
    }

    /// Draws `document` at its output size on a vector `surface` (a PDF
    /// page) through `unitsPerPixel` of the surface's units per pixel — the
    /// same drawing as `render`'s, each photo embedded at its cell's pixels.
    /// Every decode is kept at its cell's size until all have come (about
    /// the collage's pixels in memory, as a render's canvas). `photoQuality`:
    /// photos from JPEGs go as JPEGs of that quality (JPEGTile); nil, lossless.
    public func draw(_ document: CollageDocument, onVector surface: OpaquePointer, unitsPerPixel: Double,
                     photoQuality: Int? = nil, skipFailures: Bool = false,
                     arrived: (@Sendable (Photo.ID, DecodedPhoto) -> Void)? = nil) throws(RenderError) -> Drawn {
        let size = document.settings.outputSize
        return try draw(document, size: size, skipFailures: skipFailures, arrived: arrived) { () throws(RenderError) -> Canvas in
            Canvas(vector: surface, size: size, unitsPerPixel: unitsPerPixel, photoQuality: photoQuality)
        }
    }

    /// The one drawing of a collage: every check first, then `makeCanvas`
    /// (so nothing large is allocated for a document that cannot be drawn),
    /// then the photos, the look and the title on it.
    private func draw(_ document: CollageDocument, size target: PixelSize, skipFailures: Bool,
                      arrived: (@Sendable (Photo.ID, DecodedPhoto) -> Void)?,
                      makeCanvas: () throws(RenderError) -> Canvas) throws(RenderError) -> Drawn {
        let settings = document.settings
        let maximum = CollageSettings.maximumSide
        let noRoom = RenderError.layout(.noRoom(size: settings.outputSize, gap: settings.gap, margin: settings.margin))
        guard !settings.outputSize.isEmpty, !target.isEmpty else { throw noRoom }
        guard target.width <= maximum, target.height <= maximum else { throw .tooLarge(target) }
        // Beyond the output's own side neither can leave room (and would overflow below).
        guard (0...maximum).contains(settings.gap), (0...maximum).contains(settings.margin) else { throw noRoom }
        var photos = document.photos
        var failures: [Photo.ID: LoadError] = [:]
        if checksInputsFirst {
            for (index, error) in probeAll(photos).sorted(by: { $0.key < $1.key }) {
                guard skipFailures else { throw .load(error) }
                failures[photos[index].id] = error
            }
            photos = photos.filter { failures[$0.id] == nil }
        }
        // The mosaic's shapes, found once; a photo left out below takes its own with it.
        let shapes = Dictionary(zip(photos.map(\.id), aspects(of: photos, settings.layout)),
                                uniquingKeysWith: { first, _ in first })
        func shapesOf(_ photos: [Photo]) -> [Double] { shapes.isEmpty ? [] : photos.map { shapes[$0.id] ?? 1 } }
        do {
            _ = try CollageFrame.make(count: max(photos.count, 1), aspects: shapesOf(photos),
                                      settings: settings, title: document.title, size: target)
        } catch {
            throw .layout(error)
        }
        let canvas = try makeCanvas()
        // A failed photo leaves the layout; the rest are laid out and painted
        // again (decodes come from the cache when it keeps them).
        while true {
            let frame: CollageFrame
            do {
                // The photos' cells around the title's band, gap and margin scaled to the target.
                frame = try CollageFrame.make(count: photos.count, aspects: shapesOf(photos),
                                              settings: settings, title: document.title, size: target)
            } catch {
                throw .layout(error)
            }
            let cells = frame.cells
            let look = CellLook(settings, scale: frame.scale)
            let pass = paintAll(photos, cells: cells, settings: settings, look: look, on: canvas, arrived: arrived)
            if pass.failures.isEmpty {
                pass.finish(settings, look: look, cells: cells)
                TitlePainter.draw(document.title, in: frame, background: settings.titleGround, on: canvas)
                return Drawn(failures: failures, originalSizes: pass.originalSizes(for: photos),
                             cells: Dictionary(zip(photos.map(\.id), cells), uniquingKeysWith: { first, _ in first }),
                             dividers: frame.dividers, shape: frame.shape, scale: frame.scale)
            }
            guard skipFailures else { throw .load(pass.failures.min { $0.key < $1.key }!.value) }
            for (index, error) in pass.failures { failures[photos[index].id] = error }
            photos = photos.enumerated().filter { pass.failures[$0.offset] == nil }.map(\.element)
        }
    }

    /// The photos' upright aspects, when `layout` needs them (the mosaic):
    /// from what decodes have told, else from a small decode of each, in
    /// parallel. A photo that cannot be read counts as square here; the
    /// paint that follows leaves it out with its reason.
    func aspects(of photos: [Photo], _ layout: LayoutKind) -> [Double] {
        guard layout == .mosaic else { return [] }
        let source = self.source
        let found = PaintPass.Aspects(count: photos.count)
        DispatchQueue.concurrentPerform(iterations: photos.count) { i in
            if let shape = try? source.shape(photos[i].path) { found.set(i, shape.aspectRatio) }
        }
        return found.all
    }

    /// The aspects of `photos` from what is at hand, decoding nothing (the draft's).
    func knownAspects(of photos: [Photo], _ layout: LayoutKind, at hand: [Photo.ID: PixelSize] = [:]) -> [Double] {
        guard layout == .mosaic else { return [] }
        return photos.map { (hand[$0.id] ?? source.knownShape($0.path))?.aspectRatio ?? 1 }
    }

    /// The photos whose headers cannot be read, by index.
    private func probeAll(_ photos: [Photo]) -> [Int: LoadError] {
        let decoder = source.decoder
        let failures = PaintPass.Failures()
        DispatchQueue.concurrentPerform(iterations: photos.count) { i in
            do throws(LoadError) {
                _ = try decoder.probe(photos[i].path)
            } catch {
                failures.add(i, error)
            }
        }
        return failures.all
    }

    private func paintAll(_ photos: [Photo], cells: [CellRect], settings: CollageSettings, look: CellLook,
                          on canvas: Canvas, arrived: (@Sendable (Photo.ID, DecodedPhoto) -> Void)?) -> PaintPass {
        let pass = PaintPass(canvas: canvas, look: look)
        let source = self.source
        let jobs = zip(photos, cells).map { photo, cell in
            (id: photo.id, path: photo.path, crop: photo.crop, fit: photo.fit(in: settings.style), cell: cell,
             cover: Self.cover(for: cell.size, zoom: photo.crop.zoom))
        }
        // A re-composite (a reorder, a setting) finds every decode in the
        // cache: painted in order, the look takes Cairo's fast paths.
        do {
            let cached = jobs.compactMap { job -> DecodedPhoto? in
                if case let .success(decoded)? = source.cached(job.path, covering: job.cover) { return decoded }
                return nil
            }
            if cached.count == jobs.count {
                pass.paintInOrder(zip(jobs, cached).enumerated().map { i, pair in
                    StylePainter.Item(index: i, image: pair.1.image, path: pair.0.path, crop: pair.0.crop, fit: pair.0.fit,
                                      cell: pair.0.cell)
                }, sizes: cached.map(\.originalSize), settings: settings, cells: cells)
                for (job, decoded) in zip(jobs, cached) { arrived?(job.id, decoded) }
                return pass
            }
        }
        pass.start(settings, cells: cells)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { i in
            let job = jobs[i]
            do throws(LoadError) {
                let decoded = try source.photo(job.path, covering: job.cover)
                pass.paint(decoded, path: job.path, crop: job.crop, fit: job.fit, in: job.cell, index: i)
                arrived?(job.id, decoded)
            } catch {
                pass.fail(i, error)
            }
        }
        return pass
    }

    /// Upright pixels a photo must cover for a cell zoomed in by `zoom`.
    static func cover(for cell: PixelSize, zoom: Double) -> PixelSize {
        PixelSize(width: Int((Double(cell.width) * zoom).rounded(.up)),
                  height: Int((Double(cell.height) * zoom).rounded(.up)))
    }
}

/// One pass of painting: the collage surface, shared by the parallel decodes,
/// painted one photo at a time under a lock (a cairo_t is single-threaded),
/// then the shadows and background under them. On a vector canvas each
/// decode is made its cell's image on its own thread instead, and all is
/// painted in order at the end (a page has nothing like DEST_OVER).
/// Unchecked: every stored var, and the surface, is read and written only
/// under `lock` (NSLock, as `finish` must see what every `paint` recorded and
/// a Mutex would hold the state apart from the surface it guards).
private final class PaintPass: @unchecked Sendable {
    private let lock = NSLock()
    private let canvas: Canvas
    private let look: CellLook
    private(set) var failures: [Int: LoadError] = [:]
    private var sizeByIndex: [Int: PixelSize] = [:]
    private var frames: [Int: DrawnFrame] = [:]
    private var backdrops: [Int: CairoImage] = [:]
    /// A vector canvas's photos, ready to paint: each one's place and its pixels there.
    private var tiles: [Int: (place: StylePainter.Placement, tile: CairoImage)] = [:]
    private var finished = false
    private var backgroundDone = false

    init(canvas: Canvas, look: CellLook) {
        self.canvas = canvas
        self.look = look
    }

    /// Clears the canvas (a pass after a failure starts again) and, when
    /// nothing must go under it later (no shadow, no blurred photos), paints
    /// the background first, as the seed did. A vector canvas stays blank
    /// until `finish`.
    func start(_ settings: CollageSettings, cells: [CellRect]) {
        guard !canvas.isVector else { return }
        let cr = canvas.context()
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        if !look.style.shadow, settings.style.fill != .blur {
            StylePainter.drawBackground(settings, size: canvas.size, cells: cells, backdrops: [:], under: false, cr: cr)
            backgroundDone = true
        }
        cairo_destroy(cr)
    }

    func paint(_ decoded: DecodedPhoto, path: String, crop: Crop, fit: PhotoFit, in cell: CellRect, index: Int) {
        // The backdrop is made from this decode on its own thread, before the lock.
        let backdrop = look.style.fill == .blur ? StylePainter.backdrop(path, decoded.image) : nil
        if canvas.isVector {
            // The cell's pixels, made here so the decode can go at once.
            let place = StylePainter.placement(of: decoded.image.size, crop: crop, fit: fit, in: cell, look: look)
            let tile = StylePainter.tile(decoded.image, crop: crop, fit: fit, in: cell, at: place)
            if let tile, let quality = canvas.photoQuality, JPEGTile.isJPEG(path) {
                JPEGTile.attach(to: tile, quality: quality)
            }
            lock.withLock {
                if let tile { tiles[index] = (place, tile) }
                sizeByIndex[index] = decoded.originalSize
                backdrops[index] = backdrop
            }
            return
        }
        lock.withLock {
            let cr = canvas.context()
            frames[index] = StylePainter.draw(decoded.image, crop: crop, fit: fit, in: cell, look: look, cr: cr)
            cairo_destroy(cr)
            sizeByIndex[index] = decoded.originalSize
            backdrops[index] = backdrop
        }
    }

    /// Everything at once, in order, from decodes at hand.
    func paintInOrder(_ items: [StylePainter.Item], sizes: [PixelSize], settings: CollageSettings, cells: [CellRect]) {
        lock.withLock {
            let cr = canvas.context()
            if !canvas.isVector {
                cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
                cairo_paint(cr)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            }
            StylePainter.paintInOrder(items, settings: settings, look: look, size: canvas.size, cells: cells,
                                      vector: canvas.isVector, cr: cr)
            cairo_destroy(cr)
            for (i, size) in sizes.enumerated() { sizeByIndex[i] = size }
            finished = true
        }
    }

    /// The shadows, then the background, under the photos (unless painted in
    /// order); on a vector canvas the background, the shadows, then the photos.
    func finish(_ settings: CollageSettings, look: CellLook, cells: [CellRect]) {
        lock.withLock {
            guard !finished else { return }
            let cr = canvas.context()
            defer { cairo_destroy(cr) }
            if canvas.isVector {
                let ready = tiles.sorted { $0.key < $1.key }.map(\.value)
                StylePainter.paintUnder(ready.map(\.place), opaque: nil, backdrops: backdrops, settings: settings,
                                        look: look, size: canvas.size, cells: cells, cr: cr)
                for (place, tile) in ready { StylePainter.drawTile(tile, at: place, look: look, cr: cr) }
                tiles = [:]
                return
            }
            StylePainter.drawShadows(frames.sorted { $0.key < $1.key }.map(\.value), look: look, under: true, cr: cr)
            if !backgroundDone {
                StylePainter.drawBackground(settings, size: canvas.size, cells: cells, backdrops: backdrops, under: true, cr: cr)
            }
        }
    }

    func fail(_ index: Int, _ error: LoadError) {
        lock.withLock { failures[index] = error }
    }

    /// Failures collected from parallel work.
    final class Failures: Sendable {
        private let failures = Mutex<[Int: LoadError]>([:])

        func add(_ index: Int, _ error: LoadError) { failures.withLock { $0[index] = error } }
        var all: [Int: LoadError] { failures.withLock { $0 } }
    }

    /// Aspects found in parallel, 1 until found.
    final class Aspects: Sendable {
        private let values: Mutex<[Double]>

        init(count: Int) { values = Mutex(Array(repeating: 1, count: count)) }
        func set(_ index: Int, _ value: Double) { values.withLock { $0[index] = value } }
        var all: [Double] { values.withLock { $0 } }
    }

    func originalSizes(for photos: [Photo]) -> [Photo.ID: PixelSize] {
        lock.withLock {
            var result: [Photo.ID: PixelSize] = [:]
            for (i, size) in sizeByIndex { result[photos[i].id] = size }
            return result
        }
    }
}

// Writes a collage as a one-page PDF (issue 22): a page of the collage's
// physical size (its pixels at CollageSettings.dpi, 72 dpi when it has none),
// drawn by the Compositor's one drawing code on a Cairo PDF surface seen
// through a scale of 72/dpi points per pixel (Canvas). So each photo is an
// image of its cell's pixels (ppi = the DPI), the title is text, the
// background, gradient, borders and rounded corners are vectors (a photo
// that was a JPEG goes as a JPEG again, JPEGTile; others lossless); the shadows
// (an alpha mask each) and the blurred background (a small picture scaled
// up) are images. The bytes go through AtomicFile like a PNG's, so a failed
// or interrupted write leaves nothing. Choosing PDF (a ".pdf" name, Save As's
// list) is ImageFormat's and the callers'.

import CPangoCairo
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum PDFExporter {
    /// Why no PDF was written: the collage could not be drawn, or the file not written.
    public enum Failure: Error, Sendable {
        case render(RenderError)
        case write(ExportError)
    }

    /// The page's size in points (1/72 inch) for `pixels` at `dpi` (nil: 72, a point a pixel).
    public static func pageSize(of pixels: PixelSize, dpi: Int?) -> (width: Double, height: Double) {
        let perPixel = pointsPerPixel(dpi: dpi)
        return (Double(pixels.width) * perPixel, Double(pixels.height) * perPixel)
    }

    static func pointsPerPixel(dpi: Int?) -> Double {
        guard let dpi, dpi > 0 else { return 1 }
        return 72 / Double(dpi)
    }

    /// Draws `document` with `compositor` onto a new PDF at `path`, atomically.
    /// Photos that were JPEGs are embedded as JPEGs of `photoQuality` (nil:
    /// every photo lossless, Flate). `skipFailures` and `arrived` are the
    /// compositor's (Save leaves out a photo that can no longer be read and says so).
    @discardableResult
    public static func write(_ document: CollageDocument, compositor: Compositor, to path: String,
                             replacing: Bool = false, photoQuality: Int? = ImageFormat.defaultJPEGQuality,
                             skipFailures: Bool = false,
                             arrived: (@Sendable (Photo.ID, DecodedPhoto) -> Void)? = nil) throws(Failure) -> Compositor.Drawn {
        var drawn: Compositor.Drawn?
        var renderFailure: RenderError?
        do throws(ExportError) {
            try AtomicFile.write(to: path, replacing: replacing) { fd throws(ExportError) in
                let sink = PageSink(fd: fd)
                let perPixel = pointsPerPixel(dpi: document.settings.dpi)
                let page = pageSize(of: document.settings.outputSize, dpi: document.settings.dpi)
                let surface = withExtendedLifetime(sink) {
                    cairo_pdf_surface_create_for_stream(writePage, Unmanaged.passUnretained(sink).toOpaque(),
                                                        page.width, page.height)!
                }
                defer { cairo_surface_destroy(surface) }
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "TinyCollage")
                if !document.title.isEmpty {
                    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, document.title.shownText)
                }
                do throws(RenderError) {
                    drawn = try compositor.draw(document, onVector: surface, unitsPerPixel: perPixel,
                                                photoQuality: photoQuality, skipFailures: skipFailures, arrived: arrived)
                } catch {
                    renderFailure = error
                    cairo_surface_finish(surface)
                    throw ExportError(path: path, reason: .encodeFailed(error.description))
                }
                // Writes the page, its fonts and its images, through the sink.
                withExtendedLifetime(sink) { cairo_surface_finish(surface) }
                if let code = sink.errnoValue { throw .fromErrno(code, path: path) }
                let status = cairo_surface_status(surface)
                guard status == CAIRO_STATUS_SUCCESS else {
                    throw ExportError(path: path, reason: .encodeFailed(String(cString: cairo_status_to_string(status))))
                }
            }
        } catch {
            if let renderFailure { throw .render(renderFailure) }
            throw .write(error)
        }
        return drawn!
    }
}

/// Where Cairo's PDF bytes go: the atomic file's descriptor, and the first
/// write error met (Cairo itself only says "write error").
private final class PageSink {
    let fd: Int32
    var errnoValue: Int32?

    init(fd: Int32) {
        self.fd = fd
    }
}

private let writePage: cairo_write_func_t = { closure, data, length in
    let sink = Unmanaged<PageSink>.fromOpaque(closure!).takeUnretainedValue()
    guard sink.errnoValue == nil else { return CAIRO_STATUS_WRITE_ERROR }
    guard let code = AtomicFile.writeAll(sink.fd, data!, count: Int(length)) else { return CAIRO_STATUS_SUCCESS }
    sink.errnoValue = code
    return CAIRO_STATUS_WRITE_ERROR
}

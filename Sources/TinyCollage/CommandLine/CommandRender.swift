// The one path from a document to a file that `render` and `thumbnail`
// share: the decoder workers started early, temporaries removed should a
// signal end the process, the collage drawn by a one-off Compositor (at the
// output size or a smaller one, gap, margin and title scaled alike, each
// photo decoded at its cell's size) and written atomically by Exporter (or
// drawn as a PDF page by PDFExporter), each
// failure worded with the file it is about. Parsing options, and what to do
// with photos left out, stay with each command.

import CollageCore
import CollageRender

enum CommandRender {
    /// Before anything else is checked: the workers load their modules meanwhile.
    static func prepare(photoCount: Int) {
        DecoderPool.shared.prestart(upTo: photoCount)
        AtomicFile.removeTemporariesOnSignals()
    }

    /// `document` drawn at `size` (nil: its output size). A photo that
    /// cannot be read is named; what cannot be drawn names `naming` (the
    /// output, or the project the settings came from).
    static func draw(_ document: CollageDocument, size: PixelSize? = nil, purpose: DecodePurpose = .export,
                     skipFailures: Bool = false, naming: String) throws(RenderCommand.Failure) -> RenderResult {
        do {
            return try Compositor.oneOff(purpose: purpose).render(document, size: size, skipFailures: skipFailures)
        } catch {
            throw renderFailure(error, naming: naming)
        }
    }

    /// `document` as a one-page PDF at `output` (PDFExporter: drawn, not
    /// encoded from pixels); its failures worded as `draw`'s and `save`'s.
    static func drawPDF(_ document: CollageDocument, to output: String, replacing: Bool, photoQuality: Int,
                        naming: String) throws(RenderCommand.Failure) -> [CellRect] {
        do throws(PDFExporter.Failure) {
            return Array(try PDFExporter.write(document, compositor: Compositor.oneOff(), to: output, replacing: replacing,
                                               photoQuality: photoQuality).cells.values)
        } catch {
            switch error {
            case let .render(error): throw renderFailure(error, naming: naming)
            case let .write(error): throw writeFailure(error)
            }
        }
    }

    /// A photo that cannot be read is named; anything else names `naming`.
    private static func renderFailure(_ error: RenderError, naming: String) -> RenderCommand.Failure {
        if case let .load(load) = error {
            return .input(tr("%s: %s", FilePathText.displayText(load.path), Messages.reason(load.reason)))
        }
        return .input(tr("%s: %s", FilePathText.displayText(naming), Messages.render(error)))
    }

    private static func writeFailure(_ error: ExportError) -> RenderCommand.Failure {
        .input(tr("%s: %s", FilePathText.displayText(error.path), Messages.reason(error.reason)))
    }

    /// Writes the drawn image to `output` (atomically; nothing is left there on failure).
    static func save(consuming image: CairoImage, to output: String, format: ImageFormat, dpi: Int? = nil,
                     replacing: Bool) throws(RenderCommand.Failure) {
        do {
            try Exporter.write(consuming: image, to: output, format: format, dpi: dpi, replacing: replacing)
        } catch {
            throw writeFailure(error)
        }
    }
}

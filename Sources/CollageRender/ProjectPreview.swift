// The small PNG a project keeps for thumbnailers that see the project file
// alone (GNOME's sandbox; ProjectFile's `preview`): the collage drawn at most
// `side` pixels on its longer side by a one-off Compositor, photos that
// cannot be read left out, encoded by Exporter. It decodes, so it blocks:
// the window calls it off the main loop, beside its Save Project. Putting
// the bytes in the file is ProjectIO.write's.

import CollageCore
import Foundation

public enum ProjectPreview {
    /// GNOME's "large" thumbnail: Files asks for 256 at most on an ordinary screen.
    public static let side = 256

    /// The preview's PNG bytes, or nil when nothing can be drawn (no photo
    /// can be read) or the PNG would be past what a project keeps.
    public static func png(of document: CollageDocument, side: Int = ProjectPreview.side) -> Data? {
        guard !document.photos.isEmpty, side > 0 else { return nil }
        let size = Compositor.size(of: document.settings.outputSize, fitting: PixelSize(width: side, height: side))
        guard let result = try? Compositor.oneOff(purpose: .thumbnail).render(document, size: size, skipFailures: true),
              result.failures.count < document.photos.count else { return nil }
        guard let bytes = try? Exporter.encoded(consuming: result.image, format: .png, name: "preview"),
              bytes.count <= ProjectFile.maximumPreviewBytes else { return nil }
        return Data(bytes)
    }
}

// A small picture of a photo, shown for the moment before the photo's own
// decode arrives (issue 14): the freedesktop thumbnail cache's, or the one a
// camera embedded in its JPEG. It is a type of its own, never a
// DecodedPhoto: PhotoSource and ImageCache cannot hold one, and Compositor's
// `render` — the only path to a saved file, the command line and a drag —
// draws only decodes, so no small picture can reach a file. Only `draft`
// (Compositor+Draft, the preview's path) draws them.

import CollageCore

public struct SmallImage: Sendable {
    public enum Origin: Sendable {
        /// The freedesktop thumbnail cache (ours or another app's).
        case thumbnailCache
        /// The JPEG's own EXIF thumbnail.
        case exif
    }

    /// Upright, with the photo's proportions.
    public let image: CairoImage
    /// The photo's full size, upright, when its source says it.
    public let photoSize: PixelSize?
    public let origin: Origin

    public init(image: CairoImage, photoSize: PixelSize?, origin: Origin) {
        self.image = image
        self.photoSize = photoSize
        self.origin = origin
    }
}

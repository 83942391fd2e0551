// One selected photo: a stable identity (the same file may be selected twice),
// its path, and the part of it the user chose to show. What decoding learns
// about the file (its size, whether it can be read) is not part of the
// document: the window keeps such facts apart (DecodeFacts), so learning them
// is neither an undo step nor a change of the session file.

import Foundation

public struct Photo: Hashable, Codable, Sendable, Identifiable {
    public let id: UUID
    /// The file's path; not UTF-8 names are kept losslessly (see FilePathText).
    public var path: String
    public var crop: Crop
    /// Shown whole or filling its cell for this photo alone; nil follows
    /// the collage's `style.fit` (sessions from before issue 23 hold none).
    public var fit: PhotoFit?

    public init(id: UUID = UUID(), path: String, crop: Crop = Crop(), fit: PhotoFit? = nil) {
        self.id = id
        self.path = path
        self.crop = crop
        self.fit = fit
    }

    private enum CodingKeys: String, CodingKey { case id, path, crop, fit }

    /// A fit this version does not know follows the collage's, rather than
    /// losing the whole session.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(UUID.self, forKey: .id)
        path = try c.decode(String.self, forKey: .path)
        crop = try c.decode(Crop.self, forKey: .crop)
        do {
            fit = try c.decodeIfPresent(PhotoFit.self, forKey: .fit)
        } catch {
            fit = nil
            unreadableFit = true
        }
    }

    /// Whether the file held a fit that could not be read (for
    /// SessionValidation's message); never written.
    public internal(set) var unreadableFit = false

    /// How this photo is drawn in a collage of `style`: its own fit wins.
    public func fit(in style: CollageStyle) -> PhotoFit { fit ?? style.fit }

    /// The file's name for messages (bytes that are not UTF-8 shown as "�").
    public var displayName: String {
        let shown = FilePathText.displayText(path)
        return shown.split(separator: "/").last.map(String.init) ?? shown
    }
}

/// Which part of the photo fills its cell: a zoom over aspect-fill and the
/// point of the photo (in 0...1 of its width and height) at the cell's centre.
/// The renderer clamps the centre so the cell is always filled.
public struct Crop: Hashable, Codable, Sendable {
    public var zoom: Double
    public var centerX: Double
    public var centerY: Double

    public static let maximumZoom = 8.0

    public init(zoom: Double = 1, centerX: Double = 0.5, centerY: Double = 0.5) {
        self.zoom = min(max(zoom, 1), Crop.maximumZoom)
        self.centerX = min(max(centerX, 0), 1)
        self.centerY = min(max(centerY, 0), 1)
    }

    public var isDefault: Bool { self == Crop() }
}

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

    public init(id: UUID = UUID(), path: String, crop: Crop = Crop()) {
        self.id = id
        self.path = path
        self.crop = crop
    }

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

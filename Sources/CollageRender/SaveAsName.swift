// Save As's rule for the name and the format, apart from any dialog so it can
// be checked alone: the type chosen in the chooser's list sets the extension
// shown and the format written; a name typed with another known extension
// wins, and the caller is told so it can say it (never a silent mismatch).
// The dialog itself is SaveAsChooser's; writing is Exporter's.

import Foundation

extension ImageFormat {
    /// The extension a file of this format is given.
    public var fileExtension: String {
        switch self {
        case .png: return "png"
        case .jpeg: return "jpg"
        case .pdf: return "pdf"
        }
    }

    /// The format's name as people know it ("PNG", "JPEG"): not translated.
    public var typeName: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .pdf: return "PDF"
        }
    }

    /// Same kind of file, whatever the JPEG quality.
    public func isSameType(as other: ImageFormat) -> Bool { fileExtension == other.fileExtension }
}

public enum SaveAsName {
    /// The name shown once `format` is chosen: our extension swapped for its
    /// own, or added when the name has none of ours ("trip.v2" → "trip.v2.jpg").
    public static func renamed(_ name: String, for format: ImageFormat) -> String {
        let base = ImageFormat(path: name) == nil ? name : (name as NSString).deletingPathExtension
        guard !base.isEmpty else { return name }
        return base + "." + format.fileExtension
    }

    public struct Decision: Equatable, Sendable {
        public var path: String
        public var format: ImageFormat
        /// The name's extension overrode the type chosen in the list: say so.
        public var nameWon: Bool
        /// The name is not the one the chooser confirmed (we completed it), so
        /// an existing file of that name must not be replaced.
        public var completed: Bool

        public init(path: String, format: ImageFormat, nameWon: Bool, completed: Bool) {
            self.path = path
            self.format = format
            self.nameWon = nameWon
            self.completed = completed
        }
    }

    /// What to write for `path` as the chooser answered it. `chosen` is the type
    /// selected in its list (nil when none), `shown` the name we last put in its
    /// field: a name still equal to it was kept, not typed, so the type decides
    /// (a portal chooser renames nothing itself).
    public static func decide(path: String, chosen: ImageFormat?, shown: String?,
                              quality: Int = ImageFormat.defaultJPEGQuality) -> Decision {
        let name = (path as NSString).lastPathComponent
        let folder = (path as NSString).deletingLastPathComponent
        let chosen = chosen.map { $0.isSameType(as: .jpeg(quality: quality)) ? .jpeg(quality: quality) : $0 }
        let named = ImageFormat(path: path, quality: quality)
        if let chosen, name == shown, let named, !named.isSameType(as: chosen) {
            let path = (folder as NSString).appendingPathComponent(renamed(name, for: chosen))
            return Decision(path: path, format: chosen, nameWon: false, completed: true)
        }
        if let named {
            return Decision(path: path, format: named, nameWon: chosen.map { !named.isSameType(as: $0) } ?? false,
                            completed: false)
        }
        let format = chosen ?? .png
        return Decision(path: path + "." + format.fileExtension, format: format, nameWon: false, completed: true)
    }
}

// Why a photo could not be used, always with the file it concerns. The words
// for each reason are FailureWords' (English in logs, translated on screen). The last
// three reasons come from a decoder worker that had to be stopped (see
// DecoderPool): the file cost that one worker, nothing else.

import CollageCore

public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case missing
        case danglingLink
        case isDirectory
        case notRegularFile
        case permissionDenied
        case empty
        case notAnImage
        case corrupt(String)
        case tooLarge(PixelSize, limit: Int)
        case ioError(String)
        /// A variant of a known format this computer's loaders cannot read
        /// (e.g. a float TIFF): the format's name, and the loader's words.
        case unsupported(String, String)
        /// The worker ran past its deadline or its CPU time and was stopped.
        case timedOut
        /// The worker ran out of the memory it is allowed.
        case outOfMemory
        /// The worker died while reading it (a crash in a loader).
        case crashed
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var fileName: String { Photo(path: path).displayName }

    public var reasonText: String { reason.wording.english }

    public var description: String { "\(FilePathText.displayText(path)): \(reasonText)" }
}

extension LoadError.Reason {
    /// The reason's name without its details, for tallies and file notes.
    public var key: String {
        switch self {
        case .missing: return "missing"
        case .danglingLink: return "danglingLink"
        case .isDirectory: return "isDirectory"
        case .notRegularFile: return "notRegularFile"
        case .permissionDenied: return "permissionDenied"
        case .empty: return "empty"
        case .notAnImage: return "notAnImage"
        case .corrupt: return "corrupt"
        case .tooLarge: return "tooLarge"
        case .ioError: return "ioError"
        case .unsupported: return "unsupported"
        case .timedOut: return "timedOut"
        case .outOfMemory: return "outOfMemory"
        case .crashed: return "crashed"
        }
    }
}

// Why a photo could not be used, always with the file it concerns. The text
// is plain English for logs; what people read is translated from the
// `Reason` (TinyCollage's Messages.swift), so it can be Japanese. The last
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

    public var reasonText: String {
        switch reason {
        case .missing: return "no such file"
        case .danglingLink: return "the link points to a file that does not exist"
        case .isDirectory: return "it is a folder, not a photo"
        case .notRegularFile: return "it is not a regular file"
        case .permissionDenied: return "permission denied"
        case .empty: return "the file is empty"
        case .notAnImage: return "not an image, or a format this computer cannot read"
        case let .corrupt(detail): return "the image is damaged or incomplete (\(detail))"
        case let .tooLarge(size, limit):
            return "the image is too large (\(size), over the limit of \(limit / 1_000_000) megapixels)"
        case let .ioError(detail): return "it could not be read (\(detail))"
        case let .unsupported(kind, detail): return "this kind of \(kind) file cannot be read here (\(detail))"
        case .timedOut: return "it could not be read: reading it took too long"
        case .outOfMemory: return "it could not be read: it used too much memory"
        case .crashed: return "it could not be read: it made the image reader crash"
        }
    }

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

// Why a photo could not be used, always with the file it concerns. The text
// is plain English for the command line and logs; the window translates the
// `Reason` itself so the message can be Japanese.

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
        }
    }

    public var description: String { "\(FilePathText.displayText(path)): \(reasonText)" }
}

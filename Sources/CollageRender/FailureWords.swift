// Why a photo could not be read or a file written, in words, once: each
// reason's English is also its gettext message id (marked N_ so xgettext
// finds it here), the logs print it as it is, and the window and the command
// line show it translated (TinyCollage's Messages, through `tr(_: Wording)`).
// The render layer knows no translations; which catalogue is used is the app's.

import CollageCore

/// Words with holes: an English template whose `%s` are filled in order.
public struct Wording: Equatable, Sendable {
    public let template: String
    public let arguments: [String]

    init(_ template: String, _ arguments: String...) {
        self.template = template
        self.arguments = arguments
    }

    /// The words with `template` (a translation of ours, or ours) filled in.
    public func filled(_ template: String? = nil) -> String {
        var text = template ?? self.template
        var searchFrom = text.startIndex
        for argument in arguments {
            guard let range = text.range(of: "%s", range: searchFrom..<text.endIndex) else { break }
            text.replaceSubrange(range, with: argument)
            searchFrom = text.index(range.lowerBound, offsetBy: argument.count)
        }
        return text
    }

    public var english: String { filled() }
}

/// Marks a message for xgettext; it is translated where it is shown.
@inline(__always) func N_(_ message: String) -> String { message }

extension LoadError.Reason {
    public var wording: Wording {
        switch self {
        case .missing: return Wording(N_("no such file"))
        case .danglingLink: return Wording(N_("the link points to a file that does not exist"))
        case .isDirectory: return Wording(N_("it is a folder, not a photo"))
        case .notRegularFile: return Wording(N_("it is not a regular file"))
        case .permissionDenied: return Wording(N_("permission denied"))
        case .empty: return Wording(N_("the file is empty"))
        case .notAnImage: return Wording(N_("not an image, or a format this computer cannot read"))
        case let .corrupt(detail): return Wording(N_("the image is damaged or incomplete (%s)"), detail)
        case let .tooLarge(size, limit):
            return Wording(N_("the image is too large (%s, over the limit of %s megapixels)"), size.description,
                           String(limit / 1_000_000))
        case let .ioError(detail): return Wording(N_("it could not be read (%s)"), detail)
        case let .unsupported(kind, detail):
            // TRANSLATORS: %s is a format's name (JPEG, TIFF…), the second the reader's own words.
            return Wording(N_("this kind of %s file cannot be read here (%s)"), kind, detail)
        case .timedOut: return Wording(N_("it could not be read: reading it took too long"))
        case .outOfMemory: return Wording(N_("it could not be read: it used too much memory"))
        case .crashed: return Wording(N_("it could not be read: it made the image reader crash"))
        }
    }
}

extension ExportError.Reason {
    public var wording: Wording {
        switch self {
        case .folderMissing: return Wording(N_("the folder does not exist"))
        case .notAFolder: return Wording(N_("the folder is not a folder"))
        case .permissionDenied: return Wording(N_("permission denied"))
        case .readOnly: return Wording(N_("the disk is read-only"))
        case .diskFull: return Wording(N_("the disk is full"))
        case .exists: return Wording(N_("the file already exists"))
        case let .encodeFailed(why): return Wording(N_("the image could not be encoded (%s)"), why)
        // The system's own words (strerror), already in the user's language.
        case let .ioError(why): return Wording("%s", why)
        }
    }
}

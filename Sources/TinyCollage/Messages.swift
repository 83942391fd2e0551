// User-facing words for the renderer's errors, translated. The renderer
// speaks plain English for logs; everything a person reads goes through here
// so the window and the command line say the same thing in every language.

import CollageCore
import CollageRender

enum Messages {
    static func reason(_ reason: LoadError.Reason) -> String {
        switch reason {
        case .missing: return tr("no such file")
        case .danglingLink: return tr("the link points to a file that does not exist")
        case .isDirectory: return tr("it is a folder, not a photo")
        case .notRegularFile: return tr("it is not a regular file")
        case .permissionDenied: return tr("permission denied")
        case .empty: return tr("the file is empty")
        case .notAnImage: return tr("not an image, or a format this computer cannot read")
        case let .corrupt(detail): return tr("the image is damaged or incomplete (%s)", detail)
        case let .tooLarge(size, limit):
            return tr("the image is too large (%s, over the limit of %s megapixels)", size.description,
                      String(limit / 1_000_000))
        case let .ioError(detail): return tr("it could not be read (%s)", detail)
        case let .unsupported(kind, detail):
            // TRANSLATORS: %s is a format's name (JPEG, TIFF…), the second the reader's own words.
            return tr("this kind of %s file cannot be read here (%s)", kind, detail)
        case .timedOut: return tr("it could not be read: reading it took too long")
        case .outOfMemory: return tr("it could not be read: it used too much memory")
        case .crashed: return tr("it could not be read: it made the image reader crash")
        }
    }

    static func load(_ error: LoadError) -> String {
        tr("“%s”: %s", error.fileName, reason(error.reason))
    }

    static func reason(_ reason: ExportError.Reason) -> String {
        switch reason {
        case .folderMissing: return tr("the folder does not exist")
        case .notAFolder: return tr("the folder is not a folder")
        case .permissionDenied: return tr("permission denied")
        case .readOnly: return tr("the disk is read-only")
        case .diskFull: return tr("the disk is full")
        case .exists: return tr("the file already exists")
        case let .encodeFailed(why): return tr("the image could not be encoded (%s)", why)
        case let .ioError(why): return why
        }
    }

    static func render(_ error: RenderError) -> String {
        switch error {
        case let .load(error): return load(error)
        case let .layout(.noRoom(size, gap, margin)):
            return tr("a gap of %s px and a margin of %s px leave no room for the photos in %s",
                      String(gap), String(margin), size.description)
        case let .tooLarge(size):
            return tr("a collage of %s is larger than the %s pixels a side that can be drawn", size.description,
                      String(CollageSettings.maximumSide))
        case .noPhotos: return tr("there are no photos to put in the collage")
        }
    }

    /// Settings refused because they leave the photos no room (a toast).
    static func noRoom(gap: Int, margin: Int) -> String {
        tr("A gap of %s px and a margin of %s px leave no room for the photos", String(gap), String(margin))
    }
}

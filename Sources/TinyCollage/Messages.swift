// User-facing words for the renderer's errors, translated, so the window and
// the command line say the same thing in every language. A failure's reason
// is worded once, in CollageRender's FailureWords; this translates it and
// words what only the app says (a render's layout, a refused setting).

import CollageCore
import CollageRender

enum Messages {
    static func reason(_ reason: LoadError.Reason) -> String { tr(reason.wording) }

    static func load(_ error: LoadError) -> String {
        tr("“%s”: %s", error.fileName, reason(error.reason))
    }

    static func reason(_ reason: ExportError.Reason) -> String { tr(reason.wording) }

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

    /// A project whose values were brought into range (SessionValidation's
    /// list, in English as the session's log has it), for the command line.
    static func corrected(project path: String, _ repairs: [String]) -> String {
        tr("%s: corrected what could not be used: %s", FilePathText.displayText(path), repairs.joined(separator: "; "))
    }

    static func noPhotos(project path: String) -> String {
        tr("%s: the project has no photos", FilePathText.displayText(path))
    }

    /// Settings refused because they leave the photos no room (a toast).
    static func noRoom(gap: Int, margin: Int) -> String {
        tr("A gap of %s px and a margin of %s px leave no room for the photos", String(gap), String(margin))
    }
}

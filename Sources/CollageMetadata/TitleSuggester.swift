// A title suggestion for a set of photos: each photo's metadata read
// (PhotoMetadata), its coordinate named (PlaceFinder), and the rules of
// TitleSuggestion (CollageCore) applied. Blocking file reads: call it off
// the main thread. Putting the result into words is the app's (gettext).

import CollageCore

public enum TitleSuggester {
    /// What each photo says; a photo that cannot be read says nothing.
    public static func facts(for paths: [String]) -> [PhotoFacts] {
        paths.map { path in
            var facts = (try? PhotoMetadata.read(path: path)) ?? PhotoFacts()
            facts.place = facts.coordinate.flatMap(PlaceFinder.place(near:))
            return facts
        }
    }

    public static func suggestion(for paths: [String]) -> TitleSuggestion? {
        TitleSuggestion.make(facts(for: paths))
    }
}

// A title suggestion for a set of photos: each photo's metadata read in a
// decoder worker (PhotoMetadata), its coordinate named (PlaceFinder), and the
// rules of TitleSuggestion (CollageCore) applied. Blocking: call it off the
// main thread. Putting the result into words is the app's (gettext).

import CollageCore

public enum TitleSuggester {
    /// What each photo says; a photo that cannot be read says nothing.
    public static func facts(for paths: [String]) -> [TitleFacts] {
        paths.map { path in
            var facts = (try? PhotoMetadata.read(path: path)) ?? TitleFacts()
            facts.place = facts.coordinate.flatMap(PlaceFinder.place(near:))
            return facts
        }
    }

    public static func suggestion(for paths: [String]) -> TitleSuggestion? {
        TitleSuggestion.make(facts(for: paths))
    }

    /// The suggestion from facts already read (Decoder.facts), with their places named.
    public static func suggestion(from facts: [TitleFacts]) -> TitleSuggestion? {
        TitleSuggestion.make(facts.map { fact in
            var named = fact
            named.place = fact.coordinate.flatMap(PlaceFinder.place(near:))
            return named
        })
    }
}

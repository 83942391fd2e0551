// Names that never clash with a file already there: "Collage 2026-11-30
// 14-05-09.png", then " (2)", " (3)"… up to " (99)", each tried by writing it
// (AtomicFile refuses a name that exists, so two writers cannot take the same
// one). Used by Save and by the camera's shots; what is written is theirs.

public enum FreshName {
    /// The highest number a name gets before giving up.
    public static let lastNumber = 99

    /// "`base`.`ext`", then "`base` (2).`ext`" … "`base` (99).`ext`".
    public static func candidates(base: String, extension ext: String) -> [String] {
        [base + "." + ext] + (2...lastNumber).map { base + " (\($0))." + ext }
    }

    /// Runs `write` with each of `candidates` in turn until one is not taken
    /// (`taken` says which failures mean that) and returns the name written.
    /// Any other failure, or the last name being taken too, is thrown.
    public static func first<Failure: Error>(of candidates: [String], taken: (Failure) -> Bool,
                                             _ write: (String) throws(Failure) -> Void) throws(Failure) -> String {
        precondition(!candidates.isEmpty, "FreshName needs a name to try")
        for (index, path) in candidates.enumerated() {
            do throws(Failure) {
                try write(path)
                return path
            } catch {
                if taken(error), index < candidates.count - 1 { continue }
                throw error
            }
        }
        fatalError("unreachable: the last candidate returns or throws")
    }
}

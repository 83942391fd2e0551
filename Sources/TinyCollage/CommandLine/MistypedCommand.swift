// A first argument that is neither a command nor a file, such as `rendr`:
// a usage mistake (exit 2) that names the closest command, rather than a
// window that says "cannot open display" or GApplication's "Unknown option".
// What looks like a file is left to the window, which names a missing one.

import Foundation

enum MistypedCommand {
    static let commands = ["render", "suggest-title", "thumbnail"]

    /// The message for `word` when it is taken for a mistyped command, else nil.
    /// A word is only ASCII letters and hyphens, as the commands are (a
    /// name in another script is no slip of the fingers): anything with a path separator, a
    /// dot (an extension, "photo.jpg"), a digit, a colon (a URI) or a leading
    /// "-" (an option) is a file or an option; so is a word that exists on
    /// disk, a file or folder named like "holiday" in the current folder.
    static func message(for word: String) -> String? {
        guard let first = word.unicodeScalars.first, asciiLetters.contains(first),
              word.unicodeScalars.allSatisfy({ asciiLetters.contains($0) || $0 == "-" }),
              !commands.contains(word) else { return nil }
        var status = stat()
        guard lstat(word, &status) != 0 else { return nil }
        if let closest = closest(to: word) {
            return tr("unknown command “%s”; did you mean “%s”?", word, closest)
        }
        return tr("unknown command “%s”, and no such file; the commands are %s", word,
                  commands.map { "“\($0)”" }.joined(separator: ", "))
    }

    private static let asciiLetters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// The command a slip of the fingers away: at most two letters added,
    /// dropped, changed or swapped ("rendr", "sugest-title", "redner"), or
    /// the start of one ("suggest").
    static func closest(to word: String) -> String? {
        let lowered = word.lowercased()
        let scored = commands.map { ($0, distance(lowered, $0)) }.filter { $0.1 <= 2 }
        if let best = scored.min(by: { $0.1 < $1.1 }) { return best.0 }
        guard lowered.count >= 3 else { return nil }
        return commands.first { $0.hasPrefix(lowered) }
    }

    /// Edits from one word to the other, a swap of neighbours counting one
    /// (optimal string alignment distance).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

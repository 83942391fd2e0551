// A limit that `--help` states holds exactly (issue 19 point 4): each range
// is read from the help text itself, then the command is run at both ends
// (accepted, a file written) and one step past each (a usage error naming the
// option). A limit changed in the code and not in the help, or the reverse,
// fails here.

import Foundation
import Testing
import TestSupport

@Suite struct HelpLimitsTests {
    static let help: String = (try? tinycollage(["render", "--help"]).stdout) ?? ""

    /// The help line of `option`.
    static func line(_ option: String) -> String {
        help.split(separator: "\n").map(String.init).first {
            let text = $0.trimmingCharacters(in: .whitespaces)
            return text.hasPrefix(option + " ") || text.contains(", " + option + " ")
        } ?? ""
    }

    /// The two numbers of "from A to B" or "A to B" in `option`'s help line.
    static func range(_ option: String) throws -> (Double, Double) {
        let text = line(option)
        let match = try #require(text.firstMatch(of: /(\d+(?:\.\d+)?) to (\d+(?:\.\d+)?)/), "no range in “\(text)”")
        return (Double(match.1)!, Double(match.2)!)
    }

    func render(_ arguments: [String], photos: Int = 1) throws -> ProcessOutput {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let output = folder.file("out.png")
        let result = try tinycollage(["render", "-o", output] + arguments + Array(repeating: photo, count: photos))
        if result.status == 0 { #expect(FileManager.default.fileExists(atPath: output), "\(arguments)") }
        return result
    }

    func expectAccepted(_ arguments: [String], photos: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try render(arguments, photos: photos)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }

    func expectRefused(_ arguments: [String], naming option: String, photos: Int = 1,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try render(arguments, photos: photos)
        #expect(result.status != 0 && result.stderr.contains(option), "\(arguments): \(result.stderr)",
                sourceLocation: sourceLocation)
    }

    @Test func theQualityHoldsAtBothEnds() throws {
        let (low, high) = try Self.range("--quality")
        let (a, b) = (Int(low), Int(high))
        let jpeg = { (quality: Int) in ["--quality", String(quality), "-o"] }
        for quality in [a, b] {
            let folder = try FixtureFolder()
            let photo = try folder.solid("a.png", colour: "red")
            let result = try tinycollage(["render"] + jpeg(quality) + [folder.file("o.jpg"), photo])
            #expect(result.status == 0, "\(quality): \(result.stderr)")
        }
        try expectRefused(["--quality", String(a - 1)], naming: "--quality")
        try expectRefused(["--quality", String(b + 1)], naming: "--quality")
    }

    /// Two photos side by side, a pixel each, need exactly the gap between them.
    @Test func theGapHoldsAtBothEnds() throws {
        let (low, high) = try Self.range("--gap")
        let (a, b) = (Int(low), Int(high))
        try expectAccepted(["--gap", String(a), "--size", "\(b + 2)x3"], photos: 2)
        try expectAccepted(["--gap", String(b), "--size", "\(b + 2)x3"], photos: 2)
        try expectRefused(["--gap", String(a - 1)], naming: "--gap")
        try expectRefused(["--gap", String(b + 1), "--size", "\(b + 3)x3"], naming: "--gap", photos: 2)
    }

    /// The widest margin the help allows needs a collage of 20001² to leave a
    /// pixel (1.6 GB to draw): at the end of the range it is taken, and the
    /// collage is then refused for its size, not for the option.
    @Test func theMarginHoldsAtBothEnds() throws {
        let (low, high) = try Self.range("--margin")
        let (a, b) = (Int(low), Int(high))
        try expectAccepted(["--margin", String(a)])
        try expectAccepted(["--margin", String(min(b, 100)), "--size", "203x203"])
        let widest = try render(["--margin", String(b), "--size", "200x200"])
        #expect(widest.status == 1 && widest.stderr.contains("leave no room") && !widest.stderr.contains("--margin"),
                "\(widest.stderr)")
        try expectRefused(["--margin", String(a - 1)], naming: "--margin")
        try expectRefused(["--margin", String(b + 1), "--size", "200x200"], naming: "--margin")
    }

    @Test func theTitleSizeHoldsAtBothEnds() throws {
        let (low, high) = try Self.range("--title-size")
        for value in [low, high] { try expectAccepted(["--title-size", String(value), "-t", "Hi"]) }
        for value in [low - 0.01, high + 0.01] {
            try expectRefused(["--title-size", String(value), "-t", "Hi"], naming: "--title-size")
        }
    }

    @Test func theSizeHoldsAtItsLimitASide() throws {
        let text = Self.line("-s, --size")
        let match = try #require(text.firstMatch(of: /up to (\d+) a side/), "no limit in “\(text)”")
        let side = Int(match.1)!
        try expectAccepted(["--size", "\(side)x3"])
        try expectAccepted(["--size", "3x\(side)"])
        try expectRefused(["--size", "\(side + 1)x3"], naming: "--size")
        try expectRefused(["--size", "3x\(side + 1)"], naming: "--size")
    }

    @Test func thePhotosHoldAtTheirLimit() throws {
        let match = try #require(Self.help.firstMatch(of: /up to (\d+) photos/), "no photo limit in the help")
        let most = Int(match.1)!
        try expectAccepted([], photos: most)
        let result = try render([], photos: most + 1)
        #expect(result.status == 1 && result.stderr.contains("at most \(most)"), "\(result.stderr)")
    }
}

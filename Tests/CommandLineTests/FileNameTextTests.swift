// A file's name is text in every message, whatever bytes it holds (issue 19
// point 4): the command line's messages go to a terminal, where a name with an
// escape sequence would drive the terminal and a newline would forge a line
// of our own. Each case runs the real binary on a real file so named.

import Foundation
import Testing
import TestSupport

@Suite struct FileNameTextTests {
    /// A name that sets the terminal's title, rings, starts a line of its own
    /// that looks like ours, and turns the rest right-to-left.
    static let hostile = "evil\u{1B}]0;owned\u{07}\ntinycollage: all is well\u{202E}gnp.jpg"

    /// What a terminal must never receive from us.
    func expectOnlyText(_ stderr: String, lines: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let acting = stderr.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
        }
        #expect(acting.isEmpty, "\(stderr.debugDescription)", sourceLocation: sourceLocation)
        #expect(stderr.split(separator: "\n").count == lines, "\(stderr.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func aBrokenPhotosNameIsShownNotObeyed() throws {
        let folder = try FixtureFolder()
        let photo = try folder.write(Self.hostile, bytes: Array("not a photo".utf8))
        let result = try tinycollage(["render", "-o", folder.file("out.png"), photo])
        #expect(result.status == 1)
        expectOnlyText(result.stderr, lines: 1)
        #expect(result.stderr.contains("evil\u{241B}]0;owned\u{2407}\u{240A}tinycollage: all is well\u{FFFD}gnp.jpg"),
                "\(result.stderr.debugDescription)")
    }

    @Test func anOutputsNameIsShownNotObeyed() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let wrongType = try tinycollage(["render", "-o", folder.file(Self.hostile + ".gif"), photo])
        #expect(wrongType.status == 2)
        expectOnlyText(wrongType.stderr, lines: 2)
        let existing = try folder.solid(Self.hostile + ".png", colour: "blue")
        let exists = try tinycollage(["render", "-o", existing, photo])
        #expect(exists.status == 1)
        expectOnlyText(exists.stderr, lines: 1)
    }

    @Test func optionValuesAreShownNotObeyed() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        for arguments in [["--size", "1\u{1B}[2J"], ["--quality", "\u{1B}[31m9"], ["--layout", "x\ny"],
                          ["--background", "\u{9B}0m"], ["--\u{1B}c"]] {
            let result = try tinycollage(["render", "-o", folder.file("o.png")] + arguments + [photo])
            #expect(result.status == 2, "\(arguments)")
            expectOnlyText(result.stderr, lines: 2)
        }
        let title = try tinycollage(["suggest-title", "--\u{1B}c"])
        #expect(title.status == 2)
        expectOnlyText(title.stderr, lines: 2)
    }

    @Test func suggestTitleShowsTheNameAsText() throws {
        let folder = try FixtureFolder()
        let photo = try folder.write(Self.hostile, bytes: Array("not a photo".utf8))
        let result = try tinycollage(["suggest-title", photo])
        #expect(result.status == 1)
        expectOnlyText(result.stderr, lines: 1)
    }
}

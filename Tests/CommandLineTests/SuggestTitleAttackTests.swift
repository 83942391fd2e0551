// `suggest-title` with the files that attacked 25f418c (issue 19 point 4): it
// read headers in its own process (a crashing SVG ended it with 134) and
// metadata too (a 3.4 KB JPEG aborted it, XMP held it for half a minute).
// Now both are one request to a decoder worker.

import Foundation
import Testing
import TestSupport

@Suite struct SuggestTitleAttackTests {
    @Test func aLoaderThatCrashesCostsTheWorkerAndIsNamed() throws {
        let folder = try FixtureFolder()
        let svg = try folder.convolveSVG()
        let result = try tinycollage(["suggest-title", svg])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains(svg + ": it could not be read: it made the image reader crash"), "\(result.stderr)")
    }

    @Test func exiv2sExceptionsDoNotEndTheCommand() throws {
        let folder = try FixtureFolder()
        let canon = try folder.canonAFInfoJPEG()
        let dated = try folder.tagged("dated.jpg", taken: "2026:04:03 12:00:00")
        let result = try tinycollage(["suggest-title", canon, dated])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 April 2026"), "the other photo still speaks: \(result.stdout)")
    }

    @Test func quadraticXMPCostsTheDeadlineAtMost() throws {
        let folder = try FixtureFolder()
        let path = try folder.pngWithXMP("xmp.png", FixtureFolder.xmpPacket(properties: 50_000))
        let start = Date()
        let result = try tinycollage(["suggest-title", path])
        let took = Date().timeIntervalSince(start)
        #expect(took < 12, "took \(took) s")
        #expect(result.status == 0 || result.stderr.contains("took too long"), "\(result.stderr)")
    }
}

// A title that would have taken Pango 23 s (one letter and 60,000 combining
// marks, issue 19 point 4) is drawn in a render's ordinary time, because the
// document caps it first (CollageTitle).

import CollageCore
import CollageRender
import Foundation
import Testing
import TestSupport

@Suite struct TitleCostTests {
    init() {
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    @Test func aTitleOfCombiningMarksIsDrawnInAMoment() throws {
        let folder = try FixtureFolder()
        let zalgo = "a" + String(repeating: "\u{0301}", count: 60_000)
        let document = CollageDocument(photos: [Photo(path: try folder.solid("r.png", colour: "red"))],
                                       settings: CollageSettings(outputSize: PixelSize(width: 400, height: 300)),
                                       title: CollageTitle(text: zalgo))
        let start = Date()
        _ = try Compositor().render(document)
        let took = Date().timeIntervalSince(start)
        #expect(took < 3, "took \(took) s")
    }
}

// Issue 14 in the window: photos handed over by "Open With" show at once
// as their small pictures — the EXIF thumbnail, or the thumbnail cache's
// when it is current — in the preview and the strip, and are then replaced
// by their decodes; Ctrl+S pressed while the preview is still a draft saves
// the collage the command line renders from the photos, pixel for pixel.
// Each photo's small picture has another colour than the photo, so what is
// on screen or in a file tells which it is. The debug build's knob
// TINYCOLLAGE_SLOW_FULL_DECODES_MS holds the decodes back long enough to
// look (App/DebugKnobs.swift); it changes timing, nothing else.

import CollageCore
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppState {
    /// Whether the preview on screen is a draft of small pictures.
    var previewDraft: Bool { raw["previewDraft"] as? Bool ?? false }
}

extension AppUnderTest {
    /// The state as it is now, busy or not (state() waits for the app to settle).
    func stateNow() throws -> AppState {
        let path = home.file("now-\(UUID().uuidString).json")
        let reply = try send("dump \(path)")
        guard reply == "ok" else { throw AppError(description: "dump failed: \(reply)") }
        return try AppState(json: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Polls the state until `condition` holds, for at most `seconds`.
    func waitForState(seconds: Double = 20, _ condition: (AppState) -> Bool) throws -> AppState {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let state = try stateNow()
            if condition(state) { return state }
            guard Date() < deadline else { throw AppError(description: "the app never got there: \(state.raw)") }
            usleep(50_000)
        }
    }

    /// The colour of the screen at a point of the window, by ImageMagick's `import`.
    func screenColour(at point: (Double, Double), state: AppState) throws -> String {
        let origin = try screenOrigin(state)
        let x = Int((origin.x + point.0).rounded()), y = Int((origin.y + point.1).rounded())
        let shot = home.file("screen-\(UUID().uuidString).png")
        let result = try run("/usr/bin/import", ["-window", "root", "-crop", "1x1+\(x)+\(y)", "+repage", shot])
        guard result.status == 0 else { throw AppError(description: "import: \(result.stderr)") }
        return try nearestColour(shot, atFractionX: 0.5, y: 0.5)
    }
}

/// The named colour nearest a pixel of an image file (read by ImageMagick).
func nearestColour(_ path: String, atFractionX fx: Double, y fy: Double) throws -> String {
    let info = try identify(path)
    let p = try pixelWithImageMagick(path, x: min(info.width - 1, Int(Double(info.width) * fx)),
                                     y: min(info.height - 1, Int(Double(info.height) * fy)))
    return nearestName(p, among: [("red", (255, 0, 0)), ("lime", (0, 255, 0)), ("blue", (0, 0, 255)),
                                  ("cyan", (0, 255, 255)), ("magenta", (255, 0, 255)), ("yellow", (255, 255, 0)),
                                  ("orange", (255, 165, 0)), ("white", (255, 255, 255)), ("black", (0, 0, 0))])
}

extension AppWindow {
@Suite struct ProgressivePreviewTests {
    let folder: FixtureFolder
    /// Red, lime and blue photos whose EXIF thumbnails are cyan, magenta and yellow.
    let photos: [String]
    let slow = ["TINYCOLLAGE_SLOW_FULL_DECODES_MS": "4000"]

    init() throws {
        let folder = try FixtureFolder()
        photos = try [("red", "cyan"), ("lime", "magenta"), ("blue", "yellow")].enumerated().map { i, colours in
            try folder.photoWithThumbnail("p\(i).jpg", colour: colours.0, thumbnailColour: colours.1)
        }
        self.folder = folder
    }

    /// Left, top right, bottom right: where three photos are.
    func threeCells(_ path: String) throws -> [String] {
        try [nearestColour(path, atFractionX: 0.25, y: 0.5), nearestColour(path, atFractionX: 0.75, y: 0.25),
             nearestColour(path, atFractionX: 0.75, y: 0.75)]
    }

    @Test func theDraftIsReplacedAndASaveDuringItIsFullQuality() throws {
        let app = try AppUnderTest(extraEnvironment: slow)
        try app.openWith(photos, waitingUntilIdle: false)
        let draft = try app.waitForState { $0.previewDraft && $0.photos.count == 3 && !$0.preview.isEmpty }
        #expect(try threeCells(draft.preview) == ["cyan", "magenta", "yellow"])
        // The strip shows the same small pictures meanwhile.
        let strip = try draft.thumbnails.map { try app.screenColour(at: $0.center, state: draft) }
        #expect(strip == ["cyan", "magenta", "yellow"])

        try app.key("ctrl+s")
        let saving = try app.waitForState { !$0.lastSaved.isEmpty }
        #expect(saving.previewDraft, "the save should have ended while the preview was still a draft")

        try app.idle()
        let full = try app.state()
        #expect(!full.previewDraft)
        #expect(try threeCells(full.preview) == ["red", "lime", "blue"])
        // The strip's decodes are held back one after another: they come in their time.
        let deadline = Date().addingTimeInterval(30)
        var strip2 = strip
        while strip2 != ["red", "lime", "blue"], Date() < deadline {
            usleep(200_000)
            strip2 = try full.thumbnails.map { try app.screenColour(at: $0.center, state: full) }
        }
        #expect(strip2 == ["red", "lime", "blue"])

        // The saved collage is the one the command line makes of the same photos.
        let reference = folder.file("reference.png")
        let rendered = try run(appBinary, ["render", "--output", reference] + photos)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(try threeCells(saving.lastSaved) == ["red", "lime", "blue"])
        let difference = try run("/usr/bin/compare", ["-metric", "AE", saving.lastSaved, reference, "null:"])
        #expect(difference.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == "0",
                "pixels that differ from the command line's render: \(difference.stderr)")
    }

    @Test func theThumbnailCacheComesFirstWhenItIsCurrent() throws {
        let home = try FixtureFolder()
        let cache = ThumbnailCacheFixture(cacheHome: home.file("cache"))
        try cache.put(for: photos[0], colour: "orange")
        // Made for the file as it was at another time: not this file's picture.
        try cache.put(for: photos[1], colour: "orange", modified: 1_000_000)
        let app = try AppUnderTest(home: home, extraEnvironment: slow)
        try app.openWith(photos, waitingUntilIdle: false)
        let draft = try app.waitForState { $0.previewDraft && $0.photos.count == 3 && !$0.preview.isEmpty }
        let cells = try threeCells(draft.preview)
        #expect(cells == ["orange", "magenta", "yellow"], "\(cells)")
        try app.idle()
        #expect(try threeCells(try app.state().preview) == ["red", "lime", "blue"])
    }

    /// The gallery shows the photos' own small pictures before their decodes.
    @Test func theGalleryShowsSmallPicturesFirst() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        for (i, photo) in photos.enumerated() {
            try FileManager.default.copyItem(atPath: photo, toPath: home.file("Pictures/g\(i).jpg"))
        }
        let app = try AppUnderTest(home: home, extraEnvironment: slow)
        func cellColours() throws -> [String] {
            let state = try app.stateNow()
            return try state.galleryCells.sorted { $0.path < $1.path }.map { try app.screenColour(at: $0.bounds.center, state: state) }
        }
        var seen = try cellColours()
        let deadline = Date().addingTimeInterval(10)
        while seen != ["cyan", "magenta", "yellow"], Date() < deadline {
            usleep(100_000)
            seen = try cellColours()
        }
        #expect(seen == ["cyan", "magenta", "yellow"])
        let later = Date().addingTimeInterval(30)
        while seen != ["red", "lime", "blue"], Date() < later {
            usleep(200_000)
            seen = try cellColours()
        }
        #expect(seen == ["red", "lime", "blue"])
    }

    /// A photo without any small picture leaves its cell empty in the draft,
    /// and the others still show at once.
    @Test func aPhotoWithoutASmallPictureWaitsForItsDecode() throws {
        let plain = try folder.solid("plain.jpg", colour: "lime", width: 1200, height: 800)
        let app = try AppUnderTest(extraEnvironment: slow)
        try app.openWith([photos[0], plain, photos[2]], waitingUntilIdle: false)
        let draft = try app.waitForState { $0.previewDraft && $0.photos.count == 3 && !$0.preview.isEmpty }
        #expect(try threeCells(draft.preview) == ["cyan", "white", "yellow"])
        try app.idle()
        #expect(try threeCells(try app.state().preview) == ["red", "lime", "blue"])
    }
}
}

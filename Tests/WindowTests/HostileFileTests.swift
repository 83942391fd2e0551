// Issue 10 in the real window: hostile files on the command line, in the
// Pictures folder the gallery shows, and in the session file, each met at two
// starts in a row. The app must stay alive, show the other photos, and name
// what went wrong. Read through the test control's read-only `idle`, `dump`
// and `gallery-stats` only; the files go in by the command line and the
// Pictures folder, as a person's would.

import CollageCore
import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct HostileFileTests {
    let photos: FixtureFolder
    let red, blue: String

    init() throws {
        photos = try FixtureFolder()
        red = try photos.solid("red.jpg", colour: "red", width: 600, height: 400)
        blue = try photos.solid("blue.jpg", colour: "blue", width: 600, height: 400)
    }

    /// The state once everything has settled; a decode that hangs holds the
    /// preview up to its deadline, which may outlast one `idle`.
    func settledState(_ app: AppUnderTest) throws -> AppState {
        for _ in 0..<4 where try app.send("idle", timeout: 60) != "idle" {}
        return try app.state()
    }

    /// Red in the left half, blue in the right: the two good photos of a
    /// three-photo collage whose middle photo was left out.
    func expectRedAndBlueShown(_ state: AppState) throws {
        #expect(try colour(state.preview, atFractionX: 0.25, y: 0.5) == "red")
        #expect(try colour(state.preview, atFractionX: 0.75, y: 0.5) == "blue")
    }

    @Test(arguments: [("convolve.svg", "it made the image reader crash"), ("turbulence.svg", "reading it took too long")])
    func aHostileFileOnTheCommandLineCostsOnlyItself(name: String, words: String) throws {
        let hostile = name == "convolve.svg" ? try photos.convolveSVG() : try photos.turbulenceSVG()
        let first = try AppUnderTest(files: [red, hostile, blue])
        var state = try settledState(first)
        #expect(first.process.isRunning)
        // Refused as it was checked (librsvg crashes on the convolution while
        // reading the header), or let in and left out of the collage: named either way.
        #expect(state.photos == [red, hostile, blue] || state.photos == [red, blue], "\(state.photos)")
        #expect(state.toasts.contains { $0.contains(name) && $0.contains(words) }, "\(state.toasts)")
        try expectRedAndBlueShown(state)
        let kept = state.photos
        try first.quit()

        let second = try AppUnderTest(home: first.home)
        state = try settledState(second)
        #expect(second.process.isRunning)
        #expect(state.photos == kept)
        if kept.contains(hostile) {
            #expect(state.toasts.contains { $0.contains(name) && $0.contains(words) }, "\(state.toasts)")
        }
        try expectRedAndBlueShown(state)
    }

    @Test func bombsOnTheCommandLineAreDrawnSmall() throws {
        let huge = try photos.hugeBlurSVG(), screen = try photos.gifScreenBomb()
        let home = try FixtureFolder()
        for start in 0..<2 {
            let app = try AppUnderTest(files: start == 0 ? [red, huge, blue, screen] : [], home: home)
            let state = try settledState(app)
            #expect(app.process.isRunning)
            #expect(state.photos == [red, huge, blue, screen])
            // Four photos: two columns of two; the huge SVG is drawn (orange) under red.
            #expect(try colour(state.preview, atFractionX: 0.25, y: 0.25) == "red")
            #expect(try colour(state.preview, atFractionX: 0.75, y: 0.25) == "blue")
            let orange = try pixelWithImageMagick(state.preview, x: state.previewSize[0] / 4, y: state.previewSize[1] * 3 / 4)
            #expect(orange.r > 200 && orange.g > 120 && orange.g < 200 && orange.b < 40, "\(orange)")
            try app.quit()
        }
    }

    @Test func hostileFilesInTheGalleryCostOnlyThemselves() throws {
        let home = try FixtureFolder()
        let pictures = home.file("Pictures")
        try FileManager.default.createDirectory(atPath: pictures, withIntermediateDirectories: true)
        for source in [red, blue, try photos.convolveSVG(), try photos.turbulenceSVG(), try photos.hugeBlurSVG(),
                       try photos.gifScreenBomb()] {
            try FileManager.default.copyItem(atPath: source, toPath: pictures + "/" + (source as NSString).lastPathComponent)
        }
        for start in 0..<2 {
            let app = try AppUnderTest(files: start == 0 ? [red] : [], home: home)
            let stats = try waitForGallery(app, items: 6)
            #expect(app.process.isRunning)
            #expect(stats["visibleLoaded"] == stats["visible"], "\(stats)")
            let state = try app.state()
            #expect(try colour(state.preview, atFractionX: 0.5, y: 0.5) == "red", "the collage is there")
            try app.quit()
        }
        // The two that cost a worker are remembered for the next visit, as the thumbnail standard has it.
        let failed = try FileManager.default.contentsOfDirectory(atPath: home.file("cache/thumbnails/fail/tinycollage"))
        #expect(failed.count == 2, "\(failed)")
    }

    /// gallery-stats once the folder is listed and every visible cell has its thumbnail or its failure.
    func waitForGallery(_ app: AppUnderTest, items: Int) throws -> [String: Int] {
        var stats: [String: Int] = [:]
        for _ in 0..<600 {
            stats = Dictionary(uniqueKeysWithValues: try app.send("gallery-stats").split(separator: " ").compactMap { word in
                let parts = word.split(separator: "=")
                return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? -1) : nil
            })
            if stats["items"] == items, stats["loading"] == 0, let visible = stats["visible"], visible > 0,
               stats["visibleLoaded"] == visible { return stats }
            usleep(100_000)
        }
        throw AppError(description: "the gallery did not settle: \(stats)")
    }

    @Test func aSessionWithValuesThatCrashedTheAppIsCorrected() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("state/tinycollage"), withIntermediateDirectories: true)
        let id = UUID().uuidString
        let session = """
            {"formatVersion": 1, "document": {"photos": [
              {"id": "\(id)", "path": "\(red)", "crop": {"zoom": 1e308, "centerX": 0.5, "centerY": 0.5}},
              {"id": "\(id)", "path": "\(blue)", "crop": {"zoom": -2, "centerX": 9, "centerY": -9}}],
             "settings": {"outputSize": {"width": 9223372036854775807, "height": 9223372036854775807},
                          "gap": 9223372036854775807, "margin": 9223372036854775807,
                          "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}}
            """
        try session.write(toFile: home.file("state/tinycollage/session.json"), atomically: true, encoding: .utf8)
        for start in 0..<2 {
            let app = try AppUnderTest(home: home)
            let state = try settledState(app)
            #expect(app.process.isRunning)
            #expect(state.photos == [red, blue])
            if start == 0 {
                #expect(state.toasts.contains { $0.contains("corrected") }, "\(state.toasts)")
            }
            #expect(try colour(state.preview, atFractionX: 0.25, y: 0.5) == "red")
            #expect(try colour(state.preview, atFractionX: 0.75, y: 0.5) == "blue")
            try app.quit()
        }
    }

    @Test func aFiveGigabyteSessionIsSetAsideUnread() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("state/tinycollage"), withIntermediateDirectories: true)
        // Sparse: five gigabytes that take no room.
        let path = home.file("state/tinycollage/session.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(#"{"formatVersion": 1"#.utf8)))
        #expect(truncate(path, 5 << 30) == 0)
        let first = try AppUnderTest(files: [red], home: home)
        let state = try first.state()
        #expect(first.process.isRunning)
        #expect(state.photos == [red])
        #expect(state.toasts.contains { $0.contains("could not be restored") && $0.contains("too large") }, "\(state.toasts)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: home.file("state/tinycollage"))
            .filter { $0.hasPrefix("session.json.unreadable-") }
        #expect(kept.count == 1)
        try first.quit()
        let second = try AppUnderTest(home: home)
        #expect(try second.state().photos == [red], "the new session was kept")
    }

    @Test func aStateFolderThatCannotBeWrittenIsSaidAndTheCollageStays() throws {
        let home = try FixtureFolder()
        // A file where the folder should be: no write can succeed, even as root.
        try FileManager.default.createDirectory(atPath: home.file("state"), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: home.file("state/tinycollage")))
        for _ in 0..<2 {
            // Nothing was kept, so each start begins from the command line.
            let app = try AppUnderTest(files: [red, blue], home: home)
            let state = try app.state()
            #expect(app.process.isRunning)
            #expect(state.photos == [red, blue], "the collage stays in memory")
            #expect(state.toasts.contains { $0.contains("cannot be kept") && $0.contains("not a folder") }, "\(state.toasts)")
            try app.quit()
        }
    }
}
}

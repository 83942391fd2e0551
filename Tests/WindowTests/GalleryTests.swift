// The gallery (`pictureListToSelect`) as a person uses it: it shows the
// Pictures folder with freedesktop thumbnails left behind for other apps; a
// click adds a photo and a second click takes it out; files copied in,
// deleted, renamed or rewritten while the app runs show within a second,
// without losing the scroll position or the check marks.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppUnderTest {
    /// Waits (up to `seconds`) until the state satisfies `condition`; returns the last state.
    @discardableResult
    func waitFor(seconds: Double = 5, _ condition: (AppState) throws -> Bool) throws -> AppState {
        let deadline = Date().addingTimeInterval(seconds)
        var state = try self.state()
        while try !condition(state), Date() < deadline {
            usleep(100_000)
            state = try self.state()
        }
        return state
    }

    func galleryStats() throws -> [String: Int] {
        var result: [String: Int] = [:]
        for pair in try send("gallery-stats").split(separator: " ") {
            let kv = pair.split(separator: "=")
            result[String(kv[0])] = Int(kv[1])
        }
        return result
    }

    /// Waits for every visible gallery cell to show its thumbnail.
    func waitForGalleryThumbnails(count: Int) throws -> [String: Int] {
        let deadline = Date().addingTimeInterval(20)
        var current = try galleryStats()
        while current["visibleLoaded"] != count || current["loading"] != 0, Date() < deadline {
            usleep(20_000)
            current = try galleryStats()
        }
        return current
    }
}

/// A home whose Pictures folder already holds `names` (solid colours), for the gallery.
func homeWithPictures(_ colours: [(name: String, colour: String)], width: Int = 800, height: Int = 600) throws
    -> (home: FixtureFolder, paths: [String]) {
    let home = try FixtureFolder()
    try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
    var paths: [String] = []
    for (name, colour) in colours {
        paths.append(try home.solid("Pictures/" + name, colour: colour, width: width, height: height))
    }
    return (home, paths)
}

extension AppWindow {
@Suite struct GalleryTests {
    @Test func theGalleryUsesTheSharedThumbnailCache() throws {
        let (home, photos) = try homeWithPictures([("g0.jpg", "red"), ("g1.jpg", "lime"), ("g2.jpg", "blue")])
        let app = try AppUnderTest(home: home)
        let current = try app.waitForGalleryThumbnails(count: 3)
        #expect(current["items"] == 3 && current["visibleLoaded"] == 3, "\(current)")
        let large = app.home.file("cache/thumbnails/large")
        for photo in photos {
            let uri = "file://" + photo
            let name = try run("/bin/sh", ["-c", "printf %s '\(uri)' | md5sum | cut -d' ' -f1"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let thumbnail = large + "/" + name + ".png"
            // Written in the background after the cell shows it.
            let deadline = Date().addingTimeInterval(5)
            while !FileManager.default.fileExists(atPath: thumbnail), Date() < deadline { usleep(50_000) }
            #expect(FileManager.default.fileExists(atPath: thumbnail), "no thumbnail for \(photo)")
            let tags = try run("/usr/bin/identify", ["-format", "%w %h %[Thumb::URI]", thumbnail]).stdout
            #expect(tags == "256 192 \(uri)", "\(tags)")
        }
    }

    @Test func aClickAddsAPhotoAndASecondClickTakesItOut() throws {
        let (home, photos) = try homeWithPictures([("a.jpg", "red"), ("b.jpg", "lime")])
        let app = try AppUnderTest(home: home)
        _ = try app.waitForGalleryThumbnails(count: 2)
        var state = try app.state()
        guard let cell = state.galleryCell(photos[1]) else {
            Issue.record("no gallery cell for b.jpg: \(state.galleryCells.map(\.path))")
            return
        }
        #expect(!cell.checked)
        try app.click(cell.bounds.center, state: state)
        state = try app.state()
        #expect(state.photos == [photos[1]])
        #expect(state.galleryCell(photos[1])?.checked == true)
        try app.click(cell.bounds.center, state: state)
        state = try app.state()
        #expect(state.photos.isEmpty)
        #expect(state.galleryCell(photos[1])?.checked == false)
        // Undo brings it back, and its check mark.
        try app.key("ctrl+z")
        state = try app.state()
        #expect(state.photos == [photos[1]])
        #expect(state.galleryCell(photos[1])?.checked == true)
    }

    /// A gallery photo dragged with a real pointer lands in the strip where
    /// it is dropped: between the two photos already there.
    @Test func aGalleryPhotoDraggedOntoTheStripLandsWhereDropped() throws {
        let (home, photos) = try homeWithPictures([("lime.jpg", "lime")], width: 300, height: 200)
        let others = try FixtureFolder()
        let red = try others.solid("red.png", colour: "red", width: 300, height: 200)
        let blue = try others.solid("blue.png", colour: "blue", width: 300, height: 200)
        let app = try AppUnderTest(files: [red, blue], home: home)
        _ = try app.waitForGalleryThumbnails(count: 1)
        var state = try app.state()
        guard let cell = state.galleryCell(photos[0]), state.thumbnails.count == 2 else {
            Issue.record("gallery cell or strip missing: \(state.galleryCells.map(\.path)) \(state.thumbnails.count)")
            return
        }
        let gap = (state.thumbnails[1].x + 6, state.thumbnails[1].centerY)
        try app.drag(from: cell.bounds.center, to: gap, state: state)
        try app.idle()
        state = try app.state()
        #expect(state.photos == [red, photos[0], blue])
        #expect(app.isAlive)
        // The saved collage has it in the middle too.
        try app.key("ctrl+s")
        state = try app.waitFor(seconds: 10) { !$0.lastSaved.isEmpty }
        #expect(try colour(state.lastSaved, atFractionX: 0.75, y: 0.25) == "green")
        #expect(state.galleryCell(photos[0])?.checked == true)
    }

    @Test func theGalleryFollowsItsFolderLive() throws {
        let (home, photos) = try homeWithPictures([("first.jpg", "red")], width: 300, height: 200)
        let app = try AppUnderTest(home: home)
        _ = try app.waitForGalleryThumbnails(count: 1)
        let start = try app.state()
        try app.click(start.galleryCell(photos[0])!.bounds.center, state: start)
        #expect(try app.waitFor(seconds: 3) { $0.photos == [photos[0]] }.photos == [photos[0]], "a click added it")
        // Copied in: the copy starts empty and is complete only when closed.
        let source = try FixtureFolder()
        let blue = try source.solid("blue.png", colour: "blue", width: 300, height: 200)
        let copied = app.pictures + "/copied.png"
        #expect(try run("/bin/cp", [blue, copied]).status == 0)
        var state = try app.waitFor(seconds: 2) { $0.galleryCell(copied) != nil }
        #expect(state.galleryCell(copied) != nil, "a copied photo shows: \(state.galleryCells.map(\.path))")
        // Written in place by a program (ImageMagick writes as it goes).
        let inPlace = app.pictures + "/drawn.png"
        #expect(try run("/usr/bin/convert", ["-size", "300x200", "xc:orange", inPlace]).status == 0)
        state = try app.waitFor(seconds: 2) { $0.galleryCell(inPlace) != nil }
        #expect(state.galleryCell(inPlace) != nil)
        // Renamed: the old name goes, the new one comes; deleted: gone.
        let renamed = app.pictures + "/renamed.png"
        try FileManager.default.moveItem(atPath: copied, toPath: renamed)
        try FileManager.default.removeItem(atPath: inPlace)
        state = try app.waitFor(seconds: 2) { $0.galleryCell(renamed) != nil && $0.galleryCell(copied) == nil
            && $0.galleryCell(inPlace) == nil }
        #expect(state.galleryCell(renamed) != nil && state.galleryCell(copied) == nil && state.galleryCell(inPlace) == nil,
                "\(state.galleryCells.map(\.path))")
        // The collage's photo kept its check mark through all of it.
        #expect(state.galleryCell(photos[0])?.checked == true)
        // The collage saved into Pictures appears too.
        try app.key("ctrl+s")
        state = try app.waitFor(seconds: 2) { s in s.galleryCells.contains { $0.path.contains("/Collage ") } }
        #expect(state.galleryCells.contains { $0.path.contains("/Collage ") }, "\(state.galleryCells.map(\.path))")
        #expect(state.galleryCells.count == 3)
    }

    /// Scrolled down a folder of many photos, a new file arriving keeps what is in view.
    @Test func aNewFileKeepsTheScrollPosition() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        let one = try home.solid("one.png", colour: "gray", width: 120, height: 90)
        for i in 0..<120 {
            let path = home.file(String(format: "Pictures/p%03d.png", i))
            try FileManager.default.copyItem(atPath: one, toPath: path)
            // Distinct times, so the newest-first order is fixed.
            var times = [timespec(tv_sec: 1_700_000_000 + i * 60, tv_nsec: 0), timespec(tv_sec: 1_700_000_000 + i * 60, tv_nsec: 0)]
            utimensat(AT_FDCWD, path, &times, 0)
        }
        let app = try AppUnderTest(home: home)
        _ = try app.waitForGalleryThumbnails(count: try app.galleryStats()["visible"] ?? 0)
        var state = try app.state()
        let grid = state.area("pictureListToSelect")
        func inView(_ state: AppState) -> Set<String> {
            Set(state.galleryCells.filter { $0.bounds.centerY > grid.y && $0.bounds.centerY < grid.y + grid.height }.map(\.path))
        }
        try app.scroll(at: grid.center, state: state, up: false, steps: 10)
        state = try app.state()
        let before = inView(state)
        #expect(!before.isEmpty && !before.contains(home.file("Pictures/p119.png")), "scrolled away from the top")
        try FileManager.default.copyItem(atPath: one, toPath: home.file("Pictures/new.png"))
        let deadline = Date().addingTimeInterval(3)
        while try app.galleryStats()["items"] != 121, Date() < deadline { usleep(100_000) }
        #expect(try app.galleryStats()["items"] == 121)
        state = try app.state()
        let after = inView(state)
        #expect(before.intersection(after).count >= max(1, before.count - 6),
                "the view stayed where it was: \(before.count) before, \(before.intersection(after).count) still there")
    }
}
}

extension AppWindow {
/// Gallery cells show each photo whole (issue 20: the README said so, the
/// cells cropped to squares): a wide collage saved in Pictures, written by
/// `tinycollage render`, fills its cell's middle and leaves the cell's tint
/// above and below it; a portrait photo leaves it left and right.
@Suite struct GalleryWholePhotoTests {
    @Test func aWideCollageAndAPortraitAreShownWhole() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        let red = try home.solid("red.jpg", colour: "red", width: 600, height: 400)
        let wide = home.file("Pictures/Collage wide.png")
        let render = try run(appBinary, ["render", "-o", wide, "--size", "1800x600", red])
        #expect(render.status == 0, "\(render.stderr)")
        let tall = try home.solid("Pictures/tall.png", colour: "red", width: 300, height: 900)
        let app = try AppUnderTest(home: home)
        _ = try app.waitForGalleryThumbnails(count: 2)
        let state = try app.state()
        let origin = try app.screenOrigin(state)
        let shot = try app.screenshot()
        func isRed(_ x: Double, _ y: Double) throws -> Bool {
            let pixel = try pixelWithImageMagick(shot, x: Int(origin.x + x), y: Int(origin.y + y))
            return pixel.r > 200 && pixel.g < 60 && pixel.b < 60
        }
        let wideCell = try #require(state.galleryCell(wide)?.bounds)
        #expect(wideCell.width > 50, "\(wideCell)")
        // A 3:1 collage in a square cell: a third of its height in the middle.
        #expect(try isRed(wideCell.centerX, wideCell.centerY), "the collage in the middle")
        #expect(try !isRed(wideCell.centerX, wideCell.y + wideCell.height * 0.12), "the cell's tint above, not the collage")
        #expect(try !isRed(wideCell.centerX, wideCell.y + wideCell.height * 0.88), "and below")
        let tallCell = try #require(state.galleryCell(tall)?.bounds)
        #expect(try isRed(tallCell.centerX, tallCell.centerY))
        #expect(try !isRed(tallCell.x + tallCell.width * 0.12, tallCell.centerY), "the cell's tint left of the portrait")
        #expect(try !isRed(tallCell.x + tallCell.width * 0.88, tallCell.centerY), "and right")
    }
}
}

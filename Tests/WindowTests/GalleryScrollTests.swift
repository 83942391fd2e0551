// A save that appears at the top of the gallery (newest first) does not move
// what the person is looking at when they have scrolled down (issue 20): the
// photo at the top of the view stays where it was, and the rows in view stay
// in view. At the top of the folder the new collage shows, as it should.
// Real wheel and Ctrl+S; positions from the dump. On fc414d3 the cases with a
// click failed: the clicked photo, moved on by a cell into the next row,
// took the whole view a row down with it.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppWindow {
@Suite struct GalleryScrollTests {
    /// A Pictures folder of `count` small photos, newest last, one a minute apart.
    func crowdedHome(_ count: Int) throws -> (FixtureFolder, String) {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        let one = try home.solid("one.png", colour: "gray", width: 120, height: 90)
        for i in 0..<count {
            let path = home.file(String(format: "Pictures/p%03d.png", i))
            try FileManager.default.copyItem(atPath: one, toPath: path)
            var times = [timespec(tv_sec: 1_700_000_000 + i * 60, tv_nsec: 0), timespec(tv_sec: 1_700_000_000 + i * 60, tv_nsec: 0)]
            utimensat(AT_FDCWD, path, &times, 0)
        }
        return (home, one)
    }

    /// The cells wholly inside the gallery's view, top row first.
    func inView(_ state: AppState) -> [GalleryCellState] {
        let grid = state.area("galleryScroller")
        return state.galleryCells.filter { $0.bounds.y >= grid.y - 1 && $0.bounds.y + $0.bounds.height <= grid.y + grid.height + 1 }
            .sorted { ($0.bounds.y, $0.bounds.x) < ($1.bounds.y, $1.bounds.x) }
    }

    /// Narrow and wide windows, scrolled by a few wheel steps or many; with
    /// `click`, a photo in view is added first, so the grid has the focus.
    @Test(arguments: [(6, 480, false), (17, 480, true), (3, 1200, false), (11, 1200, true), (7, 1200, true)])
    func aSaveAtTheTopKeepsTheScrolledViewStill(wheelSteps: Int, width: Int, click: Bool) throws {
        let (home, one) = try crowdedHome(120)
        let app = try AppUnderTest(files: [one], home: home, width: width, height: 800)
        _ = try app.waitForGalleryThumbnails(count: try app.galleryStats()["visible"] ?? 0)
        var state = try app.state()
        let grid = state.area("galleryScroller")
        try app.scroll(at: grid.center, state: state, up: false, steps: wheelSteps)
        state = try app.state()
        if click, let cell = inView(state).dropFirst(2).first {
            try app.click(cell.bounds.center, state: state)
            state = try app.state()
            #expect(state.photos.count == 2, "the clicked photo joined")
        }
        let before = inView(state)
        guard let top = before.first else { Issue.record("nothing in view"); return }
        #expect(!before.contains { $0.path.hasSuffix("p119.png") }, "scrolled away from the top")
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        #expect(!saved.isEmpty)
        let items = try app.galleryStats()["items"] ?? 0
        let deadline = Date().addingTimeInterval(5)
        while try app.galleryStats()["items"] != 121, Date() < deadline { usleep(100_000) }
        #expect(try app.galleryStats()["items"] == 121, "the collage is listed (\(items) before)")
        usleep(300_000)
        state = try app.state()
        let moved = state.galleryCell(top.path)
        #expect(moved != nil && abs(moved!.bounds.y - top.bounds.y) <= 2,
                "\(top.path) stays at y \(top.bounds.y): now \(moved.map { "\($0.bounds.y)" } ?? "gone")")
        let after = Set(inView(state).map(\.path))
        let kept = before.filter { after.contains($0.path) }.count
        // One photo at most leaves: the last of the view, pushed on by the new one.
        #expect(kept >= before.count - 1, "\(kept) of \(before.count) still in view")
    }

    @Test func atTheTopTheNewCollageShows() throws {
        let (home, one) = try crowdedHome(40)
        let app = try AppUnderTest(files: [one], home: home)
        _ = try app.waitForGalleryThumbnails(count: try app.galleryStats()["visible"] ?? 0)
        try app.key("ctrl+s")
        let saved = try app.state().lastSaved
        let state = try app.waitFor(seconds: 5) { s in s.galleryCells.contains { $0.path == saved } }
        #expect(inView(state).first?.path == saved, "the new collage first in view: \(inView(state).first?.path ?? "")")
    }
}
}

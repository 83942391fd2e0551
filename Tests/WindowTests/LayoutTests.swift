// The window on every screen, checked in screenshots by region: a narrow
// window is one portrait column (preview, strip, gallery); from 900 px the
// preview goes left of the strip and gallery, switching live as the window
// is resized; gallery cells keep a photo's look (no 2:1 crops); the settings
// panel opens beside or below the preview, which stays in view; a phone-sized
// window keeps every part in view and its title whole.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppUnderTest {
    /// Resizes the window as a person dragging its corner would end up with,
    /// and waits until the app has laid itself out at that size.
    func resize(width: Int, height: Int) throws -> AppState {
        try xdotool(["windowsize", try window(), String(width), String(height)])
        let deadline = Date().addingTimeInterval(5)
        var state = try self.state()
        while abs(state.windowSize[0] - width) > 40 || abs(state.windowSize[1] - height) > 60, Date() < deadline {
            usleep(100_000)
            state = try self.state()
        }
        usleep(300_000)
        return try self.state()
    }

    /// The colour name of the screen at a point of the window.
    func screenColour(at point: (Double, Double), in shot: String, state: AppState) throws -> String {
        let origin = try screenOrigin(state)
        let p = try pixelWithImageMagick(shot, x: Int(origin.x + point.0), y: Int(origin.y + point.1))
        return nearestName(p, among: [("red", (255, 0, 0)), ("green", (0, 255, 0)), ("blue", (0, 0, 255)),
                                      ("white", (250, 250, 250)), ("yellow", (255, 255, 0))])
    }
}

extension AppWindow {
@Suite struct LayoutTests {
    let photos: FixtureFolder
    let red, green, blue: String

    init() throws {
        (photos, red, green, blue) = try colourPhotos()
    }

    /// Red, green and blue photos in the collage, a yellow one in the gallery.
    func start(width: Int, height: Int) throws -> (AppUnderTest, [String]) {
        let (home, gallery) = try homeWithPictures([("sun.png", "yellow")], width: 600, height: 400)
        let app = try AppUnderTest(files: [red, green, blue], home: home, width: width, height: height)
        _ = try app.waitForGalleryThumbnails(count: 1)
        return (app, gallery)
    }

    @Test func narrowIsAColumnAndWidePutsThePreviewBeside() throws {
        let (app, gallery) = try start(width: 500, height: 720)
        var state = try app.state()
        let preview = state.area("collagePreview"), strip = state.area("pictureListSelected")
        let grid = state.area("pictureListToSelect")
        #expect(preview.y + preview.height <= strip.y && strip.y + strip.height <= grid.y, "one column, top to bottom")
        #expect(abs(preview.centerX - grid.centerX) < 40)
        var shot = try app.screenshot()
        #expect(try app.screenColour(at: state.cellCenter(0), in: shot, state: state) == "red", "the collage on screen")
        #expect(try app.screenColour(at: state.galleryCell(gallery[0])!.bounds.center, in: shot, state: state) == "yellow")

        state = try app.resize(width: 1200, height: 760)
        let widePreview = state.area("collagePreview"), wideStrip = state.area("pictureListSelected")
        let wideGrid = state.area("pictureListToSelect")
        #expect(widePreview.x + widePreview.width <= wideStrip.x, "the preview left of the strip: \(widePreview) \(wideStrip)")
        #expect(wideStrip.y + wideStrip.height <= wideGrid.y && abs(wideStrip.x - wideGrid.x) < 2, "strip above gallery")
        #expect(widePreview.height > preview.height, "a bigger preview")
        shot = try app.screenshot()
        #expect(try app.screenColour(at: state.cellCenter(0), in: shot, state: state) == "red", "\(shot) \(state.cellCenters)")
        #expect(try app.screenColour(at: state.cellCenter(2), in: shot, state: state) == "blue")
        let cell = state.galleryCell(gallery[0])!.bounds
        #expect(try app.screenColour(at: cell.center, in: shot, state: state) == "yellow")
        #expect(cell.width / cell.height < 1.45, "gallery cells keep a photo's look, not 2:1: \(cell.width)×\(cell.height)")

        // And back, live.
        state = try app.resize(width: 520, height: 720)
        let back = state.area("collagePreview")
        #expect(back.y + back.height <= state.area("pictureListSelected").y, "one column again")
    }

    @Test func theSettingsOpenBesideThePreviewWhichStaysInView() throws {
        let (app, _) = try start(width: 1200, height: 760)
        try app.key("F9")
        var state = try app.state()
        var panel = state.area("settingsPanel"), preview = state.area("collagePreview")
        #expect(panel.visible && preview.visible)
        #expect(preview.x + preview.width <= panel.x, "beside the preview: \(preview) \(panel)")
        let shot = try app.screenshot()
        #expect(try app.screenColour(at: state.cellCenter(1), in: shot, state: state) == "green", "the collage still shows")
        state = try app.resize(width: 500, height: 720)
        panel = state.area("settingsPanel")
        preview = state.area("collagePreview")
        #expect(panel.visible && preview.visible && preview.y + preview.height <= panel.y, "below it when narrow")
        // Escape leaves the settings, as it leaves a popover; the photos come back.
        try app.key("Escape")
        // The stack cross-fades: both pages are mapped for a moment.
        state = try app.waitFor(seconds: 3) { !$0.area("settingsPanel").visible && $0.area("pictureListToSelect").visible }
        #expect(!state.area("settingsPanel").visible && state.area("pictureListToSelect").visible)
    }

    @Test func aPhoneSizedWindowKeepsEverythingInView() throws {
        let (app, _) = try start(width: 360, height: 640)
        let state = try app.state()
        let width = Double(state.windowSize[0])
        #expect(width <= 380, "\(state.windowSize)")
        for name in ["buttonSaveCollage", "collagePreview", "pictureListSelected", "pictureListToSelect", "collageSettings"] {
            let area = state.area(name)
            #expect(area.visible && area.width > 0 && area.x >= 0 && area.x + area.width <= width + 1, "\(name): \(area)")
        }
        #expect(state.raw["titleTruncated"] as? Bool == false, "the title reads whole, not “Tiny…”")
    }
}
}

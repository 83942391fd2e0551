// Messages that fit and say where: a toast's words are short or wrap, never
// cut off; Save's toast names the folder and offers Open and Show in Files,
// which asks the file manager (Nautilus, through org.freedesktop.FileManager1)
// to show the saved collage; toasts sit over the preview, so a click on the
// gallery while one shows still reaches the gallery.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The process that owns a D-Bus name on the test's session bus, if one does.
func busOwner(_ name: String) throws -> pid_t? {
    let reply = try run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                                           "/org/freedesktop/DBus", "--method",
                                           "org.freedesktop.DBus.GetConnectionUnixProcessID", name],
                        environment: Accessibility.environment)
    // The reply reads "(uint32 12345,)".
    guard reply.status == 0, let range = reply.stdout.range(of: #"uint32 (\d+)"#, options: .regularExpression) else {
        return nil
    }
    return pid_t(reply.stdout[range].dropFirst("uint32 ".count))
}

extension AppWindow {
@Suite struct ToastTests {
    @Test func saveSaysWhereAndShowInFilesShowsTheFile() throws {
        let (folder, red, green, _) = try colourPhotos()
        defer { withExtendedLifetime(folder) {} }
        let app = try AppUnderTest(files: [red, green], accessibility: true)
        _ = try Accessibility.tree()  // as a screen reader does when the window opens
        try app.key("ctrl+s")
        var state = try app.state()
        #expect(state.toasts.last == "Saved in Pictures")
        let saved = (state.lastSaved as NSString).lastPathComponent
        #expect(try Accessibility.find("Open", role: "push button") != nil, "Open beside the message")
        // Show in Files, as a screen reader presses it.
        try Accessibility.act("Show in Files", "click", role: "push button")
        defer {
            // The file manager D-Bus started for us.
            if let pid = try? busOwner("org.freedesktop.FileManager1") { kill(pid, SIGKILL) }
        }
        let deadline = Date().addingTimeInterval(20)
        var shown: AccessibleObject?
        while shown == nil, Date() < deadline {
            shown = try Accessibility.find(saved, role: "table cell", in: "org.gnome.Nautilus")
            if shown == nil { usleep(300_000) }
        }
        #expect(shown != nil, "Nautilus shows \(saved)")
        // (Nautilus 43 selects the file, but does not tell AT-SPI which cell is
        // selected: that part was checked on screen by hand.)
        state = try app.state()
        #expect(app.isAlive)
    }

    @Test func aToastLeavesTheGalleryClickable() throws {
        let (home, pictures) = try homeWithPictures([("a.png", "red"), ("b.png", "lime"), ("c.png", "blue"),
                                                    ("d.png", "yellow"), ("e.png", "red"), ("f.png", "lime"),
                                                    ("g.png", "blue"), ("h.png", "yellow")], width: 300, height: 200)
        let app = try AppUnderTest(files: [pictures[0], pictures[1]], home: home, width: 500, height: 720)
        _ = try app.waitForGalleryThumbnails(count: try app.galleryStats()["visible"] ?? 8)
        try app.keysOnThumbnail(0, "Delete")
        var state = try app.state()
        #expect(state.toasts.last == "Removed “a.png”")
        // The lowest gallery photo on screen, clicked while the toast shows.
        let grid = state.area("pictureListToSelect")
        let lowest = state.galleryCells.filter { $0.bounds.centerY < grid.y + grid.height }.max { $0.bounds.y < $1.bounds.y }!
        try app.click(lowest.bounds.center, state: state)
        state = try app.state()
        #expect(state.photos.contains(lowest.path), "the click reached the gallery: \(state.names)")
    }
}
}

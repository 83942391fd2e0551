// "Show in Files" with no file manager on the bus (issue 20): on a D-Bus
// session of the test's own that can start only the accessibility bus (no
// org.freedesktop.FileManager1 to activate), the saved collage's folder is
// opened with the desktop's app for folders — a test .desktop file in a data
// folder of the test's own put first in XDG_DATA_DIRS, whose Exec writes a
// marker file — and with no such app a toast says so. Nautilus, the system's
// app for folders here, is taken out of the running as a user would, by
// mimeapps.list's [Removed Associations]. On 25f418c the second put up GTK's raw "Could
// not show link" dialog.

import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension AppWindow {
@Suite struct ShowInFilesFallbackTests {
    /// A home and a data folder (whose applications/ holds a folder opener
    /// when `opener`, the default for folders in the home's mimeapps.list),
    /// and the marker file the opener writes.
    func desktop(opener: Bool) throws -> (home: FixtureFolder, data: FixtureFolder, marker: String) {
        let home = try FixtureFolder(), data = try FixtureFolder()
        let marker = data.file("opened")
        try FileManager.default.createDirectory(atPath: data.file("share/applications"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home.file("config"), withIntermediateDirectories: true)
        // And ImageMagick's display, the one app here for PNGs, for Open.
        var associations = "[Removed Associations]\ninode/directory=org.gnome.Nautilus.desktop;\nimage/png=display-im6.q16.desktop;\n"
        if opener {
            let script = data.file("open-folder")
            try "#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(marker)'\n".write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            try """
                [Desktop Entry]
                Type=Application
                Name=Folder Opener
                Exec=\(script) %u
                MimeType=inode/directory;
                NoDisplay=true

                """.write(toFile: data.file("share/applications/test-folder-opener.desktop"), atomically: true, encoding: .utf8)
            associations += "[Default Applications]\ninode/directory=test-folder-opener.desktop;\n"
        }
        try associations.write(toFile: home.file("config/mimeapps.list"), atomically: true, encoding: .utf8)
        return (home, data, marker)
    }

    /// Saves two photos' collage and presses the toast's `button` as a
    /// screen reader does; returns the app and the saved file's name.
    func save(home: FixtureFolder, data: FixtureFolder, andPress button: String) throws -> (AppUnderTest, String) {
        let (folder, red, green, _) = try colourPhotos()
        defer { withExtendedLifetime(folder) {} }
        let dataDirs = data.file("share") + ":" + (ProcessInfo.processInfo.environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share")
        let app = try AppUnderTest(files: [red, green], home: home, extraEnvironment: ["XDG_DATA_DIRS": dataDirs],
                                   accessibility: true, busServices: ["org.a11y.Bus"])
        _ = try Accessibility.tree()
        try app.key("ctrl+s")
        let state = try app.state()
        #expect(state.toasts.last == "Saved in Pictures")
        #expect(try busOwner("org.freedesktop.FileManager1") == nil, "no file manager on this bus")
        try Accessibility.act(button, "click", role: "push button")
        return (app, (state.lastSaved as NSString).lastPathComponent)
    }

    /// The toasts once one says that no app could, or after 15 s.
    func toastsOnceNoAppCould(_ app: AppUnderTest) throws -> [String] {
        let deadline = Date().addingTimeInterval(15)
        var toasts: [String] = []
        while !toasts.contains(where: { $0.hasPrefix("No app") }), Date() < deadline {
            usleep(100_000)
            toasts = try app.state().toasts
        }
        return toasts
    }

    @Test func theFolderOpensWithTheAppForFolders() throws {
        let (home, data, marker) = try desktop(opener: true)
        let (app, _) = try save(home: home, data: data, andPress: "Show in Files")
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { usleep(100_000) }
        let opened = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? ""
        #expect(opened == "file://" + app.pictures + "\n" || opened == app.pictures + "\n", "“\(opened)”")
        #expect(!(try app.state().toasts.contains { $0.hasPrefix("No app") }))
        #expect(app.isAlive)
    }

    @Test func withNothingToOpenFoldersAToastSaysSo() throws {
        let (home, data, marker) = try desktop(opener: false)
        let (app, _) = try save(home: home, data: data, andPress: "Show in Files")
        let toasts = try toastsOnceNoAppCould(app)
        #expect(toasts.last == "No app on this computer can show the folder “Pictures”", "\(toasts)")
        // No dialog of GTK's own: the window is the app's only one.
        let windows = try run("/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", String(app.process.processIdentifier)])
        #expect(windows.stdout.split(separator: "\n").count == 1, "\(windows.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(app.isAlive)
    }

    @Test func openWithNothingToOpenTheImageSaysSoToo() throws {
        let (home, data, _) = try desktop(opener: false)
        let (app, saved) = try save(home: home, data: data, andPress: "Open")
        let toasts = try toastsOnceNoAppCould(app)
        #expect(toasts.last == "No app on this computer can open “\(saved)”", "\(toasts)")
        #expect(app.isAlive)
    }
}
}

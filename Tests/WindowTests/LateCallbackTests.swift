// Leaving a page while a late call on its widgets is still queued (issue 19
// point 5): a shot that cannot be written puts a toast on the camera page,
// whose overlay is named for screen readers again 50 ms later; leaving the
// page at once frees that overlay. The person takes the shot and presses
// Escape a few milliseconds to a tenth of a second later, again and again,
// and the app must still be there. Freed memory is filled (MALLOC_PERTURB_,
// no GSlice or tcache reuse), so a late call that reaches it crashes instead
// of reading what happens to be left there.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct LateCallbackTests {
    /// Makes a use of freed memory crash at once (glibc and GLib honour these).
    static let freedMemoryIsPoison = ["G_SLICE": "always-malloc", "MALLOC_PERTURB_": "165",
                                      "GLIBC_TUNABLES": "glibc.malloc.tcache_count=0"]

    @Test func leavingTheCameraPageAsItsToastAppearsKeepsTheAppAlive() throws {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        // Where the shots' folder should be, a file: every shot ends in a toast on the camera page.
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: home.file("Pictures/TinyCollage")))
        let app = try AppUnderTest(files: ["--camera-source", testCamera("0xffff0000", width: 320, height: 240)],
                                   home: home, extraEnvironment: Self.freedMemoryIsPoison)
        let person = Person(app: app)
        // Escape from just after the shot to well after its toast, in steps.
        for milliseconds in stride(from: 10, through: 130, by: 8) {
            try person.press("ctrl+t")
            try waitUntil(20, "the live view") { try app.state().area("cameraView").visible }
            try app.xdotool(["key", "space", "sleep", String(format: "%.3f", Double(milliseconds) / 1000), "key", "Escape"])
            try waitUntil(10, "the collage again (Escape \(milliseconds) ms after the shot)") {
                try !app.state().area("cameraPage").visible
            }
            #expect(app.isAlive, "Escape \(milliseconds) ms after the shot")
        }
        usleep(300_000)  // past every late call
        let state = try app.state()
        #expect(state.toasts.contains { $0.contains("The photo was not saved") }, "\(state.toasts)")
        #expect(app.isAlive)
    }
}
}

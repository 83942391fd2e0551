// The first window fits the screen it opens on (issue 20): on a 1366 × 768
// laptop, a netbook's 1024 × 600, an 800 × 600 screen and a 2× screen of
// 2732 × 1536 (1366 × 768 logical), each on an Xvfb of that size, the
// window's real size as the X server has it; a remembered size is kept when
// it fits and fitted when it does not. On 25f418c the window came up 480 × 800
// on all of them, cut at the screen's edge.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct WindowSizeTests {
    @Test(arguments: [
        (1366, 768, 1, 500, 720), (1024, 600, 1, 500, 552), (800, 600, 1, 500, 552), (2732, 1536, 2, 1000, 1440),
    ])
    func theFirstWindowFitsTheScreen(_ width: Int, _ height: Int, _ scale: Int, _ expectedWidth: Int,
                                     _ expectedHeight: Int) throws {
        let screen = try ScreenOfSize(width: width, height: height)
        let app = try AppUnderTest(extraEnvironment: ["DISPLAY": screen.display, "GDK_SCALE": String(scale)])
        let size = try screen.windowSize(of: app)
        #expect(size.width <= width && size.height <= height, "\(size) on \(width)×\(height)")
        #expect(size == (expectedWidth, expectedHeight), "\(size)")
    }

    @Test func aRememberedSizeIsKeptWhenItFits() throws {
        let screen = try ScreenOfSize(width: 1366, height: 768)
        let app = try AppUnderTest(width: 640, height: 700, extraEnvironment: ["DISPLAY": screen.display])
        #expect(try screen.windowSize(of: app) == (640, 700))
    }

    @Test func aRememberedSizeTooBigForThisScreenIsFitted() throws {
        // Remembered on a bigger monitor, opened on the laptop's.
        let screen = try ScreenOfSize(width: 1366, height: 768)
        let app = try AppUnderTest(width: 1200, height: 1000, extraEnvironment: ["DISPLAY": screen.display])
        #expect(try screen.windowSize(of: app) == (500, 720))
    }
}
}

// The command line never draws a photo's small picture (issue 14): photos
// whose EXIF thumbnails are of other colours, and whose thumbnails wait in
// the freedesktop cache, still come out in their own colours, at any size.

import Foundation
import Testing
import TestSupport

@Suite struct SmallPictureRenderTests {
    @Test(arguments: ["64x64", "1080x1080", "3000x2000"])
    func renderDrawsThePhotosNotTheirSmallPictures(size: String) throws {
        let folder = try FixtureFolder()
        let photos = try [("a.jpg", "red", "cyan"), ("b.jpg", "lime", "magenta")].map {
            try folder.photoWithThumbnail($0.0, colour: $0.1, width: 900, height: 600, thumbnailColour: $0.2)
        }
        // Thumbnails a thumbnailer left for exactly these files.
        let cache = ThumbnailCacheFixture(cacheHome: folder.file("cache"))
        for photo in photos { try cache.put(for: photo, colour: "orange") }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder.file("cache")
        let output = folder.file("out.png")
        let result = try run(binary, ["render", "--output", output, "--size", size] + photos, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let info = try identify(output)
        let left = try pixelWithImageMagick(output, x: info.width / 4, y: info.height / 2)
        let right = try pixelWithImageMagick(output, x: 3 * info.width / 4, y: info.height / 2)
        #expect(left.r > 240 && left.g < 15 && left.b < 15, "\(left)")
        #expect(right.g > 240 && right.r < 15 && right.b < 15, "\(right)")
    }
}

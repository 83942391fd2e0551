// Saving as SPEC §4 wants it: PNG and JPEG another decoder reads, never a
// half-written file, never a silent overwrite, and a reason when it fails;
// the collage's DPI, when it has one, in the file (issue 22).

import CollageCore
import CollageRender
import Foundation
import Testing
import TestSupport

@Suite struct ExporterTests {
    /// Decodes go to workers: the built `tinycollage-decoder`, not this test runner.
    init() {
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    func collage(_ folder: FixtureFolder, background: RGBAColor = .white) throws -> CairoImage {
        let document = CollageDocument(
            photos: [Photo(path: try folder.solid("r.png", colour: "red")), Photo(path: try folder.solid("b.png", colour: "blue"))],
            settings: CollageSettings(outputSize: PixelSize(width: 300, height: 200), margin: 10, background: background))
        return try Compositor().render(document).image
    }

    @Test func pngIsReadByAnotherDecoder() throws {
        let folder = try FixtureFolder()
        try Exporter.write(consuming: try collage(folder), to: folder.file("c.png"), format: .png)
        let info = try identify(folder.file("c.png"))
        #expect(info.width == 300 && info.height == 200 && info.format == "PNG")
        let left = try pixelWithImageMagick(folder.file("c.png"), x: 50, y: 100)
        #expect(left.r == 255 && left.g == 0 && left.b == 0)
        let edge = try pixelWithImageMagick(folder.file("c.png"), x: 2, y: 2)
        #expect(edge.r == 255 && edge.g == 255 && edge.b == 255)
        #expect(folder.contents() == ["b.png", "c.png", "r.png"])
    }

    /// What Copy puts on the clipboard: the very bytes Save writes, transparent or not.
    @Test func encodedBytesAreTheFileWriteWrites() throws {
        let folder = try FixtureFolder()
        for background in [RGBAColor.white, .transparent] {
            try Exporter.write(consuming: try collage(folder, background: background), to: folder.file("w.png"), format: .png,
                               replacing: true)
            let bytes = try Exporter.encoded(consuming: try collage(folder, background: background), format: .png, name: "copy")
            #expect(bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("w.png")))))
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test func jpegIsReadByAnotherDecoderAtItsQuality() throws {
        let folder = try FixtureFolder()
        try Exporter.write(consuming: try collage(folder), to: folder.file("c.jpg"), format: .jpeg(quality: 92))
        let info = try identify(folder.file("c.jpg"))
        #expect(info.width == 300 && info.height == 200 && info.format == "JPEG")
        let quality = try run("/usr/bin/identify", ["-format", "%Q", folder.file("c.jpg")])
        #expect(quality.stdout == "92")
        let right = try pixelWithImageMagick(folder.file("c.jpg"), x: 220, y: 100)
        #expect(right.b > 230 && right.r < 25)
    }

    @Test func transparentPngKeepsItsAlpha() throws {
        let folder = try FixtureFolder()
        try Exporter.write(consuming: try collage(folder, background: .transparent), to: folder.file("t.png"), format: .png)
        #expect(try pixelWithImageMagick(folder.file("t.png"), x: 2, y: 2).a == 0)
        #expect(try pixelWithImageMagick(folder.file("t.png"), x: 50, y: 100) == (255, 0, 0, 255))
    }

    @Test func aTransparentCollageSavedAsJPEGIsWhiteNotBlack() throws {
        let folder = try FixtureFolder()
        try Exporter.write(consuming: try collage(folder, background: .transparent), to: folder.file("t.jpg"),
                           format: .jpeg(quality: 90))
        let corner = try pixelWithImageMagick(folder.file("t.jpg"), x: 2, y: 2)
        #expect(corner.r > 245 && corner.g > 245 && corner.b > 245, "\(corner)")
        let inside = try pixelWithImageMagick(folder.file("t.jpg"), x: 50, y: 100)
        #expect(inside.r > 230 && inside.g < 30)
    }

    @Test func anExistingFileIsNotReplacedUnlessAsked() throws {
        let folder = try FixtureFolder()
        let target = try folder.write("keep.png", bytes: Array("precious".utf8))
        #expect(throws: ExportError(path: target, reason: .exists)) {
            try Exporter.write(consuming: try collage(folder), to: target, format: .png)
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        try Exporter.write(consuming: try collage(folder), to: target, format: .png, replacing: true)
        #expect(try identify(target).format == "PNG")
        #expect(!folder.contents().contains { $0.hasPrefix(".tinycollage") })
    }

    @Test func aMissingFolderIsSaidAndNothingIsLeft() throws {
        let folder = try FixtureFolder()
        let target = folder.file("gone/c.png")
        #expect(throws: ExportError(path: target, reason: .folderMissing)) {
            try Exporter.write(consuming: try collage(folder), to: target, format: .png)
        }
        #expect(folder.contents() == ["b.png", "r.png"])
    }

    @Test func aFolderThatCannotBeWrittenIsSaid() throws {
        let folder = try FixtureFolder()
        let image = try collage(folder)
        // sysfs refuses new files even to root, unlike a chmod'ed folder.
        #expect(throws: ExportError(path: "/sys/tinycollage.png", reason: .permissionDenied)) {
            try Exporter.write(consuming: image, to: "/sys/tinycollage.png", format: .png)
        }
    }

    @Test(arguments: [150, 300, 600])
    func aDPIIsWrittenIntoThePNGAndTheJPEG(dpi: Int) throws {
        let folder = try FixtureFolder()
        try Exporter.write(consuming: try collage(folder), to: folder.file("c.png"), format: .png, dpi: dpi)
        try Exporter.write(consuming: try collage(folder), to: folder.file("c.jpg"), format: .jpeg(quality: 90), dpi: dpi)
        let png = try #require(try pngDPI(folder.file("c.png")))
        #expect(png.x == dpi && png.y == dpi)
        let jpeg = try jpegDensity(folder.file("c.jpg"))
        #expect(jpeg.x == dpi && jpeg.y == dpi && jpeg.unit == "inches", "\(jpeg)")
        #expect(try identify(folder.file("c.png")).width == 300, "the pixels are the collage's, whatever the DPI")
    }

    @Test func noDPIWritesNone() throws {
        let folder = try FixtureFolder()
        try Exporter.write(consuming: try collage(folder), to: folder.file("c.png"), format: .png)
        try Exporter.write(consuming: try collage(folder), to: folder.file("c.jpg"), format: .jpeg(quality: 90))
        #expect(try pngDPI(folder.file("c.png")) == nil)
        #expect(try jpegDensity(folder.file("c.jpg")).unit == "None")
    }

    @Test func formatsFollowTheExtension() {
        #expect(ImageFormat(path: "a.PNG") == .png)
        #expect(ImageFormat(path: "a.jpg", quality: 80) == .jpeg(quality: 80))
        #expect(ImageFormat(path: "a.jpeg") == .jpeg(quality: 92))
        #expect(ImageFormat(path: "a.gif") == nil)
        #expect(ImageFormat(path: "noextension") == nil)
    }
}

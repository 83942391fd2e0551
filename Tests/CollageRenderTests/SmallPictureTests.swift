// The small pictures of issue 14: a JPEG's EXIF thumbnail found without
// decoding the photo (any bytes, however broken, give an answer and never a
// crash), read by a decoder worker upright and at the photo's proportions
// (a camera's letterbox cut away, a thumbnail of another shape refused), a
// draft drawn with the same crop geometry as the photo — and never a small
// picture in what a one-off render (the command line, Save, a drag) writes.

import CPangoCairo
import CPixbuf
import CollageCore
@testable import CollageRender
import Foundation
import Testing
import TestSupport

@Suite struct SmallPictureTests {
    init() {
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    let decoder = Decoder.isolated()

    func close(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 24) -> Bool {
        abs(Int(p.r) - r) <= tolerance && abs(Int(p.g) - g) <= tolerance && abs(Int(p.b) - b) <= tolerance
    }

    func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: Finding it

    @Test func theThumbnailIsFoundWhereExiftoolPutIt() throws {
        let folder = try FixtureFolder()
        let path = try folder.photoWithThumbnail("p.jpg", colour: "red", width: 600, height: 400, thumbnailColour: "blue",
                                                 orientation: 6)
        let file = try bytes(path)
        guard case let .found(found) = EmbeddedThumbnail.find(in: file) else {
            Issue.record("no thumbnail found")
            return
        }
        let length = try run("/usr/bin/exiftool", ["-s3", "-n", "-ThumbnailLength", path]).stdout
        #expect(found.photoSize == PixelSize(width: 600, height: 400))
        #expect(found.orientation == 6)
        #expect(found.jpeg.count == Int(length.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(file[found.jpeg].starts(with: [0xFF, 0xD8]))
        #expect(Array(file[found.jpeg].suffix(2)) == [0xFF, 0xD9])
    }

    @Test func filesWithoutOneSaySo() throws {
        let folder = try FixtureFolder()
        let plain = try folder.solid("plain.jpg", colour: "red")
        #expect(EmbeddedThumbnail.find(in: try bytes(plain)) == .none)
        #expect(EmbeddedThumbnail.find(in: try bytes(try folder.solid("p.png", colour: "red"))) == .none)
        #expect(EmbeddedThumbnail.find(in: []) == .none)
        #expect(EmbeddedThumbnail.find(in: Array("not an image at all".utf8)) == .none)
        let tagged = try bytes(try folder.photoWithThumbnail("t.jpg", colour: "red", thumbnailColour: "blue"))
        // Cut before the frame header: there may be one further on.
        #expect(EmbeddedThumbnail.find(in: Array(tagged.prefix(300))) == .needsMoreBytes)
        #expect(try decoder.embeddedThumbnail(plain, purpose: .probe) == nil)
        #expect(throws: LoadError(path: folder.file("gone.jpg"), reason: .missing)) {
            try decoder.embeddedThumbnail(folder.file("gone.jpg"), purpose: .probe)
        }
    }

    /// Every cut and every changed byte of a real file's head gives an
    /// answer, found ranges always inside the bytes: it reads hostile files.
    @Test func brokenHeadsNeverTrapIt() throws {
        let folder = try FixtureFolder()
        let head = Array(try bytes(try folder.photoWithThumbnail("t.jpg", colour: "red", thumbnailColour: "blue"))
            .prefix(9000))
        var rng = SystemRandomNumberGenerator()
        for cut in stride(from: 0, through: head.count, by: 7) {
            if case let .found(found) = EmbeddedThumbnail.find(in: Array(head.prefix(cut))) {
                #expect(found.jpeg.upperBound <= cut)
            }
        }
        for _ in 0..<3000 {
            var mutated = head
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                mutated[Int.random(in: 0..<min(400, mutated.count), using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if case let .found(found) = EmbeddedThumbnail.find(in: mutated) {
                #expect(found.jpeg.lowerBound >= 0 && found.jpeg.upperBound <= mutated.count)
                #expect((1...8).contains(found.orientation))
            }
        }
    }

    // MARK: Reading it, in a worker

    @Test func itIsUprightAndLetterboxFree() throws {
        let folder = try FixtureFolder()
        // A 3:2 photo whose 160×120 thumbnail is letterboxed in black, as cameras do.
        let path = try folder.photoWithThumbnail("p.jpg", colour: "red", width: 1500, height: 1000, thumbnailColour: "blue")
        let small = try #require(try decoder.embeddedThumbnail(path, purpose: .probe))
        #expect(small.origin == .exif)
        #expect(small.photoSize == PixelSize(width: 1500, height: 1000))
        let aspect = Double(small.image.width) / Double(small.image.height)
        #expect(abs(aspect - 1.5) < 0.03, "aspect \(aspect)")
        for (x, y) in [(0, 0), (small.image.width - 1, 0), (0, small.image.height - 1),
                       (small.image.width - 1, small.image.height - 1), (small.image.width / 2, 0)] {
            #expect(close(small.image.pixel(x: x, y: y), 0, 0, 255, tolerance: 40), "no black bar at \(x),\(y)")
        }
    }

    @Test func itTurnsWithThePhoto() throws {
        let folder = try FixtureFolder()
        // Stored turned, with orientation 6; a camera's thumbnail is stored the same way.
        let stored = try folder.orientedQuadrants("q.jpg", orientation: 6, width: 400, height: 200)
        try folder.convert([stored, "-thumbnail", "160x160"], to: "q-thumb.jpg")
        let tagged = try run("/usr/bin/exiftool", ["-overwrite_original", "-ThumbnailImage<=\(folder.file("q-thumb.jpg"))",
                                                   stored])
        #expect(tagged.status == 0)
        let small = try #require(try decoder.embeddedThumbnail(stored, purpose: .probe))
        #expect(small.photoSize == PixelSize(width: 400, height: 200))
        let w = small.image.width, h = small.image.height
        #expect(w > h)
        #expect(close(small.image.pixel(x: w / 4, y: h / 4), 255, 0, 0, tolerance: 60))
        #expect(close(small.image.pixel(x: 3 * w / 4, y: h / 4), 0, 255, 0, tolerance: 60))
        #expect(close(small.image.pixel(x: w / 4, y: 3 * h / 4), 0, 0, 255, tolerance: 60))
        #expect(close(small.image.pixel(x: 3 * w / 4, y: 3 * h / 4), 255, 255, 255, tolerance: 60))
    }

    @Test func aThumbnailOfAnotherShapeIsNotUsed() throws {
        let folder = try FixtureFolder()
        // A square picture in a 3:2 photo's EXIF: an editor left it behind.
        let path = try folder.photoWithThumbnail("p.jpg", colour: "red", width: 1500, height: 1000, thumbnailColour: "blue",
                                                 thumbnail: (120, 120), letterbox: false)
        #expect(try decoder.embeddedThumbnail(path, purpose: .probe) == nil)
        // Stretched to the box without bars: not this photo's shape either.
        let stretched = try folder.photoWithThumbnail("s.jpg", colour: "red", width: 1500, height: 1000,
                                                      thumbnailColour: "blue", letterbox: false)
        #expect(try decoder.embeddedThumbnail(stretched, purpose: .probe) == nil)
    }

    @Test func aBrokenThumbnailCostsOnlyTheSmallPicture() throws {
        let folder = try FixtureFolder()
        let path = try folder.photoWithThumbnail("p.jpg", colour: "red", width: 600, height: 400, thumbnailColour: "blue")
        var file = try bytes(path)
        guard case let .found(found) = EmbeddedThumbnail.find(in: file) else {
            Issue.record("no thumbnail")
            return
        }
        // The thumbnail's scan cut to nothing: its end marker gone.
        for i in (found.jpeg.upperBound - 40)..<found.jpeg.upperBound { file[i] = 0 }
        try folder.write("broken.jpg", bytes: file)
        #expect(try decoder.embeddedThumbnail(folder.file("broken.jpg"), purpose: .probe) == nil)
        // The photo itself still decodes.
        #expect(try decoder.load(folder.file("broken.jpg"), covering: nil, purpose: .preview).image.width == 600)
    }

    // MARK: The thumbnail cache's text

    /// ImageMagick writes a PNG's text after its pixels, where gdk-pixbuf's
    /// incremental loader does not look; a cache entry of its making counts too.
    @Test func thumbnailTextAfterTheImageDataIsRead() throws {
        let folder = try FixtureFolder()
        let path = try folder.convert(["-size", "32x24", "xc:orange", "-set", "Thumb::URI", "file:///x/p.jpg",
                                       "-set", "Thumb::MTime", "42"], to: "t.png")
        let file = try decoder.thumbnailFile(path)
        #expect(file.uri == "file:///x/p.jpg")
        #expect(file.modified == "42")
        #expect(file.image.size == PixelSize(width: 32, height: 24))
        let bytes = try bytes(path)
        for cut in 0...bytes.count {
            let texts = PNGText.texts(in: Array(bytes.prefix(cut)))
            #expect(texts.isEmpty || texts["Thumb::URI"] == "file:///x/p.jpg" || texts["Thumb::MTime"] == "42"
                    || texts.keys.contains { $0.hasPrefix("date:") })
        }
        var mangled = bytes
        for i in stride(from: 8, to: mangled.count, by: 5) { mangled[i] = 0xFF }
        _ = PNGText.texts(in: mangled)
    }

    // MARK: Drawing it

    /// A draft from a small picture puts the same part of the photo in the
    /// cell as the render does, whatever the crop.
    @Test func aDraftHasTheRendersGeometry() throws {
        let folder = try FixtureFolder()
        // Quadrants, with a thumbnail made of the photo itself, letterboxed.
        let path = try folder.convert(["(", "-size", "300x200", "xc:red", "-size", "300x200", "xc:lime", "+append", ")",
                                       "(", "-size", "300x200", "xc:blue", "-size", "300x200", "xc:white", "+append", ")",
                                       "-append", "-quality", "95"], to: "q.jpg")
        try folder.convert([path, "-thumbnail", "160x120", "-background", "black", "-gravity", "center",
                            "-extent", "160x120"], to: "q-thumb.jpg")
        #expect(try run("/usr/bin/exiftool", ["-overwrite_original", "-ThumbnailImage<=\(folder.file("q-thumb.jpg"))",
                                              path]).status == 0)
        let small = try #require(try decoder.embeddedThumbnail(path, purpose: .probe))
        var document = CollageDocument(photos: [Photo(path: path)])
        document.settings.outputSize = PixelSize(width: 300, height: 300)
        document.photos[0].crop = Crop(zoom: 2, centerX: 0.4, centerY: 0.45)
        let id = document.photos[0].id
        let compositor = Compositor()
        let draft = try compositor.draft(document, size: document.settings.outputSize, leavingOut: [:], decoded: [:],
                                         small: [id: small])
        let full = try compositor.render(document)
        #expect(draft.isDraft)
        #expect(!full.isDraft)
        #expect(draft.cells == full.cells)
        // Away from the quadrants' borders the two agree.
        for y in stride(from: 10, to: 300, by: 20) {
            for x in stride(from: 10, to: 300, by: 20) {
                let f = full.image.pixel(x: x, y: y), d = draft.image.pixel(x: x, y: y)
                if close(f, Int(d.r), Int(d.g), Int(d.b), tolerance: 40) { continue }
                // Within a few pixels of a border the smaller picture blurs it.
                let near = [(-8, 0), (8, 0), (0, -8), (0, 8)].contains { dx, dy in
                    let g = full.image.pixel(x: min(299, max(0, x + dx)), y: min(299, max(0, y + dy)))
                    return !close(g, Int(f.r), Int(f.g), Int(f.b), tolerance: 40)
                }
                #expect(near, "draft and render differ at \(x),\(y)")
            }
        }
    }

    /// What writes files renders from the photos: a small picture of another
    /// colour, drafted into the same compositor's preview, never shows there.
    @Test func aSmallPictureNeverReachesAOneOffRender() throws {
        let folder = try FixtureFolder()
        let path = try folder.photoWithThumbnail("p.jpg", colour: "red", width: 600, height: 400, thumbnailColour: "blue")
        let small = try #require(try decoder.embeddedThumbnail(path, purpose: .probe))
        var document = CollageDocument(photos: [Photo(path: path)])
        document.settings.outputSize = PixelSize(width: 200, height: 200)
        let preview = Compositor()
        let draft = try preview.draft(document, size: PixelSize(width: 100, height: 100), leavingOut: [:], decoded: [:],
                                      small: [document.photos[0].id: small])
        #expect(close(draft.image.pixel(x: 50, y: 50), 0, 0, 255, tolerance: 40))
        // The preview's own render, then one-off renders as Save and the command line make them.
        #expect(close(try preview.render(document).image.pixel(x: 100, y: 100), 255, 0, 0))
        let saved = try Compositor.oneOff().render(document)
        #expect(!saved.isDraft)
        for (x, y) in [(0, 0), (100, 100), (199, 199)] {
            #expect(close(saved.image.pixel(x: x, y: y), 255, 0, 0), "at \(x),\(y)")
        }
    }
}

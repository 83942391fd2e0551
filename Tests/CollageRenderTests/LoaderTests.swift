// Loading as SPEC §7 wants it: every bad input refused with the file and the
// reason, a decompression bomb refused from its header, truncation noticed,
// decoding at the size the cell needs, and the cache reused until a file changes.

import CollageCore
@testable import CollageRender
import Foundation
import Testing
import TestSupport

@Suite struct LoaderTests {
    let loader = ImageLoader()

    /// Decodes go to workers: the built `tinycollage-decoder`, not this test runner.
    init() {
        DecoderPool.shared.executable = builtProgram("tinycollage-decoder")
    }

    func reason(_ path: String) -> LoadError.Reason? {
        do {
            _ = try loader.load(path, covering: PixelSize(width: 100, height: 100))
            return nil
        } catch {
            #expect(error.path == path)
            return error.reason
        }
    }

    @Test func badInputsSayWhy() throws {
        let folder = try FixtureFolder()
        #expect(reason(folder.file("missing.jpg")) == .missing)
        #expect(reason(try folder.write("empty.jpg", bytes: [])) == .empty)
        #expect(reason(try folder.write("text.jpg", bytes: Array("hello, this is text".utf8))) == .notAnImage)
        #expect(reason(folder.path) == .isDirectory)
        symlink(folder.file("nowhere.jpg"), folder.file("dangling.jpg"))
        #expect(reason(folder.file("dangling.jpg")) == .danglingLink)
        mkfifo(folder.file("fifo.jpg"), 0o644)
        #expect(reason(folder.file("fifo.jpg")) == .notRegularFile)
        #expect(reason("/dev/null") == .notRegularFile)
    }

    @Test func probingReadsOnlyTheHeader() throws {
        let folder = try FixtureFolder()
        #expect(try loader.probe(try folder.solid("a.png", colour: "red", width: 640, height: 480)) == PixelSize(width: 640, height: 480))
        #expect(try loader.probe(try folder.solid("a.jpg", colour: "red", width: 64, height: 48)) == PixelSize(width: 64, height: 48))
        #expect(throws: LoadError(path: folder.file("t.txt"), reason: .notAnImage)) {
            try loader.probe(try folder.write("t.txt", bytes: Array("plain words".utf8)))
        }
        let bomb = try folder.pngBomb("bomb.png", width: 90_000, height: 90_000)
        #expect(throws: LoadError(path: bomb, reason: .tooLarge(PixelSize(width: 90_000, height: 90_000),
                                                               limit: ImageLoader.defaultPixelLimit))) {
            try loader.probe(bomb)
        }
        #expect(throws: LoadError(path: folder.file("none.jpg"), reason: .missing)) { try loader.probe(folder.file("none.jpg")) }
    }

    @Test func truncatedImagesAreRefused() throws {
        let folder = try FixtureFolder()
        let jpeg = try folder.convert(["-size", "400x300", "plasma:fractal", "-seed", "4", "-quality", "90"], to: "photo.jpg")
        let png = try folder.convert(["-size", "400x300", "plasma:fractal", "-seed", "4"], to: "photo.png")
        #expect(reason(jpeg) == nil)
        #expect(reason(png) == nil)
        for fraction in [0.3, 0.6, 0.95] {
            guard case .corrupt = reason(try folder.truncated(jpeg, to: "t\(fraction).jpg", keeping: fraction)) else {
                Issue.record("truncated JPEG at \(fraction) accepted")
                continue
            }
            guard case .corrupt = reason(try folder.truncated(png, to: "t\(fraction).png", keeping: fraction)) else {
                Issue.record("truncated PNG at \(fraction) accepted")
                continue
            }
        }
    }

    /// Found by the fuzzer: formats whose loaders took a cut file without a word.
    @Test(arguments: [("interlaced.png", ["-interlace", "PNG"]), ("lossy.webp", ["-quality", "80"]),
                      ("lossless.webp", ["-define", "webp:lossless=true"]), ("progressive.jpg", ["-interlace", "Plane"])])
    func truncatedFilesOfEveryContainerAreRefused(name: String, options: [String]) throws {
        let folder = try FixtureFolder()
        let whole = try folder.convert(["-size", "300x200", "plasma:fractal", "-seed", "5"] + options, to: name)
        #expect(reason(whole) == nil, "the whole \(name) loads")
        for fraction in [0.2, 0.5, 0.9] {
            let cut = try folder.truncated(whole, to: "cut-\(fraction)-" + name, keeping: fraction)
            guard case .corrupt = reason(cut) else {
                Issue.record("\(name) cut at \(fraction) was accepted")
                continue
            }
        }
    }

    @Test func anImageWithNoPixelsIsRefused() throws {
        let folder = try FixtureFolder()
        let gif = try folder.solid("a.gif", colour: "red", width: 64, height: 48)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: gif)))
        bytes[6] = 0  // logical screen width: 0
        bytes[7] = 0
        let empty = try folder.write("empty.gif", bytes: bytes)
        #expect(throws: LoadError(path: empty, reason: .corrupt("the image has no pixels"))) { try loader.probe(empty) }
        guard case .corrupt = reason(empty) else {
            Issue.record("a 0-wide GIF was decoded")
            return
        }
    }

    @Test func aJPEGWithAnExifThumbnailIsCheckedByItsMainImage() throws {
        let folder = try FixtureFolder()
        let jpeg = try folder.convert(["-size", "800x600", "plasma:fractal", "-seed", "9", "-quality", "92"], to: "p.jpg")
        // exiftool writes a thumbnail, whose own end marker sits early in the file.
        let thumb = try folder.convert(["-size", "160x120", "xc:orange"], to: "thumb.jpg")
        let result = try run("/usr/bin/exiftool", ["-overwrite_original", "-ThumbnailImage<=\(thumb)", jpeg])
        #expect(result.status == 0)
        #expect(reason(jpeg) == nil)
        guard case .corrupt = reason(try folder.truncated(jpeg, to: "cut.jpg", keeping: 0.5)) else {
            Issue.record("a truncated JPEG with a thumbnail was accepted")
            return
        }
    }

    @Test func bombsAreRefusedFromTheHeader() throws {
        let folder = try FixtureFolder()
        let png = try folder.pngBomb("bomb.png", width: 100_000, height: 100_000)
        #expect(reason(png) == .tooLarge(PixelSize(width: 100_000, height: 100_000), limit: ImageLoader.defaultPixelLimit))
        // A JPEG decodes scaled, but is read whole: its own limit is on the source.
        let jpeg = try folder.jpegBomb("bomb.jpg", width: 60_000, height: 60_000)
        #expect(reason(jpeg) == .tooLarge(PixelSize(width: 60_000, height: 60_000), limit: DecodeSize.jpegSourcePixelLimit))
        let strict = ImageLoader(pixelLimit: 1000)
        #expect(throws: LoadError(path: try folder.solid("s.png", colour: "red", width: 100, height: 100),
                                  reason: .tooLarge(PixelSize(width: 100, height: 100), limit: 1000))) {
            try strict.load(folder.file("s.png"), covering: nil)
        }
    }

    @Test func jpegsDecodeAtTheScaleTheCellNeeds() throws {
        #expect(DecodeSize.request(raw: PixelSize(width: 6000, height: 4000), cover: PixelSize(width: 360, height: 360),
                                   swapsAxes: nil, isJPEG: true) == PixelSize(width: 750, height: 500))
        #expect(DecodeSize.request(raw: PixelSize(width: 6000, height: 4000), cover: PixelSize(width: 540, height: 1080),
                                   swapsAxes: false, isJPEG: true) == PixelSize(width: 3000, height: 2000))
        // Turned by EXIF, the same cell needs less of the long side.
        #expect(DecodeSize.request(raw: PixelSize(width: 6000, height: 4000), cover: PixelSize(width: 540, height: 1080),
                                   swapsAxes: true, isJPEG: true) == PixelSize(width: 1500, height: 1000))
        #expect(DecodeSize.request(raw: PixelSize(width: 6001, height: 4001), cover: PixelSize(width: 100, height: 100),
                                   swapsAxes: nil, isJPEG: true) == PixelSize(width: 751, height: 501))
        #expect(DecodeSize.request(raw: PixelSize(width: 600, height: 400), cover: PixelSize(width: 4096, height: 4096),
                                   swapsAxes: nil, isJPEG: true) == PixelSize(width: 600, height: 400))
        #expect(DecodeSize.request(raw: PixelSize(width: 6000, height: 4000), cover: nil,
                                   swapsAxes: nil, isJPEG: true) == PixelSize(width: 6000, height: 4000))

        let folder = try FixtureFolder()
        let big = try folder.convert(["-size", "1600x1200", "gradient:red-blue", "-quality", "90"], to: "big.jpg")
        let small = try loader.load(big, covering: PixelSize(width: 150, height: 150))
        #expect(small.image.size == PixelSize(width: 200, height: 150))
        #expect(small.originalSize == PixelSize(width: 1600, height: 1200))
        let full = try loader.load(big, covering: nil)
        #expect(full.image.size == PixelSize(width: 1600, height: 1200))
    }

    @Test func otherFormatsAreShrunkToTheCover() throws {
        let folder = try FixtureFolder()
        let png = try folder.convert(["-size", "1600x1200", "gradient:red-blue"], to: "big.png")
        let decoded = try loader.load(png, covering: PixelSize(width: 150, height: 150))
        #expect(decoded.image.size == PixelSize(width: 200, height: 150))
        #expect(decoded.originalSize == PixelSize(width: 1600, height: 1200))
    }

    @Test func theCacheIsReusedUntilTheFileChanges() throws {
        let folder = try FixtureFolder()
        let path = try folder.solid("p.png", colour: "red", width: 400, height: 400)
        let source = PhotoSource()
        let first = try source.photo(path, covering: PixelSize(width: 100, height: 100))
        let again = try source.photo(path, covering: PixelSize(width: 90, height: 90))
        #expect(first.image === again.image)
        // A larger cell needs a larger decode.
        let larger = try source.photo(path, covering: PixelSize(width: 300, height: 300))
        #expect(larger.image !== first.image)
        // Changed on disk: decoded again, and the new colour shows.
        try folder.solid("p.png", colour: "blue", width: 400, height: 400)
        var info = stat()
        stat(path, &info)
        var times = [timespec(tv_sec: info.st_mtim.tv_sec + 5, tv_nsec: 0), timespec(tv_sec: info.st_mtim.tv_sec + 5, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        let changed = try source.photo(path, covering: PixelSize(width: 100, height: 100))
        #expect(changed.image.pixel(x: 5, y: 5) == (0, 0, 255, 255))
    }

    @Test func theCacheStaysInItsBudget() throws {
        let folder = try FixtureFolder()
        let cache = ImageCache(budgetBytes: 300 * 300 * 4 * 2 + 100)
        let source = PhotoSource(cache: cache)
        for i in 0..<5 {
            _ = try source.photo(try folder.solid("\(i).png", colour: "red", width: 300, height: 300), covering: nil)
            #expect(cache.byteCount <= cache.budgetBytes)
        }
        #expect(cache.byteCount == 300 * 300 * 4 * 2)
    }
}

// Issue 10 on the command line: a file that crashes, hangs or floods the
// image reader costs a decoder worker and is named with what happened (exit
// 1, no output file, and an answer bounded by the deadline, not minutes);
// SVG bombs are drawn at the cell's size; valid photos that used to be
// refused are read; variants that cannot be read say so; and a signal in
// the middle of writing leaves nothing behind.

import Foundation
import Testing
import TestSupport

@Suite struct HostileInputTests {
    let folder: FixtureFolder
    let good: String

    init() throws {
        folder = try FixtureFolder()
        good = try folder.solid("good.png", colour: "red", width: 300, height: 200)
    }

    /// `render` of the good photo and `photo` into out.png, killed if it has
    /// not answered after `limit` seconds (a liveness bound, far above the
    /// deadlines, not a timing).
    func render(_ photo: String, limit: Int = 120, language: String = "en") throws -> ProcessOutput {
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = language
        environment["LC_ALL"] = nil
        environment["LANG"] = nil
        let result = try run("/usr/bin/timeout", ["--signal=KILL", String(limit), binary, "render", "-o",
                                                  folder.file("out.png"), good, photo], environment: environment)
        #expect(result.status != 137, "render did not answer within \(limit) s")
        return result
    }

    func expectRefused(_ photo: String, saying words: String, language: String = "en") throws {
        let result = try render(photo, language: language)
        #expect(result.status == 1, "\(photo): \(result.stderr)")
        #expect(result.stderr.contains(photo + ": " + words), "\(result.stderr)")
        #expect(!folder.exists("out.png"), "an output file was left")
        #expect(!folder.contents().contains { $0.hasPrefix(".tinycollage") }, "a temporary file was left")
    }

    /// The colour of the collage's right half (the second photo's cell).
    func rightCell(x: Int = 810, y: Int = 540) throws -> (r: Int, g: Int, b: Int, a: Int) {
        try pixelWithImageMagick(folder.file("out.png"), x: x, y: y)
    }

    @Test func anSVGThatCrashesLibrsvgIsNamed() throws {
        try expectRefused(try folder.convolveSVG(), saying: "it could not be read: it made the image reader crash")
    }

    @Test func anSVGThatNeverFinishesIsNamed() throws {
        try expectRefused(try folder.turbulenceSVG(), saying: "it could not be read: reading it took too long")
    }

    @Test func theWorkersReasonIsSaidInJapanese() throws {
        try expectRefused(try folder.convolveSVG(), saying: "読み込めませんでした: 画像の読み込み処理がクラッシュしました",
                          language: "ja")
    }

    @Test func svgBombsAreDrawnAtTheCellsSize() throws {
        let huge = try render(try folder.hugeBlurSVG())
        #expect(huge.status == 0, "\(huge.stderr)")
        let orange = try rightCell()
        #expect(orange.r > 200 && orange.g > 120 && orange.g < 200 && orange.b < 40, "\(orange)")
        for slow in [try folder.blursSVG(), try folder.morphologySVG()] {
            try? FileManager.default.removeItem(atPath: folder.file("out.png"))
            let result = try render(slow)
            #expect(result.status == 0, "\(slow): \(result.stderr)")
        }
    }

    /// The workers' memory limit leaves room for real photos at full size: a
    /// 24 MP JPEG, and a 100 MP PNG with alpha (400 MB decoded, 400 MB more
    /// as the collage's pixels).
    @Test func largeRealPhotosStillDecodeAtFullSize() throws {
        let jpeg = try folder.convert(["-size", "600x400", "plasma:fractal", "-seed", "6", "-resize", "6000x4000!",
                                       "-quality", "85"], to: "camera.jpg")
        var result = try run(binary, ["render", "-o", folder.file("jpeg.png"), "--size", "6000x4000", jpeg])
        #expect(result.status == 0, "\(result.stderr)")
        let png = folder.file("hundred.png")
        for arguments in [["black", folder.file("hundred.v"), "10000", "10000", "--bands", "4"],
                          ["copy", folder.file("hundred.v"), png]] {
            #expect(try run("/usr/bin/vips", arguments).status == 0)
        }
        try? FileManager.default.removeItem(atPath: folder.file("hundred.v"))
        result = try run(binary, ["render", "-o", folder.file("png.png"), "--size", "10000x10000", png])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aGIFWithAHugeScreenIsReadInAWorker() throws {
        let result = try render(try folder.gifScreenBomb())
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aPanoramaWiderThanCairoIsDecodedScaled() throws {
        let result = try render(try folder.panorama())
        #expect(result.status == 0, "\(result.stderr)")
        // The cell shows the middle of a left-to-right ramp from black to white.
        let middle = try rightCell()
        #expect((100...156).contains(middle.r) && abs(middle.r - middle.b) < 4, "\(middle)")
    }

    @Test func anAnimatedWebPShowsItsFirstFrame() throws {
        let result = try render(try folder.animatedWebP())
        #expect(result.status == 0, "\(result.stderr)")
        let cell = try rightCell()
        #expect(cell.r > 240 && cell.b < 15, "the first frame is red: \(cell)")
    }

    @Test func aGIFFrameSmallerThanItsScreenIsValid() throws {
        let result = try render(try folder.gifFrameSmallerThanScreen())
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func anArithmeticCodedJPEGIsRead() throws {
        let result = try render(try folder.arithmeticJPEG(colour: "blue"))
        #expect(result.status == 0, "\(result.stderr)")
        let cell = try rightCell()
        #expect(cell.b > 240 && cell.r < 15, "\(cell)")
    }

    @Test func tiffVariantsThisComputerCannotReadSaySo() throws {
        try expectRefused(try folder.floatTIFF(), saying: "this kind of TIFF file cannot be read here")
        try expectRefused(try folder.cmyk16TIFF(), saying: "this kind of TIFF file cannot be read here")
    }

    /// SIGINT and SIGTERM while a large collage is being written: nothing is
    /// left, with an unnamed temporary file and with a named one (forced
    /// here; file systems without O_TMPFILE get it).
    @Test(arguments: [(SIGINT, false), (SIGTERM, false), (SIGINT, true), (SIGTERM, true)])
    func aSignalMidWriteLeavesNoFile(signal: Int32, named: Bool) throws {
        let photo = try folder.convert(["-size", "1500x1000", "plasma:fractal", "-seed", "8", "-attenuate", "0.5",
                                        "+noise", "Gaussian"], to: "noise.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["render", "-o", folder.file("big.png"), "--size", "8000x8000", photo]
        var environment = ProcessInfo.processInfo.environment
        if named { environment["TINYCOLLAGE_NO_UNNAMED_TEMPORARY"] = "1" }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until it has its output open: an unnamed file shows as "#inode (deleted)".
        var writing = false
        for _ in 0..<1200 where !writing {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd")) ?? []
            writing = fds.contains { fd in
                let target = (try? FileManager.default.destinationOfSymbolicLink(
                    atPath: "/proc/\(process.processIdentifier)/fd/\(fd)")) ?? ""
                return target.hasPrefix(folder.path + "/#") || target.hasPrefix(folder.path + "/.tinycollage")
            }
            if !writing { usleep(50_000) }
        }
        #expect(writing, "the render never started writing")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        #expect(folder.contents().filter { !["good.png", "noise.png"].contains($0) }.isEmpty, "\(folder.contents())")
    }
}

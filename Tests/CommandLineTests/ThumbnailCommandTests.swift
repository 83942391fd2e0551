// `tinycollage thumbnail -s SIZE INPUT OUTPUT`, run as a file manager runs
// the thumbnailer entry (a file:// URI, an output name without .png): a
// PNG of the collage no larger than SIZE, drawn from photos decoded at that
// size; and for a broken project, photos that are gone, a FIFO, a bad SIZE
// or photos that hang a decoder, a non-zero status within seconds, one line
// naming the file, and no output file.

import Foundation
import Testing
import TestSupport

@Suite struct ThumbnailCommandTests {
    /// A project as the app writes it, by hand: photos relative to its folder.
    static func project(_ folder: FixtureFolder, photos: [String], size: (Int, Int) = (600, 400), gap: Int = 10,
                        name: String = "P.tinycollage") throws -> String {
        let items = photos.map {
            #"{"id":"\#(UUID().uuidString)","path":"\#($0)","crop":{"zoom":1,"centerX":0.5,"centerY":0.5}}"#
        }
        let text = #"""
        {"application":"tinycollage-project","formatVersion":1,"document":{"photos":[\#(items.joined(separator: ","))],
        "settings":{"outputSize":{"width":\#(size.0),"height":\#(size.1)},"gap":\#(gap),"margin":0,"background":{"red":1,"green":0,"blue":1,"alpha":1},"proportions":{}}}}
        """#
        return try folder.write(name, bytes: Array(text.utf8))
    }

    static func uri(_ path: String) -> String {
        "file://" + path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
    }

    /// The command, timed.
    static func thumbnail(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (ProcessOutput, Double) {
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = "en"
        environment["LC_ALL"] = nil
        environment["LANG"] = nil
        environment.merge(extra) { _, new in new }
        let start = Date()
        let result = try run(builtProgram(), ["thumbnail"] + arguments, environment: environment)
        return (result, Date().timeIntervalSince(start))
    }

    /// Refused: status, one line naming `named`, no output, and quickly.
    static func expectRefused(_ arguments: [String], status: Int32 = 1, named: String, saying reason: String,
                              output: String, within seconds: Double = 5) throws {
        let (result, elapsed) = try thumbnail(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(named) && lines[0].contains(reason), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output), "\(output) was left behind")
        #expect(elapsed < seconds, "took \(elapsed) s")
    }

    @Test func aProjectBecomesAPNGOfItsCollageNoLargerThanSize() throws {
        let folder = try FixtureFolder()
        let names = try [("a.png", "red"), ("b.png", "lime"), ("c.png", "blue")].map { name, colour in
            _ = try folder.solid(name, colour: colour, width: 160, height: 90)
            return name
        }
        let project = try Self.project(folder, photos: names)
        // As GNOME's thumbnail factory runs it: a URI, and a temporary name of its own.
        let (result, _) = try Self.thumbnail(["-s", "128", Self.uri(project), folder.file("thumb-XXXXXX")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let info = try identify(folder.file("thumb-XXXXXX"))
        #expect(info.format == "PNG")
        // 600×400 at most 128 a side: 128×85, the collage's own shape.
        #expect(info.width == 128 && (85...86).contains(info.height), "\(info)")
        // The same project rendered at full size and scaled down looks alike: each
        // cell's colour where it is, the magenta background in the gap.
        #expect(try tinycollage(["render", "-o", folder.file("full.png"), project]).status == 0)
        for (x, y) in [(21, 42), (64, 42), (106, 20), (106, 65)] {
            let thumb = try pixelWithImageMagick(folder.file("thumb-XXXXXX"), x: x, y: y)
            let full = try pixelWithImageMagick(folder.file("full.png"), x: (2 * x + 1) * 600 / 256, y: (2 * y + 1) * 600 / 256)
            #expect(abs(thumb.r - full.r) < 20 && abs(thumb.g - full.g) < 20 && abs(thumb.b - full.b) < 20,
                    "at \(x),\(y): \(thumb) against \(full)")
        }
        let red = try pixelWithImageMagick(folder.file("thumb-XXXXXX"), x: 10, y: 42)
        #expect(red.r > 240 && red.g < 20 && red.b < 20, "\(red)")
        let gap = try pixelWithImageMagick(folder.file("thumb-XXXXXX"), x: 64, y: 20)
        #expect(gap.r > 200 && gap.b > 200 && gap.g < 60, "the gap shows the project's magenta: \(gap)")
    }

    @Test func aPathWorksAsWellAsAURIAndASmallCollageIsNotEnlarged() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red")
        let project = try Self.project(folder, photos: ["a.png"], size: (90, 60), gap: 0)
        let (result, _) = try Self.thumbnail(["--size=256", project, folder.file("t.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try identify(folder.file("t.png"))
        #expect(info.width == 90 && info.height == 60, "\(info)")
    }

    /// A name that is not UTF-8 comes as %FF in the URI: GLib's reading of it
    /// gives the bytes, and the project's photos are found beside it.
    @Test func aProjectWhoseNameIsNotUTF8IsFoundByItsURI() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "blue")
        let project = try Self.project(folder, photos: ["a.png"], gap: 0)
        _ = renameToBytes(project, folder: folder, name: [0x6E, 0xFF] + Array(".tinycollage".utf8))
        let (result, _) = try Self.thumbnail(["-s", "64", Self.uri(folder.path) + "/n%FF.tinycollage", folder.file("t.png")])
        #expect(result.status == 0, "\(result.stderr)")
        let pixel = try pixelWithImageMagick(folder.file("t.png"), x: 30, y: 20)
        #expect(pixel.b > 240 && pixel.r < 20, "\(pixel)")
    }

    /// GNOME's thumbnail factory runs the entry in bubblewrap seeing /usr, the
    /// project file alone (at /tmp/gnome-desktop-file-to-thumbnail.EXT) and an
    /// output folder: the photos are out of sight, so the preview the app saved
    /// in the project is drawn; without one the thumbnail fails as for photos
    /// gone. Inside that sandbox the workers' own bubblewrap cannot mount a
    /// /proc, and they must start without it rather than die one by one.
    @Test(arguments: [true, false])
    func inGNOMEsThumbnailerSandboxThePreviewSavedInTheProjectIsDrawn(_ withPreview: Bool) throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red")
        _ = try folder.solid("preview.png", colour: "lime", width: 90, height: 60)
        let preview = try Data(contentsOf: URL(fileURLWithPath: folder.file("preview.png"))).base64EncodedString()
        let project = try Self.project(folder, photos: ["a.png"])
        if withPreview {
            var text = try String(contentsOfFile: project, encoding: .utf8)
            text.removeLast(1)
            try (text + #","preview":"\#(preview)"}"#).write(toFile: project, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder.file("out"), withIntermediateDirectories: false)
        let program = (builtProgram() as NSString).resolvingSymlinksInPath
        let build = (program as NSString).deletingLastPathComponent
        let inside = "/tmp/gnome-desktop-file-to-thumbnail.tinycollage"
        let sandbox = ["--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
                       "--symlink", "usr/bin", "/bin", "--ro-bind", "/etc/ld.so.cache", "/etc/ld.so.cache",
                       "--ro-bind", "/opt/swift", "/opt/swift",
                       "--proc", "/proc", "--dev", "/dev", "--chdir", "/", "--setenv", "GIO_USE_VFS", "local",
                       "--unshare-all", "--die-with-parent", "--bind", folder.file("out"), "/tmp", "--ro-bind", project, inside,
                       // After /tmp: a build in a clone under /tmp would be hidden by it.
                       "--ro-bind", build, build]
        let result = try run("/usr/bin/bwrap", sandbox + [program, "thumbnail", "-s", "64", "file://" + inside,
                                                          "/tmp/gnome-desktop-thumbnailer.png"])
        let made = folder.file("out/gnome-desktop-thumbnailer.png")
        if withPreview {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("\(inside): drawn from the preview saved in it"), "\(result.stderr)")
            let info = try identify(made)
            #expect(info.width == 64 && info.height == 43, "\(info)")
            let pixel = try pixelWithImageMagick(made, x: 20, y: 20)
            #expect(pixel.g > 240 && pixel.r < 20 && pixel.b < 20, "the preview's green: \(pixel)")
        } else {
            #expect(result.status == 1 && result.stderr.contains("\(inside): its photo cannot be read (/tmp/a.png: no such file)"),
                    "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: made))
        }
        #expect(!result.stderr.contains("ended before it was ready"), "\(result.stderr)")
    }

    /// A 24 MP photo in a project of its size: the thumbnail decodes it at an
    /// eighth, in a fraction of the memory (and time) the full render takes.
    @Test func photosAreDecodedAtTheThumbnailsSize() throws {
        let folder = try FixtureFolder()
        _ = try folder.convert(["-size", "6000x4000", "gradient:red-blue"], to: "big.jpg")
        let project = try Self.project(folder, photos: ["big.jpg"], size: (6000, 4000), gap: 0)
        let (result, elapsed) = try Self.thumbnail(["-s", "128", project, folder.file("t.png")],
                                                  environment: ["TINYCOLLAGE_DECODE_STATS": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        func kib(_ key: String) -> Int {
            let field = result.stderr.split(whereSeparator: { $0 == " " || $0 == "\n" }).first { $0.hasPrefix(key + "=") }
            return field.flatMap { Int($0.dropFirst(key.count + 1)) } ?? -1
        }
        // At full size the worker holds 24 MP of pixels (over 200 MB here) and this process as many.
        #expect((1..<80_000).contains(kib("worker-peak-kib")), "\(result.stderr)")
        #expect((1..<80_000).contains(kib("own-peak-kib")), "\(result.stderr)")
        #expect(elapsed < 5, "took \(elapsed) s")
        #expect(try identify(folder.file("t.png")).width == 128)
    }

    @Test(arguments: [
        ("{not json", "it is not a TinyCollage project"),
        (#"{"application":"tinycollage-project","formatVersion":7,"document":{}}"#, "newer TinyCollage"),
        (#"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":3}}"#, "the project is damaged"),
        (#"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":[],"settings":{"outputSize":{"width":9,"height":9},"gap":0,"margin":0,"background":{"red":1,"green":1,"blue":1,"alpha":1}}}}"#,
         "the project has no photos"),
    ])
    func aBrokenProjectIsRefused(_ text: String, _ reason: String) throws {
        let folder = try FixtureFolder()
        let project = try folder.write("Bad.tinycollage", bytes: Array(text.utf8))
        try Self.expectRefused(["-s", "128", Self.uri(project), folder.file("t.png")], named: project, saying: reason,
                               output: folder.file("t.png"))
    }

    @Test func aGigabyteFIFOOrFolderIsRefusedWithoutReadingIt() throws {
        let folder = try FixtureFolder()
        let big = folder.file("Big.tinycollage")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 1 << 30) == 0)
        try Self.expectRefused(["-s", "128", big, folder.file("t.png")], named: big, saying: "too large", output: folder.file("t.png"))
        #expect(mkfifo(folder.file("F.tinycollage"), 0o600) == 0)
        try Self.expectRefused(["-s", "128", folder.file("F.tinycollage"), folder.file("t.png")], named: folder.file("F.tinycollage"),
                               saying: "not a regular file", output: folder.file("t.png"))
        try FileManager.default.createDirectory(atPath: folder.file("D.tinycollage"), withIntermediateDirectories: false)
        try Self.expectRefused(["-s", "128", folder.file("D.tinycollage"), folder.file("t.png")], named: folder.file("D.tinycollage"),
                               saying: "not a regular file", output: folder.file("t.png"))
        try Self.expectRefused(["-s", "128", folder.file("None.tinycollage"), folder.file("t.png")],
                               named: folder.file("None.tinycollage"), saying: "no such file", output: folder.file("t.png"))
    }

    @Test func aProjectWhosePhotosAreAllGoneIsRefusedNamingItAndAPhoto() throws {
        let folder = try FixtureFolder()
        let project = try Self.project(folder, photos: ["gone.png", "gone-too.png"])
        try Self.expectRefused(["-s", "128", project, folder.file("t.png")], named: project,
                               saying: "none of its 2 photos can be read (\(folder.file("gone.png")): no such file)",
                               output: folder.file("t.png"))
        // Not a photo at all, and a device.
        _ = try folder.write("text.png", bytes: Array("not a picture".utf8))
        let odd = try Self.project(folder, photos: ["text.png", "/dev/zero"], name: "Odd.tinycollage")
        try Self.expectRefused(["-s", "128", odd, folder.file("t.png")], named: odd, saying: "none of its 2 photos can be read",
                               output: folder.file("t.png"))
    }

    @Test func aPhotoThatIsGoneIsLeftOutOfTheThumbnail() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "blue")
        let project = try Self.project(folder, photos: ["gone.png", "a.png"], gap: 0)
        let (result, _) = try Self.thumbnail(["-s", "64", project, folder.file("t.png")])
        #expect(result.status == 0, "\(result.stderr)")
        // The one photo left fills the collage.
        let pixel = try pixelWithImageMagick(folder.file("t.png"), x: 10, y: 20)
        #expect(pixel.b > 240 && pixel.r < 20, "\(pixel)")
    }

    @Test(arguments: ["0", "x", "100000", "-5", "", "12.5"])
    func aBadSizeIsAUsageMistakeNamingTheProject(_ size: String) throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red")
        let project = try Self.project(folder, photos: ["a.png"])
        try Self.expectRefused(["-s", size, project, folder.file("t.png")], status: 2, named: project,
                               saying: "-s takes a whole number of pixels from 1 to", output: folder.file("t.png"))
    }

    @Test func aMissingOutputAndAnotherMachinesFileAreRefused() throws {
        let folder = try FixtureFolder()
        try Self.expectRefused(["-s", "128", folder.file("P.tinycollage")], status: 2, named: folder.file("P.tinycollage"),
                               saying: "thumbnail takes two names, an INPUT project and an OUTPUT file", output: folder.file("t.png"))
        try Self.expectRefused(["-s", "128", "sftp://host/P.tinycollage", folder.file("t.png")], named: "sftp://host/P.tinycollage",
                               saying: "only local files", output: folder.file("t.png"))
        try Self.expectRefused(["-s", "128", "file://elsewhere/P.tinycollage", folder.file("t.png")],
                               named: "file://elsewhere/P.tinycollage", saying: "only local files", output: folder.file("t.png"))
    }

    /// Photos that keep a decoder busy for ever (librsvg on a billion octaves):
    /// the overall deadline ends it, and no file, not even a temporary, is left.
    @Test func photosThatHangEndAtTheDeadline() throws {
        let folder = try FixtureFolder()
        try folder.turbulenceSVG("slow.svg")
        let project = try Self.project(folder, photos: ["slow.svg"])
        try Self.expectRefused(["--timeout", "2", "-s", "128", project, folder.file("t.png")], named: project,
                               saying: "no thumbnail after 2 seconds", output: folder.file("t.png"), within: 6)
        #expect(folder.contents().sorted() == ["P.tinycollage", "slow.svg"], "\(folder.contents())")
    }

    @Test func helpDocumentsTheCommand() throws {
        let (result, _) = try Self.thumbnail(["--help"])
        #expect(result.status == 0)
        for text in ["Usage: tinycollage thumbnail [-s SIZE] INPUT OUTPUT", "file:// URI", "--size SIZE", "--timeout SECONDS"] {
            #expect(result.stdout.contains(text), "\(text)")
        }
        let main = try tinycollage(["--help"])
        #expect(main.stdout.contains("tinycollage thumbnail [-s SIZE] INPUT OUTPUT"))
        #expect(main.stdout.contains("Usage: tinycollage thumbnail"), "the command's own part is in the main help (and the man page)")
    }
}

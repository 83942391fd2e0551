// `tinycollage render` run as a user runs it: the real binary, real files,
// the exit status, what it says on stderr, and what is (not) left on disk.

import Foundation
import Testing
import TestSupport

/// The built binary, next to this test bundle (or $TINYCOLLAGE_BIN).
let binary: String = {
    if let path = ProcessInfo.processInfo.environment["TINYCOLLAGE_BIN"] { return path }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("tinycollage").path
}()

func tinycollage(_ arguments: [String], language: String = "en") throws -> ProcessOutput {
    var environment = ProcessInfo.processInfo.environment
    environment["LANGUAGE"] = language
    environment["LC_ALL"] = nil
    environment["LANG"] = nil
    return try run(binary, arguments, environment: environment)
}

@Suite struct RenderCommandTests {
    @Test func theBinaryWasBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: binary), "run `swift build` first: \(binary)")
    }

    @Test func threePhotosMakeTheCollageOfTheSpec() throws {
        let folder = try FixtureFolder()
        let photos = try [("a.jpg", "red"), ("b.jpg", "lime"), ("c.jpg", "blue")].map { try folder.solid($0.0, colour: $0.1) }
        let result = try tinycollage(["render", "--output", folder.file("c.png")] + photos)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let info = try identify(folder.file("c.png"))
        #expect(info.width == 1080 && info.height == 1080)
        let left = try pixelWithImageMagick(folder.file("c.png"), x: 270, y: 540)
        let topRight = try pixelWithImageMagick(folder.file("c.png"), x: 810, y: 270)
        let bottomRight = try pixelWithImageMagick(folder.file("c.png"), x: 810, y: 810)
        #expect(left.r > 240 && left.g < 15 && left.b < 15)
        #expect(topRight.g > 240 && topRight.r < 15)
        #expect(bottomRight.b > 240 && bottomRight.r < 15)
    }

    @Test func optionsAreHonoured() throws {
        let folder = try FixtureFolder()
        let photos = try [folder.solid("a.png", colour: "red"), folder.solid("b.png", colour: "blue")]
        let result = try tinycollage(["render", "-o", folder.file("c.jpg"), "--size", "400x200", "--gap=20",
                                      "--margin", "10", "--background", "#00ff00", "--quality", "75"] + photos)
        #expect(result.status == 0, "\(result.stderr)")
        let info = try identify(folder.file("c.jpg"))
        #expect(info.width == 400 && info.height == 200 && info.format == "JPEG")
        #expect(try run("/usr/bin/identify", ["-format", "%Q", folder.file("c.jpg")]).stdout == "75")
        let margin = try pixelWithImageMagick(folder.file("c.jpg"), x: 3, y: 100)
        let gap = try pixelWithImageMagick(folder.file("c.jpg"), x: 200, y: 100)
        #expect(margin.g > 230 && margin.r < 30 && gap.g > 230 && gap.b < 30)
    }

    @Test func forceReplacesAnExistingFile() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        try folder.write("c.png", bytes: Array("old".utf8))
        let result = try tinycollage(["render", "--force", "-o", folder.file("c.png"), photo])
        #expect(result.status == 0)
        #expect(try identify(folder.file("c.png")).format == "PNG")
    }

    @Test func helpDocumentsEveryOption() throws {
        let render = try tinycollage(["render", "--help"])
        #expect(render.status == 0)
        for option in ["--output", "--size", "--gap", "--margin", "--background", "--quality", "--force", "--help"] {
            #expect(render.stdout.contains(option), "render --help lacks \(option)")
        }
        let main = try tinycollage(["--help"])
        #expect(main.status == 0)
        #expect(main.stdout.contains("render") && main.stdout.contains("--output"))
    }

    @Test func usageMistakesExitWithTwo() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let cases: [([String], String)] = [
            (["render", photo], "--output"),
            (["render", "-o", folder.file("c.gif"), photo], "c.gif"),
            (["render", "-o", folder.file("c.png"), "--size", "big", photo], "--size"),
            (["render", "-o", folder.file("c.png"), "--gap", "-3", photo], "--gap"),
            (["render", "-o", folder.file("c.png"), "--background", "plaid", photo], "plaid"),
            (["render", "-o", folder.file("c.png"), "--frobnicate", photo], "--frobnicate"),
            (["render", "-o", folder.file("c.jpg"), "--background", "transparent", photo], "c.jpg"),
            (["render", "-o", folder.file("c.png")], "no photos"),
        ]
        for (arguments, mention) in cases {
            let result = try tinycollage(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(mention), "\(arguments): \(result.stderr)")
        }
        #expect(folder.contents() == ["a.png"])
    }

    /// Each bad input of SPEC §7: non-zero exit, the file named, no output.
    @Test func badInputIsRefusedWithTheFileNamedAndNoOutput() throws {
        let folder = try FixtureFolder()
        let good = try folder.solid("good.png", colour: "red")
        let photo = try folder.convert(["-size", "400x300", "plasma:fractal", "-seed", "2", "-quality", "90"], to: "photo.jpg")
        symlink(folder.file("nowhere.jpg"), folder.file("dangling.jpg"))
        mkfifo(folder.file("fifo.jpg"), 0o644)
        let bad: [(String, String)] = [
            (folder.file("missing.jpg"), "no such file"),
            (try folder.write("empty.jpg", bytes: []), "empty"),
            (try folder.write("notes.jpg", bytes: Array("just some words".utf8)), "not an image"),
            (try folder.truncated(photo, to: "cut.jpg", keeping: 0.5), "damaged or incomplete"),
            (try folder.pngBomb("bomb.png", width: 80_000, height: 80_000), "too large"),
            (try folder.jpegBomb("bomb.jpg", width: 65_000, height: 65_000), "too large"),
            (folder.path, "folder"),
            (folder.file("fifo.jpg"), "not a regular file"),
            ("/dev/null", "not a regular file"),
            (folder.file("dangling.jpg"), "does not exist"),
        ]
        for (path, reason) in bad {
            let result = try tinycollage(["render", "-o", folder.file("out.png"), good, path])
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.contains(path), "\(path): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(path): \(result.stderr)")
            #expect(!folder.exists("out.png"), "\(path) left an output file")
            #expect(!folder.contents().contains { $0.hasPrefix(".tinycollage") })
        }
    }

    @Test func moreThanNinePhotosAreRefused() throws {
        let folder = try FixtureFolder()
        let photos = try (0..<10).map { try folder.solid("\($0).png", colour: "red") }
        let result = try tinycollage(["render", "-o", folder.file("out.png")] + photos)
        #expect(result.status == 1)
        #expect(result.stderr.contains(photos[9]) && result.stderr.contains("at most 9"))
        #expect(!folder.exists("out.png"))
    }

    @Test func aMissingOutputFolderIsSaid() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let target = folder.file("nowhere/out.png")
        let result = try tinycollage(["render", "-o", target, photo])
        #expect(result.status == 1)
        #expect(result.stderr.contains(target) && result.stderr.contains("folder does not exist"))
    }

    @Test func anExistingOutputIsKeptWithoutForce() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let target = try folder.write("out.png", bytes: Array("keep me".utf8))
        let result = try tinycollage(["render", "-o", target, photo])
        #expect(result.status == 1)
        #expect(result.stderr.contains(target) && result.stderr.contains("--force"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
    }

    @Test func messagesAreJapaneseWithLanguageJa() throws {
        let folder = try FixtureFolder()
        let result = try tinycollage(["render", "-o", folder.file("out.png"), folder.file("ない.jpg")], language: "ja")
        #expect(result.status == 1)
        #expect(result.stderr.contains("ない.jpg: ファイルがありません"), "\(result.stderr)")
        let help = try tinycollage(["render", "--help"], language: "ja")
        #expect(help.stdout.contains("使い方") && help.stdout.contains("--output"))
    }

    @Test func namesThatAreNotUTF8Work() throws {
        let folder = try FixtureFolder()
        // "photo-\xE9\xFF.png": Latin-1 é and a byte no encoding uses.
        let photo = renameToBytes(try folder.solid("p.png", colour: "red"), folder: folder,
                                  name: Array("photo-".utf8) + [0xE9, 0xFF] + Array(".png".utf8))
        let output = Array(folder.path.utf8) + Array("/out-".utf8) + [0xFE] + Array(".png".utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = "en"
        let result = try runWithRawArguments(binary, [Array("render".utf8), Array("-o".utf8), output, photo],
                                             environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.contents().contains { $0.hasPrefix("out-") && $0.hasSuffix(".png") })
        // A missing one is named, its odd bytes shown as "�".
        let missing = Array(folder.path.utf8) + Array("/gone-".utf8) + [0xFF] + Array(".jpg".utf8)
        let failed = try runWithRawArguments(binary, [Array("render".utf8), Array("-o".utf8),
                                                      Array(folder.file("x.png").utf8), missing], environment: environment)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("gone-\u{FFFD}.jpg: no such file"), "\(failed.stderr)")
    }

    @Test func namesWithSpacesAndOtherScriptsWork() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("猫の 写真.png", colour: "red")
        let result = try tinycollage(["render", "-o", folder.file("コラージュ 1.png"), photo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(folder.exists("コラージュ 1.png"))
    }
}

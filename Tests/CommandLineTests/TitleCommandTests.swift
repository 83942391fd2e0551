// The title from the command line, as a user runs it: `render --title`,
// `--title auto` with photos tagged by exiftool, the title options' usage
// errors, and `suggest-title` in English and Japanese, without a display.

import Foundation
import Testing
import TestSupport

@Suite struct TitleCommandTests {
    /// The binary with no display at all, in `language`.
    func headless(_ arguments: [String], language: String = "en") throws -> ProcessOutput {
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = language
        for name in ["LC_ALL", "LANG", "DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
        return try run(binary, arguments, environment: environment)
    }

    func parisInApril(_ folder: FixtureFolder) throws -> [String] {
        try [3, 4, 5].map { d in
            try folder.tagged("paris\(d).jpg", taken: "2026:04:0\(d) 12:00:00", latitude: TestPlaces.paris.0,
                              longitude: TestPlaces.paris.1, colour: "red")
        }
    }

    @Test func aTitleIsDrawnAboveThePhotos() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let result = try headless(["render", "-o", folder.file("c.png"), "--size", "600x400", "--title", "Summer 2026",
                                   "--title-size", "10", photo])
        #expect(result.status == 0, "\(result.stderr)")
        // 10 % of 400 = 40 px text in an 80 px band; the photo below it.
        #expect(try darkPixelCount(folder.file("c.png"), y: 0, width: 600, height: 80) > 500)
        let below = try pixelWithImageMagick(folder.file("c.png"), x: 300, y: 80)
        #expect(below.r > 240 && below.g < 15, "the photo starts under the band: \(below)")
        let corner = try pixelWithImageMagick(folder.file("c.png"), x: 2, y: 2)
        #expect(corner.r > 250 && corner.g > 250 && corner.b > 250, "the band is the white background")
    }

    @Test func positionsSizesAndColours() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "blue")
        let result = try headless(["render", "-o", folder.file("c.png"), "--size", "600x400", "--title=Bottom",
                                   "--title-position", "bottom", "--title-size=5", "--title-color", "#ff0000",
                                   "--background", "black", photo])
        #expect(result.status == 0, "\(result.stderr)")
        let top = try pixelWithImageMagick(folder.file("c.png"), x: 300, y: 2)
        #expect(top.b > 240, "the photo is at the top: \(top)")
        // A 40 px band at the bottom: black, with red letters in it.
        var red = 0
        for x in stride(from: 250, to: 350, by: 2) {
            for y in stride(from: 362, to: 398, by: 2) {
                let p = try pixelWithImageMagick(folder.file("c.png"), x: x, y: y)
                if p.r > 200 && p.g < 60 && p.b < 60 { red += 1 }
            }
        }
        #expect(red > 10, "red text pixels in the bottom band: \(red)")
    }

    @Test func aTitleThatIsNotUTF8IsDrawnNotTakenForAPath() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "yellow")
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = "en"
        // "Caf\xe9 file://x": Latin-1, not UTF-8, and a text that looks like a URI.
        let title = Array("Caf".utf8) + [0xE9] + Array(" file://x".utf8)
        let result = try runWithRawArguments(binary, [Array("render".utf8), Array("-o".utf8), Array(folder.file("c.png").utf8),
                                                      Array("--size".utf8), Array("400x300".utf8), Array("--title".utf8), title,
                                                      Array(photo.utf8)], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try darkPixelCount(folder.file("c.png"), y: 0, width: 400, height: 36) > 50)
    }

    @Test func autoUsesTheSuggestion() throws {
        let folder = try FixtureFolder()
        let photos = try parisInApril(folder)
        let auto = try headless(["render", "-o", folder.file("auto.png"), "--size", "400x300", "--title", "auto"] + photos)
        #expect(auto.status == 0 && auto.stderr.isEmpty, "\(auto.stderr)")
        let typed = try headless(["render", "-o", folder.file("typed.png"), "--size", "400x300",
                                  "--title", "Paris, 3–5 April 2026"] + photos)
        #expect(typed.status == 0)
        let compare = try run("/usr/bin/compare", ["-metric", "AE", folder.file("auto.png"), folder.file("typed.png"), "null:"])
        #expect(compare.stderr.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "auto differs from the suggestion typed out")
        #expect(try darkPixelCount(folder.file("auto.png"), y: 0, width: 400, height: 36) > 100)
    }

    @Test func autoWithoutMetadataSaysSoAndDrawsNoTitle() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("plain.jpg", colour: "red")
        let result = try headless(["render", "-o", folder.file("c.png"), "--size", "400x300", "--title", "auto", photo])
        #expect(result.status == 0)
        #expect(result.stderr.contains("no title"), "\(result.stderr)")
        let corner = try pixelWithImageMagick(folder.file("c.png"), x: 2, y: 2)
        #expect(corner.r > 240 && corner.g < 15, "no band: the photo fills the image: \(corner)")
        // In Japanese too.
        let ja = try headless(["render", "-o", folder.file("ja.png"), "--title", "auto", photo], language: "ja")
        #expect(ja.status == 0 && ja.stderr.contains("題名なし"), "\(ja.stderr)")
    }

    @Test(arguments: [
        (["--title-position", "left"], "--title-position"),
        (["--title-size", "50"], "--title-size"),
        (["--title-size", "ten"], "--title-size"),
        (["--title-color", "blurple"], "--title-color"),
        (["--title"], "--title"),
    ])
    func titleUsageMistakes(options: [String], named: String) throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let result = try headless(["render", "-o", folder.file("c.png"), photo] + options)
        #expect(result.status == 2)
        #expect(result.stderr.contains(named), "\(result.stderr)")
        #expect(!folder.exists("c.png"))
    }

    @Test func suggestTitlePrintsOneLine() throws {
        let folder = try FixtureFolder()
        let photos = try parisInApril(folder)
        let english = try headless(["suggest-title"] + photos)
        #expect(english.status == 0 && english.stdout == "Paris, 3–5 April 2026\n", "\(english.stdout) \(english.stderr)")
        let japanese = try headless(["suggest-title"] + photos, language: "ja")
        #expect(japanese.stdout == "パリ、2026年4月3日～5日\n", "\(japanese.stdout)")
    }

    @Test func suggestTitleAcrossTwoMonthsAndAtSea() throws {
        let folder = try FixtureFolder()
        let march = try folder.tagged("m.jpg", taken: "2026:03:30 12:00:00", latitude: TestPlaces.paris.0, longitude: TestPlaces.paris.1)
        let april = try folder.tagged("a.jpg", taken: "2026:04:02 12:00:00", latitude: TestPlaces.paris.0, longitude: TestPlaces.paris.1)
        #expect(try headless(["suggest-title", march, april]).stdout == "Paris, 30 March – 2 April 2026\n")
        #expect(try headless(["suggest-title", march, april], language: "ja").stdout == "パリ、2026年3月30日～4月2日\n")
        let sea = try folder.tagged("sea.jpg", taken: "2026:04:03 12:00:00", latitude: TestPlaces.ocean.0, longitude: TestPlaces.ocean.1)
        #expect(try headless(["suggest-title", sea]).stdout == "3 April 2026\n")
        let winter = [try folder.tagged("w1.jpg", taken: "2025:12:20 12:00:00"), try folder.tagged("w2.jpg", taken: "2026:02:10 12:00:00")]
        #expect(try headless(["suggest-title"] + winter).stdout == "Winter 2025–2026\n")
        #expect(try headless(["suggest-title"] + winter, language: "ja").stdout == "2025～2026年の冬\n")
    }

    @Test func noMetadataPrintsNothing() throws {
        let folder = try FixtureFolder()
        let result = try headless(["suggest-title", try folder.solid("a.jpg", colour: "red"), try folder.solid("b.png", colour: "blue")])
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result)")
    }

    @Test func badFilesAreNamedWithTheReason() throws {
        let folder = try FixtureFolder()
        let good = try folder.tagged("good.jpg", taken: "2026:04:03 12:00:00")
        let text = try folder.write("notes.jpg", bytes: Array("not a photo".utf8))
        let missing = try headless(["suggest-title", good, folder.file("gone.jpg")])
        #expect(missing.status == 1 && missing.stdout.isEmpty)
        #expect(missing.stderr.contains("gone.jpg") && missing.stderr.contains("no such file"), "\(missing.stderr)")
        let notImage = try headless(["suggest-title", text, good])
        #expect(notImage.status == 1 && notImage.stderr.contains("notes.jpg") && notImage.stderr.contains("not an image"))
        let folderGiven = try headless(["suggest-title", folder.path])
        #expect(folderGiven.status == 1 && folderGiven.stderr.contains("folder"), "\(folderGiven.stderr)")
        let ja = try headless(["suggest-title", folder.file("gone.jpg")], language: "ja")
        #expect(ja.status == 1 && ja.stderr.contains("gone.jpg") && !ja.stderr.contains("no such file"), "\(ja.stderr)")
    }

    @Test func suggestTitleUsageMistakes() throws {
        let none = try headless(["suggest-title"])
        #expect(none.status == 2 && none.stderr.contains("no photos"))
        let unknown = try headless(["suggest-title", "--frobnicate", "a.jpg"])
        #expect(unknown.status == 2 && unknown.stderr.contains("--frobnicate"))
    }

    @Test func helpDocumentsTheTitle() throws {
        let render = try headless(["render", "--help"])
        for option in ["--title TEXT|auto", "--title-position", "--title-size", "--title-color", "top, bottom or overlay"] {
            #expect(render.stdout.contains(option), "render --help lacks \(option)")
        }
        let suggest = try headless(["suggest-title", "--help"])
        #expect(suggest.status == 0 && suggest.stdout.contains("Usage: tinycollage suggest-title"))
        let main = try headless(["--help"])
        #expect(main.stdout.contains("suggest-title PHOTO") && main.stdout.contains("--title-position"))
    }
}

// `render --paper` and `--dpi` (issue 22): every paper, both ways round, at
// 300 and 150 dpi gives its pixels and says its DPI in the PNG's pHYs and the
// JPEG's JFIF density (read back by tools of their own); a DPI alone keeps the
// pixels, or a project's paper; no DPI writes none; bad values are usage
// errors that name the option and leave no file.

import Foundation
import Testing
import TestSupport

@Suite struct PaperCommandTests {
    /// Each paper's portrait pixels at 300 and 150 dpi, worked out by hand
    /// from its millimetres or inches (rounded to the nearest pixel).
    static let papers: [(String, (Int, Int), (Int, Int))] = [
        ("a4", (2480, 3508), (1240, 1754)),
        ("a3", (3508, 4961), (1754, 2480)),
        ("a5", (1748, 2480), (874, 1240)),
        ("letter", (2550, 3300), (1275, 1650)),
        ("4x6", (1200, 1800), (600, 900)),
        ("5x7", (1500, 2100), (750, 1050)),
    ]

    static var cases: [(String, Int, Int, Int)] {
        papers.flatMap { name, at300, at150 in
            [(name, 300, at300.0, at300.1), (name, 150, at150.0, at150.1),
             (name + "-landscape", 300, at300.1, at300.0), (name + "-landscape", 150, at150.1, at150.0)]
        }
    }

    @Test(arguments: cases)
    func aPaperGivesItsPixelsAndItsDPI(word: String, dpi: Int, width: Int, height: Int) throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let out = folder.file("p.png")
        let dpiOption = dpi == 300 ? [] : ["--dpi", String(dpi)] // 300 is the default with a paper
        let result = try tinycollage(["render", "-o", out, "--paper", word] + dpiOption + [photo])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try identify(out)
        #expect(info.width == width && info.height == height, "\(word) at \(dpi): \(info)")
        let written = try #require(try pngDPI(out), "no pHYs in \(word) at \(dpi)")
        #expect(written.x == dpi && written.y == dpi)
    }

    @Test func theDPIMayComeBeforeThePaperAndGoesIntoAJPEG() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let out = folder.file("p.jpg")
        let result = try tinycollage(["render", "-o", out, "--dpi=150", "--paper=a5", photo])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try identify(out)
        #expect(info.width == 874 && info.height == 1240, "\(info)")
        let density = try jpegDensity(out)
        #expect(density.x == 150 && density.y == 150 && density.unit == "inches", "\(density)")
    }

    @Test func aDPIAloneKeepsThePixels() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let result = try tinycollage(["render", "-o", folder.file("p.png"), "--size", "1000x700", "--dpi", "600", photo])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try identify(folder.file("p.png"))
        #expect(info.width == 1000 && info.height == 700)
        #expect(try pngDPI(folder.file("p.png"))?.x == 600)
    }

    @Test func withoutAPaperOrADPINoneIsWritten() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        #expect(try tinycollage(["render", "-o", folder.file("p.png"), photo]).status == 0)
        #expect(try tinycollage(["render", "-o", folder.file("p.jpg"), photo]).status == 0)
        #expect(try pngDPI(folder.file("p.png")) == nil)
        #expect(try jpegDensity(folder.file("p.jpg")).unit == "None")
    }

    /// A project made for A4 at 300 dpi, as the app writes one.
    static func a4Project(_ folder: FixtureFolder) throws -> String {
        _ = try folder.solid("a.png", colour: "red")
        let text = #"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":[{"id":"\#(UUID().uuidString)","path":"a.png","crop":{"zoom":1,"centerX":0.5,"centerY":0.5}}],"settings":{"outputSize":{"width":2480,"height":3508},"gap":0,"margin":0,"background":{"red":1,"green":1,"blue":1,"alpha":1},"proportions":{},"dpi":300}}}"#
        return try folder.write("A4.tinycollage", bytes: Array(text.utf8))
    }

    @Test func aProjectKeepsItsPaperAndDPIAndOptionsOverrideThem() throws {
        let folder = try FixtureFolder()
        let project = try Self.a4Project(folder)
        let cases: [([String], Int, Int, Int)] = [
            ([], 2480, 3508, 300),
            (["--dpi", "150"], 1240, 1754, 150),           // still A4, at 150
            (["--paper", "a5-landscape"], 2480, 1748, 300), // the project's DPI
            (["--size", "1000x1000"], 1000, 1000, 300),     // pixels typed keep the DPI
        ]
        for (index, (options, width, height, dpi)) in cases.enumerated() {
            let out = folder.file("p\(index).png")
            let result = try tinycollage(["render", "-o", out, project] + options)
            #expect(result.status == 0, "\(options): \(result.stderr)")
            let info = try identify(out)
            #expect(info.width == width && info.height == height, "\(options): \(info)")
            #expect(try pngDPI(out)?.x == dpi, "\(options)")
        }
    }

    @Test(arguments: [
        (["--paper", "b4"], "--paper takes one of a4, a3, a5, letter, 4x6, 5x7", "“b4”"),
        (["--paper", "a4-portrait"], "--paper takes one of", "“a4-portrait”"),
        (["--dpi", "0"], "--dpi takes a whole number from 30 to 1200", "“0”"),
        (["--dpi", "100000"], "--dpi takes a whole number from 30 to 1200", "“100000”"),
        (["--dpi", "29"], "--dpi takes a whole number from 30 to 1200", "“29”"),
        (["--dpi", "1201"], "--dpi takes a whole number from 30 to 1200", "“1201”"),
        (["--dpi", "300dpi"], "--dpi takes a whole number", "“300dpi”"),
        (["--paper"], "--paper needs a value", "--paper"),
        (["--size", "800x600", "--paper", "a4"], "--size and --paper both set the output size", "--paper"),
        (["--paper", "a4", "--size", "800x600"], "--size and --paper both set the output size", "--size"),
    ])
    func aBadPaperOrDPIIsAUsageError(options: [String], message: String, named: String) throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        // The options after the photo, so "--paper" with no value is the last argument.
        let result = try tinycollage(["render", "-o", folder.file("p.png"), photo] + options)
        #expect(result.status == 2, "\(options): \(result.stderr)")
        #expect(result.stderr.contains(message) && result.stderr.contains(named), "\(result.stderr)")
        #expect(result.stderr.contains("tinycollage render --help"))
        #expect(!folder.exists("p.png"))
    }

    @Test func theHelpNamesThePapersAndTheDPIRange() throws {
        let help = try tinycollage(["render", "--help"]).stdout
        #expect(help.contains("--paper NAME") && help.contains("a4, a3, a5, letter, 4x6, 5x7") && help.contains("-landscape"))
        #expect(help.contains("--dpi N") && help.contains("30 to 1200"))
    }

    @Test func theDPIRangeHoldsAtBothEnds() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        for dpi in [30, 1200] {
            let out = folder.file("p\(dpi).png")
            let result = try tinycollage(["render", "-o", out, "--paper", "4x6", "--dpi", String(dpi), photo])
            #expect(result.status == 0, "\(dpi): \(result.stderr)")
            #expect(try pngDPI(out)?.x == dpi)
        }
    }
}

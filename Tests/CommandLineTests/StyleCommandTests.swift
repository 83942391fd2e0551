// The collage's look through `tinycollage render` (issue 23): each option
// changes the saved file's pixels as it says — read back by ImageMagick, a
// decoder other than ours — and each wrong value is a usage error (exit 2)
// naming the option and what it takes, leaving no file.

import Foundation
import Testing
import TestSupport

/// A saved image's pixels as ImageMagick reads them, 8-bit RGBA.
struct SavedPixels {
    let width: Int
    let bytes: [UInt8]

    init(_ path: String, folder: FixtureFolder) throws {
        let raw = folder.file("pixels.rgba")
        let result = try run("/usr/bin/convert", [path, "-alpha", "on", "-depth", "8", "rgba:" + raw])
        guard result.status == 0 else { throw FixtureError.toolFailed("convert", result.stderr) }
        width = try identify(path).width
        bytes = Array(try Data(contentsOf: URL(fileURLWithPath: raw)))
        try FileManager.default.removeItem(atPath: raw)
    }

    subscript(x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]), Int(bytes[i + 3]))
    }
}

@Suite struct StyleCommandTests {
    func close(_ p: (r: Int, g: Int, b: Int, a: Int), _ r: Int, _ g: Int, _ b: Int, tolerance: Int = 12) -> Bool {
        abs(p.r - r) <= tolerance && abs(p.g - g) <= tolerance && abs(p.b - b) <= tolerance
    }

    /// Renders `photos` (solid colours) with `options` to out.png and reads it back.
    func render(_ colours: [String], _ options: [String], folder: FixtureFolder, name: String = "out.png") throws -> SavedPixels {
        let photos = try colours.enumerated().map { try folder.solid("\($0.offset).png", colour: $0.element) }
        let result = try tinycollage(["render", "-f", "-o", folder.file(name)] + options + photos)
        #expect(result.status == 0, "\(options): \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(options): \(result.stderr)")
        return try SavedPixels(folder.file(name), folder: folder)
    }

    @Test func cornerPixelsAreBackground() throws {
        let folder = try FixtureFolder()
        let image = try render(["red"], ["-s", "200x200", "-b", "black", "--corner-radius", "20"], folder: folder)
        for (x, y) in [(0, 0), (199, 0), (0, 199), (199, 199), (8, 8)] {
            #expect(close(image[x, y], 0, 0, 0, tolerance: 2), "corner \(x),\(y)")
        }
        #expect(close(image[100, 100], 255, 0, 0, tolerance: 2) && close(image[40, 1], 255, 0, 0, tolerance: 2))
        // 50 makes the square cell a circle.
        let circle = try render(["red"], ["-s", "200x200", "-b", "black", "--corner-radius=50"], folder: folder)
        #expect(close(circle[30, 30], 255, 0, 0, tolerance: 2) && close(circle[20, 20], 0, 0, 0, tolerance: 2))
    }

    @Test(arguments: [3, 15]) func theBorderHasItsColourAtItsWidth(width: Int) throws {
        let folder = try FixtureFolder()
        let image = try render(["red", "lime"], ["-s", "200x100", "-g", "20", "-m", "10", "-b", "#808080",
                                                 "--border", "\(width)", "--border-color", "#0000ff"], folder: folder)
        #expect(close(image[9, 50], 128, 128, 128, tolerance: 2))
        #expect(close(image[10, 50], 0, 0, 255, tolerance: 2) && close(image[9 + width, 50], 0, 0, 255, tolerance: 2))
        #expect(close(image[10 + width, 50], 255, 0, 0, tolerance: 2))
        #expect(close(image[100, 50], 128, 128, 128, tolerance: 2), "the gap stays the gap")
        #expect(close(image[189 - width, 50], 0, 255, 0, tolerance: 2) && close(image[190 - width, 50], 0, 0, 255, tolerance: 2))
    }

    @Test func aBorderWiderThanTheCellsIsNarrowedWithANote() throws {
        let folder = try FixtureFolder()
        let photos = try (0..<4).map { try folder.solid("\($0).png", colour: "red") }
        let result = try tinycollage(["render", "-o", folder.file("out.png"), "-s", "200x200", "--border", "500",
                                      "--border-color", "blue"] + photos)
        #expect(result.status == 0)
        #expect(result.stderr.contains("--border 500") && result.stderr.contains("49"), "\(result.stderr)")
        let image = try SavedPixels(folder.file("out.png"), folder: folder)
        #expect(close(image[48, 10], 0, 0, 255, tolerance: 2) && close(image[49, 49], 255, 0, 0, tolerance: 2))
    }

    /// 1000² with a margin of 100: the shadow reaches 15 pixels, offset 7.5 down and right.
    @Test func theShadowIsDarkerBelowRightAndFadesWithinItsRadius() throws {
        let folder = try FixtureFolder()
        let image = try render(["red"], ["-s", "1000x1000", "-m", "100", "--shadow"], folder: folder)
        let right = (0..<30).map { image[900 + $0, 500].g }, below = (0..<30).map { image[500, 900 + $0].g }
        for side in [right, below] {
            #expect(side[0] < 200 && zip(side, side.dropFirst()).allSatisfy { $0 <= $1 }, "\(side)")
            #expect(side[23...].allSatisfy { $0 == 255 }, "\(side)")
        }
        #expect(image[99, 500].g > right[0] + 40 && image[500, 99].g > below[0] + 40)
        // --no-shadow after --shadow: none.
        let none = try render(["red"], ["-s", "1000x1000", "-m", "100", "--shadow", "--no-shadow"], folder: folder)
        #expect(none[905, 500].g == 255)
    }

    @Test func theGradientsEnds() throws {
        let folder = try FixtureFolder()
        let down = try render(["white"], ["-s", "300x300", "-m", "60", "-b", "gradient:#ff0000,#0000ff"], folder: folder)
        #expect(close(down[150, 0], 255, 0, 0, tolerance: 3) && close(down[150, 299], 0, 0, 255, tolerance: 3))
        let across = try render(["white"], ["-s", "300x300", "-m", "60", "-b", "gradient:#ff0000,#0000ff,90"], folder: folder)
        #expect(close(across[0, 150], 255, 0, 0, tolerance: 3) && close(across[299, 150], 0, 0, 255, tolerance: 3))
        #expect(close(across[150, 150], 255, 255, 255, tolerance: 1))
        // A JPEG takes an opaque gradient.
        let jpeg = try render(["white"], ["-s", "300x300", "-m", "60", "-b", "gradient:red,blue"], folder: folder, name: "out.jpg")
        #expect(close(jpeg[150, 0], 255, 0, 0, tolerance: 20))
    }

    @Test func theBlurredMarginCarriesThePhotosColours() throws {
        let folder = try FixtureFolder()
        let image = try render(["red", "blue"], ["-s", "600x300", "-g", "40", "-m", "60", "-b", "blur"], folder: folder,
                               name: "out.jpg")
        let left = image[10, 150], right = image[590, 150]
        #expect(left.r > 150 && left.b < 50 && left.r < 240, "\(left)")
        #expect(right.b > 150 && right.r < 50 && right.b < 240, "\(right)")
    }

    @Test func containShowsBarsBesideAWidePhotoInATallCell() throws {
        let folder = try FixtureFolder()
        let wide = try folder.solid("wide.png", colour: "red", width: 300, height: 100)
        let other = try folder.solid("other.png", colour: "lime", width: 100, height: 200)
        let result = try tinycollage(["render", "-o", folder.file("out.png"), "-s", "200x200", "-b", "black",
                                      "--fit", "contain", wide, other])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try SavedPixels(folder.file("out.png"), folder: folder)
        #expect(close(image[50, 60], 0, 0, 0, tolerance: 2) && close(image[50, 140], 0, 0, 0, tolerance: 2))
        #expect(close(image[50, 100], 255, 0, 0, tolerance: 2) && close(image[1, 100], 255, 0, 0, tolerance: 2))
        let cover = try tinycollage(["render", "-f", "-o", folder.file("out.png"), "-s", "200x200", "-b", "black",
                                     "--fit", "cover", wide, other])
        #expect(cover.status == 0)
        #expect(close(try SavedPixels(folder.file("out.png"), folder: folder)[50, 60], 255, 0, 0, tolerance: 2))
    }

    @Test func helpDescribesEveryLookOption() throws {
        let help = try tinycollage(["render", "--help"])
        for text in ["--corner-radius PCT", "0 to 50", "--border PX", "0 to 10000", "--border-color COLOR", "--shadow",
                     "--no-shadow", "--background blur", "gradient:C1,C2[,DEG]", "-360 to 360", "--fit cover|contain"] {
            #expect(help.stdout.contains(text), "render --help lacks \(text)")
        }
    }

    @Test(arguments: [
        (["--corner-radius", "51"], "--corner-radius takes a percentage from 0 to 50"),
        (["--corner-radius", "1e9"], "--corner-radius takes a percentage from 0 to 50"),
        (["--corner-radius", "round"], "--corner-radius takes"),
        (["--corner-radius"], "--corner-radius needs a value"),
        (["--border", "-1"], "--border takes a whole number from 0 to 10000"),
        (["--border", "10001"], "--border takes a whole number from 0 to 10000"),
        (["--border", "2.5"], "--border takes a whole number"),
        (["--border-color", "nocolour"], "--border-color takes a colour"),
        (["--background", "gradient:red,nocolour"], "--background takes"),
        (["--background", "gradient:red"], "gradient:COLOR,COLOR[,DEGREES]"),
        (["--background", "gradient:red,blue,sideways"], "degrees from -360 to 360"),
        (["--background", "blurry"], "--background takes"),
        (["--fit", "stretch"], "--fit takes cover or contain"),
        (["--shadow=yes"], "--shadow takes no value"),
        (["--no-shadow=1"], "--no-shadow takes no value"),
    ])
    func aWrongValueIsAUsageErrorNamingTheOption(options: [String], message: String) throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let result = try tinycollage(["render", "-o", folder.file("out.png"), photo] + options)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!folder.exists("out.png"))
    }

    @Test func aJPEGRefusesATransparentGradient() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let result = try tinycollage(["render", "-o", folder.file("out.jpg"), "-b", "gradient:transparent,black", photo])
        #expect(result.status == 2 && result.stderr.contains("transparency"), "\(result.stderr)")
        #expect(!folder.exists("out.jpg"))
    }
}

// `tinycollage render -o OUT PROJECT [options]`: the project drawn through the
// same path as photos (pixel-identical to the same photos with the same
// options), options after the project winning, and a broken project refused
// with the file and the reason.

import Foundation
import Testing
import TestSupport

@Suite struct ProjectRenderTests {
    /// A project as the app writes it, by hand: photos relative to its folder, one with a crop.
    static func project(_ folder: FixtureFolder, photos: [String], gap: Int) throws -> String {
        let items = photos.enumerated().map { index, name in
            let zoom = index == 0 ? 2.0 : 1.0
            return #"{"id":"\#(UUID().uuidString)","path":"\#(name)","crop":{"zoom":\#(zoom),"centerX":0.25,"centerY":0.5}}"#
        }
        let text = #"""
        {"application":"tinycollage-project","formatVersion":1,"document":{"photos":[\#(items.joined(separator: ","))],
        "settings":{"outputSize":{"width":600,"height":400},"gap":\#(gap),"margin":0,"background":{"red":1,"green":0,"blue":1,"alpha":1},"proportions":{}}}}
        """#
        return try folder.write("P.tinycollage", bytes: Array(text.utf8))
    }

    static func differingPixels(_ a: String, _ b: String) throws -> String {
        try run("/usr/bin/compare", ["-metric", "AE", a, b, "null:"]).stderr
    }

    @Test func aProjectRendersWithItsOwnSettings() throws {
        let folder = try FixtureFolder()
        let names = try [("a.png", "red"), ("b.png", "lime"), ("c.png", "blue")].map { name, colour in
            _ = try folder.solid(name, colour: colour, width: 160, height: 90)
            return name
        }
        let project = try Self.project(folder, photos: names, gap: 10)
        let fromProject = try tinycollage(["render", "-o", folder.file("p.png"), project])
        #expect(fromProject.status == 0, "\(fromProject.stderr)")
        let gapPixel = try pixelWithImageMagick(folder.file("p.png"), x: 300, y: 2)
        #expect(gapPixel.r > 240 && gapPixel.b > 240 && gapPixel.g < 15, "the project's background shows in the gap")
        #expect(try identify(folder.file("p.png")).height == 400)
    }

    @Test func anUncroppedProjectIsPixelIdenticalToItsPhotos() throws {
        let folder = try FixtureFolder()
        let names = try [("a.png", "red"), ("b.png", "lime")].map { name, colour in
            _ = try folder.solid(name, colour: colour, width: 160, height: 90)
            return name
        }
        let items = names.map { #"{"id":"\#(UUID().uuidString)","path":"\#($0)","crop":{"zoom":1,"centerX":0.5,"centerY":0.5}}"# }
        let text = #"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":[\#(items.joined(separator: ","))],"settings":{"outputSize":{"width":500,"height":300},"gap":14,"margin":6,"background":{"red":0.2,"green":0.4,"blue":0.6,"alpha":1},"proportions":{}}}}"#
        let project = try folder.write("P.tinycollage", bytes: Array(text.utf8))
        let a = try tinycollage(["render", "-o", folder.file("p.png"), project])
        let b = try tinycollage(["render", "-o", folder.file("q.png"), "-s", "500x300", "-g", "14", "-m", "6",
                                 "-b", "#336699"] + names.map(folder.file))
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(try Self.differingPixels(folder.file("p.png"), folder.file("q.png")) == "0")
    }

    @Test func anOptionAfterTheProjectWins() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red")
        let project = try Self.project(folder, photos: ["a.png"], gap: 0)
        let result = try tinycollage(["render", "-o", folder.file("p.png"), project, "--size", "300x200"])
        #expect(result.status == 0, "\(result.stderr)")
        let info = try identify(folder.file("p.png"))
        #expect(info.width == 300 && info.height == 200)
    }

    @Test(arguments: [
        ("{not json", "it is not a TinyCollage project"),
        (#"{"application":"tinycollage-project","formatVersion":7,"document":{}}"#, "newer TinyCollage"),
        (#"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":3}}"#, "the project is damaged"),
    ])
    func aBrokenProjectIsRefusedNamingTheFile(_ text: String, _ reason: String) throws {
        let folder = try FixtureFolder()
        let project = try folder.write("Bad.tinycollage", bytes: Array(text.utf8))
        let result = try tinycollage(["render", "-o", folder.file("p.png"), project])
        #expect(result.status == 1)
        #expect(result.stderr.contains(project) && result.stderr.contains(reason), "\(result.stderr)")
        #expect(!folder.exists("p.png"))
    }

    @Test func aProjectWithAMissingPhotoIsRefusedNamingThePhoto() throws {
        let folder = try FixtureFolder()
        let project = try Self.project(folder, photos: ["gone.png"], gap: 0)
        let result = try tinycollage(["render", "-o", folder.file("p.png"), project])
        #expect(result.status == 1)
        #expect(result.stderr.contains(folder.file("gone.png")), "\(result.stderr)")
    }

    @Test func aFIFOProjectIsRefusedWithoutWaiting() throws {
        let folder = try FixtureFolder()
        #expect(mkfifo(folder.file("F.tinycollage"), 0o600) == 0)
        let result = try tinycollage(["render", "-o", folder.file("p.png"), folder.file("F.tinycollage")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
    }
}

// `tinycollage render --layout` (issue 18) as a user runs it: each layout's
// saved pixels for photos of known colours and shapes, the mosaic following
// the photos' upright shapes (EXIF rotation included), and a name it does
// not know as a usage error that lists the names it does.

import Foundation
import Testing
import TestSupport

@Suite struct LayoutCommandTests {
    typealias Spot = (x: Int, y: Int, colour: String)
    let palette: [(String, (Int, Int, Int))] = [("red", (255, 0, 0)), ("lime", (0, 255, 0)), ("blue", (0, 0, 255)),
                                                ("white", (255, 255, 255))]

    func render(_ layout: String, photos: [String], in folder: FixtureFolder, extra: [String] = []) throws -> String {
        let output = folder.file("\(layout).png")
        let result = try tinycollage(["render", "-o", output, "--layout", layout] + extra + photos)
        #expect(result.status == 0, "\(result.stderr)")
        return output
    }

    func expect(_ file: String, _ spots: [Spot], _ what: String) throws {
        for spot in spots {
            let seen = nearestName(try pixelWithImageMagick(file, x: spot.x, y: spot.y), among: palette)
            #expect(seen == spot.colour, "\(what): \(spot.colour) expected at \(spot.x),\(spot.y), got \(seen)")
        }
    }

    @Test func everyLayoutPlacesThreePhotos() throws {
        let folder = try FixtureFolder()
        let photos = try [("a.png", "red"), ("b.png", "lime"), ("c.png", "blue")].map { try folder.solid($0.0, colour: $0.1) }
        let expected: [String: [Spot]] = [
            "columns": [(270, 540, "red"), (810, 270, "lime"), (810, 810, "blue")],
            "rows": [(540, 270, "red"), (270, 810, "lime"), (810, 810, "blue")],
            // A square collage puts the large photo on the left two thirds.
            "feature": [(360, 540, "red"), (719, 540, "red"), (900, 270, "lime"), (900, 810, "blue")],
        ]
        for (layout, spots) in expected {
            try expect(try render(layout, photos: photos, in: folder), spots, layout)
        }
        // Portrait: the large photo takes the top two thirds.
        let tall = try render("feature", photos: photos, in: folder, extra: ["--size", "600x900", "-f"])
        try expect(tall, [(300, 300, "red"), (300, 599, "red"), (150, 750, "lime"), (450, 750, "blue")], "portrait feature")
    }

    @Test func theMosaicFollowsThePhotosShapes() throws {
        let folder = try FixtureFolder()
        // A 2:1 photo over two squares: one row each, none of them cut.
        let photos = [try folder.solid("wide.png", colour: "red", width: 240, height: 120),
                      try folder.solid("b.png", colour: "lime", width: 120, height: 120),
                      try folder.solid("c.png", colour: "blue", width: 120, height: 120)]
        try expect(try render("mosaic", photos: photos, in: folder),
                   [(540, 270, "red"), (270, 810, "lime"), (810, 810, "blue")], "mosaic of 2:1, 1:1, 1:1")
        // Three panoramas: three rows across the whole width.
        let panoramas = try ["red", "lime", "blue"].map { try folder.solid("p-\($0).png", colour: $0, width: 300, height: 100) }
        try expect(try render("mosaic", photos: panoramas, in: folder, extra: ["-f"]),
                   [(540, 180, "red"), (540, 540, "lime"), (540, 900, "blue"), (20, 180, "red"), (1060, 900, "blue")],
                   "mosaic of panoramas")
    }

    @Test func theMosaicTakesAPhotoUprightAsItIsShown() throws {
        let folder = try FixtureFolder()
        // Stored 120×240 but turned by EXIF (orientation 6): a 2:1 landscape as shown.
        let turned = try folder.convert(["-size", "120x240", "xc:red"], to: "turned.jpg")
        try folder.setOrientation("turned.jpg", 6)
        let photos = [turned, try folder.solid("b.png", colour: "lime", width: 120, height: 120),
                      try folder.solid("c.png", colour: "blue", width: 120, height: 120)]
        try expect(try render("mosaic", photos: photos, in: folder),
                   [(540, 270, "red"), (1000, 270, "red"), (270, 810, "lime"), (810, 810, "blue")], "turned photo")
    }

    @Test func layoutsKeepTheGapAndMargin() throws {
        let folder = try FixtureFolder()
        let photos = try [("a.png", "red"), ("b.png", "lime"), ("c.png", "blue")].map { try folder.solid($0.0, colour: $0.1) }
        let file = try render("rows", photos: photos, in: folder, extra: ["--gap", "40", "--margin", "30"])
        // The gap between the rows and between the two photos below, and the margin, are the background.
        try expect(file, [(540, 540, "white"), (540, 810, "white"), (10, 10, "white"), (540, 200, "red"),
                          (300, 800, "lime"), (800, 800, "blue")], "rows with gap and margin")
    }

    @Test func anUnknownLayoutIsAUsageErrorThatListsTheNames() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        for name in ["spiral", "", "Columns", "mosaic "] {
            let result = try tinycollage(["render", "-o", folder.file("x.png"), "--layout", name, photo])
            #expect(result.status == 2, "“\(name)”: \(result.stderr)")
            #expect(result.stderr.contains("columns, rows, feature, mosaic"), "\(result.stderr)")
            #expect(!folder.exists("x.png"))
        }
        let missing = try tinycollage(["render", "-o", folder.file("x.png"), photo, "--layout"])
        #expect(missing.status == 2)
    }

    @Test func helpNamesEveryLayout() throws {
        let help = try tinycollage(["render", "--help"])
        #expect(help.status == 0)
        for word in ["--layout", "columns", "rows", "feature", "mosaic"] {
            #expect(help.stdout.contains(word), "render --help lacks \(word)")
        }
    }
}

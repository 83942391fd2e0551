// `tinycollage render -o x.pdf` (issue 22 point 5), read back with poppler's
// tools as a person's PDF reader or print shop would: the page's size in
// points is the collage's pixels at its DPI (pdfinfo), each photo is one
// image at the resolution its cell needs (pdfimages -list: its pixels are the
// cell's, its ppi the DPI; a JPEG's a JPEG, a PNG's lossless), the title is text (pdftotext, Latin and
// Japanese), a transparent background stays transparent (pdftocairo
// -transp), and a PDF that cannot be written is refused with the file named
// and nothing left behind.

import Foundation
import Testing
import TestSupport

@Suite struct PDFCommandTests {
    /// A project of `photos` (names in `folder`) at `size` pixels and `dpi`.
    static func project(_ folder: FixtureFolder, photos: [String], width: Int, height: Int, dpi: Int?,
                        background: String = #"{"red":1,"green":1,"blue":1,"alpha":1}"#, gap: Int = 0,
                        title: String? = nil) throws -> String {
        let items = photos.map { #"{"id":"\#(UUID().uuidString)","path":"\#($0)","crop":{"zoom":1,"centerX":0.5,"centerY":0.5}}"# }
        let dpiField = dpi.map { #","dpi":\#($0)"# } ?? ""
        let titleField = title.map { #","title":{"text":"\#($0)"}"# } ?? ""
        let text = #"""
        {"application":"tinycollage-project","formatVersion":1,"document":{"photos":[\#(items.joined(separator: ","))],
        "settings":{"outputSize":{"width":\#(width),"height":\#(height)}\#(dpiField),"gap":\#(gap),"margin":0,"background":\#(background),"proportions":{}}\#(titleField)}}
        """#
        return try folder.write("P.tinycollage", bytes: Array(text.utf8))
    }

    /// pdfinfo's page size in points.
    static func pageSize(_ pdf: String) throws -> (width: Double, height: Double) {
        let info = try run("/usr/bin/pdfinfo", [pdf])
        guard let line = info.stdout.split(separator: "\n").first(where: { $0.hasPrefix("Page size:") }) else {
            Issue.record("no page size: \(info.stdout) \(info.stderr)")
            return (0, 0)
        }
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        return (numbers[0], numbers[1])
    }

    struct Embedded {
        var type: String
        var width: Int, height: Int
        /// "jpeg" (DCT) or "image" (raw pixels, Flate).
        var encoding: String
        var xPPI: Double, yPPI: Double
    }

    /// pdfimages -list's rows: every image the page holds.
    static func images(_ pdf: String) throws -> [Embedded] {
        let list = try run("/usr/bin/pdfimages", ["-list", pdf])
        return list.stdout.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 14, let w = Int(f[3]), let h = Int(f[4]), let x = Double(f[12]), let y = Double(f[13]) else {
                return nil
            }
            return Embedded(type: f[2], width: w, height: h, encoding: f[8], xPPI: x, yPPI: y)
        }
    }

    @Test func anA4PageAt300DPIIsA4InPoints() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red", width: 300, height: 200)
        let project = try Self.project(folder, photos: ["a.png"], width: 2480, height: 3508, dpi: 300)
        let result = try tinycollage(["render", "-o", folder.file("a4.pdf"), project])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try Self.pageSize(folder.file("a4.pdf"))
        #expect(abs(page.width - 595.3) <= 0.5 && abs(page.height - 842.0) <= 0.5, "\(page)")
    }

    @Test func anA3PageAt300DPIIsA3InPoints() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red", width: 300, height: 200)
        let project = try Self.project(folder, photos: ["a.png"], width: 3508, height: 4961, dpi: 300)
        let result = try tinycollage(["render", "-o", folder.file("a3.pdf"), project])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try Self.pageSize(folder.file("a3.pdf"))
        // 297 x 420 mm.
        #expect(abs(page.width - 841.9) <= 0.5 && abs(page.height - 1190.6) <= 0.5, "\(page)")
    }

    @Test func photosWithoutADPIMakeAPointAPixel() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        let result = try tinycollage(["render", "-o", folder.file("c.pdf"), "-s", "800x600", photo])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try Self.pageSize(folder.file("c.pdf"))
        #expect(abs(page.width - 800) <= 0.5 && abs(page.height - 600) <= 0.5, "\(page)")
    }

    @Test func eachPhotoIsOneImageAtItsCellsPixelsAndTheDPI() throws {
        let folder = try FixtureFolder()
        // Photos far larger than their cells, each of another shape; photo-like
        // (smooth colour fields: raw fractal noise is what a JPEG keeps least well).
        let names = try [("a.jpg", "2400x1600"), ("b.jpg", "1600x2400"), ("c.jpg", "2000x2000"), ("d.jpg", "3000x1000")]
            .enumerated().map { index, photo in
                _ = try folder.convert(["-size", photo.1, "plasma:fractal", "-seed", String(index + 1), "-blur", "0x8",
                                        "-quality", "90"], to: photo.0)
                return photo.0
            }
        let project = try Self.project(folder, photos: names, width: 1200, height: 1600, dpi: 300)
        let result = try tinycollage(["render", "-o", folder.file("c.pdf"), project])
        #expect(result.status == 0, "\(result.stderr)")
        let images = try Self.images(folder.file("c.pdf"))
        #expect(images.count == 4, "one image per photo, no background bitmap: \(images)")
        for image in images {
            // Two columns of two: each cell 600 x 800 pixels, at 300 dpi.
            #expect(image.type == "image" && image.width == 600 && image.height == 800, "\(image)")
            // JPEGs go as JPEGs again (of the cell's pixels), not as deflated pixels.
            #expect(image.encoding == "jpeg", "\(image)")
            #expect(abs(image.xPPI - 300) <= 6 && abs(image.yPPI - 300) <= 6, "\(image)")
        }
        // What the page shows is the collage: the PNG of the same project, pixel for pixel nearly.
        let png = try tinycollage(["render", "-o", folder.file("c.png"), project])
        #expect(png.status == 0, "\(png.stderr)")
        let raster = try run("/usr/bin/pdftoppm", ["-r", "300", "-png", "-singlefile", folder.file("c.pdf"), folder.file("r")])
        #expect(raster.status == 0, "\(raster.stderr)")
        #expect(try meanDifference(folder.file("c.png"), folder.file("r.png")) < 0.01)
    }

    @Test func theTitleIsTextLatinAndJapanese() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "blue", width: 300, height: 200)
        _ = try folder.solid("b.png", colour: "lime", width: 300, height: 200)
        let project = try Self.project(folder, photos: ["a.png", "b.png"], width: 1200, height: 900, dpi: 150,
                                       title: "Summer 夏の京都")
        let result = try tinycollage(["render", "-o", folder.file("t.pdf"), project])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try run("/usr/bin/pdftotext", [folder.file("t.pdf"), "-"])
        #expect(text.stdout.contains("Summer") && text.stdout.contains("夏の京都"), "pdftotext read: \(text.stdout)")
        // Given on the command line, too.
        let flag = try tinycollage(["render", "-o", folder.file("f.pdf"), "-t", "Été à Nara 奈良", folder.file("a.png")])
        #expect(flag.status == 0, "\(flag.stderr)")
        let flagText = try run("/usr/bin/pdftotext", [folder.file("f.pdf"), "-"])
        #expect(flagText.stdout.contains("Été à Nara") && flagText.stdout.contains("奈良"), "\(flagText.stdout)")
    }

    @Test func aTransparentBackgroundStaysTransparent() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red", width: 300, height: 200)
        _ = try folder.solid("b.png", colour: "blue", width: 300, height: 200)
        let project = try Self.project(folder, photos: ["a.png", "b.png"], width: 800, height: 400, dpi: 144,
                                       background: #"{"red":1,"green":1,"blue":1,"alpha":0}"#, gap: 40)
        let result = try tinycollage(["render", "-o", folder.file("t.pdf"), project])
        #expect(result.status == 0, "\(result.stderr)")
        // At the DPI, one raster pixel per collage pixel; -transp keeps what the page leaves bare.
        let raster = try run("/usr/bin/pdftocairo", ["-png", "-transp", "-r", "144", "-singlefile", folder.file("t.pdf"),
                                                    folder.file("r")])
        #expect(raster.status == 0, "\(raster.stderr)")
        #expect(try identify(folder.file("r.png")).width == 800)
        let gap = try pixelWithImageMagick(folder.file("r.png"), x: 400, y: 200)
        let photo = try pixelWithImageMagick(folder.file("r.png"), x: 100, y: 200)
        #expect(gap.a == 0, "the gap is bare: \(gap)")
        #expect(photo.a == 255 && photo.r > 240 && photo.b < 15, "the photo is opaque: \(photo)")
        // PNGs stay lossless.
        let images = try Self.images(folder.file("t.pdf"))
        #expect(images.count == 2 && images.allSatisfy { $0.encoding == "image" }, "\(images)")
        // A JPEG of it is still refused; a PDF is not.
        #expect(try tinycollage(["render", "-o", folder.file("t.jpg"), project]).status == 2)
    }

    @Test func aPDFThatCannotBeWrittenIsRefusedWithTheFileNamed() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.png", colour: "red")
        // sysfs refuses new files even to root, unlike a chmod'ed folder.
        let unwritable = try tinycollage(["render", "-o", "/sys/collage.pdf", photo])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("/sys/collage.pdf: permission denied"), "\(unwritable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/sys/collage.pdf"))
        let missing = folder.file("nowhere/c.pdf")
        let noFolder = try tinycollage(["render", "-o", missing, photo])
        #expect(noFolder.status == 1 && noFolder.stderr.contains(missing) && noFolder.stderr.contains("folder does not exist"),
                "\(noFolder.stderr)")
        // A photo that cannot be read: it is named, and no PDF (nor a temporary) is left.
        let gone = folder.file("gone.jpg")
        let badPhoto = try tinycollage(["render", "-o", folder.file("c.pdf"), photo, gone])
        #expect(badPhoto.status == 1 && badPhoto.stderr.contains(gone) && badPhoto.stderr.contains("no such file"),
                "\(badPhoto.stderr)")
        #expect(folder.contents() == ["a.png"])
    }

    @Test func theHelpSaysPDF() throws {
        let help = try tinycollage(["render", "--help"])
        #expect(help.stdout.contains(".pdf"))
    }
}

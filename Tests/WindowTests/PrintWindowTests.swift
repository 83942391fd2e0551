// Print… as a person does it (issue 22 point 6): Ctrl+P opens GTK's print
// dialog; "Print to File" (GTK's own file backend, there without CUPS) is
// clicked, its file chosen by typing a path in GTK's file chooser, PDF
// picked, Print clicked — all real X input, with AT-SPI only to find where
// each part of the dialogs is. Then the PDF is read with poppler: one page,
// the paper's size turned to the collage's shape (pdfinfo), the collage's
// colours where its photos are (pdftoppm), and a collage made for A5 at
// 300 dpi printed at that size on A4 (its extent on the page, and
// pdfimages' ppi); the paper chosen kept for the next print; Print pressed
// while a 6000 × 6000 collage is still being drawn prints it whole.
// Failures end in a dialog that says why, with no file.

import CollageCore
import Foundation
import Testing
import TestSupport

/// GTK's print dialog of `app`, found and driven through X.
private struct PrintDialog {
    let app: AppUnderTest
    let window: String

    init(opening app: AppUnderTest) throws {
        self.app = app
        try app.key("ctrl+p")
        window = try Self.visibleWindow(of: app, named: "^Print$")
        // The printers are listed a moment after the dialog shows.
        _ = try Self.waitFor("the Print to File printer") { try Accessibility.find("Print to File", role: "label") }
    }

    static func visibleWindow(of app: AppUnderTest, named pattern: String) throws -> String {
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--sync", "--onlyvisible", "--pid",
                                                  String(app.process.processIdentifier), "--name", pattern])
        guard let window = search.stdout.split(separator: "\n").first.map(String.init) else {
            throw AppError(description: "no window named \(pattern): \(search.stderr)")
        }
        return window
    }

    static func waitFor<T>(_ what: String, seconds: Double = 10, _ find: () throws -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let found = try find() { return found }
            if Date() > deadline {
                let shown = (try? Accessibility.tree().filter { !$0.name.isEmpty }.map { "\($0.role) \($0.name)" }) ?? []
                throw AppError(description: "the print dialog never showed \(what); it has: \(shown)")
            }
            usleep(200_000)
        }
    }

    /// A click on `object`, whose AT-SPI extents are relative to `window`.
    func click(_ object: AccessibleObject, in window: String) throws {
        guard let (x, y) = object.center else { throw AppError(description: "\(object.name) has no place on screen") }
        try app.xdotool(["mousemove", "--window", window, String(x), String(y)])
        usleep(80_000)
        try app.xdotool(["click", "1"])
        usleep(400_000)
    }

    func click(_ name: String, role: String) throws {
        try click(try Self.waitFor("\(role) \(name)") { try Accessibility.find(name, role: role) }, in: window)
    }

    /// The button that shows (and chooses) the output file: named by its path.
    func fileButton() throws -> AccessibleObject {
        try Self.waitFor("the output file's button") {
            try Accessibility.tree().first { $0.role == "push button" && $0.name.contains("/") && $0.name.contains(".") }
        }
    }

    /// Picks "Print to File" and makes it write `path` as PDF.
    func printToFile(_ path: String) throws {
        try click("Print to File", role: "label")
        try click(try fileButton(), in: window)
        let chooser = try Self.visibleWindow(of: app, named: "^Select a filename$")
        let name = try Self.waitFor("the file chooser's name field") { try Accessibility.find("Name:", role: "text") }
        try click(name, in: chooser)
        try app.xdotool(["key", "ctrl+a"])
        try app.xdotool(["type", "--delay", "20", path])
        try app.xdotool(["key", "Return"])
        usleep(500_000)
        try click("PDF", role: "check box")
    }

    /// The dialog's button labelled `label` (GTK 4.8 names them "_Print Print": the mnemonic, then the text).
    func clickButton(_ label: String) throws {
        let button = try Self.waitFor("the \(label) button") {
            try Accessibility.tree().first { $0.role == "push button" && ($0.name == label || $0.name.hasSuffix(" " + label)) }
        }
        try click(button, in: window)
    }

    /// The app's visible X windows.
    private func windows() throws -> Set<String> {
        let search = try run("/usr/bin/timeout", ["15", "/usr/bin/xdotool", "search", "--onlyvisible", "--pid",
                                                  String(app.process.processIdentifier), ""])
        return Set(search.stdout.split(separator: "\n").map(String.init))
    }

    /// On the Page Setup tab, picks the paper `index`th in GTK's paper size list
    /// with the keys, as the SaveAs test picks a type: the list is a popover, an
    /// X window of its own, which takes the keyboard focus as a window manager would give it.
    func choosePaper(at index: Int) throws {
        let tab = try Self.waitFor("the Page Setup tab") {
            try Accessibility.tree().first { $0.role == "label" && $0.name == "Page Setup" && $0.center != nil }
        }
        try click(tab, in: window)
        let label = try Self.waitFor("the paper size label") { try Accessibility.find("Paper size:", role: "label") }
        let list = try Self.waitFor("the paper size list") {
            try Accessibility.tree().first { $0.role == "combo box" && ($0.extents?[1] ?? -1) >= (label.extents?[1] ?? 0) - 10
                && ($0.extents?[0] ?? 0) > (label.extents?[0] ?? 0) && ($0.extents?[1] ?? 0) <= (label.extents?[1] ?? 0) + 10 }
        }
        let before = try windows()
        try click(list, in: window)
        guard let popover = try windows().subtracting(before).first else {
            throw AppError(description: "the paper size list did not open")
        }
        try app.xdotool(["windowfocus", "--sync", popover])
        try app.xdotool(["key", "--delay", "80", "Home"] + Array(repeating: "Down", count: index) + ["Return"])
        usleep(400_000)
    }

    func print() throws { try clickButton("Print") }
    func cancel() throws { try clickButton("Cancel") }
}

/// A binary PPM (P6) as pdftoppm writes it.
private struct PPM {
    let width: Int
    let height: Int
    let bytes: [UInt8]
    let offset: Int

    init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [String] = [], index = 0, current = ""
        while fields.count < 4, index < data.count {
            let byte = data[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]) else {
            throw AppError(description: "\(path) is not a PPM")
        }
        self.width = width
        self.height = height
        bytes = data
        offset = index
    }

    func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = offset + (y * width + x) * 3
        return (Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]))
    }

    /// The smallest rectangle holding every pixel that is not paper white.
    func inkBounds() -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = rgb(x, y)
                if r < 235 || g < 235 || b < 235 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

/// What poppler says of a PDF.
private struct PrintedPDF {
    let pages: Int
    /// Width and height in points, as shown (after any page rotation).
    let size: (width: Double, height: Double)
    let page: PPM
    /// pdfimages -list: each image's pixels and ppi.
    let images: [(width: Int, height: Int, ppi: Int)]

    init(path: String, folder: FixtureFolder) throws {
        let info = try run("/usr/bin/pdfinfo", [path])
        guard info.status == 0 else { throw AppError(description: "pdfinfo \(path): \(info.stderr)") }
        func field(_ key: String) -> String {
            info.stdout.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        pages = Int(field("Pages")) ?? 0
        let numbers = field("Page size").split(separator: " ").compactMap { Double($0) }
        let rotated = (Int(field("Page rot")) ?? 0) % 180 != 0
        let size = numbers.count >= 2 ? (numbers[0], numbers[1]) : (0, 0)
        self.size = rotated ? (size.1, size.0) : size
        // 72 dpi: one pixel per point.
        let base = folder.file("page")
        let raster = try run("/usr/bin/pdftoppm", ["-r", "72", "-singlefile", path, base])
        guard raster.status == 0 else { throw AppError(description: "pdftoppm \(path): \(raster.stderr)") }
        page = try PPM(path: base + ".ppm")
        let list = try run("/usr/bin/pdfimages", ["-list", path])
        images = list.stdout.split(separator: "\n").dropFirst(2).compactMap { line in
            let columns = line.split(separator: " ")
            guard columns.count >= 14, let width = Int(columns[3]), let height = Int(columns[4]),
                  let ppi = Int(columns[12]) else { return nil }
            return (width, height, ppi)
        }
    }
}

/// Waits until `path` holds a whole PDF (the printer writes it in pieces).
private func waitForPDF(_ path: String, seconds: Double = 30) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if FileManager.default.fileExists(atPath: path),
           let info = try? run("/usr/bin/pdfinfo", [path]), info.status == 0, info.stdout.contains("Pages:") {
            return true
        }
        usleep(250_000)
    }
    return false
}

private let a4 = (width: 595.276, height: 841.89)

private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1) -> Bool { abs(a - b) <= tolerance }

private func isBlue(_ c: (Int, Int, Int)) -> Bool { c.0 < 40 && c.1 < 40 && c.2 > 215 }
private func isLime(_ c: (Int, Int, Int)) -> Bool { c.0 < 40 && c.1 > 215 && c.2 < 40 }

extension AppWindow {
@Suite struct PrintWindowTests {
    let folder: FixtureFolder
    let blue: String
    let lime: String

    init() throws {
        folder = try FixtureFolder()
        blue = try folder.solid("blue.png", colour: "blue", width: 800, height: 800)
        lime = try folder.solid("lime.png", colour: "lime", width: 800, height: 800)
    }

    /// The two photos, blue first, in `layout` at `size` (and `dpi`), white, no gap or margin.
    private func start(size: PixelSize, layout: LayoutKind, dpi: Int? = nil) throws -> AppUnderTest {
        let settings = CollageSettings(outputSize: size, gap: 0, margin: 0, background: .white, layout: layout, dpi: dpi)
        let home = try homeWithSession(CollageDocument(photos: [Photo(path: blue), Photo(path: lime)], settings: settings))
        let app = try AppUnderTest(home: home, accessibility: true)
        try app.idle()
        return app
    }

    private func printed(_ app: AppUnderTest, to name: String) throws -> PrintedPDF {
        let path = folder.file(name)
        let dialog = try PrintDialog(opening: app)
        try dialog.printToFile(path)
        try dialog.print()
        #expect(try waitForPDF(path), "no PDF at \(path)")
        return try PrintedPDF(path: path, folder: folder)
    }

    @Test func aWideCollagePrintsOnLandscapePaperWithItsPhotosInPlace() throws {
        let app = try start(size: PixelSize(width: 1600, height: 900), layout: .columns)
        let pdf = try printed(app, to: "wide.pdf")
        #expect(pdf.pages == 1)
        #expect(near(pdf.size.width, a4.height) && near(pdf.size.height, a4.width), "page \(pdf.size)")
        let ink = try #require(pdf.page.inkBounds(), "the page is blank")
        // Fitted to the printable area, its shape kept, centred on the sheet across the way it has room.
        #expect(near(Double(ink.width) / Double(ink.height), 16.0 / 9, 0.02), "collage on the page: \(ink)")
        #expect(ink.width > pdf.page.width * 9 / 10, "fitted, not left small: \(ink)")
        #expect(abs((ink.y + ink.height / 2) - pdf.page.height / 2) <= 2, "\(ink) on \(pdf.page.width)×\(pdf.page.height)")
        #expect(isBlue(pdf.page.rgb(ink.x + ink.width / 4, ink.y + ink.height / 2)))
        #expect(isLime(pdf.page.rgb(ink.x + ink.width * 3 / 4, ink.y + ink.height / 2)))
        // The printer was given the collage's own pixels.
        #expect(pdf.images.first.map { $0.width == 1600 && $0.height == 900 } == true, "\(pdf.images)")
    }

    @Test func aTallCollagePrintsOnPortraitPaperTheRightWayUp() throws {
        let app = try start(size: PixelSize(width: 900, height: 1600), layout: .rows)
        let pdf = try printed(app, to: "tall.pdf")
        #expect(pdf.pages == 1)
        #expect(near(pdf.size.width, a4.width) && near(pdf.size.height, a4.height), "page \(pdf.size)")
        let ink = try #require(pdf.page.inkBounds(), "the page is blank")
        #expect(near(Double(ink.width) / Double(ink.height), 9.0 / 16, 0.02), "collage on the page: \(ink)")
        #expect(ink.height > pdf.page.height * 9 / 10, "fitted, not left small: \(ink)")
        #expect(abs((ink.x + ink.width / 2) - pdf.page.width / 2) <= 2, "\(ink) on \(pdf.page.width)×\(pdf.page.height)")
        #expect(isBlue(pdf.page.rgb(ink.x + ink.width / 2, ink.y + ink.height / 4)), "blue on top")
        #expect(isLime(pdf.page.rgb(ink.x + ink.width / 2, ink.y + ink.height * 3 / 4)), "lime below")
    }

    @Test func anA5CollageAt300DPIPrintsAtItsSizeOnA4() throws {
        let a5 = PaperSize.a5.pixels(dpi: 300, landscape: false)
        let app = try start(size: a5, layout: .rows, dpi: 300)
        let pdf = try printed(app, to: "a5.pdf")
        #expect(pdf.pages == 1)
        #expect(near(pdf.size.width, a4.width) && near(pdf.size.height, a4.height), "page \(pdf.size)")
        let ink = try #require(pdf.page.inkBounds(), "the page is blank")
        // 1748 × 2480 px at 300 dpi: 419.5 × 595.2 pt, one pixel per point at 72 dpi.
        #expect(near(Double(ink.width), Double(a5.width) / 300 * 72, 2), "collage on the page: \(ink)")
        #expect(near(Double(ink.height), Double(a5.height) / 300 * 72, 2), "collage on the page: \(ink)")
        #expect(abs((ink.x + ink.width / 2) - pdf.page.width / 2) <= 2 && abs((ink.y + ink.height / 2) - pdf.page.height / 2) <= 2, "\(ink) on \(pdf.page.width)×\(pdf.page.height)")
        let image = try #require(pdf.images.first, "no image in the PDF")
        #expect(image.width == a5.width && image.height == a5.height && near(Double(image.ppi), 300, 1), "\(pdf.images)")
        #expect(isBlue(pdf.page.rgb(ink.x + ink.width / 2, ink.y + ink.height / 4)))
        #expect(isLime(pdf.page.rgb(ink.x + ink.width / 2, ink.y + ink.height * 3 / 4)))
    }

    @Test func theNextPrintStartsFromThePrinterAndFileChosen() throws {
        let app = try start(size: PixelSize(width: 1600, height: 900), layout: .columns)
        let path = folder.file("again.pdf")
        _ = try printed(app, to: "again.pdf")
        try FileManager.default.moveItem(atPath: path, toPath: folder.file("first.pdf"))
        // Nothing chosen this time: the printer, the file and PDF are what they were.
        let dialog = try PrintDialog(opening: app)
        #expect(try dialog.fileButton().name.hasSuffix("again.pdf"))
        try dialog.print()
        #expect(try waitForPDF(path), "the second print went elsewhere")
        #expect(try PrintedPDF(path: path, folder: folder).pages == 1)
    }

    @Test func thePaperChosenIsThePaperOfTheNextPrint() throws {
        let app = try start(size: PixelSize(width: 900, height: 1600), layout: .rows)
        let path = folder.file("paper.pdf")
        let dialog = try PrintDialog(opening: app)
        try dialog.printToFile(path)
        // asme_f, A0×2, A0, A0×3, A1, A10, A1×3, A1×4, A2: GTK 4.8's list, whose first screenful needs no scrolling.
        try dialog.choosePaper(at: 8)
        try dialog.print()
        #expect(try waitForPDF(path), "no PDF at \(path)")
        let a2 = (width: 1190.55, height: 1683.78)
        let first = try PrintedPDF(path: path, folder: folder).size
        #expect(near(first.width, a2.width) && near(first.height, a2.height), "the paper chosen: \(first)")
        try FileManager.default.moveItem(atPath: path, toPath: folder.file("paper-first.pdf"))
        // The page setup is left alone this time.
        let again = try PrintDialog(opening: app)
        try again.print()
        #expect(try waitForPDF(path), "no second PDF at \(path)")
        let second = try PrintedPDF(path: path, folder: folder).size
        #expect(near(second.width, a2.width) && near(second.height, a2.height), "the paper remembered: \(second)")
    }

    @Test func printPressedBeforeTheRenderIsDoneWaitsForIt() throws {
        // Nine large photos at 6000 × 6000: seconds of rendering, longer than a click on Print.
        let colours = ["red", "lime", "blue", "yellow", "cyan", "magenta", "orange", "purple", "gray"]
        let photos = try colours.map { try folder.convert(["-size", "2400x2400", "gradient:\($0)-white"], to: "\($0).png") }
        let settings = CollageSettings(outputSize: PixelSize(width: 6000, height: 6000), gap: 0, margin: 0,
                                       background: .white, layout: .columns)
        let home = try homeWithSession(CollageDocument(photos: photos.map { Photo(path: $0) }, settings: settings))
        let app = try AppUnderTest(home: home, accessibility: true)
        try app.idle()
        let path = folder.file("slow.pdf")
        let first = try PrintDialog(opening: app)
        try first.printToFile(path)
        try first.print()
        #expect(try waitForPDF(path, seconds: 90), "no PDF at \(path)")
        try FileManager.default.moveItem(atPath: path, toPath: folder.file("slow-first.pdf"))
        // The printer and file are remembered: Print at once, while the collage is drawn again.
        let second = try PrintDialog(opening: app)
        try second.print()
        #expect(try waitForPDF(path, seconds: 90), "no PDF at \(path)")
        let pdf = try PrintedPDF(path: path, folder: folder)
        #expect(pdf.pages == 1)
        let ink = try #require(pdf.page.inkBounds(), "a blank page: drawn before the collage was there")
        // Fitted across the portrait page (its lower rows fade to the paper's white).
        #expect(ink.width > pdf.page.width * 9 / 10, "\(ink)")
        // The first photo's top, red, in the top left corner.
        let corner = pdf.page.rgb(ink.x + 3, ink.y + 3)
        #expect(corner.0 > 200 && corner.1 < 60 && corner.2 < 60, "\(corner)")
        #expect(pdf.images.first.map { $0.width == 6000 && $0.height == 6000 } == true, "\(pdf.images)")
    }

    @Test func cancellingPrintsNothingAndSaysNothing() throws {
        let app = try start(size: PixelSize(width: 1600, height: 900), layout: .columns)
        // Even a render that failed meanwhile (a photo gone) is nobody's business after Cancel.
        try FileManager.default.removeItem(atPath: lime)
        let dialog = try PrintDialog(opening: app)
        usleep(1_000_000)
        try dialog.cancel()
        usleep(1_500_000)
        #expect(try Accessibility.find("The collage was not printed", role: "label") == nil)
        // Print can be chosen again.
        let again = try PrintDialog(opening: app)
        try again.cancel()
        #expect(app.process.isRunning)
    }

    @Test func aPhotoGoneBeforePrintingIsNamedAndNothingIsPrinted() throws {
        let app = try start(size: PixelSize(width: 1600, height: 900), layout: .columns)
        try FileManager.default.removeItem(atPath: lime)
        let path = folder.file("gone.pdf")
        let dialog = try PrintDialog(opening: app)
        try dialog.printToFile(path)
        try dialog.print()
        let heading = try PrintDialog.waitFor("the error dialog", seconds: 20) { try Accessibility.find("The collage was not printed", role: "label") }
        #expect(heading.name == "The collage was not printed")
        let body = try Accessibility.tree().first { $0.role == "label" && $0.name.contains("lime.png") }
        #expect(body != nil, "the dialog names the photo")
        #expect(!FileManager.default.fileExists(atPath: path), "a page without its photo was printed")
        #expect(app.process.isRunning)
    }

    @Test func aFileThePrinterCannotWriteEndsInADialogThatSaysWhy() throws {
        let app = try start(size: PixelSize(width: 1600, height: 900), layout: .columns)
        let dialog = try PrintDialog(opening: app)
        // Not a folder anything can be written in.
        try dialog.printToFile("/proc/collage.pdf")
        try dialog.print()
        _ = try PrintDialog.waitFor("the error dialog", seconds: 20) { try Accessibility.find("The collage was not printed", role: "label") }
        let body = try Accessibility.tree().first { $0.role == "label" && $0.name.hasPrefix("The printer reported:") }
        #expect(body != nil, "the dialog says what the printer said")
        #expect(app.process.isRunning)
    }
}
}

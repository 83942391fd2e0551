// Save As with the PDF type (issue 22 point 5), as a person does it: the type
// picked in the dialog's list (or a name ending .pdf typed), Save pressed,
// then the file on disk read back: a PDF, whose page rasterized by pdftoppm
// at the collage's DPI (72 here: the collage has none) matches the PNG that
// Save (Ctrl+S, which stays PNG) writes of the same collage.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct SaveAsPDFTests {
    /// Two photo-like pictures (smooth colour fields, not flat colours, not
    /// the raw fractal noise a JPEG keeps least well) in the home's Pictures.
    private func start() throws -> AppUnderTest {
        let home = try FixtureFolder()
        try FileManager.default.createDirectory(atPath: home.file("Pictures"), withIntermediateDirectories: true)
        let photos = try [("beach.jpg", "1200x800", "3"), ("forest.jpg", "800x1200", "4")].map { name, size, seed in
            try home.convert(["-size", size, "plasma:fractal", "-seed", seed, "-blur", "0x3", "-quality", "90"],
                             to: "Pictures/" + name)
        }
        let app = try AppUnderTest(files: photos, home: home, accessibility: true)
        try app.idle()
        return app
    }

    private func saved(_ app: AppUnderTest, after before: String) throws -> AppState {
        try app.waitFor(seconds: 20) { ($0.lastSaved != before && !$0.lastSaved.isEmpty) || !$0.lastSaveError.isEmpty }
    }

    /// The saved PDF against the PNG Save writes next: a PDF, one page, its raster the PNG's nearly.
    private func expectMatchesSave(_ app: AppUnderTest, pdf: String) throws {
        let head = FileHandle(forReadingAtPath: pdf).map { handle in
            defer { try? handle.close() }
            return String(decoding: handle.readData(ofLength: 5), as: UTF8.self)
        }
        #expect(head == "%PDF-", "\(pdf) begins \(head ?? "(missing)")")
        try app.key("ctrl+s")
        let png = try saved(app, after: pdf).lastSaved
        #expect(png.hasSuffix(".png") && png != pdf, "Save stays PNG: \(png)")
        let folder = try FixtureFolder()
        let raster = try run("/usr/bin/pdftoppm", ["-r", "72", "-png", "-singlefile", pdf, folder.file("page")])
        #expect(raster.status == 0, "\(raster.stderr)")
        let difference = try meanDifference(png, folder.file("page.png"))
        #expect(difference < 0.01, "the PDF's page differs from the PNG by \(difference)")
    }

    @Test func choosingPDFWritesAPDFThatLooksLikeThePNGSave() throws {
        let app = try start()
        let dialog = try SaveAsDialog(opening: app)
        try dialog.chooseType(2)
        let shown = try dialog.waitForField { $0.hasSuffix(".pdf") }
        #expect(shown.hasPrefix("Collage ") && shown.hasSuffix(".pdf"), "the name shown: \(shown)")
        try dialog.save()
        let state = try saved(app, after: "")
        #expect(state.lastSaved == app.pictures + "/" + shown, "saved: \(state.lastSaved) \(state.lastSaveError)")
        #expect(state.toasts.contains { $0.hasPrefix("Saved in Pictures") && !$0.contains("as its name says") })
        try expectMatchesSave(app, pdf: state.lastSaved)
    }

    @Test func aTypedPdfNameWithPNGChosenIsAPDFAndTheToastSaysSo() throws {
        let app = try start()
        let dialog = try SaveAsDialog(opening: app)
        try dialog.typeName("to print.pdf")
        try dialog.save()
        let state = try saved(app, after: "")
        #expect(state.lastSaved == app.pictures + "/to print.pdf", "\(state.lastSaved) \(state.lastSaveError)")
        #expect(state.toasts.contains { $0.contains("a PDF document, as its name says") }, "\(state.toasts)")
        try expectMatchesSave(app, pdf: state.lastSaved)
    }
}
}

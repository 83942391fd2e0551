// Save As's naming rule (SaveAsName): the type chosen sets the extension and
// the format, a typed extension wins and is reported, a bare name is completed.

import CollageRender
import Testing

@Suite struct SaveAsNameTests {
    @Test(arguments: [
        ("Collage 1.png", ImageFormat.jpeg(quality: 92), "Collage 1.jpg"),
        ("Collage 1.jpg", .png, "Collage 1.png"),
        ("Collage 1.JPEG", .png, "Collage 1.png"),
        ("Collage 1.jpg", .jpeg(quality: 50), "Collage 1.jpg"),
        ("trip.v2", .jpeg(quality: 92), "trip.v2.jpg"),
        ("notes.txt", .png, "notes.txt.png"),
        ("Collage 1.png", .pdf, "Collage 1.pdf"),
        ("Collage 1.PDF", .jpeg(quality: 92), "Collage 1.jpg"),
        ("", .png, ""),
    ])
    func theChosenTypeRenamesWhatIsShown(name: String, format: ImageFormat, expected: String) {
        #expect(SaveAsName.renamed(name, for: format) == expected)
    }

    @Test func theKeptSuggestedNameTakesTheChosenType() {
        let decision = SaveAsName.decide(path: "/p/Collage.png", chosen: .jpeg(quality: 92), shown: "Collage.png",
                                         quality: 80)
        #expect(decision == .init(path: "/p/Collage.jpg", format: .jpeg(quality: 80), nameWon: false, completed: true))
    }

    @Test func aNameThatAlreadyMatchesIsWrittenAsConfirmed() {
        let decision = SaveAsName.decide(path: "/p/Collage.jpg", chosen: .jpeg(quality: 92), shown: "Collage.jpg")
        #expect(decision == .init(path: "/p/Collage.jpg", format: .jpeg(quality: 92), nameWon: false, completed: false))
    }

    @Test func aTypedExtensionWinsAndIsReported() {
        let png = SaveAsName.decide(path: "/p/mine.png", chosen: .jpeg(quality: 92), shown: "Collage.jpg")
        #expect(png == .init(path: "/p/mine.png", format: .png, nameWon: true, completed: false))
        let jpeg = SaveAsName.decide(path: "/p/mine.JPEG", chosen: .png, shown: "Collage.png", quality: 70)
        #expect(jpeg == .init(path: "/p/mine.JPEG", format: .jpeg(quality: 70), nameWon: true, completed: false))
    }

    @Test func aNameWithoutOurExtensionGetsTheChosenOne() {
        #expect(SaveAsName.decide(path: "/p/mine", chosen: .jpeg(quality: 92), shown: "Collage.png").path == "/p/mine.jpg")
        #expect(SaveAsName.decide(path: "/p/mine.gif", chosen: .png, shown: nil)
            == .init(path: "/p/mine.gif.png", format: .png, nameWon: false, completed: true))
        #expect(SaveAsName.decide(path: "/p/mine", chosen: nil, shown: nil).format == .png)
    }

    @Test func choosingPDFWritesAPDFAndAPdfNameWins() {
        #expect(SaveAsName.decide(path: "/p/Collage.png", chosen: .pdf, shown: "Collage.png")
            == .init(path: "/p/Collage.pdf", format: .pdf, nameWon: false, completed: true))
        #expect(SaveAsName.decide(path: "/p/mine", chosen: .pdf, shown: "Collage.pdf")
            == .init(path: "/p/mine.pdf", format: .pdf, nameWon: false, completed: true))
        #expect(SaveAsName.decide(path: "/p/print.pdf", chosen: .png, shown: "Collage.png")
            == .init(path: "/p/print.pdf", format: .pdf, nameWon: true, completed: false))
        #expect(SaveAsName.decide(path: "/p/mine.jpg", chosen: .pdf, shown: "Collage.pdf", quality: 70)
            == .init(path: "/p/mine.jpg", format: .jpeg(quality: 70), nameWon: true, completed: false))
        #expect(ImageFormat(path: "a.Pdf") == .pdf && ImageFormat.pdf.fileExtension == "pdf")
    }

    @Test func withNoTypeChosenTheNameDecides() {
        #expect(SaveAsName.decide(path: "/p/a.jpg", chosen: nil, shown: "a.jpg")
            == .init(path: "/p/a.jpg", format: .jpeg(quality: 92), nameWon: false, completed: false))
    }
}

// A session file is checked, never trusted (issue 10): the values that
// crash-looped the app — crop zoom 1e308, two photos with one id, an output
// size or a gap + margin near Int.max — and the ones that drew a smeared
// collage (zoom 0 or negative) come back as values that can be drawn, each
// correction listed; a file larger than a session can be is refused unread.

import CollageCore
import Foundation
import Testing

@Suite struct SessionValidationTests {
    /// A session file's text with these photo entries and settings.
    func session(photos: [String], settings: String = #""outputSize": {"width": 1080, "height": 1080}, "gap": 0, "margin": 0, "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}"#) -> Data {
        Data(#"{"formatVersion": 1, "document": {"photos": [\#(photos.joined(separator: ","))], "settings": {\#(settings)}}}"#.utf8)
    }

    func photo(id: String = UUID().uuidString, path: String = "/p.jpg", zoom: String = "1", x: String = "0.5",
               y: String = "0.5") -> String {
        #"{"id": "\#(id)", "path": "\#(path)", "crop": {"zoom": \#(zoom), "centerX": \#(x), "centerY": \#(y)}}"#
    }

    @Test(arguments: [("1e308", 8.0), ("0", 1.0), ("-3", 1.0), ("1e-300", 1.0), ("2.5", 2.5)])
    func cropZoomIsBroughtIntoItsRange(zoom: String, expected: Double) throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: [photo(zoom: zoom)]))
        #expect(document.photos[0].crop.zoom == expected)
        #expect(repairs.isEmpty == (zoom == "2.5"))
    }

    @Test func cropCentreStaysWithinThePhoto() throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: [photo(x: "-1e300", y: "7")]))
        #expect(document.photos[0].crop.centerX == 0 && document.photos[0].crop.centerY == 1)
        #expect(repairs.count == 1)
    }

    @Test func twoPhotosWithOneIdBecomeTwoPhotos() throws {
        let id = UUID().uuidString
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: [photo(id: id, path: "/a.jpg"),
                                                                                 photo(id: id, path: "/b.jpg")]))
        #expect(document.photos.map(\.path) == ["/a.jpg", "/b.jpg"])
        #expect(Set(document.photos.map(\.id)).count == 2)
        #expect(repairs.count == 1)
    }

    @Test(arguments: [
        #""outputSize": {"width": 9223372036854775807, "height": 9223372036854775807}, "gap": 0, "margin": 0"#,
        #""outputSize": {"width": 0, "height": -5}, "gap": 0, "margin": 0"#,
    ])
    func anOutputSizeThatCannotBeDrawnIsClamped(settings: String) throws {
        let text = settings + #", "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}"#
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: [photo()], settings: text))
        let size = document.settings.outputSize
        #expect((1...SessionValidation.maximumSide).contains(size.width) && (1...SessionValidation.maximumSide).contains(size.height))
        #expect(!repairs.isEmpty)
        #expect(CollageLayout.fits(count: 1, settings: document.settings))
    }

    @Test(arguments: [(9_223_372_036_854_775_807, 0), (0, 9_223_372_036_854_775_807), (4_611_686_018_427_387_903, 4_611_686_018_427_387_903),
                      (-1, 0), (1100, 0), (0, 600)])
    func aGapAndMarginThatLeaveNoRoomAreReset(gap: Int, margin: Int) throws {
        let text = #""outputSize": {"width": 1080, "height": 1080}, "gap": \#(gap), "margin": \#(margin), "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}"#
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: [photo(), photo(), photo()], settings: text))
        #expect(document.settings.gap == 0 && document.settings.margin == 0)
        #expect(repairs.count == 1)
    }

    @Test func aBackgroundOutOfRangeIsClamped() throws {
        let text = #""outputSize": {"width": 100, "height": 100}, "gap": 0, "margin": 0, "background": {"red": 1e300, "green": -4, "blue": 0.5, "alpha": 1}"#
        let (document, _) = try SessionFile.decodeChecked(session(photos: [], settings: text))
        #expect(document.settings.background == RGBAColor(red: 1, green: 0, blue: 0.5, alpha: 1))
    }

    @Test func moreThanNinePhotosAreCut() throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: (0..<12).map { _ in photo() }))
        #expect(document.photos.count == 9)
        #expect(repairs.count == 1)
    }

    @Test func aGoodSessionNeedsNoCorrection() throws {
        let document = CollageDocument(photos: [Photo(path: "/a.jpg", crop: Crop(zoom: 3, centerX: 0.2, centerY: 0.9))],
                                       settings: CollageSettings(outputSize: PixelSize(width: 2000, height: 1000), gap: 12,
                                                                 margin: 30, background: .black))
        let (read, repairs) = try SessionFile.decodeChecked(try SessionFile.encode(document))
        #expect(read == document)
        #expect(repairs.isEmpty)
    }

    @Test func aFileLargerThanASessionIsRefusedUnread() {
        let data = Data(count: SessionFile.maximumBytes + 1)
        #expect(throws: SessionFile.ReadError.tooLarge(SessionFile.maximumBytes + 1)) { try SessionFile.decodeChecked(data) }
    }

    // MARK: Layouts (issue 18)

    let plain = #""outputSize": {"width": 1080, "height": 1080}, "gap": 0, "margin": 0, "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}"#

    @Test func aSessionFromBeforeLayoutsIsColumns() throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: [photo()]))
        #expect(document.settings.layout == .columns && document.settings.proportions.isEmpty)
        #expect(repairs.isEmpty)
    }

    @Test func anUnknownLayoutBecomesColumnsWithAMessage() throws {
        let (document, repairs) = try SessionFile.decodeChecked(session(photos: [photo()],
                                                                        settings: plain + #", "layout": "spiral""#))
        #expect(document.settings.layout == .columns)
        #expect(repairs.count == 1 && repairs[0].contains("spiral"))
        #expect(document.settings.unknownLayout == nil)
    }

    @Test func proportionsThatCannotBeUsedAreDropped() throws {
        for bad in [#"{"rows": {"shape": "a(p,p)", "splits": {"": [1e308, -1]}}}"#,
                    #"{"rows": {"shape": "a(p,p)", "splits": {"": [0.5]}}}"#,
                    #"{"spiral": {"shape": "a(p,p)", "splits": {"": [0.5, 0.5]}}}"#,
                    #"{"rows": {"shape": "<script>", "splits": {"": [0.5, 0.5]}}}"#,
                    #"{"rows": {"shape": "a(p,p)", "splits": {"../x": [0.5, 0.5]}}}"#] {
            let (document, repairs) = try SessionFile.decodeChecked(
                session(photos: [photo(), photo()], settings: plain + #", "layout": "rows", "proportions": "# + bad))
            #expect(document.settings.layout == .rows)
            #expect(document.settings.proportions.isEmpty, "\(bad)")
            #expect(repairs == ["divider positions that cannot be used"], "\(bad)")
        }
    }

    @Test func proportionsOfTheWrongTypeLeaveTheRestReadable() throws {
        let (document, _) = try SessionFile.decodeChecked(
            session(photos: [photo()], settings: plain + #", "layout": "feature", "proportions": 7"#))
        #expect(document.settings.layout == .feature && document.photos.count == 1)
    }

    @Test func layoutAndProportionsComeBackAsSaved() throws {
        let square = PixelSize(width: 1000, height: 1000)
        let shape = try CollageLayout.arrange(.feature, count: 3, size: square).shape
        let settings = CollageSettings(outputSize: square, layout: .feature).moving(split: "", shape: shape, to: [0.55, 0.45])
        let document = CollageDocument(photos: [Photo(path: "/a.jpg"), Photo(path: "/b.jpg"), Photo(path: "/c.jpg")],
                                       settings: settings)
        let (read, repairs) = try SessionFile.decodeChecked(try SessionFile.encode(document))
        #expect(read == document && repairs.isEmpty)
        #expect(try read.cells()[0].width == 550)
    }
}

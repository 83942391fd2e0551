// The collage's look in the session (issue 23): it comes back as saved, a
// session from before it has the seed's look, and every value that cannot be
// drawn — a radius of 1e9, a border wider than the cells, a gradient colour
// that is no colour — is clamped or replaced with a message; the background's
// text forms as the command line reads them.

import CollageCore
import Foundation
import Testing

@Suite struct StyleSessionTests {
    let plain = #""outputSize": {"width": 1080, "height": 1080}, "gap": 0, "margin": 0, "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}"#

    func read(style: String, photos: Int = 4) throws -> (style: CollageStyle, repairs: [String]) {
        let entries = (0..<photos).map { _ in #"{"id": "\#(UUID().uuidString)", "path": "/p.jpg", "crop": {"zoom": 1, "centerX": 0.5, "centerY": 0.5}}"# }
        let text = #"{"formatVersion": 1, "document": {"photos": [\#(entries.joined(separator: ","))], "settings": {\#(plain), "style": \#(style)}}}"#
        let (document, repairs) = try SessionFile.decodeChecked(Data(text.utf8))
        return (document.settings.style, repairs)
    }

    @Test(arguments: [
        CollageStyle(cornerRadius: 12.5, borderWidth: 20, borderColour: RGBAColor(red: 0.2, green: 0.4, blue: 0.6), shadow: true,
                     fill: .gradient(from: .black, to: RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5), angle: 90), fit: .contain),
        CollageStyle(fill: .blur),
        CollageStyle(cornerRadius: 50, fill: .colour, fit: .cover),
    ])
    func aLookComesBackAsSaved(style: CollageStyle) throws {
        let document = CollageDocument(photos: [Photo(path: "/a.jpg"), Photo(path: "/b.jpg")],
                                       settings: CollageSettings(gap: 10, style: style))
        let (read, repairs) = try SessionFile.decodeChecked(try SessionFile.encode(document))
        #expect(read == document)
        #expect(repairs.isEmpty)
    }

    @Test func aSessionFromBeforeLooksHasTheSeedsLook() throws {
        let text = #"{"formatVersion": 1, "document": {"photos": [], "settings": {\#(plain)}}}"#
        let (document, repairs) = try SessionFile.decodeChecked(Data(text.utf8))
        #expect(document.settings.style == CollageStyle())
        #expect(document.settings.style.fit == .cover && !document.settings.style.shadow)
        #expect(repairs.isEmpty)
    }

    @Test(arguments: [("1e9", 50.0), ("-3", 0.0), ("50.5", 50.0)])
    func aRadiusOutOfRangeIsClamped(radius: String, expected: Double) throws {
        let (style, repairs) = try read(style: #"{"cornerRadius": \#(radius)}"#)
        #expect(style.cornerRadius == expected)
        #expect(repairs.count == 1 && repairs[0].contains("corner radius"))
    }

    @Test func aRadiusThatIsNoNumberIsTheSeedsWithAMessage() throws {
        let (style, repairs) = try read(style: #"{"cornerRadius": "round", "shadow": true}"#)
        #expect(style.cornerRadius == 0 && style.shadow)
        #expect(repairs.count == 1 && repairs[0].contains("cornerRadius"))
    }

    /// Four photos at 1080² are cells of 540²: at most 269 pixels of border leave a pixel of photo.
    @Test(arguments: [(100_000, 269), (540, 269), (-5, 0), (269, 269), (9_223_372_036_854_775_807, 269)])
    func aBorderWiderThanTheCellsIsNarrowed(width: Int, expected: Int) throws {
        let (style, repairs) = try read(style: #"{"borderWidth": \#(width)}"#)
        #expect(style.borderWidth == expected)
        #expect(repairs.isEmpty == (width == expected))
    }

    @Test(arguments: [
        #"{"fill": {"gradient": {"from": "not a colour", "to": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "angle": 90}}}"#,
        #"{"fill": {"gradient": {"from": {"red": 1, "green": 1, "blue": 1, "alpha": 1}, "angle": 90}}}"#,
        #"{"fill": {"spiral": {}}}"#,
        #"{"fit": "stretch"}"#,
        #"{"borderColour": [1, 2, 3]}"#,
    ])
    func aValueThatIsNotOneIsTheSeedsWithAMessage(style text: String) throws {
        let (style, repairs) = try read(style: text)
        #expect(style == CollageStyle())
        #expect(repairs.count == 1 && repairs[0].contains("cannot be read"), "\(repairs)")
    }

    @Test func gradientAndBorderColoursOutOfRangeAreClamped() throws {
        let (style, repairs) = try read(style: #"{"borderColour": {"red": 9, "green": 0, "blue": 0, "alpha": 1}, "fill": {"gradient": {"from": {"red": -1, "green": 0, "blue": 0, "alpha": 1}, "to": {"red": 0, "green": 0, "blue": 1e300, "alpha": 1}, "angle": 720}}}"#)
        #expect(style.borderColour == RGBAColor(red: 1, green: 0, blue: 0))
        #expect(style.fill == .gradient(from: .black, to: RGBAColor(red: 0, green: 0, blue: 1), angle: 0))
        #expect(repairs.count == 2)
    }

    @Test(arguments: [
        ("blur", BackgroundFill.blur, nil),
        ("gradient:white,black", .gradient(from: .white, to: .black, angle: 180), nil),
        ("gradient:#ff0000, #0000ff ,90", .gradient(from: RGBAColor(red: 1, green: 0, blue: 0), to: RGBAColor(red: 0, green: 0, blue: 1), angle: 90), nil),
        ("gradient:red,blue,-45deg", .gradient(from: RGBAColor(red: 1, green: 0, blue: 0), to: RGBAColor(red: 0, green: 0, blue: 1), angle: -45), nil),
        ("transparent", .colour, RGBAColor.transparent),
        ("#336699", .colour, RGBAColor(parsing: "#336699")),
    ] as [(String, BackgroundFill, RGBAColor?)])
    func backgroundTextIsRead(text: String, fill: BackgroundFill, colour: RGBAColor?) throws {
        let parsed = try #require(BackgroundFill.parse(text))
        #expect(parsed.fill == fill && parsed.colour == colour)
    }

    @Test(arguments: ["gradient:", "gradient:red", "gradient:red,nocolour", "gradient:red,blue,up", "gradient:red,blue,90,4",
                      "gradient:red,blue,1e999", "gradient:red,blue,400", "blurry", "", "#12345"])
    func backgroundTextThatIsNoneIsRefused(text: String) {
        #expect(BackgroundFill.parse(text) == nil)
    }

    @Test func aBorderNeverLeavesACellWithoutPhoto() {
        let style = CollageStyle(borderWidth: 5000)
        #expect(style.borderWidth(in: PixelSize(width: 100, height: 40), scale: 1) == 19)
        #expect(style.borderWidth(in: PixelSize(width: 1, height: 1), scale: 1) == 0)
        #expect(CollageStyle(borderWidth: 10).borderWidth(in: PixelSize(width: 400, height: 400), scale: 0.5) == 5)
    }

    @Test func containShowsTheWholePhotoAndPansOnlyWhenZoomedIn() {
        let image = PixelSize(width: 300, height: 100), cell = PixelSize(width: 100, height: 100)
        let whole = Crop().shown(image: image, cell: cell, fit: .contain)
        #expect(whole.x == 0 && whole.width == 100 && abs(whole.y - 33.333) < 0.01 && abs(whole.height - 33.333) < 0.01)
        // Not zoomed: a pan keeps it centred.
        #expect(Crop().panned(dx: 30, dy: 30, image: image, cell: cell, fit: .contain) == Crop())
        // Zoomed 2×: 200×67 in a 100 cell, so it pans across but stays centred down.
        let zoomed = Crop(zoom: 2).panned(dx: 30, dy: 30, image: image, cell: cell, fit: .contain)
        #expect(zoomed.centerX < 0.5 && zoomed.centerY == 0.5)
        // Zoomed 3×: it covers the cell and pans both ways, within the photo.
        let covering = Crop(zoom: 3.5).panned(dx: -500, dy: -500, image: image, cell: cell, fit: .contain)
        #expect(covering.centerY > 0.5 && covering.centerX < 1)
        #expect(Crop(zoom: 3.5).shown(image: image, cell: cell, fit: .contain).height == 100)
    }
}

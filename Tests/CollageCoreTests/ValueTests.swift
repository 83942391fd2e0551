// Settings values and their text forms, the crop's limits, and the session
// file round trip with its refusals.

import CollageCore
import Foundation
import Testing

@Suite struct ValueTests {
    @Test func defaultsAreTheOriginalApps() {
        let settings = CollageSettings()
        #expect(settings.outputSize == PixelSize(width: 1080, height: 1080))
        #expect(settings.background == .white)
        #expect(settings.gap == 0 && settings.margin == 0)
    }

    @Test func sizesParse() {
        #expect(PixelSize(parsing: "1920x1080") == PixelSize(width: 1920, height: 1080))
        #expect(PixelSize(parsing: "640×480") == PixelSize(width: 640, height: 480))
        #expect(PixelSize(parsing: "0x10") == nil)
        #expect(PixelSize(parsing: "10x") == nil)
        #expect(PixelSize(parsing: "wide") == nil)
    }

    @Test func coloursParseAndPrintBack() {
        #expect(RGBAColor(parsing: "white") == .white)
        #expect(RGBAColor(parsing: "Transparent") == .transparent)
        #expect(RGBAColor(parsing: "#336699")?.hexString == "#336699")
        #expect(RGBAColor(parsing: "336699")?.hexString == "#336699")
        #expect(RGBAColor(parsing: "#fff") == .white)
        #expect(RGBAColor(parsing: "#11223380")?.hexString == "#11223380")
        #expect(RGBAColor(parsing: "#12345") == nil)
        #expect(RGBAColor(parsing: "mauve-ish") == nil)
        let c = RGBAColor(parsing: "#0a0b0c")!
        #expect(RGBAColor(parsing: c.hexString) == c)
    }

    @Test func cropStaysInItsLimits() {
        let crop = Crop(zoom: 0.2, centerX: -1, centerY: 3)
        #expect(crop.zoom == 1 && crop.centerX == 0 && crop.centerY == 1)
        #expect(Crop(zoom: 100).zoom == Crop.maximumZoom)
        #expect(Crop().isDefault)
    }

    @Test func sessionRoundTrips() throws {
        var document = CollageDocument(photos: [
            Photo(path: "/home/u/Pictures/a b.jpg"),
            Photo(path: "/home/u/写真/猫.heic", crop: Crop(zoom: 2, centerX: 0.25, centerY: 0.75)),
        ])
        document.settings = CollageSettings(outputSize: PixelSize(width: 2048, height: 1536), gap: 8, margin: 16,
                                            background: RGBAColor(parsing: "#33669980")!)
        let data = try SessionFile.encode(document)
        #expect(try SessionFile.decode(data) == document)
    }

    @Test func aFutureSessionIsRefusedNotMisread() throws {
        let data = Data(#"{"formatVersion": 99, "document": {}}"#.utf8)
        #expect(throws: SessionFile.ReadError.futureVersion(99)) { try SessionFile.decode(data) }
    }

    @Test func aDamagedSessionIsRefused() {
        for text in ["", "{", "null", #"{"formatVersion": 1}"#, #"{"formatVersion": 1, "document": {"photos": 3}}"#] {
            #expect(throws: SessionFile.ReadError.self, "\(text)") { try SessionFile.decode(Data(text.utf8)) }
        }
    }

    @Test func aSessionNeverHoldsMoreThanNine() throws {
        let document = CollageDocument(photos: (0..<12).map { Photo(path: "/p/\($0).jpg") })
        #expect(try SessionFile.decode(try SessionFile.encode(document)).photos.count == 9)
    }
}

@Suite struct FilePathTextTests {
    @Test func utf8PathsStayAsTheyAre() {
        for path in ["/home/u/Pictures/a b.jpg", "/写真/猫.heic", "relative/x.png"] {
            #expect(FilePathText.text(fromBytes: Array(path.utf8)) == path)
            #expect(FilePathText.bytes(of: path) == Array(path.utf8))
        }
    }

    @Test func otherBytesSurviveTheRoundTrip() {
        let bytes: [UInt8] = Array("/tmp/caf".utf8) + [0xE9, 0xFF, 0x25, 0x20] + Array(".jpg".utf8)
        let text = FilePathText.text(fromBytes: bytes)
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(FilePathText.bytes(of: text) == bytes)
        #expect(FilePathText.displayText(text) == "/tmp/caf\u{FFFD}\u{FFFD}% .jpg")
        #expect(Photo(path: text).displayName == "caf\u{FFFD}\u{FFFD}% .jpg")
        // A UTF-8 path that happens to start like our encoding is encoded too.
        let tricky = Array("file:///x".utf8)
        #expect(FilePathText.bytes(of: FilePathText.text(fromBytes: tricky)) == tricky)
    }

    /// Names whose characters would act rather than show: a forged second line,
    /// a terminal escape (set the title, then ring), a right-to-left override,
    /// a C1 control, DEL. Each is shown, none survives as itself.
    @Test(arguments: [
        ("two\nlines.jpg", "two\u{240A}lines.jpg"),
        ("\u{1B}]0;owned\u{07}.png", "\u{241B}]0;owned\u{2407}.png"),
        ("photo\u{202E}gpj.exe", "photo\u{FFFD}gpj.exe"),
        ("a\u{2066}b\u{2069}.jpg", "a\u{FFFD}b\u{FFFD}.jpg"),
        ("c1\u{9B}31m.jpg", "c1\u{FFFD}31m.jpg"),
        ("del\u{7F}.jpg", "del\u{2421}.jpg"),
        ("tab\there.jpg", "tab\u{2409}here.jpg"),
        ("日本語 ✓ é.jpg", "日本語 ✓ é.jpg"),
    ])
    func namesAreShownAsText(name: String, shown: String) {
        #expect(FilePathText.displayText("/tmp/" + name) == "/tmp/" + shown)
        #expect(Photo(path: "/tmp/" + name).displayName == shown)
        // The bytes are kept: only what is shown changes.
        #expect(FilePathText.bytes(of: "/tmp/" + name) == Array(("/tmp/" + name).utf8))
    }

    @Test func aNameNotInUTF8IsShownAsTextToo() {
        let bytes: [UInt8] = Array("/tmp/".utf8) + [0x1B, 0xFF] + Array("[2J.jpg".utf8)
        #expect(FilePathText.displayText(FilePathText.text(fromBytes: bytes)) == "/tmp/\u{241B}\u{FFFD}[2J.jpg")
    }
}

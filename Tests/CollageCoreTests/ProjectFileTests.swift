// ProjectFile: photo paths relative at or below the project's folder and
// absolute elsewhere, read back absolute; every value read checked; a newer
// format, wrong types, huge numbers and bytes that are not a project refused.

import CollageCore
import Foundation
import Testing

@Suite struct ProjectFileTests {
    static func document(_ paths: [String]) -> CollageDocument {
        var settings = CollageSettings(gap: 12, margin: 8)
        settings.background = RGBAColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        return CollageDocument(photos: paths.map { Photo(path: $0, crop: Crop(zoom: 2, centerX: 0.3, centerY: 0.7)) },
                               settings: settings, title: CollageTitle(text: "Summer"))
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func storedPaths(_ data: Data) throws -> [String] {
        let document = try #require(try json(data)["document"] as? [String: Any])
        let photos = try #require(document["photos"] as? [[String: Any]])
        return photos.compactMap { $0["path"] as? String }
    }

    @Test func pathsAtOrBelowTheFolderAreRelativeOthersAbsolute() throws {
        let doc = Self.document(["/home/a/trip/one.jpg", "/home/a/trip/days/two.jpg", "/home/a/other/three.jpg",
                                 "/home/a/trip2/four.jpg", "/etc/five.png"])
        let data = try ProjectFile.encode(doc, projectPath: "/home/a/trip/Trip.tinycollage")
        #expect(try Self.storedPaths(data) == ["one.jpg", "days/two.jpg", "/home/a/other/three.jpg",
                                               "/home/a/trip2/four.jpg", "/etc/five.png"])
        let back = try ProjectFile.decode(data, projectPath: "/home/a/trip/Trip.tinycollage")
        #expect(back.document == doc)
        #expect(back.repairs.isEmpty)
    }

    @Test func aMovedFolderFindsItsPhotosInTheNewPlace() throws {
        let doc = Self.document(["/old/place/one.jpg"])
        let data = try ProjectFile.encode(doc, projectPath: "/old/place/P.tinycollage")
        let back = try ProjectFile.decode(data, projectPath: "/new/home/P.tinycollage")
        #expect(back.document.photos.map(\.path) == ["/new/home/one.jpg"])
    }

    @Test func theFileStartsWithWhatTheMimeMagicLooksFor() throws {
        let data = try ProjectFile.encode(Self.document([]), projectPath: "/x/P.tinycollage")
        #expect(ProjectFile.looksLikeProject(data.prefix(64)))
        #expect(!ProjectFile.looksLikeProject(Data("{\"formatVersion\":1}".utf8)))
        #expect(try Self.json(data)["formatVersion"] as? Int == ProjectFile.formatVersion)
    }

    @Test func aNewerFormatIsRefused() {
        let data = Data(#"{"application":"tinycollage-project","formatVersion":2,"document":{}}"#.utf8)
        #expect(throws: ProjectFile.ReadError.futureVersion(2)) { try ProjectFile.decode(data, projectPath: "/x/p.tinycollage") }
    }

    @Test(arguments: [
        #"{"formatVersion":1,"document":{"photos":[],"settings":{}}}"#, // a session, not a project
        #"{"application":"something-else","formatVersion":1,"document":{}}"#,
        #"[1,2,3]"#, "", "\u{0}\u{0}\u{0}", #"{"application":"tinycollage-project","formatVersion":"1"}"#,
        #"{"application":"tinycollage-project","formatVersion":1e400}"#,
    ])
    func bytesThatAreNotAProjectAreRefused(_ text: String) {
        #expect(throws: ProjectFile.ReadError.notAProject) { try ProjectFile.decode(Data(text.utf8), projectPath: "/x/p.tinycollage") }
    }

    @Test(arguments: [
        #"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":"no","settings":{}}}"#,
        #"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":[{"path":7}],"settings":{}}}"#,
        #"{"application":"tinycollage-project","formatVersion":1}"#,
        #"{"application":"tinycollage-project","formatVersion":0,"document":{"photos":[],"settings":{}}}"#,
    ])
    func wrongTypesAreRefusedAsDamaged(_ text: String) {
        #expect {
            try ProjectFile.decode(Data(text.utf8), projectPath: "/x/p.tinycollage")
        } throws: { error in
            if case .corrupt = error as? ProjectFile.ReadError { return true }
            return false
        }
    }

    @Test func hugeNumbersAreBroughtIntoRangeAndSaid() throws {
        let good = try ProjectFile.encode(Self.document(["/x/a.jpg"]), projectPath: "/x/p.tinycollage")
        var text = try #require(String(data: good, encoding: .utf8))
        text = text.replacingOccurrences(of: "\"gap\" : 12", with: "\"gap\" : 9000000000000")
        text = text.replacingOccurrences(of: "\"zoom\" : 2", with: "\"zoom\" : 1e300")
        let back = try ProjectFile.decode(Data(text.utf8), projectPath: "/x/p.tinycollage")
        #expect(back.document.settings.gap < 1_000_000)
        #expect(back.document.photos[0].crop.zoom <= Crop.maximumZoom)
        #expect(!back.repairs.isEmpty)
    }

    @Test func moreThanAProjectsBytesAreRefusedUnread() {
        let data = Data(count: ProjectFile.maximumBytes + 1)
        #expect(throws: ProjectFile.ReadError.tooLarge(ProjectFile.maximumBytes + 1)) {
            try ProjectFile.decode(data, projectPath: "/x/p.tinycollage")
        }
    }

    @Test func aValueJSONCannotHoldIsNotWritten() {
        var doc = Self.document([])
        doc.settings.background = RGBAColor(red: .nan, green: 0, blue: 0, alpha: 1)
        #expect(throws: ProjectFile.WriteError.self) { try ProjectFile.encode(doc, projectPath: "/x/p.tinycollage") }
    }
}

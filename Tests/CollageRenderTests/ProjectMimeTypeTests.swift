// The project MIME type as the desktop will know it: data/'s shared-mime-info
// entry built by update-mime-database into a database of its own, read by
// GIO (`gio info`, what Files uses), which must call a project — named
// *.tinycollage, or renamed, by the bytes ProjectIO writes — an
// application/x-tinycollage-project, and a session or other JSON not one.
// The thumbnailer entry and the desktop file must name the same type.

import CollageCore
import CollageRender
import Foundation
import Testing
import TestSupport

private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let appID = "io.github.tinycollage.TinyCollage"

@Suite struct ProjectMimeTypeTests {
    /// A data folder holding only our MIME package, compiled.
    static func database(_ folder: FixtureFolder) throws -> String {
        let packages = folder.file("share/mime/packages")
        try FileManager.default.createDirectory(atPath: packages, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: repository.appendingPathComponent("data/\(appID).mime.xml").path,
                                         toPath: packages + "/\(appID).xml")
        // It says what it cannot parse or use but exits 0; in XDG_DATA_DIRS it has nothing else to say.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_DIRS"] = folder.file("share")
        let built = try run("/usr/bin/update-mime-database", [folder.file("share/mime")], environment: environment)
        #expect(built.status == 0 && built.stderr.isEmpty && built.stdout.isEmpty, "\(built.stdout)\(built.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("share/mime/mime.cache")))
        return folder.file("share")
    }

    /// GIO's content type for `path`, with `data` and Debian's own database as the data folders.
    static func contentType(_ path: String, data: String, home: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_DIRS"] = data + ":/usr/share"
        environment["XDG_DATA_HOME"] = home
        let result = try run("/usr/bin/gio", ["info", "-a", "standard::content-type", path], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.stdout.split(separator: "\n").first { $0.contains("standard::content-type:") } ?? ""
        return line.split(separator: " ").last.map(String.init) ?? ""
    }

    @Test func aProjectIsKnownByItsNameAndByItsBytes() throws {
        let folder = try FixtureFolder()
        let data = try Self.database(folder)
        let home = folder.file("home")
        let document = CollageDocument(photos: [Photo(path: folder.file("a.jpg"))], settings: CollageSettings(gap: 4))
        try ProjectIO.write(document, to: folder.file("Trip.tinycollage"))
        try ProjectIO.write(document, to: folder.file("renamed"))
        try ProjectIO.write(document, to: folder.file("renamed.json"))
        // Hand-written, compact, as the tests and a script would.
        _ = try folder.write("compact", bytes: Array(#"{"application":"tinycollage-project","formatVersion":1}"#.utf8))
        for name in ["Trip.tinycollage", "renamed", "renamed.json", "compact"] {
            #expect(try Self.contentType(folder.file(name), data: data, home: home) == ProjectFile.mimeType, "\(name)")
        }
        // Without our package the same bytes are plain JSON or text: the test can fail.
        #expect(try Self.contentType(folder.file("renamed"), data: folder.file("none"), home: home) != ProjectFile.mimeType)
        _ = try folder.write("session", bytes: Array(try SessionFile.encode(document)))
        _ = try folder.write("other", bytes: Array(#"{"application":"something-else"}"#.utf8))
        for name in ["session", "other"] {
            #expect(try Self.contentType(folder.file(name), data: data, home: home) != ProjectFile.mimeType, "\(name)")
        }
    }

    @Test func theThumbnailerAndTheDesktopFileNameTheType() throws {
        func text(_ name: String) throws -> [String] {
            try String(contentsOf: repository.appendingPathComponent("data/" + name), encoding: .utf8)
                .split(separator: "\n").map(String.init)
        }
        let thumbnailer = try text("\(appID).thumbnailer")
        #expect(thumbnailer.first == "[Thumbnailer Entry]")
        #expect(thumbnailer.contains("MimeType=\(ProjectFile.mimeType);"))
        // GNOME's own thumbnailers take %u: a file:// URI, which the command reads.
        #expect(thumbnailer.contains("Exec=tinycollage thumbnail -s %s %u %o"))
        #expect(thumbnailer.contains("TryExec=tinycollage"))
        let desktop = try text("\(appID).desktop")
        let types = desktop.first { $0.hasPrefix("MimeType=") }?.dropFirst("MimeType=".count).split(separator: ";") ?? []
        #expect(types.contains(Substring(ProjectFile.mimeType)))
        let xml = try String(contentsOf: repository.appendingPathComponent("data/\(appID).mime.xml"), encoding: .utf8)
        #expect(xml.contains(#"<mime-type type="\#(ProjectFile.mimeType)">"#))
        #expect(xml.contains(#"<glob pattern="*.\#(ProjectFile.fileExtension)"/>"#))
    }
}

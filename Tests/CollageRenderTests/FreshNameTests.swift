// Names that never clash (FreshName), with real files: a taken name moves to
// the next number, any other failure stops at once and names the file.

import CollageRender
import Foundation
import Testing
import TestSupport

@Suite struct FreshNameTests {
    private func write(_ path: String) throws(ExportError) {
        try AtomicFile.write(to: path, replacing: false) { fd throws(ExportError) in
            if let failed = AtomicFile.writeAll(fd, "x", count: 1) { throw .fromErrno(failed, path: path) }
        }
    }

    @Test func theNamesCountFromTwo() {
        let names = FreshName.candidates(base: "/p/Collage", extension: "png")
        #expect(names.count == 99)
        #expect(names.prefix(3) == ["/p/Collage.png", "/p/Collage (2).png", "/p/Collage (3).png"])
        #expect(names.last == "/p/Collage (99).png")
    }

    @Test func aTakenNameMovesToTheNextNumber() throws {
        let folder = try FixtureFolder()
        let base = folder.file("Photo")
        try write(base + ".jpg")
        try write(base + " (2).jpg")
        let written = try FreshName.first(of: FreshName.candidates(base: base, extension: "jpg"),
                                          taken: { (error: ExportError) in error.reason == .exists }, write)
        #expect(written == base + " (3).jpg")
        #expect(FileManager.default.fileExists(atPath: written))
    }

    @Test func anotherFailureStopsAtOnce() throws {
        let folder = try FixtureFolder()
        var tried: [String] = []
        #expect(throws: ExportError(path: folder.file("gone/x.png"), reason: .folderMissing)) {
            _ = try FreshName.first(of: FreshName.candidates(base: folder.file("gone/x"), extension: "png"),
                                    taken: { (error: ExportError) in error.reason == .exists }) { path throws(ExportError) in
                tried.append(path)
                try write(path)
            }
        }
        #expect(tried == [folder.file("gone/x.png")])
    }

    @Test func whenEveryNameIsTakenTheLastSaysSo() throws {
        let folder = try FixtureFolder()
        let names = FreshName.candidates(base: folder.file("a"), extension: "png").prefix(3).map { $0 }
        for name in names { try write(name) }
        #expect(throws: ExportError(path: names[2], reason: .exists)) {
            _ = try FreshName.first(of: names, taken: { (error: ExportError) in error.reason == .exists }, write)
        }
    }
}

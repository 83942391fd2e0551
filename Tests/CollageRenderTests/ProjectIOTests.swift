// ProjectIO on real files: written atomically and read back; refused, quickly
// and with the file named, when it is a FIFO, /dev/zero, a folder, a symlink
// loop, 1 GB of JSON (by its size, before reading); a missing photo, /dev/zero
// as a photo and the project itself as a photo are kept for the window to
// show as it shows any photo it cannot read; the preview kept for thumbnailers.

import CollageCore
import CollageRender
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ProjectIOTests {
    static func folder() -> String {
        var template = Array((NSTemporaryDirectory() + "/project-io-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: made!)
    }

    static func reason(_ path: String) -> ProjectIO.Failure.Reason? {
        do {
            _ = try ProjectIO.read(path: path)
            return nil
        } catch {
            #expect(error.description.contains(path))
            return error.reason
        }
    }

    @Test func aProjectIsWrittenAndReadBackWithItsPhotos() throws {
        let dir = Self.folder()
        let doc = CollageDocument(photos: [Photo(path: dir + "/a.jpg"), Photo(path: "/dev/zero"),
                                           Photo(path: dir + "/P.tinycollage"), Photo(path: dir + "/missing.png")],
                                  settings: CollageSettings(gap: 4), title: CollageTitle(text: "Hi"))
        try ProjectIO.write(doc, to: dir + "/P.tinycollage")
        let back = try ProjectIO.read(path: dir + "/P.tinycollage")
        #expect(back.document == doc)
        #expect(ProjectIO.isProject(path: dir + "/P.tinycollage"))
        // No temporary left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["P.tinycollage"])
    }

    /// A project's name is bytes, as every file's: one that is not UTF-8 (carried
    /// as FilePathText) is opened by those bytes, and its photos are beside it.
    @Test func aProjectWhoseNameIsNotUTF8IsWrittenAndReadWithItsPhotos() throws {
        let dir = Self.folder()
        let path = FilePathText.text(fromBytes: Array(dir.utf8) + [0x2F, 0x6E, 0xFF] + Array(".tinycollage".utf8))
        #expect(path.hasPrefix("file://"))
        let doc = CollageDocument(photos: [Photo(path: dir + "/a.jpg")])
        try ProjectIO.write(doc, to: path)
        #expect(ProjectIO.isProject(path: path))
        let back = try ProjectIO.read(path: path)
        #expect(back.document.photos.map(\.path) == [dir + "/a.jpg"])
    }

    /// The preview kept for thumbnailers: written and read back as bytes, refused
    /// past its limit, and nil (never a failure of the project) when it is no preview.
    @Test func aPreviewIsKeptInTheProjectWithinItsLimit() throws {
        let dir = Self.folder()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        try ProjectIO.write(CollageDocument(), to: dir + "/P.tinycollage", preview: png)
        #expect(try ProjectIO.preview(path: dir + "/P.tinycollage") == png)
        #expect(try ProjectIO.read(path: dir + "/P.tinycollage").document == CollageDocument())
        #expect(ProjectIO.isProject(path: dir + "/P.tinycollage"))
        try ProjectIO.write(CollageDocument(), to: dir + "/None.tinycollage")
        #expect(try ProjectIO.preview(path: dir + "/None.tinycollage") == nil)
        #expect(throws: ProjectIO.Failure.self) {
            try ProjectIO.write(CollageDocument(), to: dir + "/Big.tinycollage", preview: Data(count: ProjectFile.maximumPreviewBytes + 1))
        }
        for bad in [#""preview":"not base64!""#, #""preview":7"#, #""preview":"""#] {
            let text = #"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":[],"settings":{"outputSize":{"width":9,"height":9},"gap":0,"margin":0,"background":{"red":1,"green":1,"blue":1,"alpha":1}}},\#(bad)}"#
            try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/Bad.tinycollage"))
            #expect(try ProjectIO.preview(path: dir + "/Bad.tinycollage") == nil, "\(bad)")
        }
    }

    /// What the window saves with a project: the collage at 256 px at most, a PNG.
    @Test func thePreviewIsTheCollageSmall() throws {
        let folder = try FixtureFolder()
        let red = try folder.solid("a.png", colour: "red", width: 160, height: 90)
        let document = CollageDocument(photos: [Photo(path: red), Photo(path: folder.file("gone.png"))],
                                       settings: CollageSettings(outputSize: PixelSize(width: 1200, height: 600)))
        let png = try #require(ProjectPreview.png(of: document))
        try png.write(to: URL(fileURLWithPath: folder.file("p.png")))
        let info = try identify(folder.file("p.png"))
        #expect(info.format == "PNG" && info.width == 256 && info.height == 128, "\(info)")
        let pixel = try pixelWithImageMagick(folder.file("p.png"), x: 128, y: 64)
        #expect(pixel.r > 240 && pixel.g < 20, "the photo that can be read fills it: \(pixel)")
        #expect(ProjectPreview.png(of: CollageDocument(photos: [Photo(path: folder.file("gone.png"))])) == nil)
        // No temporary left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("tinycollage-preview-") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func aProjectIsKnownByItsBytesWithoutTheExtension() throws {
        let dir = Self.folder()
        try ProjectIO.write(CollageDocument(), to: dir + "/renamed.json")
        #expect(ProjectIO.isProject(path: dir + "/renamed.json"))
        try Data("{\"formatVersion\": 1}".utf8).write(to: URL(fileURLWithPath: dir + "/session.json"))
        #expect(!ProjectIO.isProject(path: dir + "/session.json"))
        #expect(!ProjectIO.isProject(path: "/dev/zero"))
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let path = Self.folder() + "/fifo.tinycollage"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(Self.reason(path) == .notRegularFile)
    }

    @Test func devicesAndFoldersAreRefused() {
        #expect(Self.reason("/dev/zero") == .notRegularFile)
        #expect(Self.reason(Self.folder()) == .notRegularFile)
    }

    @Test func aMissingProjectAndALinkLoopAreSaid() throws {
        let dir = Self.folder()
        #expect(Self.reason(dir + "/none.tinycollage") == .missing)
        #expect(symlink(dir + "/loop-b", dir + "/loop-a") == 0)
        #expect(symlink(dir + "/loop-a", dir + "/loop-b") == 0)
        if case .ioError = Self.reason(dir + "/loop-a") {} else { Issue.record("a link loop was not refused") }
    }

    @Test func aGigabyteOfJSONIsRefusedByItsSize() throws {
        let path = Self.folder() + "/big.tinycollage"
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        // Sparse: 1 GB on the size, nothing on the disk; reading it would take seconds.
        #expect(ftruncate(fd, 1 << 30) == 0)
        close(fd)
        #expect(Self.reason(path) == .tooLarge(1 << 30))
    }

    @Test func aNewerProjectIsRefusedWithAMessage() throws {
        let path = Self.folder() + "/new.tinycollage"
        try Data(#"{"application":"tinycollage-project","formatVersion":9,"document":{}}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(Self.reason(path) == .futureVersion(9))
        #expect(ProjectIO.Failure.Reason.futureVersion(9).userMessage.english.contains("newer TinyCollage"))
    }

    @Test func aProjectThatCannotBeWrittenSaysWhy() {
        do {
            try ProjectIO.write(CollageDocument(), to: "/nonexistent-folder/P.tinycollage")
            Issue.record("written into a folder that does not exist")
        } catch {
            #expect(error.reasonText.contains("folder does not exist"))
        }
    }
}

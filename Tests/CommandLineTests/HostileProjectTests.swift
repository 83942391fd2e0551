// Hostile projects given to `render` and `thumbnail` (issue 22's "Done
// when"): photos that are devices (/dev/zero, /dev/urandom, /proc/self/mem),
// the project itself, a link loop; 1 GB of JSON (sparse: refused by its size
// within a second, never read); a newer format; values of the wrong type and
// numbers past any collage. Each is refused, or drawn with what was
// corrected said, in a message naming the file, within seconds. Field by
// field, the same is checked in ProjectFileHostileTests.

import Foundation
import Testing
import TestSupport

@Suite struct HostileProjectTests {
    static func project(_ folder: FixtureFolder, photos: [String], settings: String? = nil, title: String = "",
                        name: String = "P.tinycollage") throws -> String {
        let items = photos.map {
            #"{"id":"\#(UUID().uuidString)","path":"\#($0)","crop":{"zoom":1,"centerX":0.5,"centerY":0.5}}"#
        }
        let plain = #"{"outputSize":{"width":300,"height":200},"gap":0,"margin":0,"background":{"red":1,"green":1,"blue":1,"alpha":1}}"#
        let text = #"{"application":"tinycollage-project","formatVersion":1,"document":{"photos":[\#(items.joined(separator: ","))],"settings":\#(settings ?? plain)\#(title)}}"#
        return try folder.write(name, bytes: Array(text.utf8))
    }

    /// Both commands on `project`, timed; neither may leave an output behind when it fails.
    static func both(_ project: String, _ folder: FixtureFolder) throws -> [(command: String, result: ProcessOutput, seconds: Double)] {
        try [["render", "-o", folder.file("r.png"), project], ["thumbnail", "-s", "64", project, folder.file("t.png")]].map { arguments in
            let start = Date()
            let result = try tinycollage(arguments)
            let seconds = Date().timeIntervalSince(start)
            if result.status != 0 {
                #expect(!folder.exists("r.png") && !folder.exists("t.png"), "\(arguments[0]) left its output")
            }
            try? FileManager.default.removeItem(atPath: folder.file("r.png"))
            try? FileManager.default.removeItem(atPath: folder.file("t.png"))
            return (arguments[0], result, seconds)
        }
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom", "/proc/self/mem", "P.tinycollage", "loop"])
    func aPhotoThatIsNoPhotoIsRefusedByRenderAndLeftOutOfTheThumbnail(_ path: String) throws {
        let folder = try FixtureFolder()
        #expect(symlink(folder.file("loop"), folder.file("loop")) == 0)
        _ = try folder.solid("a.png", colour: "red")
        let project = try Self.project(folder, photos: [path, "a.png"])
        let named = path.hasPrefix("/") ? path : folder.file(path)
        for run in try Self.both(project, folder) {
            #expect(run.seconds < 10, "\(run.command) took \(run.seconds) s")
            if run.command == "render" {
                #expect(run.result.status == 1 && run.result.stderr.contains(named), "\(run.result.stderr)")
            } else {
                // The thumbnail is drawn from the photo that can be read, and says which one it left out.
                #expect(run.result.status == 0, "\(run.result.stderr)")
                #expect(run.result.stderr.contains(project) && run.result.stderr.contains("left out of the thumbnail: \(named)"),
                        "\(run.result.stderr)")
            }
        }
        // Alone, it leaves nothing to draw: both refuse.
        let alone = try Self.project(folder, photos: [path], name: "Alone.tinycollage")
        for run in try Self.both(alone, folder) {
            #expect(run.result.status == 1 && run.result.stderr.contains(named), "\(run.command): \(run.result.stderr)")
            #expect(run.seconds < 10, "\(run.command) took \(run.seconds) s")
        }
    }

    @Test func aGigabyteOfJSONALinkLoopAndANewerFormatAreRefusedNamingTheProject() throws {
        let folder = try FixtureFolder()
        let big = folder.file("Big.tinycollage")
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 1 << 30) == 0)
        #expect(symlink(folder.file("Loop.tinycollage"), folder.file("Loop.tinycollage")) == 0)
        let newer = try folder.write("New.tinycollage",
                                     bytes: Array(#"{"application":"tinycollage-project","formatVersion":99,"document":{}}"#.utf8))
        for (project, reason) in [(big, "1073741824 bytes, too large"), (folder.file("Loop.tinycollage"), "symbolic links"),
                                  (newer, "newer TinyCollage (project format 99)")] {
            for run in try Self.both(project, folder) {
                #expect(run.result.status == 1, "\(run.command) \(project): \(run.result.stderr)")
                #expect(run.result.stderr.contains(project) && run.result.stderr.contains(reason), "\(run.command): \(run.result.stderr)")
                #expect(run.seconds < 5, "\(run.command) \(project) took \(run.seconds) s")
            }
        }
    }

    @Test func valuesOfTheWrongTypeAreRefusedSayingWhereOrCorrectedAndSaid() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red")
        let damaged = try Self.project(folder, photos: ["a.png"],
                                       settings: #"{"outputSize":{"width":"wide","height":200},"gap":0,"margin":0,"background":{"red":1,"green":1,"blue":1,"alpha":1}}"#)
        for run in try Self.both(damaged, folder) {
            #expect(run.result.status == 1, "\(run.command): \(run.result.stderr)")
            #expect(run.result.stderr.contains("\(damaged): the project is damaged (document.settings.outputSize.width is not a number)"),
                    "\(run.command): \(run.result.stderr)")
        }
        let corrected = try Self.project(
            folder, photos: ["a.png"],
            settings: #"{"outputSize":{"width":300,"height":200},"gap":0,"margin":0,"background":{"red":1e308,"green":-1,"blue":1,"alpha":1},"layout":7,"style":{"cornerRadius":"round","borderWidth":-1}}"#,
            title: #","title":{"text":["not","text"],"size":1e308}"#, name: "Fixed.tinycollage")
        for run in try Self.both(corrected, folder) {
            #expect(run.result.status == 0, "\(run.command): \(run.result.stderr)")
            let said = run.result.stderr
            #expect(said.contains("\(corrected): corrected what could not be used"), "\(run.command): \(said)")
            for part in ["settings that cannot be read (layout)", "a background colour out of range", "cornerRadius",
                         "a border of -1 pixels", "parts of the title that cannot be read (text, size)"] {
                #expect(said.contains(part), "\(run.command): \(part) in \(said)")
            }
        }
    }

    @Test func sizesPastAnyCollageAreRefusedNamingTheProject() throws {
        let folder = try FixtureFolder()
        _ = try folder.solid("a.png", colour: "red")
        let huge = try Self.project(folder, photos: ["a.png"],
                                    settings: #"{"outputSize":{"width":9223372036854775807,"height":200},"gap":9223372036854775807,"margin":-1,"background":{"red":1,"green":1,"blue":1,"alpha":1}}"#)
        let render = try tinycollage(["render", "-o", folder.file("r.png"), huge])
        #expect(render.status == 1, "\(render.stderr)")
        // Corrected to what the layout can compute with, then refused as too large to draw — by the project's name.
        #expect(render.stderr.contains("\(huge): corrected what could not be used"), "\(render.stderr)")
        #expect(render.stderr.contains("\(huge): a collage of 1048576×200 is larger than"), "\(render.stderr)")
        #expect(!folder.exists("r.png"))
        // The thumbnail of it is small, so it can be drawn: from the corrected values.
        let thumbnail = try tinycollage(["thumbnail", "-s", "64", huge, folder.file("t.png")])
        #expect(thumbnail.status == 0 && thumbnail.stderr.contains("\(huge): corrected"), "\(thumbnail.stderr)")
        #expect(try identify(folder.file("t.png")).width == 64)
    }

    @Test func aProjectWithNoPhotosIsRefusedByRenderNamingIt() throws {
        let folder = try FixtureFolder()
        let empty = try Self.project(folder, photos: [])
        let result = try tinycollage(["render", "-o", folder.file("r.png"), empty])
        #expect(result.status == 1 && result.stderr.contains("\(empty): the project has no photos"), "\(result.stderr)")
    }
}

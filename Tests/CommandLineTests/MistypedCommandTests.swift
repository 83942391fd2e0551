// A mistyped command, as a user types it with no display: `tinycollage rendr
// -o x.png a.jpg` is a usage mistake (exit 2) naming the closest command,
// and writes nothing; a word that is a file, or anything that looks like a
// file (a path, an extension, a URI, another script), is not taken for one.

import Foundation
import Testing
import TestSupport

@Suite struct MistypedCommandTests {
    func headless(_ arguments: [String], in folder: FixtureFolder, language: String = "en") throws -> ProcessOutput {
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = language
        for name in ["LC_ALL", "LANG", "DISPLAY", "WAYLAND_DISPLAY"] { environment[name] = nil }
        // The words are looked for in the current folder, as a shell user's are.
        return try run("/bin/sh", ["-c", "cd \"$0\" && exec \"$@\"", folder.path, binary] + arguments, environment: environment)
    }

    @Test(arguments: [
        ("rendr", "render"), ("redner", "render"), ("rende", "render"), ("Render", "render"),
        ("sugest-title", "suggest-title"), ("suggest-titel", "suggest-title"), ("suggest", "suggest-title"),
    ])
    func aTypoNamesTheClosestCommand(_ typo: String, _ command: String) throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.jpg", colour: "red")
        let result = try headless([typo, "-o", "x.png", photo], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("unknown command “\(typo)”; did you mean “\(command)”?"), "\(result.stderr)")
        #expect(!result.stderr.contains("display") && !result.stderr.contains("Unknown option"), "\(result.stderr)")
        #expect(!folder.exists("x.png"))
    }

    @Test func aWordFarFromEveryCommandListsThem() throws {
        let folder = try FixtureFolder()
        let result = try headless(["holiday"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command “holiday”, and no such file; the commands are “render”, “suggest-title”, “thumbnail”"),
                "\(result.stderr)")
        let ja = try headless(["rendr", "-o", "x.png"], in: folder, language: "ja")
        #expect(ja.status == 2 && ja.stderr.contains("「render」のことですか") && !ja.stderr.contains("unknown command"), "\(ja.stderr)")
    }

    /// Each of these goes to the window, which, with no display, cannot open.
    @Test(arguments: ["rendr", "photo.jpg", "./rendr", "写真", "file:///tmp/a.jpg", "IMG-2041"])
    func whatLooksLikeAFileIsLeftToTheWindow(_ argument: String) throws {
        let folder = try FixtureFolder()
        // "rendr" and "IMG-2041" are files here; the others are not there at all.
        try FileManager.default.moveItem(atPath: try folder.solid("b.png", colour: "blue"), toPath: folder.file("rendr"))
        _ = try folder.write("IMG-2041", bytes: [0xff])
        let result = try headless([argument], in: folder)
        #expect(result.status != 2 && !result.stderr.contains("unknown command"), "\(result)")
    }

    @Test func theCommandsThemselvesStillWork() throws {
        let folder = try FixtureFolder()
        let photo = try folder.solid("a.jpg", colour: "red")
        // Even with a file named like the command beside them.
        try FileManager.default.moveItem(atPath: try folder.solid("b.png", colour: "blue"), toPath: folder.file("render"))
        #expect(try headless(["render", "-o", "x.png", photo], in: folder).status == 0)
        #expect(folder.exists("x.png"))
        #expect(try headless(["suggest-title", photo], in: folder).status == 0)
    }
}

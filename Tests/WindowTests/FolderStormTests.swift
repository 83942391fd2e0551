// A folder in which thousands of files change at once keeps the window
// responsive (issue 19 point 4): 3,000 photos moved into Pictures, rewritten
// in place, then deleted, while the test keeps asking the running app a
// question (the read-only test hook, answered on the main loop, as a click
// would be). On 8095ddd each change was its own edit of the gallery's store:
// the app did not answer for 20 s after the move, 18 s during the rewrites
// and 74 s after the delete, and made 3,000 store edits for each.

import Foundation
import Testing
import TestSupport

extension AppWindow {
@Suite struct FolderStormTests {
    static let count = 3000

    /// Asks the app until `done` holds (or a minute passes); returns the slowest
    /// answer in seconds and the last statistics.
    func watch(_ app: AppUnderTest, while work: @escaping @Sendable () -> Void,
               until done: ([String: Int]) -> Bool) throws -> (slowest: Double, stats: [String: Int]) {
        let worker = Thread(block: work)
        worker.start()
        let started = Date()
        var slowest = 0.0
        var stats: [String: Int] = [:]
        repeat {
            let asked = Date()
            stats = try app.galleryStats()
            slowest = max(slowest, Date().timeIntervalSince(asked))
            if worker.isFinished, done(stats) { break }
            usleep(50_000)
        } while Date().timeIntervalSince(started) < 60
        return (slowest, stats)
    }

    @Test func thousandsOfChangesAtOnceKeepTheWindowAnswering() throws {
        let app = try AppUnderTest()
        let pictures = app.pictures
        let staging = app.home.file("staging")
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        let photo = try app.home.solid("photo.jpg", colour: "blue", width: 64, height: 48)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        let names = (0..<Self.count).map { String(format: "p%05d.jpg", $0) }
        for name in names { try bytes.write(to: URL(fileURLWithPath: staging + "/" + name)) }

        // Moved in at once, as a file manager's paste of a camera's folder.
        let moved = try watch(app, while: {
            for name in names { rename(staging + "/" + name, pictures + "/" + name) }
        }, until: { $0["items"] == Self.count })
        #expect(moved.stats["items"] == Self.count, "\(moved.stats)")
        #expect(moved.slowest < 5, "the app took \(moved.slowest) s to answer while 3,000 files came in")
        #expect((moved.stats["storeEdits"] ?? .max) < Self.count / 10, "\(moved.stats)")

        // Rewritten in place: each is looked at again, still one item each.
        let before = moved.stats["storeEdits"] ?? 0
        let rewritten = try watch(app, while: {
            for name in names {
                if let handle = FileHandle(forWritingAtPath: pictures + "/" + name) {
                    handle.seekToEndOfFile()
                    handle.write(Data([0]))
                    handle.closeFile()
                }
            }
        }, until: { ($0["storeEdits"] ?? 0) > before })
        usleep(500_000)
        let settled = try app.galleryStats()
        #expect(settled["items"] == Self.count, "\(settled)")
        #expect(rewritten.slowest < 5, "the app took \(rewritten.slowest) s to answer while 3,000 files were rewritten")
        #expect((settled["storeEdits"] ?? .max) - before < Self.count / 10, "\(settled)")

        // Deleted at once.
        let deleted = try watch(app, while: {
            for name in names { unlink(pictures + "/" + name) }
        }, until: { $0["items"] == 0 })
        #expect(deleted.stats["items"] == 0, "\(deleted.stats)")
        #expect(deleted.slowest < 5, "the app took \(deleted.slowest) s to answer while 3,000 files were deleted")
        #expect(app.isAlive)
    }
}
}

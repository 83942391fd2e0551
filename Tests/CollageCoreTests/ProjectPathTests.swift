// The project a document belongs to (issue 22 point 1): it follows the
// document through Undo and Redo, so undoing the opening of a project brings
// back the collage before it with its own project (or none), and Save Project
// never writes one collage over another's file; and the session keeps it, so
// Save Project writes there after a restart, while a session without one
// reads as before.

import CollageCore
import Foundation
import Testing

@Suite struct ProjectPathTests {
    private func photos(_ names: String...) -> [Photo] { names.map { Photo(path: "/photos/\($0).jpg") } }

    @Test func openingAProjectIsOneUndoStepThatTakesItsPathBackToo() {
        let store = CollageStore()
        store.add(photos("a"))
        store.start(CollageDocument(photos: photos("b", "c")), projectPath: "/p/Trip.tinycollage")
        #expect(store.projectPath == "/p/Trip.tinycollage")
        store.add(photos("d"))
        #expect(store.projectPath == "/p/Trip.tinycollage", "an edit keeps the project")
        store.undo()
        store.undo()
        #expect(store.document.photos.map(\.path) == ["/photos/a.jpg"])
        #expect(store.projectPath == nil, "the collage before it was never a project")
        store.redo()
        #expect(store.projectPath == "/p/Trip.tinycollage")
    }

    @Test func newCollageAfterAProjectIsNoProject() {
        let store = CollageStore(document: CollageDocument(photos: photos("a")), projectPath: "/p/A.tinycollage")
        store.start(CollageDocument())
        #expect(store.projectPath == nil)
        store.undo()
        #expect(store.projectPath == "/p/A.tinycollage")
    }

    @Test func theSameCollageOpenedFromAnotherProjectStillChangesTheProject() {
        let document = CollageDocument(photos: photos("a"))
        let store = CollageStore(document: document, projectPath: "/p/A.tinycollage")
        store.start(document, projectPath: "/p/B.tinycollage")
        #expect(store.projectPath == "/p/B.tinycollage" && store.canUndo)
    }

    @Test func savingAsAProjectIsNoUndoStepAndTellsNoObserver() {
        let store = CollageStore(document: CollageDocument(photos: photos("a")))
        var told = 0
        store.observe { _, _ in told += 1 }
        store.savedAsProject("/p/A.tinycollage")
        #expect(store.projectPath == "/p/A.tinycollage" && !store.canUndo && told == 0)
    }

    @Test func theSessionKeepsTheProjectPath() throws {
        let document = CollageDocument(photos: photos("a", "b"))
        let data = try SessionFile.encode(document, projectPath: "/p/Trip.tinycollage")
        let read = try SessionFile.decodeSession(data)
        #expect(read.document == document && read.projectPath == "/p/Trip.tinycollage")
    }

    @Test func aSessionWithoutAProjectHasNoKeyForIt() throws {
        let data = try SessionFile.encode(CollageDocument(photos: photos("a")))
        #expect(!String(decoding: data, as: UTF8.self).contains("projectPath"), "older TinyCollages read it as before")
        #expect(try SessionFile.decodeSession(data).projectPath == nil)
    }

    @Test(arguments: ["Trip.tinycollage", "", "/p/a\0b.tinycollage"])
    func aProjectPathThatNamesNoFileIsLeftOut(_ path: String) throws {
        let data = try SessionFile.encode(CollageDocument(photos: photos("a")), projectPath: path)
        let read = try SessionFile.decodeSession(data)
        #expect(read.projectPath == nil && read.document.photos.count == 1)
    }
}

// The document's operations as the window and the command line use them:
// the nine-photo limit, order, undo/redo, and observers told once per change.

import CollageCore
import Foundation
import Testing

@Suite struct StoreTests {
    func photos(_ names: String...) -> [Photo] { names.map { Photo(path: "/photos/\($0).jpg") } }
    func names(_ store: CollageStore) -> [String] { store.document.photos.map { String($0.displayName.dropLast(4)) } }

    @Test func addAppendsOnTheRight() {
        let store = CollageStore()
        store.add(photos("a", "b"))
        store.add(photos("c"))
        #expect(names(store) == ["a", "b", "c"])
    }

    @Test func addPastNineAddsWhatFitsAndCountsTheRest() {
        let store = CollageStore()
        store.add(photos("1", "2", "3", "4", "5", "6", "7"))
        let result = store.add(photos("8", "9", "10", "11"))
        #expect(result.added.count == 2)
        #expect(result.leftOut == 2)
        #expect(names(store) == ["1", "2", "3", "4", "5", "6", "7", "8", "9"])
        let full = store.add(photos("12"))
        #expect(full.added.isEmpty && full.leftOut == 1)
        #expect(store.document.photos.count == 9)
    }

    @Test func insertAtAPosition() {
        let store = CollageStore()
        store.add(photos("a", "b", "c"))
        store.insert(photos("x", "y"), at: 1)
        #expect(names(store) == ["a", "x", "y", "b", "c"])
        store.insert(photos("z"), at: 99)
        #expect(names(store) == ["a", "x", "y", "b", "c", "z"])
    }

    @Test func moveLandsWhereDropped() {
        let store = CollageStore()
        store.add(photos("a", "b", "c", "d"))
        #expect(store.move(from: 2, to: 0))
        #expect(names(store) == ["c", "a", "b", "d"])
        #expect(store.move(from: 0, to: 3))
        #expect(names(store) == ["a", "b", "d", "c"])
        #expect(!store.move(from: 1, to: 1))
        #expect(!store.move(from: 5, to: 0))
    }

    @Test func removeAndClear() {
        let store = CollageStore()
        store.add(photos("a", "b", "c"))
        let b = store.document.photos[1]
        #expect(store.remove(id: b.id) == b)
        #expect(names(store) == ["a", "c"])
        #expect(store.remove(id: b.id) == nil)
        store.clear()
        #expect(store.document.photos.isEmpty)
    }

    /// New Collage and photos opened from outside: the other collage takes
    /// this one's place in one step; one Undo brings this one back whole.
    @Test func startingAnotherCollageIsOneUndoStep() {
        let store = CollageStore()
        store.add(photos("a", "b", "c"))
        store.setTitle(CollageTitle(text: "Kyoto"))
        let old = store.document
        var fresh = CollageDocument(settings: CollageSettings(gap: 12))
        fresh.insert(photos("x"), at: 0)
        var changes: [CollageStore.Change] = []
        store.observe { _, change in changes.append(change) }
        store.start(fresh)
        #expect(names(store) == ["x"])
        #expect(store.document.settings.gap == 12)
        #expect(store.document.title.text.isEmpty)
        #expect(changes == [CollageStore.Change([.photos, .settings, .title])])
        #expect(store.undo())
        #expect(store.document == old)
        #expect(store.redo())
        #expect(names(store) == ["x"])
        // The same collage again is no step at all.
        store.start(store.document)
        #expect(store.canRedo == false)
        #expect(store.undo() && store.document == old)
    }

    @Test func clearAllTakesTheTitleAlongAndOneUndoBringsBothBack() {
        let store = CollageStore()
        store.add(photos("a", "b"))
        var title = CollageTitle(text: "Kyoto, 3–5 April 2026")
        title.position = .bottom
        store.setTitle(title)
        var changes: [CollageStore.Change] = []
        store.observe { _, change in changes.append(change) }
        store.clear()
        #expect(store.document.photos.isEmpty)
        #expect(store.document.title.text.isEmpty)
        #expect(store.document.title.position == .bottom, "the look stays")
        #expect(changes == [CollageStore.Change([.photos, .title])])
        store.add(photos("c"))
        store.undo()
        store.undo()
        #expect(names(store) == ["a", "b"])
        #expect(store.document.title == title)
        // Without a title, Clear All touches the photos only.
        let plain = CollageStore()
        plain.add(photos("a"))
        changes = []
        plain.observe { _, change in changes.append(change) }
        plain.clear()
        #expect(changes == [CollageStore.Change(.photos)])
    }

    @Test func theSameFileTwiceIsTwoPhotos() {
        let store = CollageStore()
        store.add(paths: ["/p/a.jpg", "/p/a.jpg"])
        #expect(store.document.photos.count == 2)
        #expect(store.document.photos[0].id != store.document.photos[1].id)
        store.remove(id: store.document.photos[0].id)
        #expect(store.document.photos.map(\.path) == ["/p/a.jpg"])
    }

    @Test func everyChangeUndoesAndRedoes() {
        let store = CollageStore()
        var history: [CollageDocument] = [store.document]
        store.add(photos("a", "b", "c")); history.append(store.document)
        store.insert(photos("d"), at: 0); history.append(store.document)
        store.move(from: 0, to: 3); history.append(store.document)
        store.remove(id: store.document.photos[1].id); history.append(store.document)
        store.setSettings(CollageSettings(gap: 12)); history.append(store.document)
        store.setCrop(Crop(zoom: 2), for: store.document.photos[0].id); history.append(store.document)
        store.clear(); history.append(store.document)
        for expected in history.reversed().dropFirst() {
            #expect(store.undo())
            #expect(store.document == expected)
        }
        #expect(!store.undo())
        for expected in history.dropFirst() {
            #expect(store.redo())
            #expect(store.document == expected)
        }
        #expect(!store.redo())
    }

    @Test func aNewChangeForgetsTheRedo() {
        let store = CollageStore()
        store.add(photos("a"))
        store.add(photos("b"))
        store.undo()
        #expect(store.canRedo)
        store.add(photos("c"))
        #expect(!store.canRedo)
        #expect(names(store) == ["a", "c"])
    }

    @Test func observersAreToldOncePerChange() {
        let store = CollageStore()
        var changes: [CollageStore.Change] = []
        let token = store.observe { _, change in changes.append(change) }
        store.add(photos("a", "b"))
        store.move(from: 0, to: 1)
        store.move(from: 0, to: 0)  // nothing happens, nobody is told
        store.setSettings(store.document.settings)  // the same: nothing
        store.setSettings(CollageSettings(margin: 4))
        store.undo()
        store.redo()
        #expect(changes == [CollageStore.Change(.photos), CollageStore.Change(.photos), CollageStore.Change(.settings),
                             CollageStore.Change(.settings, .undo), CollageStore.Change(.settings, .redo)])
        store.removeObserver(token)
        store.clear()
        #expect(changes.count == 5)
    }

    @Test func observersSeeTheNewDocument() {
        let store = CollageStore()
        var seen: [Int] = []
        store.observe { document, _ in seen.append(document.photos.count) }
        store.add(photos("a"))
        store.add(photos("b"))
        store.undo()
        #expect(seen == [1, 2, 1])
    }

    @Test func undoSaysWhichPartsItChanged() {
        let store = CollageStore()
        store.add(photos("a", "b"))
        let id = store.document.photos[0].id
        store.setCrop(Crop(zoom: 2), for: id)
        store.move(from: 0, to: 1)
        var changes: [CollageStore.Change] = []
        store.observe { _, change in changes.append(change) }
        store.undo()
        store.undo()
        store.undo()
        #expect(changes.map(\.parts) == [.photos, .crops, .photos])
        #expect(changes.map(\.cause) == [.undo, .undo, .undo])
        #expect(changes[1].touches(.crops) && !changes[1].touches(.photos))
        store.replace(with: CollageDocument())
        #expect(changes.last == CollageStore.Change(.all, .replaced))
    }

    @Test func undoHistoryIsBounded() {
        let store = CollageStore()
        store.add(photos("a", "b"))
        for _ in 0..<(CollageStore.undoLimit + 50) { store.move(from: 0, to: 1) }
        var steps = 0
        while store.undo() { steps += 1 }
        #expect(steps == CollageStore.undoLimit)
    }

    @Test func replaceForgetsHistory() {
        let store = CollageStore()
        store.add(photos("a"))
        store.replace(with: CollageDocument(photos: photos("x", "y")))
        #expect(!store.canUndo)
        #expect(names(store) == ["x", "y"])
    }

    @Test func aSwapTradesTwoPlacesInOneUndoStep() {
        let store = CollageStore()
        store.add(paths: ["/a.jpg", "/b.jpg", "/c.jpg"])
        store.setCrop(Crop(zoom: 2), for: store.document.photos[0].id)
        #expect(store.swap(0, 2))
        #expect(store.document.photos.map(\.path) == ["/c.jpg", "/b.jpg", "/a.jpg"])
        #expect(store.document.photos[2].crop.zoom == 2)
        #expect(!store.swap(1, 1) && !store.swap(0, 9))
        store.undo()
        #expect(store.document.photos.map(\.path) == ["/a.jpg", "/b.jpg", "/c.jpg"])
    }

    @Test func aLayoutIsASettingWithItsOwnUndo() {
        let store = CollageStore()
        store.add(paths: ["/a.jpg", "/b.jpg"])
        var settings = store.document.settings
        settings.layout = .mosaic
        store.setSettings(settings)
        #expect(store.document.settings.layout == .mosaic)
        store.undo()
        #expect(store.document.settings.layout == .columns)
    }
}

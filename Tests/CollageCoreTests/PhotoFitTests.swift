// A photo's own fit (issue 23, point 5): kept in the session, absent from a
// session from before it (nil: the collage's fit), an unknown value read as
// nil rather than losing the session, one undo step per change, and the
// photo's own value winning over the collage's.

import CollageCore
import Foundation
import Testing

@Suite struct PhotoFitTests {
    func session(photo: String) -> Data {
        Data(#"{"formatVersion": 1, "document": {"photos": [\#(photo)], "settings": {"outputSize": {"width": 1080, "height": 1080}, "gap": 0, "margin": 0, "background": {"red": 1, "green": 1, "blue": 1, "alpha": 1}}}}"#.utf8)
    }

    @Test(arguments: [PhotoFit?.none, .contain, .cover])
    func aPhotosFitComesBackAsSaved(fit: PhotoFit?) throws {
        let document = CollageDocument(photos: [Photo(path: "/a.jpg", fit: fit), Photo(path: "/b.jpg")])
        let (read, repairs) = try SessionFile.decodeChecked(try SessionFile.encode(document))
        #expect(read.photos.map(\.fit) == [fit, nil])
        #expect(repairs.isEmpty)
    }

    @Test(arguments: [
        #"{"id": "8A1D6E0C-3C9B-4C55-9E46-2C0C7D1E5B11", "path": "/p.jpg", "crop": {"zoom": 2, "centerX": 0.5, "centerY": 0.5}}"#,
        #"{"id": "8A1D6E0C-3C9B-4C55-9E46-2C0C7D1E5B11", "path": "/p.jpg", "crop": {"zoom": 2, "centerX": 0.5, "centerY": 0.5}, "fit": "stretch"}"#,
        #"{"id": "8A1D6E0C-3C9B-4C55-9E46-2C0C7D1E5B11", "path": "/p.jpg", "crop": {"zoom": 2, "centerX": 0.5, "centerY": 0.5}, "fit": 7}"#,
        #"{"id": "8A1D6E0C-3C9B-4C55-9E46-2C0C7D1E5B11", "path": "/p.jpg", "crop": {"zoom": 2, "centerX": 0.5, "centerY": 0.5}, "fit": null}"#,
    ])
    func anOldOrUnknownFitFollowsTheCollage(photo: String) throws {
        let (read, repairs) = try SessionFile.decodeChecked(session(photo: photo))
        #expect(read.photos.count == 1)
        #expect(read.photos.first?.fit == nil)
        #expect(read.photos.first?.crop.zoom == 2, "the rest of the photo is kept")
        // An absent or null fit is an older session's; a value that is no fit is said.
        let unreadable = photo.contains("stretch") || photo.contains(#""fit": 7"#)
        #expect(repairs == (unreadable ? ["photo 1 has a fit that cannot be read: it follows the collage’s"] : []))
        #expect(read.photos.first?.unreadableFit == false, "the mark is for the message only")
    }

    @Test func aSavedFitIsRead() throws {
        let (read, _) = try SessionFile.decodeChecked(session(photo: #"{"id": "8A1D6E0C-3C9B-4C55-9E46-2C0C7D1E5B11", "path": "/p.jpg", "crop": {"zoom": 1, "centerX": 0.5, "centerY": 0.5}, "fit": "contain"}"#))
        #expect(read.photos.first?.fit == .contain)
    }

    @Test func thePhotosOwnFitWins() {
        let whole = CollageStyle(fit: .contain), filled = CollageStyle(fit: .cover)
        #expect(Photo(path: "/a").fit(in: whole) == .contain)
        #expect(Photo(path: "/a").fit(in: filled) == .cover)
        #expect(Photo(path: "/a", fit: .cover).fit(in: whole) == .cover)
        #expect(Photo(path: "/a", fit: .contain).fit(in: filled) == .contain)
    }

    @Test func eachChangeIsOneUndoStepAndTheSameValueIsNone() {
        let a = Photo(path: "/a.jpg"), b = Photo(path: "/b.jpg")
        let store = CollageStore(document: CollageDocument(photos: [a, b]))
        store.setFit(.contain, for: a.id)
        store.setFit(.contain, for: a.id)
        store.setFit(.cover, for: a.id)
        store.setFit(.contain, for: UUID())
        #expect(store.document.photos.map(\.fit) == [.cover, nil])
        #expect(store.undo())
        #expect(store.document.photos.map(\.fit) == [.contain, nil])
        #expect(store.undo())
        #expect(store.document.photos.map(\.fit) == [nil, nil])
        #expect(!store.canUndo, "a change to the same value, or of no photo, is no step")
        #expect(CollageDocument(photos: [Photo(id: a.id, path: a.path, fit: .contain)])
            .differences(from: CollageDocument(photos: [a])) == .crops)
    }

    @Test func thePhotoAreaIsTheCellInsideTheBorder() {
        let cell = CellRect(x: 40, y: 40, width: 140, height: 320)
        #expect(CollageStyle(borderWidth: 20).photoArea(of: cell, scale: 1) == CellRect(x: 60, y: 60, width: 100, height: 280))
        #expect(CollageStyle(borderWidth: 20).photoArea(of: cell, scale: 0.5) == CellRect(x: 50, y: 50, width: 120, height: 300))
        #expect(CollageStyle().photoArea(of: cell, scale: 1) == cell)
        // Never so wide that no photo is left.
        #expect(CollageStyle(borderWidth: 5_000).photoArea(of: cell, scale: 1).width >= 1)
    }
}

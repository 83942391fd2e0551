// The one owner of the document. Every change goes through a method here,
// which records undo, then tells each observer once.
//
//          ┌──────────── CollageStore ────────────┐
//  window ─┤ add/insert/move/remove/clear/        │
//  actions │ setSettings/setCrop/setTitle/        │
//          │ undo/redo                            │
//  CLI ────┤   document ── undo stack ── redo     │
//          └──────┬───────────────────────────────┘
//                 │ observers, once per change
//        ┌────────┼──────────────┬──────────────┐
//     preview   strip         gallery       session file
//   (renderer) (thumbnails)  (check marks)  (SessionStore)
//
// Not thread-safe by design: it lives on the thread that owns the UI (or the
// command line's main thread); renderers get Sendable document snapshots.

import Foundation

public final class CollageStore {
    public enum Change: Equatable, Sendable {
        case photos
        case settings
        case crop(Photo.ID)
        case title
        /// Facts learned about photos (their sizes); not an undoable change.
        case info
        case undo
        case redo
        case replaced
    }

    public typealias Observer = (CollageDocument, Change) -> Void

    public private(set) var document: CollageDocument
    private var undoStack: [CollageDocument] = []
    private var redoStack: [CollageDocument] = []
    private var observers: [Int: Observer] = [:]
    private var nextObserverID = 0
    /// The last step was a title edit that later typing may join (see setTitle).
    private var typingStep = false
    /// Enough for an afternoon of edits; each entry is a handful of paths.
    public static let undoLimit = 200

    public init(document: CollageDocument = CollageDocument()) {
        self.document = document
    }

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Registers an observer; keep the returned token to remove it.
    @discardableResult
    public func observe(_ observer: @escaping Observer) -> Int {
        nextObserverID += 1
        observers[nextObserverID] = observer
        return nextObserverID
    }

    public func removeObserver(_ token: Int) {
        observers[token] = nil
    }

    // MARK: Changes

    @discardableResult
    public func add(_ photos: [Photo]) -> CollageDocument.AddResult {
        insert(photos, at: document.photos.count)
    }

    @discardableResult
    public func add(paths: [String]) -> CollageDocument.AddResult {
        add(paths.map { Photo(path: $0) })
    }

    @discardableResult
    public func insert(_ photos: [Photo], at index: Int) -> CollageDocument.AddResult {
        var next = document
        let result = next.insert(photos, at: index)
        if !result.added.isEmpty { commit(next, .photos) }
        return result
    }

    @discardableResult
    public func move(from source: Int, to destination: Int) -> Bool {
        var next = document
        guard next.move(from: source, to: destination) else { return false }
        commit(next, .photos)
        return true
    }

    @discardableResult
    public func remove(id: Photo.ID) -> Photo? {
        var next = document
        guard let removed = next.remove(id: id) else { return nil }
        commit(next, .photos)
        return removed
    }

    public func clear() {
        guard !document.photos.isEmpty else { return }
        var next = document
        next.photos.removeAll()
        commit(next, .photos)
    }

    public func setSettings(_ settings: CollageSettings) {
        guard settings != document.settings else { return }
        var next = document
        next.settings = settings
        commit(next, .settings)
    }

    public func setCrop(_ crop: Crop, for id: Photo.ID) {
        guard let index = document.index(of: id), document.photos[index].crop != crop else { return }
        var next = document
        next.photos[index].crop = crop
        commit(next, .crop(id))
    }

    /// Changes the title. With `typing`, the change joins the step before it
    /// when that was typing too, so a burst of letters is one undo step, not
    /// one per letter; `endTyping()` (a pause) or any other change ends the burst.
    public func setTitle(_ title: CollageTitle, typing: Bool = false) {
        guard title != document.title else { return }
        var next = document
        next.title = title
        if typing, typingStep {
            redoStack.removeAll()
            document = next
            notify(.title)
            return
        }
        commit(next, .title)
        typingStep = typing
    }

    /// The next typed change starts an undo step of its own.
    public func endTyping() {
        typingStep = false
    }

    /// Records the pixel sizes learned of photos (a render tells all of them
    /// at once), without an undo step; observers are told once, if anything changed.
    public func updateSizes(_ sizes: [Photo.ID: PixelSize]) {
        var changed = false
        for (id, size) in sizes {
            guard let index = document.index(of: id), document.photos[index].pixelSize != size else { continue }
            document.photos[index].pixelSize = size
            changed = true
        }
        if changed { notify(.info) }
    }

    /// Replaces the whole document, e.g. from a restored session; forgets history.
    public func replace(with newDocument: CollageDocument) {
        document = newDocument
        typingStep = false
        undoStack.removeAll()
        redoStack.removeAll()
        notify(.replaced)
    }

    @discardableResult
    public func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        typingStep = false
        redoStack.append(document)
        document = previous
        notify(.undo)
        return true
    }

    @discardableResult
    public func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        typingStep = false
        undoStack.append(document)
        document = next
        notify(.redo)
        return true
    }

    private func commit(_ next: CollageDocument, _ change: Change) {
        typingStep = false
        undoStack.append(document)
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        redoStack.removeAll()
        document = next
        notify(change)
    }

    private func notify(_ change: Change) {
        for key in observers.keys.sorted() {
            observers[key]?(document, change)
        }
    }
}

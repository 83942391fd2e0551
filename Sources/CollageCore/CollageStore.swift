// The one owner of the document. Every change goes through a method here,
// which records undo, then tells each observer once.
//
//          ┌──────────── CollageStore ────────────┐
//  window ─┤ add/insert/move/swap/remove/clear/   │
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
    /// What a change touched, and what caused it, so each observer can act
    /// on its own part only (the strip on photos, the settings panel on
    /// settings, the preview on everything).
    public struct Change: Equatable, Sendable {
        public struct Parts: OptionSet, Sendable {
            public let rawValue: Int
            public init(rawValue: Int) { self.rawValue = rawValue }
            /// Which photos are selected, and their order.
            public static let photos = Parts(rawValue: 1)
            /// The crop or fit of one or more photos.
            public static let crops = Parts(rawValue: 2)
            public static let settings = Parts(rawValue: 4)
            /// The title's text, place, size or colour.
            public static let title = Parts(rawValue: 8)
            public static let all: Parts = [.photos, .crops, .settings, .title]
        }

        public enum Cause: Equatable, Sendable {
            case edit, undo, redo, replaced
        }

        public var parts: Parts
        public var cause: Cause

        public init(_ parts: Parts, _ cause: Cause = .edit) {
            self.parts = parts
            self.cause = cause
        }

        public func touches(_ part: Parts) -> Bool { !parts.isDisjoint(with: part) }
    }

    public typealias Observer = (CollageDocument, Change) -> Void

    public private(set) var document: CollageDocument
    /// The project file this document was opened from or saved as (nil: never
    /// a project). It belongs to the document, so it goes back and forth with
    /// Undo and Redo: undoing the opening of a project brings back the
    /// collage before it and its own project, not the opened one's path.
    public private(set) var projectPath: String?
    /// A document with the project it belonged to at that step.
    private struct Step {
        var document: CollageDocument
        var projectPath: String?
    }
    private var undoStack: [Step] = []
    private var redoStack: [Step] = []
    private var observers: [Int: Observer] = [:]
    private var nextObserverID = 0
    /// The last step was a title edit that later typing may join (see setTitle).
    private var typingStep = false
    /// Enough for an afternoon of edits; each entry is a handful of paths.
    public static let undoLimit = 200

    public init(document: CollageDocument = CollageDocument(), projectPath: String? = nil) {
        self.document = document
        self.projectPath = projectPath
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
        if !result.added.isEmpty { commit(next, Change(.photos)) }
        return result
    }

    @discardableResult
    public func move(from source: Int, to destination: Int) -> Bool {
        var next = document
        guard next.move(from: source, to: destination) else { return false }
        commit(next, Change(.photos))
        return true
    }

    @discardableResult
    public func swap(_ first: Int, _ second: Int) -> Bool {
        var next = document
        guard next.swap(first, second) else { return false }
        commit(next, Change(.photos))
        return true
    }

    @discardableResult
    public func remove(id: Photo.ID) -> Photo? {
        var next = document
        guard let removed = next.remove(id: id) else { return nil }
        commit(next, Change(.photos))
        return removed
    }

    /// Clear All: the photos and the title's text go in one undo step (a
    /// title about the old photos' place and date would be wrong under new
    /// ones); where the title goes, its size and colour stay, as choices of look.
    public func clear() {
        guard !document.photos.isEmpty else { return }
        var next = document
        next.photos.removeAll()
        next.title.text = ""
        commit(next, Change(next.title == document.title ? .photos : [.photos, .title]))
    }

    public func setSettings(_ settings: CollageSettings) {
        guard settings != document.settings else { return }
        var next = document
        next.settings = settings
        commit(next, Change(.settings))
    }

    public func setCrop(_ crop: Crop, for id: Photo.ID) {
        guard let index = document.index(of: id), document.photos[index].crop != crop else { return }
        var next = document
        next.photos[index].crop = crop
        commit(next, Change(.crops))
    }

    /// Shows the photo whole or filling its cell, whatever the collage's fit: one undo step.
    public func setFit(_ fit: PhotoFit?, for id: Photo.ID) {
        guard let index = document.index(of: id), document.photos[index].fit != fit else { return }
        var next = document
        next.photos[index].fit = fit
        commit(next, Change(.crops))
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
            notify(Change(.title))
            return
        }
        commit(next, Change(.title))
        typingStep = typing
    }

    /// The next typed change starts an undo step of its own.
    public func endTyping() {
        typingStep = false
    }

    /// Puts another collage in this one's place as one undo step (New
    /// Collage, photos opened from outside, a project opened — then with its
    /// path): Undo brings this one back, with its own project if it had one.
    public func start(_ newDocument: CollageDocument, projectPath: String? = nil) {
        guard newDocument != document || projectPath != self.projectPath else { return }
        commit(newDocument, Change(newDocument.differences(from: document).union(.photos)), projectPath: projectPath)
    }

    /// The document was saved as the project at `path`: from now on it is that
    /// project. No undo step and no observer told: the collage did not
    /// change; the one who saved it updates what shows the project.
    public func savedAsProject(_ path: String) {
        projectPath = path
    }

    /// Replaces the whole document, e.g. from a restored session; forgets history.
    public func replace(with newDocument: CollageDocument, projectPath: String? = nil) {
        document = newDocument
        self.projectPath = projectPath
        typingStep = false
        undoStack.removeAll()
        redoStack.removeAll()
        notify(Change(.all, .replaced))
    }

    @discardableResult
    public func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        typingStep = false
        redoStack.append(Step(document: document, projectPath: projectPath))
        let parts = previous.document.differences(from: document)
        document = previous.document
        projectPath = previous.projectPath
        notify(Change(parts, .undo))
        return true
    }

    @discardableResult
    public func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        typingStep = false
        undoStack.append(Step(document: document, projectPath: projectPath))
        let parts = next.document.differences(from: document)
        document = next.document
        projectPath = next.projectPath
        notify(Change(parts, .redo))
        return true
    }

    /// An edit keeps the project; `start` gives the next document its own.
    private func commit(_ next: CollageDocument, _ change: Change, projectPath: String?? = .none) {
        typingStep = false
        undoStack.append(Step(document: document, projectPath: self.projectPath))
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        redoStack.removeAll()
        document = next
        if case let .some(path) = projectPath { self.projectPath = path }
        notify(change)
    }

    private func notify(_ change: Change) {
        for key in observers.keys.sorted() {
            observers[key]?(document, change)
        }
    }
}

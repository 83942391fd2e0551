// What every part of the window asks for: the store (one document, undo),
// adding files (checked off the main thread, from their header, before they
// join the document; added in the order asked, whatever order the checks
// finish in), removing with an Undo toast, and telling the user. Widgets
// observe the store and call these; they never change the document themselves.

import CGtk
import CollageCore
import CollageRender
import Dispatch
import Foundation

@MainActor
final class CollageController {
    let store: CollageStore
    let settings: AppSettings
    let thumbnails = ThumbnailService()
    /// What decoding learned about the photos (sizes, failures, too-small marks).
    let facts = DecodeFacts()
    /// Decodes for the preview, kept so a reorder only re-composites.
    let compositor = Compositor(source: PhotoSource(cache: ImageCache(budgetBytes: 160 << 20)))
    private let probeQueue = DispatchQueue(label: "admit", qos: .userInitiated)
    private var admissionsInFlight = 0 {
        didSet { if (admissionsInFlight == 0) != (oldValue == 0) { admissionWatchers.forEach { $0() } } }
    }
    private var admissionWatchers: [@MainActor () -> Void] = []
    /// Shows a toast; set by the window.
    var toaster: Toaster?
    /// The removal whose toast offers Undo, while it is still the newest
    /// change. After a Ctrl+Z or any other change the toast's Undo does
    /// nothing rather than take back whatever else came last. (The toast is
    /// left to time out: dismissing libadwaita 1.2's toasts from our side
    /// during a burst of removals and undos crashed in its queue.)
    private var offeredRemoval: Int32?
    private var removals: Int32 = 0

    init(settings: AppSettings, document: CollageDocument? = nil, projectPath: String? = nil) {
        self.settings = settings
        store = CollageStore(document: document ?? CollageDocument(settings: settings.collageDefaults),
                             projectPath: projectPath)
        store.observe { [weak self] _, _ in self?.withdrawUndoOffer() }
    }

    var document: CollageDocument { store.document }

    // MARK: Trying settings out

    /// Settings the preview shows instead of the document's while the user
    /// is still choosing (a colour being picked), not yet a change nor an undo step.
    private(set) var trialSettings: CollageSettings?
    /// The same for the title (its text colour being picked).
    private(set) var trialTitle: CollageTitle?
    private var trialWatchers: [@MainActor () -> Void] = []

    func tryOut(_ settings: CollageSettings?) {
        guard settings != trialSettings else { return }
        trialSettings = settings
        trialWatchers.forEach { $0() }
    }

    func tryOut(title: CollageTitle?) {
        guard title != trialTitle else { return }
        trialTitle = title
        trialWatchers.forEach { $0() }
    }

    func watchTrials(_ watcher: @escaping @MainActor () -> Void) {
        trialWatchers.append(watcher)
    }

    // MARK: Adding

    /// Adds what was opened or dropped: the local files as `add(paths:)`
    /// does, and each file that is not on this computer named as such.
    func add(_ files: OpenedFiles, at index: Int? = nil, newCollage: Bool = false) {
        add(paths: files.paths, at: index, newCollage: newCollage)
        guard let first = files.elsewhere.first else { return }
        for uri in files.elsewhere { Log.warning("\(FilePathText.displayText(uri)): not a file on this computer") }
        if files.elsewhere.count == 1 {
            toaster?.show(tr("“%s” was not added: it is not a file on this computer", FilePathText.displayText(first)))
        } else {
            toaster?.show(trn("“%s” and %s other file were not added: they are not files on this computer",
                              "“%s” and %s other files were not added: they are not files on this computer",
                              files.elsewhere.count - 1, FilePathText.displayText(first), String(files.elsewhere.count - 1)))
        }
    }

    /// Adds files (at `index`, or on the right). Files that are not readable
    /// images are refused with a toast naming them; only as many as fit are
    /// checked, the rest are counted and said. `then` hears how many joined.
    /// With `newCollage`, the photos that pass start a new collage (the
    /// settings new collages start with) in the current one's place, in one
    /// undo step; when none passes, the current one stays.
    func add(paths: [String], at index: Int? = nil, newCollage: Bool = false,
             then: (@MainActor (Int) -> Void)? = nil) {
        guard !paths.isEmpty else { return }
        // Decodes follow the check: their workers load while it runs.
        DecoderPool.shared.prestart(upTo: paths.count + 1)
        admissionsInFlight += 1
        let room = newCollage ? CollageLayout.maximumPhotos : document.freeSlots
        let decoder = compositor.source.decoder
        probeQueue.async {
            var accepted: [Photo] = []
            var refused: [LoadError] = []
            var checked = 0
            for path in paths {
                if accepted.count == room { break }
                checked += 1
                do throws(LoadError) {
                    _ = try decoder.probe(path)
                    accepted.append(Photo(path: path))
                } catch {
                    refused.append(error)
                }
            }
            let unchecked = paths.count - checked
            let outcome = Admission(accepted: accepted, refused: refused, leftOut: unchecked)
            // Not before a frame that is due: at start, the window's first.
            MainLoop.post(afterPainting: true) {
                let added = self.admit(outcome, at: newCollage ? nil : index, newCollage: newCollage)
                then?(added)
            }
        }
    }

    private struct Admission: Sendable {
        var accepted: [Photo]
        var refused: [LoadError]
        var leftOut: Int
    }

    /// Returns how many photos joined the collage.
    @discardableResult
    private func admit(_ admission: Admission, at index: Int?, newCollage: Bool = false) -> Int {
        let result: CollageDocument.AddResult
        if newCollage, !admission.accepted.isEmpty {
            var fresh = CollageDocument(settings: settings.collageDefaults)
            result = fresh.insert(admission.accepted, at: 0)
            store.start(fresh)
        } else {
            result = store.insert(admission.accepted, at: index ?? document.photos.count)
        }
        // After the photos are in: the preview must never see "checked, and none".
        admissionsInFlight -= 1
        let leftOut = result.leftOut + admission.leftOut
        if leftOut > 0 { reportLeftOut(leftOut) }
        reportRefused(admission.refused)
        return result.added.count
    }

    /// `count` photos had no room: a collage holds at most nine.
    func reportLeftOut(_ count: Int) {
        toaster?.show(trn("%s photo was not added: a collage holds at most 9",
                          "%s photos were not added: a collage holds at most 9", count, String(count)))
    }

    /// Whether adds are still being checked (tests wait for this).
    var isIdle: Bool { admissionsInFlight == 0 }

    /// Calls `watcher` when adds start being checked and when the last is done
    /// (photos on their way are not "no photos": the preview waits for them).
    func watchAdmissions(_ watcher: @escaping @MainActor () -> Void) {
        admissionWatchers.append(watcher)
    }

    /// One toast for each reason, so no file is said to be refused for
    /// another file's reason (every file and its own reason on standard error).
    func reportRefused(_ errors: [LoadError]) {
        for error in errors { Log.warning("\(error)") }
        var reasons: [String] = []
        var byReason: [String: [LoadError]] = [:]
        for error in errors {
            let reason = Messages.reason(error.reason)
            if byReason[reason] == nil { reasons.append(reason) }
            byReason[reason, default: []].append(error)
        }
        for reason in reasons {
            let group = byReason[reason]!
            if group.count == 1 {
                toaster?.show(tr("“%s” was not added: %s", group[0].fileName, reason))
            } else {
                toaster?.show(trn("“%s” and %s other file were not added: %s",
                                  "“%s” and %s other files were not added: %s", group.count - 1,
                                  group[0].fileName, String(group.count - 1), reason))
            }
        }
    }

    // MARK: The gallery's click

    func isSelected(path: String) -> Bool {
        document.photos.contains { $0.path == path }
    }

    /// Selects a gallery photo, or unselects it when it is selected.
    func toggle(path: String) {
        if let photo = document.photos.last(where: { $0.path == path }) {
            remove(id: photo.id)
        } else if document.isFull {
            toaster?.show(tr("A collage holds at most 9 photos: remove one first"))
        } else {
            add(paths: [path])
        }
    }

    // MARK: Changing

    func move(from source: Int, to destination: Int) {
        store.move(from: source, to: destination)
    }

    /// Trades the places of two photos (in the preview: a drag, Alt+arrows, "Swap with…").
    func swap(_ first: Int, _ second: Int) {
        store.swap(first, second)
    }

    /// Arranges the collage by `layout`, and makes it the one new collages start with.
    func setLayout(_ layout: LayoutKind) {
        var settings = document.settings
        guard settings.layout != layout else { return }
        settings.layout = layout
        guard CollageLayout.fits(count: document.photos.count, settings: settings) else {
            toaster?.show(Messages.noRoom(gap: settings.gap, margin: settings.margin))
            return
        }
        store.setSettings(settings)
        self.settings.collageDefaults = settings
    }

    /// Gives the split `path` of the current layout (of `shape`) `weights`
    /// (nil: its own sizes back): one undo step.
    func setProportions(split path: String, shape: String, to weights: [Double]?) {
        store.setSettings(document.settings.moving(split: path, shape: shape, to: weights))
    }

    /// Removes a photo and offers to undo it.
    func remove(id: Photo.ID) {
        guard let photo = store.remove(id: id) else { return }
        let number = offerUndo()
        toaster?.show(tr("Removed “%s”", photo.displayName), button: tr("Undo"),
                      action: "win.undo-removal", target: g_variant_new_int32(number))
    }

    /// New Collage: an empty one with the settings new collages start with;
    /// the current one stays one Undo away (and in the session until replaced).
    func newCollage() {
        store.start(CollageDocument(settings: settings.collageDefaults))
    }

    func clear() {
        guard !document.photos.isEmpty else { return }
        let count = document.photos.count
        store.clear()
        let number = offerUndo()
        toaster?.show(trn("Removed %s photo", "Removed %s photos", count, String(count)),
                      button: tr("Undo"), action: "win.undo-removal", target: g_variant_new_int32(number))
    }

    /// Numbers the removal just made, for its toast's Undo.
    private func offerUndo() -> Int32 {
        removals &+= 1
        offeredRemoval = removals
        return removals
    }

    /// The document changed: the last removal's Undo no longer means it.
    private func withdrawUndoOffer() {
        offeredRemoval = nil
    }

    /// The toast's Undo: takes back removal `number` if nothing has changed since.
    func undoRemoval(_ number: Int32) {
        guard offeredRemoval == number else { return }
        store.undo()
    }

    func undo() { store.undo() }
    func redo() { store.redo() }
}

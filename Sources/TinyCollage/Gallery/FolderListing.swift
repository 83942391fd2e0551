// The photos in one folder as a GListStore of GFileInfo, kept up to date
// while the folder changes: listed asynchronously in batches (a folder of
// thousands never blocks the main loop) and followed through a GFileMonitor.
// A file appears once it is complete — a photo being copied in is first
// empty, so it is looked at again when its writer closes it — and one that
// is rewritten is replaced, so its thumbnail is made again. GtkDirectoryList
// did the listing before, but it judges a new file once, at its creation,
// when a copy is still empty: such photos never showed.
//
// What counts as a photo is the caller's (`accepts`); the order and the
// grid are GalleryModel's and GalleryView's.

import CGtk

@MainActor
final class FolderListing {
    /// GFileInfo items, each with "standard::file" set, in the order found.
    let store: OpaquePointer
    private let attributes: String
    private let accepts: (OpaquePointer) -> Bool
    private var folder: OpaquePointer?
    private var monitor: UnsafeMutablePointer<GFileMonitor>?
    private var cancellable: UnsafeMutablePointer<GCancellable>?
    /// The names in the store, so a batch never adds what the monitor already did.
    private var names: Set<String> = []
    private(set) var isLoading = false
    /// Why the folder could not be listed, in GIO's words.
    private(set) var error: String?
    /// Loading started or ended, or the error changed.
    var stateChanged: (@MainActor () -> Void)?
    /// A listed file's content changed (its path): old thumbnails are stale.
    var fileRewritten: (@MainActor (String) -> Void)?

    /// Batch size: large enough to list thousands quickly, small enough to
    /// keep each main-loop turn short.
    static let batch: Int32 = 200

    init(attributes: String, accepts: @escaping (OpaquePointer) -> Bool) {
        self.attributes = attributes
        self.accepts = accepts
        store = g_list_store_new(g_file_info_get_type())
    }

    isolated deinit {
        stop()
        g_object_unref(store.raw)
    }

    /// Lists `path` and follows it; nil lists nothing.
    func show(folder path: String?) {
        stop()
        g_list_store_remove_all(store)
        names.removeAll()
        storeEdits = 0
        error = nil
        guard let path else {
            stateChanged?()
            return
        }
        let folder = fileForPath(path)
        self.folder = folder
        let cancellable = g_cancellable_new()!
        self.cancellable = cancellable
        var monitorError: UnsafeMutablePointer<GError>?
        if let monitor = g_file_monitor_directory(folder, G_FILE_MONITOR_WATCH_MOVES, cancellable, &monitorError) {
            self.monitor = monitor
            Signals.fileChanged(monitor.raw) { [weak self] file, other, event in
                self?.changed(file, other, event)
            }
        }
        if let monitorError { g_error_free(monitorError) }
        isLoading = true
        stateChanged?()
        let (callback, data) = AsyncCallback.make { [weak self] source, result in
            guard let self, let source, let result else { return }
            var failure: UnsafeMutablePointer<GError>?
            let enumerator = g_file_enumerate_children_finish(source, result, &failure)
            guard self.cancellable == cancellable else {
                if let enumerator { g_object_unref(enumerator.raw) }
                if let failure { g_error_free(failure) }
                return
            }
            guard let enumerator else {
                self.finishLoading(error: failure)
                return
            }
            self.readBatch(from: enumerator, cancellable: cancellable)
        }
        g_file_enumerate_children_async(folder, attributes, G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT_IDLE,
                                        cancellable, callback, data)
    }

    private func stop() {
        if let cancellable {
            g_cancellable_cancel(cancellable)
            g_object_unref(cancellable.raw)
        }
        cancellable = nil
        if let monitor {
            g_file_monitor_cancel(monitor)
            g_object_unref(monitor.raw)
        }
        monitor = nil
        if let folder { g_object_unref(folder.raw) }
        folder = nil
        isLoading = false
        releaseAll(changes)
        changes.removeAll()
    }

    /// Reads the next batch; the enumerator is ours to close and release.
    private func readBatch(from enumerator: UnsafeMutablePointer<GFileEnumerator>,
                           cancellable: UnsafeMutablePointer<GCancellable>) {
        let (callback, data) = AsyncCallback.make { [weak self] _, result in
            var failure: UnsafeMutablePointer<GError>?
            let list = result.flatMap { g_file_enumerator_next_files_finish(enumerator, $0, &failure) }
            guard let self, self.cancellable == cancellable else {
                if let list { g_list_free_full(list) { g_object_unref($0) } }
                if let failure { g_error_free(failure) }
                g_object_unref(enumerator.raw)
                return
            }
            guard let list else {
                g_object_unref(enumerator.raw)
                self.finishLoading(error: failure)
                return
            }
            var infos: [UnsafeMutableRawPointer?] = []
            var node: UnsafeMutablePointer<GList>? = list
            while let current = node {
                let info = OpaquePointer(current.pointee.data!)
                // The folder's monitor may have added it already.
                if self.accepts(info), let name = Self.name(of: info), self.names.insert(name).inserted {
                    let child = g_file_enumerator_get_child(enumerator, info)!
                    g_file_info_set_attribute_object(info, "standard::file", child.cast(GObject.self))
                    g_object_unref(child.raw)
                    infos.append(current.pointee.data)
                }
                node = current.pointee.next
            }
            g_list_store_splice(self.store, g_list_model_get_n_items(self.store), 0, &infos, guint(infos.count))
            g_list_free_full(list) { g_object_unref($0) }
            self.readBatch(from: enumerator, cancellable: cancellable)
        }
        g_file_enumerator_next_files_async(enumerator, Self.batch, G_PRIORITY_DEFAULT_IDLE, cancellable, callback, data)
    }

    private func finishLoading(error failure: UnsafeMutablePointer<GError>?) {
        if let failure {
            error = string(failure.pointee.message)
            g_error_free(failure)
        }
        isLoading = false
        stateChanged?()
    }

    // MARK: Following the folder
    //
    // A folder can change thousands of times at once (a camera's card copied in,
    // a folder of photos moved or deleted): on 8095ddd each change was its own
    // store edit, found by a scan of the store, and each edit made the sorted
    // grid re-sort and rebind its cells, so 3,000 files moved in held the main
    // loop for 20 s and 3,000 deleted for over a minute. Changes are now
    // gathered as they come and applied together, at most every `settleDelay`
    // ms: one scan of the store a batch, each run of removals one splice, the
    // new files one splice.

    /// How long changes gather before they are applied: short enough that a
    /// photo copied in shows at once, long enough to gather a burst.
    static let settleDelay: UInt32 = 60

    /// What is known of a name since the last batch: its new info, or gone.
    private enum Change {
        case present(OpaquePointer, rewritten: Bool)
        case absent
    }

    private var changes: [String: Change] = [:]
    private var applyPending = false
    /// How many store edits the folder's changes made since it was shown, for
    /// the test hook (a burst is a handful of edits, not one per file).
    private(set) var storeEdits = 0

    private func changed(_ file: OpaquePointer?, _ other: OpaquePointer?, _ event: GFileMonitorEvent) {
        guard let file else { return }
        switch event {
        case G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT,
             G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
            look(at: file, rewritten: event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT)
        case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT:
            gone(file)
        case G_FILE_MONITOR_EVENT_RENAMED:
            gone(file)
            if let other { look(at: other, rewritten: false) }
        default:
            // CHANGED arrives for every write; CHANGES_DONE_HINT follows when it is closed.
            break
        }
    }

    /// Queries `file`; what it is now joins the next batch.
    private func look(at file: OpaquePointer, rewritten: Bool) {
        guard let cancellable else { return }
        g_object_ref(file.raw)
        let (callback, data) = AsyncCallback.make { [weak self] _, result in
            defer { g_object_unref(file.raw) }
            var failure: UnsafeMutablePointer<GError>?
            let info = result.flatMap { g_file_query_info_finish(file, $0, &failure) }
            if let failure { g_error_free(failure) }
            guard let self, self.cancellable == cancellable else {
                if let info { g_object_unref(info.raw) }
                return
            }
            guard let info else { return self.gone(file) }
            guard self.accepts(info), let name = Self.name(of: info) else {
                g_object_unref(info.raw)
                return self.gone(file)
            }
            g_file_info_set_attribute_object(info, "standard::file", file.cast(GObject.self))
            var rewritten = rewritten
            if case let .present(earlier, wasRewritten)? = self.changes[name] {
                rewritten = rewritten || wasRewritten
                g_object_unref(earlier.raw)
            }
            self.changes[name] = .present(info, rewritten: rewritten)
            self.scheduleApply()
        }
        g_file_query_info_async(file, attributes, G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, cancellable, callback, data)
    }

    private func gone(_ file: OpaquePointer) {
        guard let name = takeString(g_file_get_basename(file)) else { return }
        if case let .present(earlier, _)? = changes[name] { g_object_unref(earlier.raw) }
        changes[name] = .absent
        scheduleApply()
    }

    private func scheduleApply() {
        guard !applyPending else { return }
        applyPending = true
        MainLoop.after(milliseconds: Self.settleDelay) { [weak self] in
            guard let self else { return }
            self.applyPending = false
            self.applyChanges()
        }
    }

    /// Applies the gathered changes: replacements in place and then removals,
    /// each as runs of neighbours from the end (so earlier positions hold),
    /// additions at the end in one.
    private func applyChanges() {
        let batch = changes
        changes.removeAll()
        guard cancellable != nil, !batch.isEmpty else { return releaseAll(batch) }
        var positions: [String: Int] = [:]
        if batch.keys.contains(where: names.contains) { positions = namePositions() }
        var removed: [Int] = []
        var replaced: [Int: OpaquePointer] = [:]
        var added: [UnsafeMutableRawPointer?] = []
        // In name order, so files that came together sit together in the
        // store, and a later batch's changes to them make runs too.
        for (name, change) in batch.sorted(by: { $0.key < $1.key }) {
            switch change {
            case .absent:
                if names.remove(name) != nil, let position = positions[name] { removed.append(position) }
            case let .present(info, rewritten):
                if let position = positions[name] {
                    if rewritten, let file = GalleryModel.file(of: info), let path = takePath(g_file_get_path(file)) {
                        fileRewritten?(path)
                    }
                    replaced[position] = info
                } else if names.insert(name).inserted {
                    added.append(info.raw)
                } else {
                    g_object_unref(info.raw)
                }
            }
        }
        for run in Self.runs(replaced.keys.sorted(by: >)) {
            var items: [UnsafeMutableRawPointer?] = run.map { replaced[$0]!.raw }
            g_list_store_splice(store, guint(run.lowerBound), guint(run.count), &items, guint(run.count))
            storeEdits += 1
        }
        for info in replaced.values { g_object_unref(info.raw) }
        for run in Self.runs(removed.sorted(by: >)) {
            g_list_store_splice(store, guint(run.lowerBound), guint(run.count), nil, 0)
            storeEdits += 1
        }
        if !added.isEmpty {
            g_list_store_splice(store, g_list_model_get_n_items(store), 0, &added, guint(added.count))
            storeEdits += 1
            for info in added { g_object_unref(info) }
        }
    }

    private func releaseAll(_ batch: [String: Change]) {
        for case let .present(info, _) in batch.values { g_object_unref(info.raw) }
    }

    /// Positions given from the last, joined into runs of neighbours.
    private static func runs(_ descending: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for position in descending {
            if let last = runs.last, last.lowerBound == position + 1 {
                runs[runs.count - 1] = position..<last.upperBound
            } else {
                runs.append(position..<(position + 1))
            }
        }
        return runs
    }

    private static func name(of info: OpaquePointer) -> String? {
        g_file_info_get_name(info).map { String(cString: $0) }
    }

    /// Where each name is in the store: one scan for a whole batch.
    private func namePositions() -> [String: Int] {
        var positions: [String: Int] = [:]
        let count = Int(g_list_model_get_n_items(store))
        positions.reserveCapacity(count)
        for position in 0..<count {
            guard let item = g_list_model_get_item(store, guint(position)) else { continue }
            defer { g_object_unref(item) }
            if let name = Self.name(of: OpaquePointer(item)) { positions[name] = position }
        }
        return positions
    }
}

// Drag content for a file that is still being made: the collage dragged out
// of the preview is rendered at full size only once the drag starts, yet a
// drag must offer its content at once. This GdkContentProvider subclass
// offers `text/uri-list` (what file managers, chat windows and browsers
// read, and what GTK turns into a GdkFileList for a GTK receiver) and
// answers a request for it when the file is ready — or with an error if it
// could not be made. Nothing is offered as plain text, so a file manager
// never saves a "dropped text" file. Making the file is the caller's job.
//
// GObject subclassing from Swift: the type is registered once with
// class_init filling the vfuncs; each instance carries its Swift state in a
// retained box (g_object_set_data_full), released with the instance.

import CGtk
import Foundation

@MainActor
final class DeferredFileProvider {
    /// The GdkContentProvider (one reference, handed to GTK by `take()`).
    private let provider: OpaquePointer
    private let state = PendingFile()

    init() {
        provider = OpaquePointer(g_object_new_with_properties(Self.type, 0, nil, nil))
        g_object_set_data_full(provider.cast(GObject.self), PendingFile.key,
                               Unmanaged.passRetained(state).toOpaque()) { data in
            Unmanaged<PendingFile>.fromOpaque(data!).release()
        }
    }

    /// The provider for GtkDragSource::prepare, which takes our reference.
    func take() -> OpaquePointer { provider }

    /// The file is complete: every request waiting for it is answered.
    func resolve(path: String) {
        state.resolve(.ready(uri: uriList(for: path)))
    }

    /// The file could not be made: requests fail with `message`.
    func fail(_ message: String) {
        state.resolve(.failed(message))
    }

    private func uriList(for path: String) -> [UInt8] {
        let file = fileForPath(path)
        defer { g_object_unref(file.raw) }
        return Array(((takeString(g_file_get_uri(file)) ?? "") + "\r\n").utf8)
    }

    // MARK: The GType

    private static let mimeType = "text/uri-list"

    private static let type: GType = {
        let classInit: GClassInitFunc = { klass, _ in
            let c = klass!.assumingMemoryBound(to: GdkContentProviderClass.self)
            c.pointee.ref_formats = { _ in
                var types: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(DeferredFileProvider.mimeType))]
                defer { types.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
                return gdk_content_formats_new(&types, 1)
            }
            c.pointee.write_mime_type_async = { provider, mime, stream, _, cancellable, callback, data in
                let task = g_task_new(provider.map { UnsafeMutableRawPointer($0) }, cancellable, callback, data)!
                guard let provider, let mime, String(cString: mime) == DeferredFileProvider.mimeType, let stream,
                      let box = g_object_get_data(UnsafeMutableRawPointer(provider).cast(GObject.self), PendingFile.key)
                else {
                    g_task_return_error(task, g_error_new_literal(g_io_error_quark(), Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue),
                                                                  "not offered"))
                    g_object_unref(task.raw)
                    return
                }
                let pending = Unmanaged<PendingFile>.fromOpaque(box).takeUnretainedValue()
                g_object_ref(stream.raw)
                pending.whenDone(PendingFile.Request(task: task, stream: OpaquePointer(stream)))
            }
            c.pointee.write_mime_type_finish = { _, result, error in
                g_task_propagate_boolean(result, error)
            }
        }
        return g_type_register_static_simple(gdk_content_provider_get_type(), "TinyCollageDeferredFileProvider",
                                             guint(MemoryLayout<GdkContentProviderClass>.size), classInit,
                                             guint(MemoryLayout<GdkContentProvider>.size), nil, GTypeFlags(0))
    }()
}

/// The provider's state: the answer once known, and the requests waiting for it.
/// Touched only on the main thread (GTK's vfuncs and our callbacks run there).
private final class PendingFile {
    static let key = "tinycollage-pending-file"

    enum Outcome {
        case ready(uri: [UInt8])
        case failed(String)
    }

    struct Request {
        /// A GTask we own a reference to, and the stream to write into (one reference).
        let task: OpaquePointer
        let stream: OpaquePointer
    }

    private var outcome: Outcome?
    private var waiting: [Request] = []

    func whenDone(_ request: Request) {
        if let outcome { answer(request, outcome) } else { waiting.append(request) }
    }

    func resolve(_ outcome: Outcome) {
        guard self.outcome == nil else { return }
        self.outcome = outcome
        let requests = waiting
        waiting.removeAll()
        for request in requests { answer(request, outcome) }
    }

    deinit {
        // The provider went away with requests still open (the drag was cancelled).
        for request in waiting {
            g_task_return_error(request.task, g_error_new_literal(g_io_error_quark(), Int32(G_IO_ERROR_CANCELLED.rawValue),
                                                                  "the drag ended"))
            release(request)
        }
    }

    private func answer(_ request: Request, _ outcome: Outcome) {
        switch outcome {
        case let .ready(uri):
            var error: UnsafeMutablePointer<GError>?
            let written = uri.withUnsafeBytes { bytes in
                g_output_stream_write_all(request.stream.cast(GOutputStream.self), bytes.baseAddress, gsize(bytes.count),
                                          nil, nil, &error)
            }
            if written != 0 {
                g_task_return_boolean(request.task, 1)
            } else {
                g_task_return_error(request.task, error)
            }
        case let .failed(message):
            g_task_return_error(request.task, g_error_new_literal(g_io_error_quark(), Int32(G_IO_ERROR_FAILED.rawValue),
                                                                  message))
        }
        release(request)
    }

    private func release(_ request: Request) {
        g_object_unref(request.task.raw)
        g_object_unref(request.stream.raw)
    }
}

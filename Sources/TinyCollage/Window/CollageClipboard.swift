// Copy and Paste (issue 22 point 7). Copy renders the collage at its output
// size off the main loop (OffMainRender), encodes it as the PNG Save would
// write, and offers those bytes on the clipboard as image/png. Paste reads
// the clipboard asynchronously: a list of files (what a file manager
// copies) goes the way of a drop; image data is saved first as a PNG in
// Pictures/TinyCollage (the camera's folder) — decoded by the sandboxed
// decoder workers like any photo, never in this process — and that file is
// added, so the session finds it again. Which keys run these, and when a
// text field keeps them, is Shortcuts.swift's; the actions are the window's.

import CGtk
import CollageCore
import CollageRender
import Dispatch
import Foundation

@MainActor
final class CollageClipboard {
    private let controller: CollageController
    /// The window whose display's clipboard this is; it owns this object.
    private let window: Widget
    /// Copies and pastes under way (tests wait for none).
    private var inFlight = 0
    /// The latest copy: an older one that finishes later does not replace it.
    private var copyNumber = 0

    /// The largest image the clipboard may hand over, in bytes.
    static let largestImageBytes = 256 << 20
    /// Image types Paste takes, the lossless first.
    static let imageTypes = ["image/png", "image/tiff", "image/bmp", "image/webp", "image/jpeg", "image/gif",
                             "image/avif", "image/heif"]

    /// The menus' item for Copy (the main menu and a photo's menu in the preview).
    static var copyLabel: String { tr("_Copy Collage") }

    init(controller: CollageController, window: Widget) {
        self.controller = controller
        self.window = window
    }

    var isIdle: Bool { inFlight == 0 }

    private var clipboard: OpaquePointer { gtk_widget_get_clipboard(window) }

    // MARK: Copy

    private enum Copied: Sendable {
        case png([UInt8], leftOut: [LoadError])
        case failed(String)
    }

    func copy() {
        let document = controller.document
        guard !document.photos.isEmpty else { return }
        copyNumber += 1
        let number = copyNumber
        inFlight += 1
        OffMainRender.run({ compositor in Self.png(of: document, with: compositor) }, completion: { [weak self] copied in
            guard let self else { return }
            self.inFlight -= 1
            guard number == self.copyNumber else { return }
            self.finishCopy(copied)
        })
    }

    nonisolated private static func png(of document: CollageDocument, with compositor: Compositor) -> Copied {
        switch OffMainRender.paint(document, with: compositor, settings: OffMainRender.Settings()) {
        case let .failure(error):
            return .failed(Messages.render(error))
        case let .success(result):
            do throws(ExportError) {
                let bytes = try Exporter.encoded(consuming: result.image, format: .png, name: "clipboard")
                return .png(bytes, leftOut: Array(result.failures.values))
            } catch {
                return .failed(Messages.reason(error.reason))
            }
        }
    }

    private func finishCopy(_ copied: Copied) {
        switch copied {
        case let .png(bytes, leftOut):
            let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            let provider = gdk_content_provider_new_for_bytes("image/png", data)
            g_bytes_unref(data)
            gdk_clipboard_set_content(clipboard, provider)
            g_object_unref(provider?.raw)
            controller.toaster?.show(Self.copiedMessage(leftOut: leftOut))
            for error in leftOut { Log.warning("\(error)") }
        case let .failed(reason):
            controller.toaster?.show(tr("The collage was not copied: %s", reason))
        }
    }

    /// "Collage copied", and which photos it lacks when some could not be read by then.
    private static func copiedMessage(leftOut: [LoadError]) -> String {
        guard let first = leftOut.first else { return tr("Collage copied") }
        if leftOut.count == 1 {
            return tr("Collage copied without “%s”: %s", first.fileName, Messages.reason(first.reason))
        }
        return trn("Collage copied without “%s” and %s other photo that could not be read",
                   "Collage copied without “%s” and %s other photos that could not be read", leftOut.count - 1,
                   first.fileName, String(leftOut.count - 1))
    }

    // MARK: Paste

    func paste() { paste(patience: 8) }

    /// GTK learns what another app offers asynchronously (X11's TARGETS): a
    /// paste just after the window appeared, or just after another app
    /// copied, can find no formats yet. Then it looks again, 250 ms apart,
    /// a few times, before it says there is nothing.
    private func paste(patience: Int) {
        let clipboard = self.clipboard
        guard let offered = gdk_clipboard_get_formats(clipboard) else { return nothingToPaste() }
        var mimeCount = 0, typeCount = 0
        _ = gdk_content_formats_get_mime_types(offered, &mimeCount)
        _ = gdk_content_formats_get_gtypes(offered, &typeCount)
        if patience > 0, mimeCount == 0, typeCount == 0, gdk_clipboard_is_local(clipboard) == 0 {
            inFlight += 1
            MainLoop.after(milliseconds: 250) { [weak self] in
                guard let self else { return }
                self.inFlight -= 1
                self.paste(patience: patience - 1)
            }
            return
        }
        // What the content can become: GTypes from the MIME types another app
        // offers, and MIME types from what this app itself put there.
        let types = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_ref(offered))
        let mimeTypes = gdk_content_formats_union_serialize_mime_types(gdk_content_formats_ref(offered))
        defer {
            gdk_content_formats_unref(types)
            gdk_content_formats_unref(mimeTypes)
        }
        if gdk_content_formats_contain_gtype(types, tc_type_file_list()) != 0 {
            pasteFiles(from: clipboard)
        } else if let type = Self.imageTypes.first(where: { gdk_content_formats_contain_mime_type(mimeTypes, $0) != 0 }) {
            pasteImage(type, from: clipboard)
        } else {
            nothingToPaste()
        }
    }

    private func nothingToPaste() {
        controller.toaster?.show(tr("Nothing on the clipboard can be added: copy photos or an image first"))
    }

    /// Files copied in a file manager: added as a drop of them would be.
    private func pasteFiles(from clipboard: OpaquePointer) {
        inFlight += 1
        let (callback, data) = AsyncCallback.make { [weak self] _, result in
            var error: UnsafeMutablePointer<GError>?
            let value = gdk_clipboard_read_value_finish(clipboard, result, &error)
            let files = value.map { DroppedFiles.files(in: $0) } ?? OpenedFiles()
            let message = error.flatMap { string($0.pointee.message) }
            g_clear_error(&error)
            guard let self else { return }
            self.inFlight -= 1
            if let message, files.isEmpty {
                self.controller.toaster?.show(Self.unreadable(message))
                return
            }
            guard !files.isEmpty else { return self.nothingToPaste() }
            self.controller.add(files)
        }
        gdk_clipboard_read_value_async(clipboard, tc_type_file_list(), G_PRIORITY_DEFAULT, nil, callback, data)
    }

    private static func unreadable(_ reason: String) -> String {
        tr("The clipboard could not be read: %s", reason)
    }

    /// Image data: its bytes read, then saved as a PNG (off the main loop) and added.
    private func pasteImage(_ type: String, from clipboard: OpaquePointer) {
        // A full collage takes no more: say so before a file is made for nothing.
        guard controller.document.freeSlots > 0 else { return controller.reportLeftOut(1) }
        inFlight += 1
        var types: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(type)), nil]
        defer { free(UnsafeMutablePointer(mutating: types[0])) }
        let (callback, data) = AsyncCallback.make { [weak self] _, result in
            var error: UnsafeMutablePointer<GError>?
            let stream = gdk_clipboard_read_finish(clipboard, result, nil, &error)
            let message = error.flatMap { string($0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            guard let self else {
                g_object_unref(stream?.raw)
                return
            }
            guard let stream else {
                self.inFlight -= 1
                self.controller.toaster?.show(Self.unreadable(message))
                return
            }
            StreamBytes.read(stream, limit: Self.largestImageBytes) { [weak self] read in
                guard let self else { return }
                switch read {
                case let .success(bytes): self.save(bytes)
                case let .failure(.failed(reason)):
                    self.inFlight -= 1
                    self.controller.toaster?.show(Self.unreadable(reason))
                case let .failure(.tooLarge(limit)):
                    self.inFlight -= 1
                    self.controller.toaster?.show(Self.notAdded(tr("it is larger than %s MB", String(limit >> 20))))
                }
            }
            g_object_unref(stream.raw)
        }
        gdk_clipboard_read_async(clipboard, &types, G_PRIORITY_DEFAULT, nil, callback, data)
    }

    nonisolated private static func notAdded(_ reason: String) -> String {
        tr("The pasted image was not added: %s", reason)
    }

    private enum Saved: Sendable {
        case file(String)
        case failed(String)
    }

    private func save(_ bytes: [UInt8]) {
        let folder = CameraPage.folder
        let base = folder + "/" + Self.baseName(at: Date())
        let scratch = Self.scratchFolder
        DispatchQueue.global(qos: .userInitiated).async {
            let saved = Self.save(bytes, scratch: scratch, folder: folder, base: base)
            MainLoop.post { [weak self] in
                guard let self else { return }
                self.inFlight -= 1
                switch saved {
                case let .file(path): self.controller.add(paths: [path])
                case let .failed(message): self.controller.toaster?.show(message)
                }
            }
        }
    }

    /// Where the clipboard's bytes wait for the decoder (it reads files).
    nonisolated private static var scratchFolder: String {
        (string(g_get_user_cache_dir()) ?? NSHomeDirectory() + "/.cache") + "/tinycollage/paste"
    }

    /// "Pasted image 2026-12-02 14-05-09": sorts by time, like shots and saved collages.
    private static func baseName(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH-mm-ss"
        // TRANSLATORS: the file name of an image pasted from the clipboard; %s is its date and time.
        return tr("Pasted image %s", formatter.string(from: date))
    }

    /// Decodes `bytes` in a decoder worker and writes them as a PNG under a
    /// fresh name; on this (background) thread.
    nonisolated private static func save(_ bytes: [UInt8], scratch: String, folder: String, base: String) -> Saved {
        g_mkdir_with_parents(scratch, 0o700)
        let input = scratch + "/" + UUID().uuidString
        do throws(ExportError) {
            try AtomicFile.write(to: input, replacing: true, durable: false) { fd throws(ExportError) in
                let failed = bytes.withUnsafeBytes { AtomicFile.writeAll(fd, $0.baseAddress!, count: $0.count) }
                if let failed { throw ExportError.fromErrno(failed, path: input) }
            }
        } catch {
            return .failed(notSaved(error))
        }
        defer { unlink(input) }
        let decoded: DecodedPhoto
        do throws(LoadError) {
            decoded = try Decoder.isolated().load(input, covering: nil, purpose: .export)
        } catch {
            return .failed(notAdded(Messages.reason(error.reason)))
        }
        g_mkdir_with_parents(folder, 0o755)
        do throws(ExportError) {
            let path = try FreshName.first(of: FreshName.candidates(base: base, extension: ImageFormat.png.fileExtension),
                                           taken: { $0.reason == .exists }) { path throws(ExportError) in
                try Exporter.write(consuming: decoded.image, to: path, format: .png)
            }
            return .file(path)
        } catch {
            return .failed(notSaved(error))
        }
    }

    nonisolated private static func notSaved(_ error: ExportError) -> String {
        tr("The pasted image was not saved: “%s” could not be written: %s", FilePathText.displayText(error.path),
           Messages.reason(error.reason))
    }
}

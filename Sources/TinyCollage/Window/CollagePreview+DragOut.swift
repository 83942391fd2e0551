// Dragging the collage itself out of the window (SPEC §2): it is rendered at
// full size, from the original photos, into a file in the cache and offered
// as that file, so it can be dropped into a file manager, a chat window or a
// browser upload. A drag on a photo pans that photo (the crop gesture), so
// the collage is dragged from its handle in the preview's corner, or from
// anywhere in the preview that is not a photo (gap, margin, the space
// around the image). The render starts when the drag does and the drop
// waits for it (DeferredFileProvider); the window never blocks.

import CGtk
import CollageCore
import CollageRender
import Dispatch
import Foundation

extension CollagePreview {
    /// Where dragged-out collages are written; older ones are cleared.
    nonisolated static var dragFolder: String {
        (string(g_get_user_cache_dir()) ?? NSHomeDirectory() + "/.cache") + "/tinycollage/drag"
    }

    /// How long a dragged-out file is kept for a receiver still copying it.
    nonisolated static let dragFileLifetime: TimeInterval = 3600

    func installDragOut() {
        let handle = gtk_image_new_from_icon_name("document-send-symbolic")!
        addClass(handle, "drag-handle")
        gtk_widget_set_halign(handle, GTK_ALIGN_END)
        gtk_widget_set_valign(handle, GTK_ALIGN_END)
        gtk_widget_set_tooltip_text(handle, tr("Drag the collage into a folder or another app"))
        name(handle, "collageDragHandle", label: tr("Drag out the collage"))
        gtk_overlay_add_overlay(surface.opaque, handle)
        addDragSource(to: handle, onPhotos: true)
        addDragSource(to: surface, onPhotos: false)
    }

    /// `onPhotos` false: the drag starts only outside every photo's cell,
    /// which the pan gesture has.
    private func addDragSource(to widget: Widget, onPhotos: Bool) {
        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        Signals.prepare(source.raw) { [weak self] x, y in
            guard let self, !self.controller.document.photos.isEmpty else { return nil }
            if !onPhotos {
                var point = graphene_point_t(x: Float(x), y: Float(y)), local = graphene_point_t()
                guard gtk_widget_compute_point(widget, self.surface, &point, &local) != 0,
                      self.photo(atX: Double(local.x), y: Double(local.y)) == nil,
                      self.divider(atX: Double(local.x), y: Double(local.y)) == nil else { return nil }
            }
            return self.renderForDrag().take()
        }
        Signals.withPointer(source.raw, "drag-begin") { [weak self] _ in
            guard let self, self.texture != nil else { return }
            let icon = gtk_widget_paintable_new(self.picture)
            gtk_drag_source_set_icon(source, icon, 16, 16)
            g_object_unref(icon.map { UnsafeMutableRawPointer($0) })
        }
        gtk_widget_add_controller(widget, source.opaque)
    }

    /// Starts the full-size render into the cache; the provider answers the
    /// drop once the file is complete.
    private func renderForDrag() -> DeferredFileProvider {
        let provider = DeferredFileProvider()
        let document = controller.document
        let folder = Self.dragFolder
        let path = folder + "/" + SaveController.suggestedBaseName() + ".png"
        DispatchQueue.global(qos: .userInitiated).async {
            Self.clearOldDragFiles(in: folder)
            g_mkdir_with_parents(folder, 0o700)
            let outcome = Self.render(document, to: path)
            MainLoop.post {
                switch outcome {
                case let .written(path): provider.resolve(path: path)
                case let .failed(message): provider.fail(message)
                }
            }
        }
        return provider
    }

    private enum DragFile: Sendable {
        case written(String)
        case failed(String)
    }

    nonisolated private static func render(_ document: CollageDocument, to path: String) -> DragFile {
        let result: RenderResult
        do {
            result = try Compositor.oneOff().render(document, skipFailures: true)
        } catch {
            return .failed(Messages.render(error))
        }
        do {
            try Exporter.write(consuming: result.image, to: path, format: .png, dpi: document.settings.dpi, replacing: true)
        } catch {
            return .failed(Messages.reason(error.reason))
        }
        return .written(path)
    }

    nonisolated private static func clearOldDragFiles(in folder: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        let cutoff = Date().addingTimeInterval(-dragFileLifetime)
        for name in names {
            let path = folder + "/" + name
            if let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < cutoff {
                try? manager.removeItem(atPath: path)
            }
        }
    }
}

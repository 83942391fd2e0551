// A read-only window into the app for the window tests, compiled into debug
// builds only (the release binary that `make run` builds has none of it) and
// on only when TINYCOLLAGE_TEST_CONTROL is set. Tests act through real input
// — X events from xdotool, AT-SPI actions — like a person; this only tells
// them where things are and what the app holds, and never changes the
// document. Replies go to stdout, one line each, starting with "> ".
//
//   idle                   replies once nothing is being checked, decoded, rendered or saved
//   dump FILE.json         writes the state (photos, areas and their bounds, the focus,
//                          thumbnails, gallery cells, toasts, whether the preview
//                          is a draft of small pictures, shortcuts, the project's path, whether
//                          it changed since saved, its last error, the window's title…);
//                          the preview to FILE.json.png
//   gallery-stats          replies with items, bound, visible, visibleLoaded, loading, storeEdits, rssKiB

#if DEBUG

import CGtk
import CollageCore
import Dispatch
import Foundation

@MainActor
final class TestControl {
    private weak var current: MainWindow?

    init(window: MainWindow) {
        current = window
        let thread = Thread { [weak self] in
            while let line = readLine() {
                MainLoop.post { [line] in self?.handle(line) }
            }
        }
        thread.start()
    }

    /// Only reached from `handle`, which has checked the window is there.
    private var window: MainWindow { current! }

    private func reply(_ text: String) {
        FileHandle.standardOutput.write(("> " + text + "\n").data(using: .utf8)!)
    }

    private func handle(_ line: String) {
        guard let window = current else { return reply("error: no window") }
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let command = words.first else { return }
        switch command {
        case "gallery-stats":
            let stats = window.gallery.statistics
            reply(["items", "bound", "visible", "visibleLoaded", "loading", "storeEdits"].map { "\($0)=\(stats[$0] ?? 0)" }.joined(separator: " ")
                  + " rssKiB=\(Self.memoryKiB("VmRSS:"))")
        case "idle":
            waitForIdle()
        case "dump":
            guard words.count > 1 else { return reply("error: dump FILE") }
            dump(to: words[1])
        default:
            reply("error: unknown command \(command)")
        }
    }

    /// The centre of photo `index`'s cell in the preview area's coordinates.
    private func cellCenter(_ index: Int) -> (x: Double, y: Double)? {
        let preview = window.preview
        let document = window.controller.document
        guard document.photos.indices.contains(index), let result = preview.lastResult,
              let cell = result.cells[document.photos[index].id], let frame = preview.imageFrame(in: preview.surface) else {
            return nil
        }
        return (frame.x + (Double(cell.x) + Double(cell.width) / 2) * frame.scale,
                frame.y + (Double(cell.y) + Double(cell.height) / 2) * frame.scale)
    }

    /// Where the collage is drawn in the window: x, y, width, height.
    private func previewFrame() -> [Double] {
        let preview = window.preview
        guard let texture = preview.texture, let frame = preview.imageFrame(in: preview.surface) else { return [] }
        var point = graphene_point_t(x: Float(frame.x), y: Float(frame.y)), inWindow = graphene_point_t()
        _ = gtk_widget_compute_point(preview.surface, window.window.widget, &point, &inWindow)
        return [Double(inWindow.x), Double(inWindow.y), Double(texture.width) * frame.scale, Double(texture.height) * frame.scale]
    }

    /// The preview's dividers: their axis, the middle of each line in window
    /// coordinates, and where it stands in its split in percent.
    private func dividers() -> [[String: Any]] {
        let preview = window.preview
        guard let result = preview.lastResult, let frame = preview.imageFrame(in: preview.surface) else { return [] }
        return result.dividers.map { divider in
            let across = divider.axis == .across
            let x = across ? divider.position : Double(divider.line.x) + Double(divider.line.width) / 2
            let y = across ? Double(divider.line.y) + Double(divider.line.height) / 2 : divider.position
            var point = graphene_point_t(x: Float(frame.x + x * frame.scale), y: Float(frame.y + y * frame.scale))
            var inWindow = graphene_point_t()
            _ = gtk_widget_compute_point(preview.surface, window.window.widget, &point, &inWindow)
            return ["axis": divider.axis.rawValue, "x": Double(inWindow.x), "y": Double(inWindow.y),
                    "percent": divider.percent, "path": divider.path]
        }
    }

    /// Replies "idle" once two looks 50 ms apart find nothing being checked,
    /// decoded, rendered or saved. First a round trip to the X server, so
    /// the events a test just sent are in and handled before the first look.
    private func waitForIdle(attempt: Int = 0, quietLooks: Int = 0) {
        if attempt == 0, let display = gdk_display_get_default() { gdk_display_sync(display) }
        let busy = attempt == 0 || !window.controller.isIdle || !window.preview.isIdle || window.saver.isSaving
            || !window.clipboard.isIdle
            || !(window.session?.isIdle ?? true)
        let quiet = busy ? 0 : quietLooks + 1
        if quiet >= 2 || attempt > 1500 {
            reply(quiet >= 2 ? "idle" : "timeout")
            return
        }
        MainLoop.after(milliseconds: busy ? 20 : 50) { [weak self] in
            self?.waitForIdle(attempt: attempt + 1, quietLooks: quiet)
        }
    }

    private func bounds(_ widget: Widget) -> [String: Any] {
        var rect = graphene_rect_t()
        let ok = gtk_widget_compute_bounds(widget, window.window.widget, &rect) != 0
        return [
            "visible": gtk_widget_is_visible(widget) != 0 && gtk_widget_get_mapped(widget) != 0,
            "x": ok ? Double(rect.origin.x) : -1, "y": ok ? Double(rect.origin.y) : -1,
            "width": ok ? Double(rect.size.width) : 0, "height": ok ? Double(rect.size.height) : 0,
        ]
    }

    /// VmHWM: the most resident memory this process has had; VmRSS: now.
    private static func memoryKiB(_ field: String = "VmHWM:") -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field) } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Whether any label inside `widget` is cut short with "…".
    private func isTruncated(_ widget: Widget) -> Bool {
        if string(tc_type_name_of(widget.raw)) == "GtkLabel", let layout = gtk_label_get_layout(widget.opaque),
           pango_layout_is_ellipsized(layout) != 0 {
            return true
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if isTruncated(current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    /// The name we gave `widget`, if any: GTK names a widget by its type
    /// until someone names it (GtkBox, AdwBin, our own TinyCollageStripPhoto).
    private func givenName(_ widget: Widget) -> String? {
        guard let name = string(gtk_widget_get_name(widget)), name != string(tc_type_name_of(widget.raw)),
              !name.hasPrefix("Gtk"), !name.hasPrefix("Adw") else { return nil }
        return name
    }

    /// The name of the focused widget or its nearest named ancestor, or its type.
    private func focusName() -> String {
        focusPath().first ?? gtk_window_get_focus(window.window).flatMap { string(gtk_widget_get_name($0)) } ?? ""
    }

    /// The names we gave the focused widget and its ancestors, innermost first.
    private func focusPath() -> [String] {
        var names: [String] = []
        var widget = gtk_window_get_focus(window.window)
        while let current = widget {
            if let name = givenName(current) { names.append(name) }
            widget = gtk_widget_get_parent(current)
        }
        return names
    }

    /// The words a label, a text field, a progress bar or a button shows on
    /// screen (an underscore shown as such included, a mnemonic's not).
    private func shownText(_ widget: Widget) -> String? {
        switch string(tc_type_name_of(widget.raw)) {
        case "GtkLabel": return string(gtk_label_get_text(widget.opaque))
        case "GtkEntry": return string(gtk_editable_get_text(widget.opaque))
        case "GtkProgressBar": return string(gtk_progress_bar_get_text(widget.opaque))
        case "GtkButton": return shownLabel(in: widget)
        default: return nil
        }
    }

    /// The first label on screen inside `widget`.
    private func shownLabel(in widget: Widget) -> String? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_get_mapped(current) != 0 || gtk_widget_get_visible(current) != 0 && gtk_widget_get_mapped(widget) == 0 {
                if string(tc_type_name_of(current.raw)) == "GtkLabel" { return string(gtk_label_get_text(current.opaque)) }
                if let text = shownLabel(in: current) { return text }
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    private func dump(to path: String) {
        var areas: [String: Any] = [:]
        func visit(_ widget: Widget) {
            if let name = givenName(widget) {
                var entry = bounds(widget)
                if let text = shownText(widget) { entry["text"] = text }
                if let tooltip = string(gtk_widget_get_tooltip_text(widget)) { entry["tooltip"] = tooltip }
                areas[name] = entry
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(window.window.widget)
        let document = window.controller.document
        let previewPath = path + ".png"
        let wrotePreview = window.preview.texture?.savePNG(to: previewPath) ?? false
        var surfaceX = 0.0, surfaceY = 0.0
        gtk_native_get_surface_transform(window.window.opaque.opaque, &surfaceX, &surfaceY)
        let state: [String: Any] = [
            "photos": document.photos.map(\.path),
            "settings": ["width": document.settings.outputSize.width, "height": document.settings.outputSize.height,
                         "gap": document.settings.gap, "margin": document.settings.margin,
                         "background": document.settings.background.hexString,
                         "dpi": document.settings.dpi.map { $0 as Any } ?? NSNull()],
            "areas": areas,
            "thumbnails": window.strip.orderedThumbnails.map { bounds($0.widget) },
            "preview": wrotePreview ? previewPath : "",
            "previewSize": [window.preview.texture?.width ?? 0, window.preview.texture?.height ?? 0],
            "toasts": window.toaster.messages,
            "saveEnabled": gtk_widget_get_sensitive(window.saveButton) != 0,
            "canUndo": window.controller.store.canUndo,
            "lastSaved": window.saver.lastSaved ?? "",
            "lastSaveError": window.saver.lastError ?? "",
            "projectPath": window.controller.store.projectPath ?? "",
            "projectChanged": window.projects.isChanged,
            "lastProjectError": window.projects.lastError ?? "",
            "windowTitle": string(gtk_window_get_title(window.window)) ?? "",
            "surfaceOffset": [surfaceX, surfaceY],
            "previewLatencyMs": window.preview.lastLatencyMilliseconds,
            "previewDraft": window.preview.isShowingDraft,
            "crops": document.photos.map { [$0.crop.zoom, $0.crop.centerX, $0.crop.centerY] },
            "tooSmall": document.photos.filter { window.controller.facts.tooSmall[$0.id] != nil }.map(\.path),
            "failures": document.photos.filter { window.controller.facts.failures[$0.id] != nil }.map(\.path),
            "galleryCells": window.gallery.shownCells.map { cell -> [String: Any] in
                var entry = bounds(cell.widget)
                entry["path"] = cell.path
                entry["checked"] = window.controller.isSelected(path: cell.path)
                return entry
            },
            "focus": focusName(),
            "focusPath": focusPath(),
            "titleTruncated": isTruncated(window.title),
            "focusBounds": gtk_window_get_focus(window.window).map { bounds($0) } ?? [:],
            "cellCenters": document.photos.indices.map { index -> [Double] in
                guard let center = cellCenter(index) else { return [-1, -1] }
                var point = graphene_point_t(x: Float(center.x), y: Float(center.y)), inWindow = graphene_point_t()
                _ = gtk_widget_compute_point(window.preview.surface, window.window.widget, &point, &inWindow)
                return [Double(inWindow.x), Double(inWindow.y)]
            },
            "layout": document.settings.layout.rawValue,
            "previewFrame": previewFrame(),
            "title": document.title.text,
            "dividers": dividers(),
            "swapTarget": window.preview.swap.target.flatMap { document.photo(id: $0)?.path } ?? "",
            "peakMemoryKiB": Self.memoryKiB(),
            "windowSize": [Int(gtk_widget_get_width(window.window.widget)), Int(gtk_widget_get_height(window.window.widget))],
            "shortcuts": Self.shortcutsState(of: window.window),
        ]
        do {
            let data = try JSONSerialization.data(withJSONObject: state, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: URL(fileURLWithPath: path))
            reply("ok")
        } catch {
            reply("error: \(error)")
        }
    }
}
#endif

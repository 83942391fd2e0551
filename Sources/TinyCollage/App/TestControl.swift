// A line protocol on stdin for the window tests, on only when
// TINYCOLLAGE_TEST_CONTROL is set. Each command calls the same method that
// the matching drag handler, key or button calls, so a test exercises the
// app's own paths; `dump` writes what a test needs to look at (the order, the
// named areas' bounds, the preview's pixels). Replies go to stdout, one line
// each, starting with "> ".
//
//   add PATH…              as a drop of files on the window
//   drop-files GAP PATH…   as a drop of files on the strip at gap GAP
//   move INDEX GAP         as a thumbnail dragged to gap GAP of the strip
//   trash INDEX            as a thumbnail dropped on the trash
//   key INDEX NAME         a key on a focused thumbnail (Delete, Alt+Left, Alt+Right)
//   action NAME            activates win.NAME or app.NAME
//   settings KEY VALUE     as the settings popover: preset N, size WxH, gap N,
//                          margin N, background #rrggbb, transparent 0|1
//   pan INDEX DX DY        as a drag of DX, DY pixels on photo INDEX in the preview
//   zoom INDEX FACTOR      as a scroll zooming photo INDEX about its centre
//   reset-crop INDEX       as a double-click on photo INDEX
//   gallery FOLDER         shows FOLDER in the gallery, as its folder button does
//   gallery-scroll F       scrolls the gallery to fraction F of the way down
//   gallery-stats          replies with items, bound, visible, visibleLoaded, rssKiB
//   idle                   replies once nothing is being checked, decoded or rendered
//   dump FILE.json         writes the state; the preview to FILE.json.png
//   quit

import CGtk
import CollageCore
import Dispatch
import Foundation

@MainActor
final class TestControl {
    private unowned let window: MainWindow

    init(window: MainWindow) {
        self.window = window
        let thread = Thread {
            while let line = readLine() {
                MainLoop.post { [line] in self.handle(line) }
            }
        }
        thread.start()
    }

    private func reply(_ text: String) {
        FileHandle.standardOutput.write(("> " + text + "\n").data(using: .utf8)!)
    }

    private func handle(_ line: String) {
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard let command = words.first else { return }
        let strip = window.strip
        let document = window.controller.document
        func index(_ i: Int) -> Int? { words.count > i ? Int(words[i]) : nil }
        func photo(_ i: Int) -> Photo? {
            guard let n = index(i), document.photos.indices.contains(n) else { return nil }
            return document.photos[n]
        }
        switch command {
        case "add":
            window.controller.add(paths: Self.paths(line.dropFirst(4)))
            reply("ok")
        case "drop-files":
            guard let gap = index(1), words.count > 2 else { return reply("error: drop-files GAP PATH…") }
            strip.dropFiles(Self.paths(Substring(words[2])), atGap: gap)
            reply("ok")
        case "move":
            guard let photo = photo(1), let gap = index(2) else { return reply("error: move INDEX GAP") }
            strip.dropPhoto(photo.id, atGap: gap)
            reply("ok")
        case "trash":
            guard let photo = photo(1) else { return reply("error: trash INDEX") }
            strip.trashPhoto(photo.id)
            reply("ok")
        case "key":
            guard let n = index(1), let thumbnail = strip.thumbnail(at: n), words.count > 2 else {
                return reply("error: key INDEX NAME")
            }
            gtk_widget_grab_focus(thumbnail.widget)
            switch words[2] {
            case "Delete": strip.trashPhoto(thumbnail.photo.id)
            case "Alt+Left": strip.move(thumbnail.photo.id, by: -1)
            case "Alt+Right": strip.move(thumbnail.photo.id, by: 1)
            default: return reply("error: unknown key")
            }
            reply("ok")
        case "action":
            guard words.count > 1 else { return reply("error: action NAME") }
            let name = words[1]
            if name.hasPrefix("app.") {
                g_action_group_activate_action(OpaquePointer(g_application_get_default()), String(name.dropFirst(4)), nil)
            } else {
                gtk_widget_activate_action_variant(window.window.widget, name.hasPrefix("win.") ? name : "win." + name, nil)
            }
            reply("ok")
        case "settings":
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count == 3 else { return reply("error: settings KEY VALUE") }
            let popover = window.settingsPopover
            switch parts[1] {
            case "preset": popover.setPreset(Int(parts[2]) ?? -1)
            case "size": PixelSize(parsing: parts[2]).map { popover.setSize($0) }
            case "gap": popover.setGap(Int(parts[2]) ?? 0)
            case "margin": popover.setMargin(Int(parts[2]) ?? 0)
            case "background": RGBAColor(parsing: parts[2]).map { popover.setBackground($0) }
            case "transparent": popover.setTransparent(parts[2] == "1")
            default: return reply("error: unknown setting")
            }
            reply("ok")
        case "pan", "zoom", "reset-crop":
            let parts = line.split(separator: " ").map(String.init)
            guard parts.count >= 2, let n = Int(parts[1]), let center = cellCenter(n) else { return reply("error: no such photo") }
            let preview = window.preview
            switch command {
            case "pan":
                guard parts.count == 4, let dx = Double(parts[2]), let dy = Double(parts[3]) else { return reply("error: pan INDEX DX DY") }
                preview.beginPan(atX: center.x, y: center.y)
                preview.pan(dx: dx / 2, dy: dy / 2)
                preview.pan(dx: dx, dy: dy)
                preview.endGesture()
            case "zoom":
                guard parts.count == 3, let factor = Double(parts[2]) else { return reply("error: zoom INDEX FACTOR") }
                preview.zoom(by: factor, atX: center.x, y: center.y, commitAfter: 0)
            default:
                preview.resetCrop(atX: center.x, y: center.y)
            }
            reply("ok")
        case "gallery":
            guard words.count > 1 else { return reply("error: gallery FOLDER") }
            window.gallery.open(folder: String(line.dropFirst(8)))
            reply("ok")
        case "gallery-scroll":
            guard words.count > 1, let fraction = Double(words[1]) else { return reply("error: gallery-scroll FRACTION") }
            window.gallery.scroll(toFraction: fraction)
            reply("ok")
        case "gallery-stats":
            let stats = window.gallery.statistics
            reply(["items", "bound", "visible", "visibleLoaded", "loading"].map { "\($0)=\(stats[$0] ?? 0)" }.joined(separator: " ")
                  + " rssKiB=\(Self.memoryKiB("VmRSS:"))")
        case "idle":
            waitForIdle()
        case "dump":
            guard words.count > 1 else { return reply("error: dump FILE") }
            dump(to: words[1])
        case "quit":
            reply("ok")
            gtk_window_close(window.window)
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

    /// Paths separated by tabs (so they may hold spaces).
    private static func paths(_ text: Substring) -> [String] {
        text.split(separator: "\t").map(String.init).filter { !$0.isEmpty }
    }

    private func waitForIdle(attempt: Int = 0) {
        let busy = !window.controller.isIdle || !window.preview.isIdle || window.saver.isSaving
            || !(window.session?.isIdle ?? true)
        if !busy || attempt > 1000 {
            // One more turn of the main loop so widgets have laid out.
            MainLoop.after(milliseconds: 50) { self.reply(busy ? "timeout" : "idle") }
            return
        }
        MainLoop.after(milliseconds: 20) { self.waitForIdle(attempt: attempt + 1) }
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

    private func dump(to path: String) {
        var areas: [String: Any] = [:]
        func visit(_ widget: Widget) {
            if let name = string(gtk_widget_get_name(widget)), !name.hasPrefix("Gtk"), !name.hasPrefix("Adw") {
                areas[name] = bounds(widget)
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
                         "background": document.settings.background.hexString],
            "areas": areas,
            "thumbnails": window.strip.orderedThumbnails.map { bounds($0.widget) },
            "preview": wrotePreview ? previewPath : "",
            "previewSize": [window.preview.texture?.width ?? 0, window.preview.texture?.height ?? 0],
            "toasts": window.toaster.messages,
            "saveEnabled": gtk_widget_get_sensitive(window.saveButton) != 0,
            "canUndo": window.controller.store.canUndo,
            "lastSaved": window.saver.lastSaved ?? "",
            "lastSaveError": window.saver.lastError ?? "",
            "surfaceOffset": [surfaceX, surfaceY],
            "previewLatencyMs": window.preview.lastLatencyMilliseconds,
            "crops": document.photos.map { [$0.crop.zoom, $0.crop.centerX, $0.crop.centerY] },
            "tooSmall": document.photos.filter { window.preview.tooSmall[$0.id] != nil }.map(\.path),
            "cellCenters": document.photos.indices.map { index -> [Double] in
                guard let center = cellCenter(index) else { return [-1, -1] }
                var point = graphene_point_t(x: Float(center.x), y: Float(center.y)), inWindow = graphene_point_t()
                gtk_widget_compute_point(window.preview.surface, window.window.widget, &point, &inWindow)
                return [Double(inWindow.x), Double(inWindow.y)]
            },
            "peakMemoryKiB": Self.memoryKiB(),
            "windowSize": [Int(gtk_widget_get_width(window.window.widget)), Int(gtk_widget_get_height(window.window.widget))],
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

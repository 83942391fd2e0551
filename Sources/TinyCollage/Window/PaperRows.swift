// The settings panel's rows for a collage made for paper (issue 22), under
// its Size row, whose list holds the papers themselves: Landscape (shown
// while the size is a paper) and Resolution, 150, 300 or 600 dpi (shown while
// the collage has a DPI; a DPI from elsewhere, such as `render --dpi 200`, is
// listed too). Each change goes through the panel's own change, so it is one
// undo step, live in the preview and kept with the document; the rows follow
// the document, so undo moves them back. The papers' titles are here too, for
// the Size list. What a change does to the size is CollageSettings+Paper's.

import CGtk
import CollageCore

@MainActor
final class PaperRows {
    let landscapeRow: Widget
    let dpiRow: Widget
    private let landscape: Widget
    /// The DPIs the Resolution list holds now, in its order.
    private var listedDPIs: [Int] = []
    /// Makes an edit of the settings one change of the document (the panel's, set by it).
    var change: (@MainActor ((CollageSettings) -> CollageSettings) -> Void)?
    private var following = false

    /// A paper's title in the Size list.
    static func title(of paper: PaperSize) -> String {
        switch paper {
        case .a4: return tr("A4, 210 × 297 mm")
        case .a3: return tr("A3, 297 × 420 mm")
        case .a5: return tr("A5, 148 × 210 mm")
        case .letter: return tr("US Letter, 8.5 × 11 in")
        case .fourBySix: return tr("Photo, 4 × 6 in")
        case .fiveBySeven: return tr("Photo, 5 × 7 in")
        }
    }

    static func title(dpi: Int) -> String {
        // TRANSLATORS: a print resolution in the settings, "300 dpi".
        tr("%s dpi", String(dpi))
    }

    /// The panel shows the rows, has them follow the document and sets `change`.
    init() {
        (landscape, landscapeRow) = SettingsPanel.switchRow(tr("Landscape"), subtitle: tr("the paper’s long side across"),
                                                           name: "settingLandscape")
        dpiRow = adw_combo_row_new()!
        adw_preferences_row_set_title(dpiRow.cast(), tr("Resolution"))
        adw_action_row_set_subtitle(dpiRow.cast(), tr("for printing"))
        gtk_widget_set_name(dpiRow, "settingDPI")
        AccessibleTree.followComboRow(dpiRow)

        Signals.withPointer(landscape.raw, "notify::active") { [weak self] _ in
            guard let self, !self.following else { return }
            let on = gtk_switch_get_active(self.landscape.opaque) != 0
            self.change? { $0.turned(landscape: on) }
        }
        Signals.withPointer(dpiRow.raw, "notify::selected") { [weak self] _ in
            guard let self, !self.following else { return }
            let index = Int(adw_combo_row_get_selected(self.dpiRow.cast()))
            guard self.listedDPIs.indices.contains(index) else { return }
            let dpi = self.listedDPIs[index]
            self.change? { $0.atDPI(dpi) }
        }
    }

    /// Moves the rows to show `settings`.
    func follow(_ settings: CollageSettings) {
        following = true
        defer { following = false }
        let paper = settings.paper
        gtk_widget_set_visible(landscapeRow, paper == nil ? 0 : 1)
        gtk_switch_set_active(landscape.opaque, paper?.landscape == true ? 1 : 0)
        gtk_widget_set_visible(dpiRow, settings.dpi == nil ? 0 : 1)
        guard let dpi = settings.dpi else { return }
        let dpis = Set(PaperSize.offeredDPIs + [dpi]).sorted()
        if dpis != listedDPIs {
            listedDPIs = dpis
            var titles: [UnsafePointer<CChar>?] = dpis.map { UnsafePointer(strdup(Self.title(dpi: $0))) } + [nil]
            let model = gtk_string_list_new(&titles)!
            titles.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
            handOver(model) { adw_combo_row_set_model(dpiRow.cast(), $0) }
        }
        adw_combo_row_set_selected(dpiRow.cast(), UInt32(dpis.firstIndex(of: dpi) ?? 0))
        AccessibleTree.describeComboRow(dpiRow)
    }
}

// The collage settings (SPEC §3) as a panel the window shows beside the
// preview (wide) or below it in place of the strip and gallery (narrow), so
// every change can be watched as it is made: output size (presets, aspect
// ratios, papers with their orientation and DPI in PaperRows, custom
// width × height), gap, margin and background (a colour, or
// transparent for PNG; the preview follows the colour as it is picked,
// ColourChooserButton). Every change is an undoable change of the document,
// re-renders the preview at once, and becomes the default for new collages
// (GSettings). Widgets follow the document, so undo moves them back. The
// wheel scrolls the panel; a field takes it only when focused
// (WheelNeedsFocus). Where the panel goes is the window's business
// (MainWindow+Layout).

import CGtk
import CollageCore

@MainActor
final class SettingsPanel {
    let widget: Widget
    private let controller: CollageController
    private let sizeRow: Widget
    private let paperRows = PaperRows()
    private let width: Widget
    private let height: Widget
    private let gap: Widget
    private let margin: Widget
    private let colour: ColourChooserButton
    private let transparent: Widget
    /// Set while widgets are being moved to match the document, so their
    /// change signals do not write back a change nobody made.
    private var following = false

    struct Preset {
        enum Kind: Equatable {
            case screen(PixelSize)
            case paper(PaperSize)
            case custom
        }

        let title: String
        let kind: Kind

        init(title: String, size: PixelSize) {
            self.title = title
            kind = .screen(size)
        }

        init(title: String, kind: Kind) {
            self.title = title
            self.kind = kind
        }
    }

    static var presets: [Preset] {
        [
            Preset(title: tr("Square, 1080 × 1080"), size: PixelSize(width: 1080, height: 1080)),
            Preset(title: tr("Square, 2048 × 2048"), size: PixelSize(width: 2048, height: 2048)),
            Preset(title: tr("Square, 4096 × 4096"), size: PixelSize(width: 4096, height: 4096)),
            Preset(title: tr("4:3, 1440 × 1080"), size: PixelSize(width: 1440, height: 1080)),
            Preset(title: tr("3:4, 1080 × 1440"), size: PixelSize(width: 1080, height: 1440)),
            Preset(title: tr("4:5, 1080 × 1350, Instagram portrait post"), size: PixelSize(width: 1080, height: 1350)),
            Preset(title: tr("16:9, 1920 × 1080"), size: PixelSize(width: 1920, height: 1080)),
            Preset(title: tr("9:16, 1080 × 1920"), size: PixelSize(width: 1080, height: 1920)),
        ] + PaperSize.allCases.map { Preset(title: PaperRows.title(of: $0), kind: .paper($0)) } + [
            Preset(title: tr("Custom"), kind: .custom),
        ]
    }

    init(controller: CollageController) {
        self.controller = controller
        let page = adw_preferences_page_new()!
        widget = page
        name(widget, "settingsPanel", label: tr("Collage settings"))
        // The title first: opening the panel puts the keyboard in its field.
        for group in TitleEditor(controller: controller).groups { adw_preferences_page_add(page.cast(), group.cast()) }
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(group.cast(), tr("Collage"))
        adw_preferences_page_add(page.cast(), group.cast())

        let sizeRow = adw_combo_row_new()!
        self.sizeRow = sizeRow
        adw_preferences_row_set_title(sizeRow.cast(), tr("Size"))
        gtk_widget_set_name(sizeRow, "settingSize")
        var titles: [UnsafePointer<CChar>?] = Self.presets.map { UnsafePointer(strdup($0.title)) } + [nil]
        let model = gtk_string_list_new(&titles)!
        titles.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        handOver(model) { adw_combo_row_set_model(sizeRow.cast(), $0) }
        AccessibleTree.followComboRow(sizeRow)

        width = Self.spin(1, CollageSettings.maximumSide, tr("Width in pixels"), name: "settingWidth")
        height = Self.spin(1, CollageSettings.maximumSide, tr("Height in pixels"), name: "settingHeight")
        let dimensions = Self.row(tr("Width × height"), subtitle: tr("pixels"))
        let times = gtk_label_new("×")!
        for widget in [width, times, height] { adw_action_row_add_suffix(dimensions.cast(), widget) }

        gap = Self.spin(0, CollageSettings.maximumSpacing, tr("Gap in pixels"), name: "settingGap")
        let gapRow = Self.row(tr("Gap"), subtitle: tr("between photos, in pixels"))
        adw_action_row_add_suffix(gapRow.cast(), gap)
        margin = Self.spin(0, CollageSettings.maximumSpacing, tr("Margin in pixels"), name: "settingMargin")
        let marginRow = Self.row(tr("Margin"), subtitle: tr("around the photos, in pixels"))
        adw_action_row_add_suffix(marginRow.cast(), margin)

        let colourRow: Widget
        (colour, colourRow) = Self.colourRow(tr("Background"), chooserTitle: tr("Background Colour"),
                                             label: tr("Background colour"), name: "settingBackground")
        let transparentRow: Widget
        (transparent, transparentRow) = Self.switchRow(tr("Transparent background"),
                                                       subtitle: tr("PNG only; JPEG gets white"), name: "settingTransparent")

        paperRows.change = { [weak self] edit in self?.change { $0 = edit($0) } }
        for row in [sizeRow, paperRows.landscapeRow, paperRows.dpiRow, dimensions, gapRow, marginRow, colourRow,
                    transparentRow] {
            adw_preferences_group_add(group.cast(), row)
        }
        adw_preferences_page_add(page.cast(), StyleSection(controller: controller).group.cast())
        Companion.attach(self, to: widget)
        WheelNeedsFocus.installOnFields(in: widget)

        Signals.withPointer(sizeRow.raw, "notify::selected") { [weak self] _ in
            guard let self, !self.following else { return }
            self.setPreset(Int(adw_combo_row_get_selected(self.sizeRow.cast())))
        }
        for spin in [width, height] {
            Signals.plain(spin.raw, "value-changed") { [weak self] in
                guard let self, !self.following else { return }
                self.setSize(PixelSize(width: Int(gtk_spin_button_get_value_as_int(self.width.opaque)),
                                       height: Int(gtk_spin_button_get_value_as_int(self.height.opaque))))
            }
        }
        Signals.plain(gap.raw, "value-changed") { [weak self] in
            guard let self, !self.following else { return }
            self.setGap(Int(gtk_spin_button_get_value_as_int(self.gap.opaque)))
        }
        Signals.plain(margin.raw, "value-changed") { [weak self] in
            guard let self, !self.following else { return }
            self.setMargin(Int(gtk_spin_button_get_value_as_int(self.margin.opaque)))
        }
        // The preview follows the colour as it is picked; Select makes it one
        // undo step, Cancel puts the old one back.
        colour.onTrial = { [weak self] rgba in
            guard let self else { return }
            var trial = self.controller.document.settings
            trial.background = Self.colour(rgba)
            self.controller.tryOut(trial)
        }
        colour.onChoose = { [weak self] rgba in
            self?.controller.tryOut(nil)
            self?.setBackground(Self.colour(rgba))
        }
        colour.onCancel = { [weak self] in self?.controller.tryOut(nil) }
        Signals.withPointer(transparent.raw, "notify::active") { [weak self] _ in
            guard let self, !self.following else { return }
            self.setTransparent(gtk_switch_get_active(self.transparent.opaque) != 0)
        }
        controller.store.observe { [weak self] document, change in
            guard let self, change.touches(.settings) else { return }
            self.follow(document.settings)
        }
        follow(controller.document.settings)
    }

    private static func colour(_ rgba: GdkRGBA) -> RGBAColor {
        RGBAColor(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue))
    }

    /// A spin button of whole numbers, named for AT-SPI (the Look section's too).
    static func spin(_ low: Int, _ high: Int, _ label: String, name widgetName: String) -> Widget {
        let spin = gtk_spin_button_new_with_range(Double(low), Double(high), 1)!
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        name(spin, widgetName, label: label)
        return spin
    }

    /// A colour button in a row of its own, named for a screen reader.
    static func colourRow(_ title: String, chooserTitle: String, label: String, name widgetName: String)
        -> (ColourChooserButton, Widget) {
        let button = ColourChooserButton(title: chooserTitle)
        name(button.widget, widgetName, label: label)
        let row = row(title, subtitle: nil)
        adw_action_row_add_suffix(row.cast(), button.widget)
        return (button, row)
    }

    /// A switch in a row that turns it when activated; the row names it.
    static func switchRow(_ title: String, subtitle: String?, name widgetName: String) -> (Widget, Widget) {
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        gtk_widget_set_name(toggle, widgetName)
        let row = row(title, subtitle: subtitle)
        adw_action_row_add_suffix(row.cast(), toggle)
        adw_action_row_set_activatable_widget(row.cast(), toggle)
        return (toggle, row)
    }

    static func row(_ title: String, subtitle: String?) -> Widget {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(row.cast(), title)
        if let subtitle { adw_action_row_set_subtitle(row.cast(), subtitle) }
        return row
    }

    // MARK: What the widgets do

    /// A screen size has no DPI; a paper keeps the DPI and orientation it had.
    func setPreset(_ index: Int) {
        guard Self.presets.indices.contains(index) else { return }
        switch Self.presets[index].kind {
        case let .screen(size): change { $0 = $0.onScreen(size) }
        case let .paper(paper): change { $0 = $0.onPaper(paper) }
        case .custom: return
        }
    }

    func setSize(_ size: PixelSize) {
        change { $0.outputSize = size }
    }

    func setGap(_ pixels: Int) {
        change { $0.gap = pixels }
    }

    func setMargin(_ pixels: Int) {
        change { $0.margin = pixels }
    }

    func setBackground(_ colour: RGBAColor) {
        change { $0.background = RGBAColor(red: colour.red, green: colour.green, blue: colour.blue) }
    }

    func setTransparent(_ on: Bool) {
        change { $0.background.alpha = on ? 0 : 1 }
    }

    private func change(_ edit: (inout CollageSettings) -> Void) {
        var settings = controller.document.settings
        edit(&settings)
        guard settings.outputSize.width <= CollageSettings.maximumSide,
              settings.outputSize.height <= CollageSettings.maximumSide,
              CollageLayout.fits(count: controller.document.photos.count, settings: settings) else {
            controller.toaster?.show(Messages.noRoom(gap: settings.gap, margin: settings.margin))
            follow(controller.document.settings)
            return
        }
        controller.store.setSettings(settings)
        controller.settings.collageDefaults = settings
    }

    /// The paper the collage is made for, else the screen size it has, else Custom.
    static func presetIndex(of settings: CollageSettings) -> Int {
        let kind: Preset.Kind = settings.paper.map { .paper($0.paper) } ?? .screen(settings.outputSize)
        return presets.firstIndex { $0.kind == kind } ?? presets.count - 1
    }

    /// Moves the widgets to show `settings`.
    private func follow(_ settings: CollageSettings) {
        following = true
        defer { following = false }
        adw_combo_row_set_selected(sizeRow.cast(), UInt32(Self.presetIndex(of: settings)))
        paperRows.follow(settings)
        gtk_spin_button_set_value(width.opaque, Double(settings.outputSize.width))
        gtk_spin_button_set_value(height.opaque, Double(settings.outputSize.height))
        gtk_spin_button_set_value(gap.opaque, Double(settings.gap))
        gtk_spin_button_set_value(margin.opaque, Double(settings.margin))
        colour.show(GdkRGBA(red: Float(settings.background.red), green: Float(settings.background.green),
                            blue: Float(settings.background.blue), alpha: 1))
        gtk_switch_set_active(transparent.opaque, settings.background.isOpaque ? 0 : 1)
        gtk_widget_set_sensitive(colour.widget, settings.background.isOpaque ? 1 : 0)
    }
}

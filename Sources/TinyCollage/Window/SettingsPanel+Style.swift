// The collage's look in the settings panel (issue 23): the named presets as
// a row of toggle buttons (the one the settings match is pressed), then a
// control per property — corner radius, border width and colour, shadow,
// what fills the background (a colour, transparent, a gradient with its two
// colours and angle, the blurred photos) and the photos' fit. Each change is
// one change of the document (one undo step; the store joins a spin button's
// run of presses as it does margin's), shows in the preview at once, and
// becomes the default for new collages (AppSettings' "style" key). A colour
// shows in the preview while it is picked (ColourChooserButton). The
// widgets follow the document, so undo moves them back. Drawing the look is
// CollageRender's; what each preset holds is CollageCore's StylePreset.

import CGtk
import CollageCore

@MainActor
final class StyleSection {
    let group: Widget
    private let controller: CollageController
    private var presetButtons: [Widget] = []
    private let radius: Widget
    private let borderWidth: Widget
    private let borderColour: ColourChooserButton
    private let shadow: Widget
    private let fillRow: Widget
    private let gradientFrom: ColourChooserButton
    private let gradientTo: ColourChooserButton
    private let angle: Widget
    private let gradientRows: [Widget]
    private let fitRow: Widget
    /// Set while widgets are moved to match the document, so their change
    /// signals do not write back a change nobody made.
    private var following = false

    enum FillKind: Int, CaseIterable { case colour, transparent, gradient, blur }

    static var fillTitles: [String] { [tr("Colour"), tr("Transparent"), tr("Gradient"), tr("Blurred photos")] }
    static var fitTitles: [String] { [tr("Fill the cells"), tr("Show whole photos")] }
    static let fits: [PhotoFit] = [.cover, .contain]

    /// A preset's name as the user reads it.
    static func title(of preset: StylePreset) -> String {
        switch preset.name {
        case "Classic": return tr("Classic")
        case "Print": return tr("Print")
        case "Rounded": return tr("Rounded")
        case "Dark": return tr("Dark")
        default: return preset.name
        }
    }

    init(controller: CollageController) {
        self.controller = controller
        group = adw_preferences_group_new()!
        adw_preferences_group_set_title(group.cast(), tr("Look"))
        gtk_widget_set_name(group, "styleSection")

        // The buttons have the row to themselves, with no title beside them: in a
        // phone-sized window (360 px) a title and four buttons made the panel too wide.
        let presetRow = adw_preferences_row_new()!
        adw_preferences_row_set_title(presetRow.cast(), tr("Style"))
        gtk_list_box_row_set_activatable(presetRow.cast(), 0)
        AccessibleTree.label(presetRow, tr("Style"))
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        addClass(box, "linked")
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(box, 8) }
        for preset in StylePreset.all {
            let button = gtk_toggle_button_new_with_label(Self.title(of: preset))!
            gtk_widget_set_name(button, "stylePreset\(preset.name)")
            gtk_box_append(box.cast(), button)
            presetButtons.append(button)
        }
        gtk_list_box_row_set_child(presetRow.cast(), box)

        radius = SettingsPanel.spin(0, Int(CollageStyle.cornerRadiusRange.upperBound), tr("Corner radius in percent"),
                           name: "styleRadius")
        let radiusRow = SettingsPanel.row(tr("Corner radius"), subtitle: tr("percent of each cell’s shorter side"))
        adw_action_row_add_suffix(radiusRow.cast(), radius)

        borderWidth = SettingsPanel.spin(0, CollageStyle.maximumBorderWidth, tr("Border width in pixels"), name: "styleBorder")
        let borderRow = SettingsPanel.row(tr("Border"), subtitle: tr("inside each cell, in pixels"))
        adw_action_row_add_suffix(borderRow.cast(), borderWidth)

        let borderColourRow: Widget
        (borderColour, borderColourRow) = SettingsPanel.colourRow(tr("Border colour"), chooserTitle: tr("Border Colour"),
                                                                  label: tr("Border colour"), name: "styleBorderColour")
        let shadowRow: Widget
        (shadow, shadowRow) = SettingsPanel.switchRow(tr("Shadow"), subtitle: tr("under each photo"), name: "styleShadow")

        fillRow = Self.combo(tr("Background fill"), titles: Self.fillTitles, name: "styleFill")

        gradientFrom = ColourChooserButton(title: tr("First Gradient Colour"))
        name(gradientFrom.widget, "styleGradientFrom", label: tr("First gradient colour"))
        gradientTo = ColourChooserButton(title: tr("Second Gradient Colour"))
        name(gradientTo.widget, "styleGradientTo", label: tr("Second gradient colour"))
        let coloursRow = SettingsPanel.row(tr("Gradient colours"), subtitle: tr("from first to second"))
        adw_action_row_add_suffix(coloursRow.cast(), gradientFrom.widget)
        adw_action_row_add_suffix(coloursRow.cast(), gradientTo.widget)
        angle = SettingsPanel.spin(0, 360, tr("Gradient angle in degrees"), name: "styleAngle")
        let angleRow = SettingsPanel.row(tr("Gradient angle"), subtitle: tr("degrees; 180 puts the first colour at the top"))
        adw_action_row_add_suffix(angleRow.cast(), angle)
        gradientRows = [coloursRow, angleRow]

        fitRow = Self.combo(tr("Photos"), titles: Self.fitTitles, name: "styleFit")

        for row in [presetRow, radiusRow, borderRow, borderColourRow, shadowRow, fillRow, coloursRow, angleRow, fitRow] {
            adw_preferences_group_add(group.cast(), row)
        }
        Companion.attach(self, to: group, key: "tinycollage-style-section")
        connect()
        controller.store.observe { [weak self] document, change in
            guard let self, change.touches(.settings) else { return }
            self.follow(document.settings)
        }
        follow(controller.document.settings)
    }

    private func connect() {
        for (index, button) in presetButtons.enumerated() {
            Signals.plain(button.raw, "toggled") { [weak self] in
                guard let self, !self.following else { return }
                self.apply(StylePreset.all[index])
            }
        }
        Signals.plain(radius.raw, "value-changed") { [weak self] in
            guard let self, !self.following else { return }
            let value = Double(gtk_spin_button_get_value_as_int(self.radius.opaque))
            self.change { $0.style.cornerRadius = value }
        }
        Signals.plain(borderWidth.raw, "value-changed") { [weak self] in
            guard let self, !self.following else { return }
            let value = Int(gtk_spin_button_get_value_as_int(self.borderWidth.opaque))
            self.change { $0.style.borderWidth = value }
        }
        Signals.withPointer(shadow.raw, "notify::active") { [weak self] _ in
            guard let self, !self.following else { return }
            let on = gtk_switch_get_active(self.shadow.opaque) != 0
            self.change { $0.style.shadow = on }
        }
        Signals.withPointer(fillRow.raw, "notify::selected") { [weak self] _ in
            guard let self, !self.following,
                  let kind = FillKind(rawValue: Int(adw_combo_row_get_selected(self.fillRow.cast()))) else { return }
            self.setFill(kind)
        }
        Signals.withPointer(fitRow.raw, "notify::selected") { [weak self] _ in
            guard let self, !self.following else { return }
            let index = Int(adw_combo_row_get_selected(self.fitRow.cast()))
            guard Self.fits.indices.contains(index) else { return }
            self.change { $0.style.fit = Self.fits[index] }
        }
        Signals.plain(angle.raw, "value-changed") { [weak self] in
            guard let self, !self.following else { return }
            let degrees = Double(gtk_spin_button_get_value_as_int(self.angle.opaque))
            self.change {
                if case let .gradient(from, to, _) = $0.style.fill { $0.style.fill = .gradient(from: from, to: to, angle: degrees) }
            }
        }
        live(borderColour) { settings, colour in settings.style.borderColour = colour }
        live(gradientFrom) { settings, colour in
            if case let .gradient(_, to, angle) = settings.style.fill { settings.style.fill = .gradient(from: colour, to: to, angle: angle) }
        }
        live(gradientTo) { settings, colour in
            if case let .gradient(from, _, angle) = settings.style.fill { settings.style.fill = .gradient(from: from, to: colour, angle: angle) }
        }
    }

    /// The preview follows `button`'s colour as it is picked; Select makes it
    /// one undo step, Cancel puts the old one back (as the background's).
    private func live(_ button: ColourChooserButton, _ edit: @escaping @MainActor (inout CollageSettings, RGBAColor) -> Void) {
        button.onTrial = { [weak self] rgba in
            guard let self else { return }
            var trial = self.controller.document.settings
            edit(&trial, Self.colour(rgba))
            self.controller.tryOut(trial)
        }
        button.onChoose = { [weak self] rgba in
            self?.controller.tryOut(nil)
            self?.change { edit(&$0, Self.colour(rgba)) }
        }
        button.onCancel = { [weak self] in self?.controller.tryOut(nil) }
    }

    // MARK: What the widgets do

    func apply(_ preset: StylePreset) {
        change { $0 = preset.applied(to: $0) }
    }

    func setFill(_ kind: FillKind) {
        change { settings in
            switch kind {
            case .colour:
                settings.style.fill = .colour
                settings.background.alpha = 1
            case .transparent:
                settings.style.fill = .colour
                settings.background.alpha = 0
            case .gradient:
                guard case .gradient = settings.style.fill else {
                    // A gradient from the background colour to a darker one: a start the user then picks from.
                    let from = RGBAColor(red: settings.background.red, green: settings.background.green,
                                         blue: settings.background.blue)
                    let to = RGBAColor(red: from.red * 0.5, green: from.green * 0.5, blue: from.blue * 0.5)
                    settings.style.fill = .gradient(from: from, to: to, angle: BackgroundFill.defaultGradientAngle)
                    return
                }
            case .blur:
                settings.style.fill = .blur
            }
        }
    }

    private func change(_ edit: (inout CollageSettings) -> Void) {
        var settings = controller.document.settings
        edit(&settings)
        settings.style = SessionValidation.checkedStyle(settings.style, in: settings)
        guard CollageLayout.fits(count: controller.document.photos.count, settings: settings) else {
            controller.toaster?.show(Messages.noRoom(gap: settings.gap, margin: settings.margin))
            follow(controller.document.settings)
            return
        }
        controller.store.setSettings(settings)
        controller.settings.collageDefaults = settings
        // A change the store found no change (or clamped) still moves the widgets back.
        follow(controller.document.settings)
    }

    static func kind(of settings: CollageSettings) -> FillKind {
        switch settings.style.fill {
        case .colour: return settings.background.isOpaque ? .colour : .transparent
        case .gradient: return .gradient
        case .blur: return .blur
        }
    }

    /// Moves the widgets to show `settings`.
    private func follow(_ settings: CollageSettings) {
        following = true
        defer { following = false }
        let current = StylePreset.matching(settings)
        for (index, button) in presetButtons.enumerated() {
            gtk_toggle_button_set_active(button.cast(), StylePreset.all[index] == current ? 1 : 0)
        }
        let style = settings.style
        gtk_spin_button_set_value(radius.opaque, style.cornerRadius.rounded())
        gtk_spin_button_set_value(borderWidth.opaque, Double(style.borderWidth))
        borderColour.show(Self.rgba(style.borderColour))
        gtk_switch_set_active(shadow.opaque, style.shadow ? 1 : 0)
        adw_combo_row_set_selected(fillRow.cast(), UInt32(Self.kind(of: settings).rawValue))
        if case let .gradient(from, to, degrees) = style.fill {
            gradientFrom.show(Self.rgba(from))
            gradientTo.show(Self.rgba(to))
            gtk_spin_button_set_value(angle.opaque, degrees)
        }
        for row in gradientRows { gtk_widget_set_visible(row, Self.kind(of: settings) == .gradient ? 1 : 0) }
        adw_combo_row_set_selected(fitRow.cast(), UInt32(Self.fits.firstIndex(of: style.fit) ?? 0))
    }

    private static func colour(_ rgba: GdkRGBA) -> RGBAColor {
        RGBAColor(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue))
    }

    private static func rgba(_ colour: RGBAColor) -> GdkRGBA {
        GdkRGBA(red: Float(colour.red), green: Float(colour.green), blue: Float(colour.blue), alpha: 1)
    }

    private static func combo(_ title: String, titles: [String], name widgetName: String) -> Widget {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(row.cast(), title)
        gtk_widget_set_name(row, widgetName)
        var strings: [UnsafePointer<CChar>?] = titles.map { UnsafePointer(strdup($0)) } + [nil]
        let model = gtk_string_list_new(&strings)!
        strings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        handOver(model) { adw_combo_row_set_model(row.cast(), $0) }
        AccessibleTree.followComboRow(row)
        return row
    }
}

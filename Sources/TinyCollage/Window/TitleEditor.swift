// The collage's title in the window (SPEC §9): a text field whose
// placeholder is the title the photos suggest (where and when they were
// taken), a "Use Suggestion" button, where the title goes, its size and its
// colour. Every change is a change of the document, so the preview re-renders
// as the user types and Ctrl+Z undoes a burst of typing at once; the
// widgets follow the document, so undo moves them back. Self-contained: it
// exposes `groups` (preferences groups; the first, `widget`, owns the editor)
// for whichever panel holds them, and owns nothing but its widgets. The suggestion's rules are CollageCore's,
// reading the photos CollageMetadata's (off the main thread).

import CGtk
import CollageCore
import CollageMetadata
import Dispatch

@MainActor
final class TitleEditor {
    /// The heading group, which owns this editor, then the rows' group.
    let groups: [Widget]
    var widget: Widget { groups[0] }
    private let controller: CollageController
    private let entry: Widget
    private let useSuggestion: Widget
    private let positionRow: Widget
    private let sizeRow: Widget
    private let autoColour: Widget
    private let colour: ColourChooserButton
    private let colourRow: Widget
    /// Set while widgets are moved to match the document, so their change
    /// signals do not write back a change nobody made.
    private var following = false
    /// When the user last typed, to end an undo step at a pause.
    private var lastTyped: UInt64 = 0
    private var suggestion: String?
    /// The photos the suggestion is for, and which request is the newest.
    private var suggestedFor: [String]?
    private var generation = 0
    private let suggester = DispatchQueue(label: "title-suggestion", qos: .utility)

    /// Keystrokes closer together than this are one undo step.
    static let typingPause: UInt64 = 1_000_000_000

    static let positions: [CollageTitle.Position] = [.top, .bottom, .overlay]
    static let sizes = [CollageTitle.small, CollageTitle.medium, CollageTitle.large]

    init(controller: CollageController) {
        self.controller = controller
        // A preferences group shows other widgets after its rows: the field
        // goes in a group of its own, above the rows.
        let heading = adw_preferences_group_new()!
        adw_preferences_group_set_title(heading.cast(), tr("Title"))
        gtk_widget_set_name(heading, "titleEditor")
        let rows = adw_preferences_group_new()!
        groups = [heading, rows]

        entry = gtk_entry_new()!
        gtk_widget_set_hexpand(entry, 1)
        gtk_entry_set_max_length(entry.cast(), Int32(CollageTitle.maximumLength))
        // Ctrl+Z is the window's: it undoes the document, title included.
        gtk_editable_set_enable_undo(entry.opaque, 0)
        name(entry, "collageTitle", label: tr("Collage title"))
        useSuggestion = mnemonicButton(tr("_Use Suggestion"))
        gtk_widget_set_name(useSuggestion, "useTitleSuggestion")
        tc_accessible_set_description(useSuggestion, tr("Use the suggested title"))
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        addClass(line, "linked")
        gtk_box_append(line.cast(), entry)
        gtk_box_append(line.cast(), useSuggestion)

        positionRow = Self.combo(tr("Position"), [tr("Above the photos"), tr("Below the photos"), tr("Over the photos")])
        sizeRow = Self.combo(tr("Text size"), [tr("Small"), tr("Medium"), tr("Large")])
        autoColour = gtk_switch_new()!
        gtk_widget_set_name(autoColour, "settingTitleAutoColour")
        gtk_widget_set_valign(autoColour, GTK_ALIGN_CENTER)
        let autoRow = adw_action_row_new()!
        adw_preferences_row_set_title(autoRow.cast(), tr("Automatic text colour"))
        adw_action_row_set_subtitle(autoRow.cast(), tr("Black or white, whichever reads best"))
        adw_action_row_add_suffix(autoRow.cast(), autoColour)
        adw_action_row_set_activatable_widget(autoRow.cast(), autoColour)
        colour = ColourChooserButton(title: tr("Text Colour"))
        gtk_widget_set_name(colour.widget, "settingTitleColour")
        AccessibleTree.label(colour.widget, tr("Text colour"))
        colourRow = adw_action_row_new()!
        adw_preferences_row_set_title(colourRow.cast(), tr("Text colour"))
        adw_action_row_add_suffix(colourRow.cast(), colour.widget)

        adw_preferences_group_add(heading.cast(), line)
        for row in [positionRow, sizeRow, autoRow, colourRow] { adw_preferences_group_add(rows.cast(), row) }
        Companion.attach(self, to: widget)
        connect()
        follow(controller.document)
        suggest(for: controller.document)
    }

    private static func combo(_ title: String, _ choices: [String]) -> Widget {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(row.cast(), title)
        var titles: [UnsafePointer<CChar>?] = choices.map { UnsafePointer(strdup($0)) } + [nil]
        let model = gtk_string_list_new(&titles)!
        titles.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        handOver(model) { adw_combo_row_set_model(row.cast(), $0) }
        AccessibleTree.followComboRow(row)
        return row
    }

    private func connect() {
        Signals.plain(entry.raw, "changed") { [weak self] in self?.typed() }
        Signals.plain(useSuggestion.raw, "clicked") { [weak self] in
            guard let self, let suggestion = self.suggestion else { return }
            self.change { $0.text = suggestion }
        }
        Signals.withPointer(positionRow.raw, "notify::selected") { [weak self] _ in
            guard let self, !self.following else { return }
            let index = Int(adw_combo_row_get_selected(self.positionRow.cast()))
            guard Self.positions.indices.contains(index) else { return }
            self.change { $0.position = Self.positions[index] }
        }
        Signals.withPointer(sizeRow.raw, "notify::selected") { [weak self] _ in
            guard let self, !self.following else { return }
            let index = Int(adw_combo_row_get_selected(self.sizeRow.cast()))
            guard Self.sizes.indices.contains(index) else { return }
            self.change { $0.size = Self.sizes[index] }
        }
        Signals.withPointer(autoColour.raw, "notify::active") { [weak self] _ in
            guard let self, !self.following else { return }
            let automatic = gtk_switch_get_active(self.autoColour.opaque) != 0
            self.change { $0.colour = automatic ? nil : self.chosenColour() }
        }
        // As the background's: the preview follows the colour as it is
        // picked; Select makes it one undo step, Cancel puts the old one back.
        colour.onTrial = { [weak self] rgba in
            guard let self else { return }
            var trial = self.controller.document.title
            trial.colour = Self.colour(rgba)
            self.controller.tryOut(title: trial)
        }
        colour.onChoose = { [weak self] rgba in
            guard let self else { return }
            self.controller.tryOut(title: nil)
            self.change { $0.colour = Self.colour(rgba) }
        }
        colour.onCancel = { [weak self] in self?.controller.tryOut(title: nil) }
        // The field would keep Ctrl+Z for its own text: undo and redo the
        // document from here, before the field sees the keys.
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(shortcuts, GTK_PHASE_CAPTURE)
        for (trigger, action) in [("<Control>z", "win.undo"), ("<Control><Shift>z", "win.redo"), ("<Control>y", "win.redo")] {
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action))
            gtk_shortcut_controller_add_shortcut(shortcuts, shortcut)
        }
        gtk_widget_add_controller(widget, shortcuts)
        controller.store.observe { [weak self] document, change in
            guard let self else { return }
            if change.touches(.title) { self.follow(document) }
            if change.touches(.photos) { self.suggest(for: document) }
        }
    }

    // MARK: Changing the document

    private func typed() {
        guard !following else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if now - lastTyped > Self.typingPause { controller.store.endTyping() }
        lastTyped = now
        var title = controller.document.title
        title.text = string(gtk_editable_get_text(entry.opaque)) ?? ""
        controller.store.setTitle(title, typing: true)
    }

    private func change(_ edit: (inout CollageTitle) -> Void) {
        var title = controller.document.title
        edit(&title)
        controller.store.setTitle(title)
    }

    private func chosenColour() -> RGBAColor { Self.colour(colour.colour) }

    private static func colour(_ rgba: GdkRGBA) -> RGBAColor {
        RGBAColor(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue))
    }

    // MARK: Following the document

    private func follow(_ document: CollageDocument) {
        following = true
        defer { following = false }
        let title = document.title
        if string(gtk_editable_get_text(entry.opaque)) != title.text {
            gtk_editable_set_text(entry.opaque, title.text)
            gtk_editable_set_position(entry.opaque, -1)
        }
        adw_combo_row_set_selected(positionRow.cast(), UInt32(Self.positions.firstIndex(of: title.position) ?? 0))
        let nearest = Self.sizes.indices.min { abs(Self.sizes[$0] - title.size) < abs(Self.sizes[$1] - title.size) } ?? 1
        adw_combo_row_set_selected(sizeRow.cast(), UInt32(nearest))
        let shown = title.textColour(background: document.settings.titleGround)
        colour.show(GdkRGBA(red: Float(shown.red), green: Float(shown.green), blue: Float(shown.blue), alpha: 1))
        gtk_switch_set_active(autoColour.opaque, title.colour == nil ? 1 : 0)
        gtk_widget_set_sensitive(colourRow, title.colour == nil ? 0 : 1)
    }

    /// Works out the suggestion for the document's photos, off the main
    /// thread; a newer request makes an older answer moot.
    private func suggest(for document: CollageDocument) {
        let paths = document.photos.map(\.path)
        guard paths != suggestedFor else { return }
        suggestedFor = paths
        generation += 1
        let asked = generation
        suggester.async {
            let text = TitleSuggester.suggestion(for: paths).map(TitleSuggestionText.text)
            MainLoop.post { [weak self] in
                guard let self, asked == self.generation else { return }
                self.show(suggestion: text)
            }
        }
    }

    private func show(suggestion text: String?) {
        suggestion = text
        let placeholder = text ?? tr("No suggestion: the photos carry no place or date")
        gtk_entry_set_placeholder_text(entry.cast(), placeholder)
        tc_accessible_set_description(entry, text.map { tr("Suggested: %s", $0) } ?? placeholder)
        gtk_widget_set_tooltip_text(useSuggestion, text)
        updateSuggestionButton()
    }

    /// Pressable whenever there is a suggestion, even the one already used:
    /// a button that greys out under the keyboard focus would drop the focus.
    private func updateSuggestionButton() {
        gtk_widget_set_sensitive(useSuggestion, suggestion == nil ? 0 : 1)
    }
}

// A save's progress in the Save button: a save still running after half a
// second (a 4096² collage takes seconds) turns the button's word into a bar
// with "Saving… 40 %", so the greyed button is seen to be working; the word
// comes back when the save ends. The share is photos painted out of the
// photos plus one step for writing the file; what is measured is
// SaveController's, this only shows it.

import CGtk

@MainActor
final class SaveProgress {
    private let stack: Widget
    private let bar: Widget
    private var saving = false
    private var fraction = 0.0
    /// Counts saves, so the delay of a save that has ended shows nothing.
    private var generation = 0

    /// A save quicker than this shows no progress.
    static let delayMilliseconds: UInt32 = 500
    /// The bar's width in the button, logical pixels.
    static let width: Int32 = 120

    /// Puts the bar beside the button's own label (its mnemonic label stays its child's child).
    init(button: Widget) {
        let label = gtk_button_get_child(button.cast())!
        g_object_ref(label.raw)
        gtk_button_set_child(button.cast(), nil)
        stack = gtk_stack_new()!
        // The word's width while idle: a phone-sized header has no room to spare.
        gtk_stack_set_hhomogeneous(stack.opaque, 0)
        gtk_stack_set_interpolate_size(stack.opaque, 0)
        addStackPage(stack, label, name: "label", label: tr("Save"))
        g_object_unref(label.raw)
        bar = gtk_progress_bar_new()!
        gtk_progress_bar_set_show_text(bar.opaque, 1)
        gtk_widget_set_size_request(bar, Self.width, -1)
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
        name(bar, "saveProgress", label: tr("Saving progress"))
        addStackPage(stack, bar, name: "progress", label: tr("Saving progress"))
        gtk_stack_set_visible_child_name(stack.opaque, "label")
        gtk_button_set_child(button.cast(), stack)
    }

    func start() {
        generation += 1
        saving = true
        fraction = 0
        let current = generation
        MainLoop.after(milliseconds: Self.delayMilliseconds) { [weak self] in
            guard let self, self.saving, self.generation == current else { return }
            self.update()
            gtk_stack_set_visible_child_name(self.stack.opaque, "progress")
        }
    }

    /// `done` of `total` steps are behind.
    func set(done: Int, of total: Int) {
        guard saving, total > 0 else { return }
        fraction = min(1, Double(done) / Double(total))
        update()
    }

    func finish() {
        saving = false
        gtk_stack_set_visible_child_name(stack.opaque, "label")
    }

    private func update() {
        gtk_progress_bar_set_fraction(bar.opaque, fraction)
        // TRANSLATORS: in the Save button while a big collage is written; %s is a share such as "40 %".
        gtk_progress_bar_set_text(bar.opaque, tr("Saving… %s", "\(Int((fraction * 100).rounded(.down))) %"))
    }
}

// Toasts (AdwToast) over the window: a message, optionally with a button
// bound to a window action (Undo, Open).

import CGtk

@MainActor
final class Toaster {
    private let overlay: OpaquePointer
    /// The last message shown, for tests and the state dump.
    private(set) var messages: [String] = []

    init(overlay: OpaquePointer) {
        self.overlay = overlay
    }

    func show(_ title: String, button: String? = nil, action: String? = nil, target: OpaquePointer? = nil) {
        messages.append(title)
        // AdwToast 1.2 always reads its title as Pango markup: a file named
        // "a&b.jpg" must not break it.
        let toast = adw_toast_new(takeString(g_markup_escape_text(title, -1)) ?? "")!
        if let button, let action {
            adw_toast_set_button_label(toast, button)
            adw_toast_set_action_name(toast, action)
            if let target { adw_toast_set_action_target_value(toast, target) }
        }
        adw_toast_set_timeout(toast, 5)
        adw_toast_overlay_add_toast(overlay, toast)
    }
}

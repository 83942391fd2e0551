// Toasts (AdwToast): a message, optionally with a button bound to a window
// action (Undo, Show in Files), and optionally a second button beside the
// message (Open). The message wraps instead of being cut off (libadwaita
// 1.2 ellipsizes a toast's title), and each toast is also said to screen
// readers: GTK 4.8 has no announce(), so a visually empty label with the
// "alert" role (AT-SPI: notification) is shown with the message, which
// assistive technologies present as it appears. Toasts go to the overlay in
// use — the preview's, so they never cover the strip or the gallery. While
// the camera page is open, messages go to its answer line instead (a toast
// there would cover the shutter, and a burst's would queue up).

import CGtk

@MainActor
final class Toaster {
    /// Where toasts go.
    private let overlay: OpaquePointer
    private let announcer: Widget
    /// Every message shown, for tests and the state dump.
    private(set) var messages: [String] = []

    /// Toasts wrap at about this many characters a line.
    static let lineLength: Int32 = 44

    /// Toasts go to `overlay` (an AdwToastOverlay); the announcing label
    /// goes into `announcerHost` (a GtkOverlay over the whole window's content,
    /// so it is on screen whatever page shows).
    init(overlay: OpaquePointer, announcerHost: Widget) {
        self.overlay = overlay
        announcer = tc_label_new_with_role(GTK_ACCESSIBLE_ROLE_ALERT)!
        gtk_widget_set_name(announcer, "announcer")
        addClass(announcer, "announcer")
        gtk_widget_set_can_target(announcer, 0)
        gtk_widget_set_halign(announcer, GTK_ALIGN_START)
        gtk_widget_set_valign(announcer, GTK_ALIGN_START)
        // Presented from the start (GTK 4.8 tells AT-SPI nothing about an
        // accessible it has never presented); for each message it goes and
        // comes back named by it, which AT-SPI tells as children-changed
        // (an alert added) and a name change.
        tc_accessible_set_label(announcer, tr("Notifications"))
        gtk_overlay_add_overlay(announcerHost.opaque, announcer)
    }

    /// Where messages go instead of a toast while set (the camera page's
    /// answer line): each replaces the one before, and buttons are left out.
    var messageLine: (@MainActor (String) -> Void)?

    /// Shows `title`; `button`/`action`/`target` put a button on the toast,
    /// `extra` a widget (a second button) beside the message.
    func show(_ title: String, button: String? = nil, action: String? = nil, target: OpaquePointer? = nil,
              extra: Widget? = nil) {
        messages.append(title)
        if let messageLine {
            messageLine(title)
            return announce(title)
        }
        let toast = adw_toast_new("")!
        adw_toast_set_custom_title(toast, Self.titleWidget(title, extra: extra))
        if let button, let action {
            adw_toast_set_button_label(toast, button)
            adw_toast_set_action_name(toast, action)
            if let target { adw_toast_set_action_target_value(toast, target) }
        }
        adw_toast_set_timeout(toast, 5)
        adw_toast_overlay_add_toast(overlay, toast)
        announce(title)
        // The toast's own widgets named for screen readers: now, and again once
        // libadwaita has made all of them (if the overlay is still there then).
        AccessibleTree.tidy(overlay.widget)
        MainLoop.after(milliseconds: 50, on: overlay.widget) { AccessibleTree.tidy($0) }
    }

    /// The message as a wrapping label (plain text: a file named "a&b.jpg"
    /// must not be taken for markup), with `extra` after it.
    private static func titleWidget(_ title: String, extra: Widget?) -> Widget {
        let label = gtk_label_new(title)!
        gtk_label_set_wrap(label.opaque, 1)
        gtk_label_set_wrap_mode(label.opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(label.opaque, lineLength)
        gtk_label_set_lines(label.opaque, 4)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(label.opaque, 0)
        addClass(label, "toast-message")
        // The alert label says it to screen readers; the toast's own label need not.
        tc_accessible_set_hidden(label, 1)
        guard let extra else { return label }
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_hexpand(label, 1)
        gtk_box_append(box.cast(), label)
        gtk_widget_set_valign(extra, GTK_ALIGN_CENTER)
        gtk_box_append(box.cast(), extra)
        return box
    }

    /// Says `text` to screen readers only: the alert label appears with it,
    /// which is what a screen reader presents.
    func announce(_ text: String) {
        tc_accessible_set_hidden(announcer, 1)
        gtk_label_set_text(announcer.opaque, text)
        tc_accessible_set_label(announcer, text)
        MainLoop.post(on: announcer) { tc_accessible_set_hidden($0, 0) }
    }
}

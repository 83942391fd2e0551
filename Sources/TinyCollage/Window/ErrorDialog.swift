// A failure that needs an answer before going on (AdwMessageDialog,
// libadwaita 1.2), also written to standard error. The words are the caller's.

import CGtk

/// A message that needs an answer before going on (AdwMessageDialog, libadwaita 1.2).
@MainActor
enum ErrorDialog {
    static func present(over parent: UnsafeMutablePointer<GtkWindow>?, heading: String, body: String) {
        printError("tinycollage: " + heading + ": " + body)
        let dialog = adw_message_dialog_new(parent, heading, body)!
        adw_message_dialog_add_response(dialog.cast(), "close", tr("_Close"))
        adw_message_dialog_set_default_response(dialog.cast(), "close")
        gtk_window_present(dialog.cast(GtkWindow.self))
    }
}

// The About window (AdwAboutWindow, libadwaita 1.2).

import CGtk

@MainActor
enum AboutWindow {
    static func present(over parent: UnsafeMutablePointer<GtkWindow>) {
        let about = adw_about_window_new()!
        let window = about.opaque
        adw_about_window_set_application_name(window, AppInfo.name)
        adw_about_window_set_application_icon(window, AppInfo.id)
        adw_about_window_set_version(window, AppInfo.version)
        adw_about_window_set_developer_name(window, tr("The TinyCollage engineers"))
        adw_about_window_set_comments(window, tr("Turn up to nine photos into one collage."))
        adw_about_window_set_license_type(window, GTK_LICENSE_GPL_3_0)
        adw_about_window_set_website(window, "https://github.com/tinycollage/TinyCollage")
        adw_about_window_set_issue_url(window, "https://github.com/tinycollage/TinyCollage/issues")
        // TRANSLATORS: your names, one a line, as they should appear in the About window.
        let credits = tr("translator-credits")
        if credits != "translator-credits" { adw_about_window_set_translator_credits(window, credits) }
        gtk_window_set_transient_for(about.cast(GtkWindow.self), parent)
        gtk_window_set_modal(about.cast(GtkWindow.self), 1)
        gtk_window_present(about.cast(GtkWindow.self))
    }
}

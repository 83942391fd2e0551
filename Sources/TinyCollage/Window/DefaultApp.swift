// Opens a file or folder with the app the desktop has for its type (GIO's
// g_app_info_launch_default_for_uri_async: the mimeapps.list default, else
// an app that says it handles the type), and when none can, calls back with
// GLib's reason so the caller says so in a toast. Not gtk_show_uri: on
// failure it puts up a raw "Could not show link" dialog of its own, and
// GtkFileLauncher, which reports instead, is GTK 4.10.

import CGtk

@MainActor
enum DefaultApp {
    static func open(_ path: String, failed: @escaping @MainActor (_ reason: String) -> Void) {
        let file = fileForPath(path)
        defer { g_object_unref(file.raw) }
        guard let uri = takeString(g_file_get_uri(file)) else { return failed("") }
        // The display's launch context: startup notification, the right screen.
        let context = gdk_display_get_app_launch_context(gdk_display_get_default())
        defer { if let context { g_object_unref(context.raw) } }
        let (callback, data) = AsyncCallback.make { _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let result, g_app_info_launch_default_for_uri_finish(result, &error) != 0 else {
                let reason = error.flatMap { string($0.pointee.message) } ?? ""
                if let error { g_error_free(error) }
                printError("tinycollage: nothing opened \(path) (\(reason))")
                failed(reason)
                return
            }
        }
        g_app_info_launch_default_for_uri_async(uri, context?.cast(GAppLaunchContext.self), nil, callback, data)
    }
}

// "Show in Files": asks the file manager to open the folder with the file
// selected, through the freedesktop FileManager1 D-Bus interface (which
// Nautilus, Nemo, Dolphin and others implement); where no file manager
// answers, the folder is opened with whatever opens folders (DefaultApp);
// where nothing does, `failed` is told the folder's name for a toast.

import CGtk
import CollageCore
import CollageRender
import Foundation

@MainActor
enum ShowInFiles {
    static func show(_ path: String, failed: @escaping @MainActor (_ folder: String) -> Void) {
        let file = fileForPath(path)
        defer { g_object_unref(file.raw) }
        guard let uri = takeString(g_file_get_uri(file)),
              let connection = g_application_get_dbus_connection(g_application_get_default()) else {
            return openFolder(of: path, failed: failed)
        }
        var uris: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(uri))]
        defer { uris.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        var parts: [OpaquePointer?] = [g_variant_new_strv(&uris, 1), g_variant_new_string("")]
        let parameters = g_variant_new_tuple(&parts, 2)
        let (callback, data) = AsyncCallback.make { source, result in
            var error: UnsafeMutablePointer<GError>?
            let reply = result.flatMap { g_dbus_connection_call_finish(source, $0, &error) }
            if let reply { g_variant_unref(reply) }
            if let error {
                Log.message("no file manager answered (\(string(error.pointee.message) ?? "")); opening the folder")
                g_error_free(error)
                openFolder(of: path, failed: failed)
            }
        }
        g_dbus_connection_call(connection, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                               "org.freedesktop.FileManager1", "ShowItems", parameters, nil, GDBusCallFlags(rawValue: 0),
                               5000, nil, callback, data)
    }

    private static func openFolder(of path: String, failed: @escaping @MainActor (_ folder: String) -> Void) {
        let folder = (path as NSString).deletingLastPathComponent
        DefaultApp.open(folder.isEmpty ? "/" : folder) { _ in
            failed(FilePathText.displayText((folder as NSString).lastPathComponent))
        }
    }
}

// Open Recent: the projects saved or opened lately, through GtkRecentManager
// (the same list GNOME's Files and file choosers show as Recent). Every save
// and open of a project is noted there with the project MIME type and our
// name; the main menu's submenu lists the newest projects that still exist,
// rebuilt whenever the manager changes and each time the menu opens (a file
// deleted meanwhile drops out). Opening the one picked is win.open-recent's.

import CGtk
import CollageCore

@MainActor
final class RecentProjects {
    /// Enough to find last week's project; more is Files' job.
    static let shownAtMost = 10

    /// The submenu's model: its items are replaced in place, so the main menu that holds it follows.
    let menu: OpaquePointer

    init() {
        menu = g_menu_new()!
        if let manager = gtk_recent_manager_get_default() {
            // The manager is the process's and outlives the window: reach this weakly.
            Signals.plain(manager.raw, "changed") { [weak self] in self?.rebuild() }
        }
        rebuild()
    }

    /// Adds `path` to GNOME's recent files as a TinyCollage project.
    static func note(_ path: String) {
        guard let manager = gtk_recent_manager_get_default(),
              let uri = FilePathText.withCString(path, { g_filename_to_uri($0, nil, nil) }) else { return }
        defer { g_free(uri) }
        let mime = strdup(ProjectFile.mimeType), app = strdup(AppInfo.name), exec = strdup("tinycollage %u")
        defer { free(mime); free(app); free(exec) }
        var data = GtkRecentData(display_name: nil, description: nil, mime_type: mime, app_name: app, app_exec: exec,
                                 groups: nil, is_private: 0)
        gtk_recent_manager_add_full(manager, uri, &data)
    }

    /// The recent projects that still exist, newest first: their URI and the name to show.
    static func items() -> [(uri: String, name: String)] {
        guard let manager = gtk_recent_manager_get_default(), let list = gtk_recent_manager_get_items(manager) else { return [] }
        var found: [(uri: String, name: String, modified: Int)] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let info = OpaquePointer(current.pointee.data)
            if let uri = string(gtk_recent_info_get_uri(info)), isProject(info, uri: uri),
               gtk_recent_info_is_local(info) != 0, gtk_recent_info_exists(info) != 0 {
                let name = string(gtk_recent_info_get_display_name(info)) ?? uri
                let modified = gtk_recent_info_get_modified(info).map { Int(g_date_time_to_unix($0)) } ?? 0
                found.append((uri, name, modified))
            }
            node = current.pointee.next
        }
        g_list_free_full(list) { gtk_recent_info_unref(OpaquePointer($0)) }
        return found.sorted { $0.modified > $1.modified }.prefix(shownAtMost).map { ($0.uri, $0.name) }
    }

    /// Ours by its type, or by its name where the type was guessed from the bytes.
    private static func isProject(_ info: OpaquePointer?, uri: String) -> Bool {
        string(gtk_recent_info_get_mime_type(info)) == ProjectFile.mimeType
            || uri.lowercased().hasSuffix("." + ProjectFile.fileExtension)
    }

    func rebuild() {
        g_menu_remove_all(menu)
        for item in Self.items() {
            let entry = g_menu_item_new(item.name, nil)!
            g_menu_item_set_action_and_target_value(entry, "win.open-recent", g_variant_new_string(item.uri))
            handOver(entry) { g_menu_append_item(menu, $0) }
        }
        // An item with no action shows greyed: the submenu says why it is empty.
        if g_menu_model_get_n_items(menu.cast(GMenuModel.self)) == 0 {
            handOver(g_menu_item_new(tr("No Recent Projects"), nil)!) { g_menu_append_item(menu, $0) }
        }
    }

    /// The path of a URI the submenu gave, nil when it is not a local file.
    static func path(ofURI uri: String) -> String? {
        takePath(g_filename_from_uri(uri, nil, nil))
    }
}

// The keyboard shortcuts window (Ctrl+?), built as GtkBuilder XML from the
// one table of shortcuts (Shortcuts.swift), which holds their translated titles.

import CGtk

@MainActor
enum ShortcutsWindow {
    private static func escape(_ text: String) -> String {
        takeString(g_markup_escape_text(text, -1)) ?? text
    }

    private static func shortcut(_ accelerator: String, _ title: String) -> String {
        "<child><object class=\"GtkShortcutsShortcut\">"
            + "<property name=\"accelerator\">" + escape(accelerator) + "</property>"
            + "<property name=\"title\">" + escape(title) + "</property></object></child>"
    }

    private static func group(_ title: String, _ shortcuts: [String]) -> String {
        "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">" + escape(title) + "</property>"
            + shortcuts.joined() + "</object></child>"
    }

    static func make() -> OpaquePointer {
        let table = Shortcuts.all
        let groups = Shortcut.Group.allCases.map { group in
            self.group(group.title, table.filter { $0.group == group }.map { shortcut($0.display, $0.title) })
        }
        let xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\">"
            + "<property name=\"modal\">1</property><child><object class=\"GtkShortcutsSection\">"
            + "<property name=\"section-name\">shortcuts</property>" + groups.joined()
            + "</object></child></object></interface>"
        let builder = gtk_builder_new_from_string(xml, -1)!
        let window = gtk_builder_get_object(builder, "shortcuts")!
        g_object_ref(window)
        g_object_unref(builder.raw)
        return OpaquePointer(window)
    }
}

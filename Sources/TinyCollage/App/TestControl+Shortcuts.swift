// The dump's word on shortcuts, for ShortcutsTests: the one table as the app
// holds it, the accelerators GTK has bound for each action, and the "accel"
// hints of the main menu's items, each accelerator in GTK's own spelling
// (gtk_accelerator_name) so the test compares like with like. Read only.

#if DEBUG

import CGtk

extension TestControl {
    /// An accelerator as GTK spells it, or the text itself when GTK cannot parse it.
    static func normalized(_ accelerator: String) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0 else { return accelerator }
        return takeString(gtk_accelerator_name(key, modifiers)) ?? accelerator
    }

    static func shortcutsState(of window: UnsafeMutablePointer<GtkWindow>) -> [String: Any] {
        let table = Shortcuts.all.map { shortcut -> [String: Any] in
            var scope = "widget"
            if case .application = shortcut.scope { scope = "application" }
            if case .window = shortcut.scope { scope = "window" }
            if case .stripPhoto = shortcut.scope { scope = "stripPhoto" }
            return ["action": shortcut.action ?? "", "keys": shortcut.keys.map(normalized), "title": shortcut.title,
                    "display": shortcut.display, "scope": scope, "group": shortcut.group.title]
        }
        var bound: [String: [String]] = [:]
        if let app = gtk_window_get_application(window), let names = gtk_application_list_action_descriptions(app) {
            var index = 0
            while let name = names[index] {
                var accels: [String] = []
                if let list = gtk_application_get_accels_for_action(app, name) {
                    var i = 0
                    while let accel = list[i] {
                        accels.append(normalized(String(cString: accel)))
                        i += 1
                    }
                    g_strfreev(list)
                }
                // Descriptions may carry a target ("win.open-file::x"): the action's name is before it.
                bound[String(String(cString: name).split(separator: ":").first ?? "")] = accels
                index += 1
            }
            g_strfreev(names)
        }
        return ["table": table, "bound": bound, "menu": menuAccels(in: window.widget)]
    }

    /// Action → "accel" hint of every item in the menus of the window's menu buttons.
    private static func menuAccels(in root: Widget) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ model: UnsafeMutablePointer<GMenuModel>) {
            for i in 0..<g_menu_model_get_n_items(model) {
                if let section = g_menu_model_get_item_link(model, i, "section") {
                    walk(section)
                    g_object_unref(section.raw)
                }
                guard let action = g_menu_model_get_item_attribute_value(model, i, "action", nil) else { continue }
                let name = String(cString: g_variant_get_string(action, nil))
                g_variant_unref(action)
                if let accel = g_menu_model_get_item_attribute_value(model, i, "accel", nil) {
                    result[name] = normalized(String(cString: g_variant_get_string(accel, nil)))
                    g_variant_unref(accel)
                } else {
                    result[name] = ""
                }
            }
        }
        func visit(_ widget: Widget) {
            if string(gtk_widget_get_css_name(widget)) == "menubutton",
               let model = gtk_menu_button_get_menu_model(widget.opaque) {
                walk(model)
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(root)
        return result
    }
}

#endif

// A GMenu item with its shortcut beside it, as GNOME menus show it: the
// accelerator comes from the one table (Shortcuts.swift), never from the caller.

import CGtk

/// Appends `label` for `action`, with the action's shortcut as its "accel" hint.
@MainActor
func appendItem(_ menu: OpaquePointer, _ label: String, _ action: String) {
    let item = g_menu_item_new(label, action)!
    if let accel = Shortcuts.accel(for: action) {
        g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(accel))
    }
    handOver(item) { g_menu_append_item(menu, $0) }
}

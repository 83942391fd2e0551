// The keyboard shortcuts window (Ctrl+?), built from GtkBuilder XML whose
// titles are translated here. Only single-line literals: xgettext reads
// these sources as C and would stumble over a multi-line one.

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
        let groups = [
            group(tr("Collage"), [
                shortcut("<Control>o", tr("Add photos")),
                shortcut("<Control>t", tr("Take photos with the camera")),
                shortcut("<Control>s", tr("Save to Pictures")),
                shortcut("<Control><Shift>s", tr("Save as…")),
                shortcut("<Control><Shift>BackSpace", tr("Remove all photos")),
                shortcut("F9", tr("Collage settings")),
            ]),
            group(tr("Selected photos"), [
                shortcut("<Alt>Left", tr("Move the focused photo left")),
                shortcut("<Alt>Right", tr("Move the focused photo right")),
                shortcut("Delete", tr("Remove the focused photo")),
                shortcut("Menu", tr("Show the focused photo’s menu")),
            ]),
            group(tr("Photo in the preview"), [
                shortcut("Left Right Up Down", tr("Move the photo in its cell")),
                shortcut("plus", tr("Zoom in")),
                shortcut("minus", tr("Zoom out")),
                shortcut("0", tr("Fit the photo to its cell again")),
            ]),
            group(tr("Camera"), [
                shortcut("space", tr("Take a photo")),
                shortcut("Escape", tr("Back to the collage")),
            ]),
            group(tr("Undo"), [
                shortcut("<Control>z", tr("Undo")),
                shortcut("<Control><Shift>z", tr("Redo")),
            ]),
            group(tr("General"), [
                shortcut("<Control>question", tr("Keyboard shortcuts")),
                shortcut("F6", tr("Go to the next part of the window")),
                shortcut("<Shift>F6", tr("Go to the previous part of the window")),
                shortcut("<Control>w", tr("Close the window")),
                shortcut("<Control>q", tr("Quit")),
            ]),
        ]
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

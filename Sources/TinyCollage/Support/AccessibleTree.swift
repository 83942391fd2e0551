// What a screen reader hears, for the widgets TinyCollage does not make
// itself. GTK 4.8 names an unlabelled accessible by its class ("GtkImage",
// "AdwGizmo", "GtkScrollbar"), and it exposes decoration that says nothing
// (an icon inside a named button, a layout helper). Our own widgets are named
// where they are made; this pass walks a window's widget tree and, for what
// GTK and libadwaita build inside their widgets, gives each a name that says
// what it is, or hides it from assistive technologies when its parent already
// says it. It runs again whenever widgets may have been made (a page shown,
// photos changed), and costs a walk of a few hundred widgets.
// Also here: buttons whose mnemonic does not leak an underscore into the name.

import CGtk

@MainActor
enum AccessibleTree {
    /// Names and hides, below `root`, what GTK would read out as a class name.
    static func tidy(_ root: Widget) {
        visit(root, insideColourButton: false)
    }

    private static func visit(_ widget: Widget, insideColourButton: Bool) {
        let type = string(tc_type_name_of(widget.raw)) ?? ""
        let named = isNamedByUs(widget, type: type)
        switch type {
        case "GtkScrollbar":
            let vertical = gtk_orientable_get_orientation(widget.opaque) == GTK_ORIENTATION_VERTICAL
            tc_accessible_set_label(widget, vertical ? tr("Vertical scroll bar") : tr("Horizontal scroll bar"))
        case "GtkRange" where parentType(widget) == "GtkScrollbar":
            tc_accessible_set_hidden(widget, 1)
        case "AdwGizmo":
            // The header bar's start and end, around its buttons.
            tc_accessible_set_label(widget, tr("Header bar"))
        case _ where ["GtkImage", "GtkPicture", "GtkDrawingArea", "GtkFixed"].contains(type) && !named && !insideColourButton:
            // (A `where` clause binds only the last pattern of a case list.)
            tc_accessible_set_hidden(widget, 1)
        case "GtkListBox" where groupTitle(above: widget) == nil:
            // A titled group already names its list by its title.
            tc_accessible_set_label(widget, tr("Options"))
        case "AdwToastWidget":
            tc_accessible_set_label(widget, tr("Message"))
        case "AdwBin" where hasAncestor(widget, type: "AdwToastWidget"):
            // Holds the message (said by the announcer) and perhaps a button.
            tc_accessible_set_label(widget, tr("Message"))
        case "GtkButton" where gtk_button_get_label(widget.cast()) != nil:
            // GTK 4.8 names a button made with a label by the label and again by
            // the label inside it ("Show in Files Show in Files"): the inner
            // one is hidden, and the name is the text without its mnemonic mark.
            let text = string(gtk_button_get_label(widget.cast())) ?? ""
            let shown = gtk_button_get_use_underline(widget.cast()) != 0 ? text.replacingOccurrences(of: "_", with: "") : text
            gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            tc_accessible_set_label(widget, shown)
        case "GtkButton" where hasAncestor(widget, type: "AdwToastWidget") && gtk_button_get_label(widget.cast()) == nil
            && gtk_widget_get_first_child(widget).flatMap({ string(tc_type_name_of($0.raw)) }) == "GtkImage":
            // The toast's close button shows only an icon, and libadwaita 1.2 names it by nothing else.
            tc_accessible_set_label(widget, tr("Close"))
        case "GtkListView" where hasAncestor(widget, type: "AdwComboRow"):
            // The row says its value in its description (see describeComboRow).
            tc_accessible_set_hidden(widget, 1)
        case "GtkButton" where parentType(widget) == "GtkColorButton":
            if let parent = gtk_widget_get_parent(widget), let title = string(gtk_color_button_get_title(parent.opaque)) {
                tc_accessible_set_label(widget, title)
            }
        case "GtkScrolledWindow" where !named:
            tc_accessible_set_label(widget, scrolledTitle(widget))
        default:
            break
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            visit(current, insideColourButton: insideColourButton || type == "GtkColorButton")
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Widgets we name ourselves keep their names (gtk_widget_get_name is the
    /// class name until someone sets another).
    private static func isNamedByUs(_ widget: Widget, type: String) -> Bool {
        guard let name = string(gtk_widget_get_name(widget)) else { return false }
        return name != type
    }

    private static func parentType(_ widget: Widget) -> String? {
        gtk_widget_get_parent(widget).flatMap { string(tc_type_name_of($0.raw)) }
    }

    private static func hasAncestor(_ widget: Widget, type: String) -> Bool {
        var current = gtk_widget_get_parent(widget)
        while let ancestor = current {
            if string(tc_type_name_of(ancestor.raw)) == type { return true }
            current = gtk_widget_get_parent(ancestor)
        }
        return false
    }

    private static func ancestor(of widget: Widget, type: String) -> Widget? {
        var current = gtk_widget_get_parent(widget)
        while let ancestor = current {
            if string(tc_type_name_of(ancestor.raw)) == type { return ancestor }
            current = gtk_widget_get_parent(ancestor)
        }
        return nil
    }

    private static func groupTitle(above widget: Widget) -> String? {
        guard let group = ancestor(of: widget, type: "AdwPreferencesGroup"),
              let title = string(adw_preferences_group_get_title(group.cast())), !title.isEmpty else { return nil }
        return title
    }

    /// A scroll pane is named for what scrolls in it: a status page's title, the settings.
    private static func scrolledTitle(_ widget: Widget) -> String {
        if let page = ancestor(of: widget, type: "AdwStatusPage"),
           let title = string(adw_status_page_get_title(page.opaque)), !title.isEmpty {
            return title
        }
        if ancestor(of: widget, type: "AdwPreferencesPage") != nil { return tr("Collage settings") }
        return tr("Scrolled content")
    }

    /// A combo row's value, said as its description (its inner list is hidden).
    static func describeComboRow(_ row: Widget) {
        let item = adw_combo_row_get_selected_item(row.cast())
        let text = item.flatMap { string(gtk_string_object_get_string(OpaquePointer($0))) } ?? ""
        tc_accessible_set_description(row, text)
    }

    /// Keeps a combo row's description on its value.
    static func followComboRow(_ row: Widget) {
        describeComboRow(row)
        Signals.withPointer(row.raw, "notify::selected") { _ in describeComboRow(row) }
    }
}

/// A button showing `text` with its mnemonic underlined ("_Save"): the text is
/// a mnemonic label inside it, so the accessible name is "Save", not "_Save Save".
@MainActor
func mnemonicButton(_ text: String) -> Widget {
    let button = gtk_button_new()!
    let label = gtk_label_new_with_mnemonic(text)!
    gtk_label_set_mnemonic_widget(label.opaque, button)
    gtk_button_set_child(button.cast(), label)
    return button
}

/// Labels a stack page (a GtkAccessible of its own) so it is not read as "GtkStackPage".
@MainActor
func addStackPage(_ stack: Widget, _ child: Widget, name pageName: String, label: String) {
    let page = gtk_stack_add_named(stack.opaque, child, pageName)
    if let page { tc_accessible_object_set_label(UnsafeMutableRawPointer(page), label) }
}

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
        if type == "GtkScrollbar" { OffscreenParts.follow(widget) }
        if let stack = gtk_widget_get_parent(widget), string(tc_type_name_of(stack.raw)) == "GtkStack" {
            OffscreenParts.follow(widget)
            labelStackPage(of: widget, in: stack)
        }
        if hasOwnLabel(widget) {
            // What GTK or libadwaita relate to it later (AdwButtonContent's
            // label, once rooted) would be said after our name: "Take Photo Take Photo".
            gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        }
        switch type {
        case "GtkScrollbar":
            let vertical = gtk_orientable_get_orientation(widget.opaque) == GTK_ORIENTATION_VERTICAL
            tc_accessible_set_label(widget, vertical ? tr("Vertical scroll bar") : tr("Horizontal scroll bar"))
        case "GtkRange" where parentType(widget) == "GtkScrollbar":
            tc_accessible_set_hidden(widget, 1)
        case "AdwGizmo" where !hasContent(widget):
            // An empty start or end of a header bar: nothing on screen.
            tc_accessible_set_hidden(widget, 1)
        case "AdwGizmo":
            // The header bar's start and end, around its buttons.
            tc_accessible_set_label(widget, tr("Header bar"))
        case "AdwWindowTitle" where !hasOwnLabel(widget):
            // A filler is read by its class name unless named: by the title it shows.
            if let title = string(adw_window_title_get_title(widget.opaque)) { tc_accessible_set_label(widget, title) }
        case _ where ["GtkImage", "GtkPicture", "GtkDrawingArea", "GtkFixed", "GtkBuiltinIcon"].contains(type) && !named
            && !insideColourButton:
            // (A `where` clause binds only the last pattern of a case list.)
            tc_accessible_set_hidden(widget, 1)
        case "GtkListBox" where groupTitle(above: widget) == nil:
            // A titled group already names its list by its title.
            tc_accessible_set_label(widget, tr("Options"))
        case "GtkPopoverContent":
            // The frame inside every popover, between it and its items.
            tc_accessible_set_label(widget, tr("Menu items"))
        case "GtkPopoverMenu" where !hasOwnLabel(widget):
            // Named by its class otherwise; a photo's menu (strip, preview).
            tc_accessible_set_label(widget, tr("Photo menu"))
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

    private static let ownLabelKey = "tinycollage-own-label"

    /// Names `widget` by `text` alone. GTK 4.8 reads a name as the label
    /// property followed by the names of what the widget is labelled by (a
    /// mnemonic label, a button content's label), so a button named by us
    /// and by its label was read twice ("Done Done"); the relation is
    /// dropped here and again by the tidy pass, for those added later.
    static func label(_ widget: Widget, _ text: String) {
        tc_accessible_set_label(widget, text)
        gtk_accessible_reset_relation(widget.opaque, GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        g_object_set_data(widget.cast(GObject.self), ownLabelKey, UnsafeMutableRawPointer(bitPattern: 1))
    }

    /// A menu button that is one button to a screen reader: GTK 4.8 shows
    /// the GtkMenuButton and the button inside it as two push buttons of
    /// one name ("Main menu" twice); the outer one is a plain container here.
    static func menuButton() -> Widget {
        tc_widget_new_with_role(gtk_menu_button_get_type(), GTK_ACCESSIBLE_ROLE_GENERIC)!
    }

    /// Names the button inside a menu button, and its menu, by `text`.
    static func label(menuButton: Widget, _ text: String) {
        if let inner = gtk_widget_get_first_child(menuButton) { label(inner, text) }
        if let popover = gtk_menu_button_get_popover(menuButton.opaque) { label(popover.widget, text) }
    }

    /// A stack page GTK made (a popover menu's, one per submenu) is read
    /// by its class name unless named: by its title, or its menu's name.
    private static func labelStackPage(of child: Widget, in stack: Widget) {
        guard let page = gtk_stack_get_page(stack.opaque, child) else { return }
        let object = UnsafeMutableRawPointer(page)
        guard g_object_get_data(object.cast(GObject.self), ownLabelKey) == nil else { return }
        let title = string(gtk_stack_page_get_title(page)) ?? ""
        let name = (string(gtk_stack_page_get_name(page)) ?? "").replacingOccurrences(of: "_", with: "")
        tc_accessible_object_set_label(object, !title.isEmpty ? title : name.isEmpty || name == "main" ? tr("Menu items") : name)
    }

    /// Marks a stack page we labelled ourselves.
    static func markLabelled(page: OpaquePointer) {
        g_object_set_data(UnsafeMutableRawPointer(page).cast(GObject.self), ownLabelKey, UnsafeMutableRawPointer(bitPattern: 1))
    }

    /// Whether anything but empty boxes is inside `widget`.
    private static func hasContent(_ widget: Widget) -> Bool {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gtk_widget_get_visible(current) != 0 {
                let type = string(tc_type_name_of(current.raw)) ?? ""
                if !["GtkBox", "AdwGizmo"].contains(type) || hasContent(current) { return true }
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    private static func hasOwnLabel(_ widget: Widget) -> Bool {
        g_object_get_data(widget.cast(GObject.self), ownLabelKey) != nil
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

/// A button showing `text` with its mnemonic underlined ("_Save"), named
/// once by the text without the mark ("Save", not "_Save" or "Save Save"):
/// the label is not related to the button (its mnemonic finds the button as
/// its ancestor, as GTK's labels do without a mnemonic widget).
@MainActor
func mnemonicButton(_ text: String) -> Widget {
    let button = gtk_button_new()!
    let label = gtk_label_new_with_mnemonic(text)!
    gtk_button_set_child(button.cast(), label)
    AccessibleTree.label(button, text.replacingOccurrences(of: "_", with: ""))
    return button
}

/// Labels a stack page (a GtkAccessible of its own) so it is not read as "GtkStackPage".
@MainActor
func addStackPage(_ stack: Widget, _ child: Widget, name pageName: String, label: String) {
    let page = gtk_stack_add_named(stack.opaque, child, pageName)
    if let page {
        tc_accessible_object_set_label(UnsafeMutableRawPointer(page), label)
        AccessibleTree.markLabelled(page: page)
    }
    OffscreenParts.follow(child)
}

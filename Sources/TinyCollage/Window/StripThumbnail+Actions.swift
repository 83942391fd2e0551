// What can be done to a strip photo, in one list: the keys, the context
// menu (as `thumb.*` actions on the menu) and a screen reader (as actions of
// the photo itself, listed by AT-SPI under readable names such as "Move
// Left"). GTK 4.8 lists a widget's action-group actions by their raw names
// ("thumb.move-left") and offers no other name, so the photo's widget is of a
// type of our own whose class installs the actions under their readable
// names, and whose role is a list item (the strip's row is the list).
// Which moves can happen is StripThumbnail's setPosition.

import CGtk

enum StripPhotoAction: CaseIterable {
    case moveLeft, moveRight, remove

    /// The menu's action, within the `thumb` group.
    var menuName: String {
        switch self {
        case .moveLeft: "move-left"
        case .moveRight: "move-right"
        case .remove: "remove"
        }
    }

    /// What a screen reader lists and calls (in the UI's language: GTK 4.8
    /// has one name for an action, no separate localized one).
    @MainActor var spokenName: String {
        switch self {
        case .moveLeft: tr("Move Left")
        case .moveRight: tr("Move Right")
        case .remove: tr("Remove")
        }
    }
}

@MainActor
enum StripPhotoWidget {
    private static let type = WidgetClass.register("TinyCollageStripPhoto", parent: gtk_overlay_get_type()) { klass, _ in
        let widgetClass = WidgetClass.widgetClass(klass)
        MainActor.assumeIsolated {
            gtk_widget_class_set_accessible_role(widgetClass, GTK_ACCESSIBLE_ROLE_LIST_ITEM)
            for action in StripPhotoAction.allCases {
                gtk_widget_class_install_action(widgetClass, action.spokenName, nil) { widget, name, _ in
                    guard let widget, let name else { return }
                    let spoken = String(cString: name)
                    MainActor.assumeIsolated {
                        guard let action = StripPhotoAction.allCases.first(where: { $0.spokenName == spoken }),
                              let thumbnail = Companion.find(StripThumbnail.self, on: widget) else { return }
                        thumbnail.perform(action)
                    }
                }
            }
        }
    }

    /// A new strip photo: an overlay (photo, marks, caption) that is a list item.
    static func make() -> Widget { WidgetClass.make(type) }

    static func setEnabled(_ widget: Widget, _ action: StripPhotoAction, _ enabled: Bool) {
        gtk_widget_action_set_enabled(widget, action.spokenName, enabled ? 1 : 0)
    }
}

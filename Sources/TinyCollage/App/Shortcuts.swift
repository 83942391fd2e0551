// Every keyboard shortcut, written once: the application's accelerators
// (gtk_application_set_accels_for_action), the menus' "accel" hints, a strip
// photo's own keys and the shortcuts window (Ctrl+?) all read this table.
// A new shortcut is one line here (plus the action it runs). What each key
// does is its action's; keys a widget reads itself (the preview's arrows, the
// camera's space) are listed so the window shows them, their handler stays
// in the widget.

import CGtk

struct Shortcut {
    enum Group: CaseIterable {
        case collage, selectedPhotos, previewPhoto, camera, undo, general

        var title: String {
            switch self {
            case .collage: return tr("Collage")
            case .selectedPhotos: return tr("Selected photos")
            case .previewPhoto: return tr("Photo in the preview")
            case .camera: return tr("Camera")
            case .undo: return tr("Undo")
            case .general: return tr("General")
            }
        }
    }

    enum Scope {
        /// The application's accelerator for a `win.`/`app.` action, anywhere in the window.
        case application(String)
        /// A key the window takes for its `win.` action only when the focused
        /// widget leaves it: a text field keeps Ctrl+C and Ctrl+V for its own
        /// text (GTK runs application accelerators before the focused widget).
        case window(String)
        /// A key the focused strip photo reads itself, for its `thumb.` action.
        case stripPhoto(String)
        /// A key another widget reads itself; listed, not bound here; the
        /// action named, if any, is the one its menus show the key beside.
        case widget(String? = nil)
    }

    let group: Group
    /// GTK accelerators; the first is the one menus show.
    let keys: [String]
    let scope: Scope
    let title: String
    /// What the shortcuts window shows, when not the first key ("Left Right Up Down").
    var shown: String?

    var action: String? {
        switch scope {
        case let .application(name), let .window(name), let .stripPhoto(name): return name
        case let .widget(name): return name
        }
    }

    /// The accelerator the shortcuts window shows.
    var display: String { shown ?? keys[0] }
}

@MainActor
enum Shortcuts {
    /// In the shortcuts window's order. Built when asked: titles are translated.
    static var all: [Shortcut] {
        [
            Shortcut(group: .collage, keys: ["<Control>n"], scope: .application("win.new-collage"), title: tr("New collage")),
            Shortcut(group: .collage, keys: ["<Control>o"], scope: .application("win.open"), title: tr("Open photos or a project")),
            Shortcut(group: .collage, keys: ["<Control>t"], scope: .application("win.take-photos"),
                     title: tr("Take photos with the camera")),
            Shortcut(group: .collage, keys: ["<Control>s"], scope: .application("win.save"), title: tr("Save to Pictures")),
            Shortcut(group: .collage, keys: ["<Control><Shift>s"], scope: .application("win.save-as"), title: tr("Save as…")),
            Shortcut(group: .collage, keys: ["<Control><Alt>s"], scope: .application("win.save-project"),
                     title: tr("Save the project")),
            Shortcut(group: .collage, keys: ["<Control><Alt><Shift>s"], scope: .application("win.save-project-as"),
                     title: tr("Save the project as…")),
            Shortcut(group: .collage, keys: ["<Control>p"], scope: .application("win.print"), title: tr("Print the collage")),
            Shortcut(group: .collage, keys: ["<Control>c"], scope: .window("win.copy"),
                     title: tr("Copy the collage as an image")),
            Shortcut(group: .collage, keys: ["<Control>v"], scope: .window("win.paste"),
                     title: tr("Paste photos or an image")),
            Shortcut(group: .collage, keys: ["<Control><Shift>BackSpace"], scope: .application("win.clear"),
                     title: tr("Remove all photos")),
            Shortcut(group: .collage, keys: ["F9"], scope: .application("win.settings"), title: tr("Collage settings")),
            Shortcut(group: .selectedPhotos, keys: ["<Alt>Left", "<Alt>KP_Left"], scope: .stripPhoto("thumb.move-left"),
                     title: tr("Move the focused photo left")),
            Shortcut(group: .selectedPhotos, keys: ["<Alt>Right", "<Alt>KP_Right"], scope: .stripPhoto("thumb.move-right"),
                     title: tr("Move the focused photo right")),
            Shortcut(group: .selectedPhotos, keys: ["Delete", "KP_Delete", "BackSpace"], scope: .stripPhoto("thumb.remove"),
                     title: tr("Remove the focused photo")),
            Shortcut(group: .selectedPhotos, keys: ["Menu", "<Shift>F10"], scope: .stripPhoto("thumb.menu"),
                     title: tr("Show the focused photo’s menu")),
            Shortcut(group: .previewPhoto, keys: ["Left", "Right", "Up", "Down"], scope: .widget(),
                     title: tr("Move the photo in its cell"), shown: "Left Right Up Down"),
            Shortcut(group: .previewPhoto, keys: ["plus"], scope: .widget(), title: tr("Zoom in")),
            Shortcut(group: .previewPhoto, keys: ["minus"], scope: .widget(), title: tr("Zoom out")),
            Shortcut(group: .previewPhoto, keys: ["0"], scope: .widget("cell.reset-crop"),
                     title: tr("Fit the photo to its cell again")),
            Shortcut(group: .previewPhoto, keys: ["w"], scope: .widget("cell.show-whole"),
                     title: tr("Show the whole photo, or fill its cell")),
            Shortcut(group: .camera, keys: ["space"], scope: .widget(), title: tr("Take a photo")),
            Shortcut(group: .camera, keys: ["Escape"], scope: .widget(), title: tr("Back to the collage")),
            Shortcut(group: .undo, keys: ["<Control>z"], scope: .application("win.undo"), title: tr("Undo")),
            Shortcut(group: .undo, keys: ["<Control><Shift>z", "<Control>y"], scope: .application("win.redo"),
                     title: tr("Redo")),
            Shortcut(group: .general, keys: ["<Control>question"], scope: .application("win.show-help-overlay"),
                     title: tr("Keyboard shortcuts")),
            Shortcut(group: .general, keys: ["F6"], scope: .application("win.focus-next-region"),
                     title: tr("Go to the next part of the window")),
            Shortcut(group: .general, keys: ["<Shift>F6"], scope: .application("win.focus-previous-region"),
                     title: tr("Go to the previous part of the window")),
            Shortcut(group: .general, keys: ["<Control>w"], scope: .application("win.close"), title: tr("Close the window")),
            Shortcut(group: .general, keys: ["<Control>q"], scope: .application("app.quit"), title: tr("Quit")),
        ]
    }

    /// Binds every application-wide shortcut to its action.
    static func install(on app: UnsafeMutablePointer<GtkApplication>) {
        for shortcut in all {
            guard case let .application(action) = shortcut.scope else { continue }
            var keys = shortcut.keys.map { strdup($0) }
            keys.append(nil)
            gtk_application_set_accels_for_action(app, action, keys.map { UnsafePointer($0) })
            keys.forEach { free($0) }
        }
    }

    /// Binds the window's own keys (`.window`) on `window`, in the bubble
    /// phase: they run only when the focused widget did not take the key.
    static func installWindowKeys(on window: Widget) {
        let controller = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(controller.opaque, GTK_PHASE_BUBBLE)
        gtk_shortcut_controller_set_scope(controller.opaque, GTK_SHORTCUT_SCOPE_LOCAL)
        for shortcut in all {
            guard case let .window(action) = shortcut.scope else { continue }
            for key in shortcut.keys {
                guard let trigger = gtk_shortcut_trigger_parse_string(key) else { continue }
                gtk_shortcut_controller_add_shortcut(controller.opaque, gtk_shortcut_new(trigger, gtk_named_action_new(action)))
            }
        }
        gtk_widget_add_controller(window, controller.opaque)
    }

    /// The accelerator a menu item shows beside `action`, if it has one.
    static func accel(for action: String) -> String? {
        all.first { $0.action == action }?.keys.first
    }

    /// The strip photo's action that `keyval` with `state` runs, if any.
    static func stripPhotoAction(keyval: UInt32, state: GdkModifierType) -> String? {
        let modifiers = state.rawValue & gtk_accelerator_get_default_mod_mask().rawValue
        let lower = gdk_keyval_to_lower(keyval)
        for shortcut in all {
            guard case let .stripPhoto(action) = shortcut.scope else { continue }
            for key in shortcut.keys {
                var parsedKey: guint = 0
                var parsedModifiers = GdkModifierType(rawValue: 0)
                guard gtk_accelerator_parse(key, &parsedKey, &parsedModifiers) != 0 else { continue }
                if gdk_keyval_to_lower(parsedKey) == lower, parsedModifiers.rawValue == modifiers { return action }
            }
        }
        return nil
    }
}

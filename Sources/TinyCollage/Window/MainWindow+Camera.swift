// The camera page in the window: the window's content goes into a GtkStack
// beside the camera page, which "Take Photos…" (win.take-photos) makes and
// shows, and Done or Escape takes away again — stopping the camera and
// releasing its pipeline. Shots join the collage through the controller, so
// the 9-photo limit and its toast apply. The page itself is CameraPage.
// MainWindow.swift calls installCamera(around:) where it sets its content.

import CGtk

extension MainWindow {
    /// Wraps `content` with the camera page's stack; returns what to show in its place.
    func installCamera(around content: Widget) -> Widget {
        let host = CameraHost(window: self, content: content)
        Companion.attach(host, to: window.widget, key: "tinycollage-camera-host")
        let action = g_simple_action_new("take-photos", nil)!
        Signals.withPointer(action.raw, "activate") { [weak host] _ in host?.open() }
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(action.raw)
        return host.stack
    }
}

@MainActor
final class CameraHost {
    let stack: Widget
    private weak var window: MainWindow?
    private let content: Widget
    /// The page while it is shown; its widget owns it.
    private weak var page: CameraPage?
    /// The toast overlay around the page while it is shown.
    private var toasts: OpaquePointer?

    init(window: MainWindow, content: Widget) {
        self.window = window
        self.content = content
        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_set_transition_duration(stack.opaque, 150)
        // Only the shown page is measured: a live view's frame must not lay out the collage page too.
        gtk_stack_set_hhomogeneous(stack.opaque, 0)
        gtk_stack_set_vhomogeneous(stack.opaque, 0)
        addStackPage(stack, content, name: "collage", label: tr("Collage"))
    }

    func open() {
        guard page == nil, let window else { return }
        let page = CameraPage(settings: window.controller.settings)
        page.onPhoto = { [weak self] path in self?.window?.controller.add(paths: [path]) }
        page.onMessage = { [weak self] text in self?.window?.toaster.show(text) }
        page.onDone = { [weak self] in self?.close() }
        self.page = page
        // The page's own toasts: the preview's overlay is not on screen meanwhile.
        let toasts = adw_toast_overlay_new()!
        adw_toast_overlay_set_child(OpaquePointer(toasts), page.widget)
        self.toasts = OpaquePointer(toasts)
        window.toaster.use(OpaquePointer(toasts))
        addStackPage(stack, toasts, name: "camera", label: tr("Camera"))
        gtk_stack_set_visible_child_name(stack.opaque, "camera")
        page.focus()
        page.start()
        // What libadwaita builds inside the page is named once it is on screen.
        window.tidyAccessibleTree()
    }

    func close() {
        guard let page else { return }
        page.stop()
        gtk_stack_set_visible_child_name(stack.opaque, "collage")
        if let toasts {
            window?.toaster.stopUsing(toasts)
            gtk_stack_remove(stack.opaque, toasts.widget)
        }
        toasts = nil
        self.page = nil
        gtk_widget_child_focus(content, GTK_DIR_TAB_FORWARD)
    }
}

// The camera page in the window: the window's content goes into a GtkStack
// beside the camera page, which "Take Photos…" (win.take-photos) makes and
// shows, and Done or Escape takes away again — stopping the camera and
// releasing its pipeline. Shots join the collage through the controller, so
// the 9-photo limit and its message apply; while the page is shown the
// window's messages go to the page's answer line, which also says how many
// photos the collage holds after each shot. The page itself is CameraPage.
// MainWindow.swift calls installCamera(around:) where it sets its content.

import CGtk
import CollageCore

extension MainWindow {
    /// Wraps `content` with the camera page's stack; returns what to show in its place.
    func installCamera(around content: Widget) -> Widget {
        let host = CameraHost(window: self, content: content)
        Companion.attach(host, to: window.widget, key: "tinycollage-camera-host")
        let action = g_simple_action_new("take-photos", nil)!
        Signals.withPointer(action.raw, "activate") { [weak host] _ in host?.open() }
        handOver(action) { g_action_map_add_action(OpaquePointer(window), $0) }
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
        page.onPhoto = { [weak self] path in self?.addShot(path) }
        page.onMessage = { [weak self] text in self?.window?.toaster.show(text) }
        page.onDone = { [weak self] in self?.close() }
        self.page = page
        window.toaster.messageLine = { [weak page] text in page?.feedback.showMessage(text) }
        addStackPage(stack, page.widget, name: "camera", label: tr("Camera"))
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
        window?.toaster.messageLine = nil
        gtk_stack_remove(stack.opaque, page.widget)
        self.page = nil
        gtk_widget_child_focus(content, GTK_DIR_TAB_FORWARD)
    }

    /// A shot joins the collage; once it is in, the page shows its thumbnail
    /// and the count, and a screen reader hears the count.
    private func addShot(_ path: String) {
        guard let controller = window?.controller else { return }
        controller.add(paths: [path]) { [weak self] added in
            guard added > 0, let self, let page = self.page, let window = self.window else { return }
            let count = window.controller.document.photos.count
            page.feedback.showShot(path, count: count, capacity: CollageLayout.maximumPhotos)
            window.toaster.announce(ShotFeedback.countText(count, CollageLayout.maximumPhotos))
            window.controller.thumbnails.request(path, side: Int(ShotFeedback.side) * 2) { [weak page] result in
                if case let .success(texture) = result { page?.feedback.setThumbnail(texture, of: path) }
            }
        }
    }
}

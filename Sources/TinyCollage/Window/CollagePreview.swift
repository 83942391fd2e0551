// The `collagePreview` area: the collage rendered offscreen at the size this
// area shows it (times the scale factor), in a GtkPicture that fits it with
// its aspect ratio kept; or, with no photos, a page inviting the user to drop
// or open some. A GtkDrawingArea under the picture reports the area's size
// (GtkPicture has no resize signal). Rendering is PreviewRenderer's job;
// this observes the store and asks again on every change and every resize,
// and tells DecodeFacts what each render learned. Crop gestures live in
// CollagePreview+Crop, swapping photos in CollagePreview+Swap, the dividers
// in CollagePreview+Dividers, dragging the collage out in CollagePreview+DragOut,
// the checkerboard behind a transparent collage in CollagePreview+Checkerboard.

import CGtk
import CollageCore
import CollageRender

@MainActor
final class CollagePreview {
    let widget: Widget
    private let stack: Widget
    let picture: Widget
    let surface: Widget
    let marks: Widget
    /// Under the picture: reports the area's size, draws the checkerboard.
    let sizer: Widget
    let controller: CollageController
    private let renderer: PreviewRenderer
    private var areaSize = PixelSize(width: 0, height: 0)
    /// The texture on screen and the result it came from.
    private(set) var texture: Texture?
    private(set) var lastResult: RenderResult?
    private var reported: Set<String> = []
    /// Where the pointer last was over the preview (GTK 4 scroll events carry no position).
    var pointer: (x: Double, y: Double)?
    /// A crop being dragged or zoomed, shown before it becomes a change of
    /// the document when the gesture ends (one undo step per gesture).
    var liveCrop: (id: Photo.ID, crop: Crop)? {
        didSet { render() }
    }
    /// What the crop gestures work on: set when a pan or zoom starts.
    var gesture: CropGesture?
    /// A divider being moved (CollagePreview+Dividers), shown before it
    /// becomes a change of the document, as a live crop is.
    var liveProportions: (path: String, shape: String, weights: [Double])? {
        didSet { render() }
    }
    var dividerDrag: DividerDrag?
    var dividerHandles: [String: Widget] = [:]
    /// Set while the handles are moved to the last render, so that is no move of the user's.
    var placingDividers = false
    var dividerGeneration = 0
    /// A photo dragged onto another (CollagePreview+Swap).
    var swap = SwapState()
    /// Each preview photo's menu, made when it first opens (CollagePreview+Swap).
    var cellMenus: [Photo.ID: Widget] = [:]
    /// Each preview photo's `show-whole` action, for its check mark (CollagePreview+Whole).
    var wholeActions: [Photo.ID: OpaquePointer] = [:]
    var zoomGeneration = 0
    /// The focusable cells over the photos (CollagePreview+Keyboard), and their layer.
    var cellLayer: Widget?
    var keyboardCells: [Photo.ID: Widget] = [:]

    init(controller: CollageController) {
        self.controller = controller
        renderer = PreviewRenderer(compositor: controller.compositor)
        stack = gtk_stack_new()!
        widget = stack
        name(stack, "collagePreview", label: tr("Collage preview"))
        gtk_widget_set_vexpand(stack, 1)
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)

        let empty = adw_status_page_new()!
        adw_status_page_set_icon_name(empty.opaque, "image-x-generic-symbolic")
        adw_status_page_set_title(empty.opaque, tr("Add photos"))
        adw_status_page_set_description(empty.opaque,
                                        tr("Drop up to 9 photos here, pick them below, or open them from a folder."))
        let open = mnemonicButton(tr("_Open…"))
        addClass(open, "pill")
        addClass(open, "suggested-action")
        gtk_widget_set_halign(open, GTK_ALIGN_CENTER)
        gtk_actionable_set_action_name(open.opaque, "win.open")
        adw_status_page_set_child(empty.opaque, open)
        addStackPage(stack, empty, name: "empty", label: tr("Add photos"))

        let overlay = gtk_overlay_new()!
        addClass(overlay, "collage-preview")
        sizer = gtk_drawing_area_new()!
        gtk_widget_set_hexpand(sizer, 1)
        gtk_widget_set_vexpand(sizer, 1)
        picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(picture.opaque, 1)
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_alternative_text(picture.opaque, tr("The collage"))
        marks = gtk_fixed_new()!
        gtk_overlay_set_child(overlay.opaque, sizer)
        gtk_overlay_add_overlay(overlay.opaque, picture)
        gtk_overlay_add_overlay(overlay.opaque, marks)
        addStackPage(stack, overlay, name: "collage", label: tr("Collage"))
        tc_accessible_set_label(overlay, tr("The collage"))
        surface = overlay

        Companion.attach(self, to: widget)
        Signals.withInts(sizer.raw, "resize") { [weak self] width, height in
            guard let self else { return }
            let scale = Int(gtk_widget_get_scale_factor(self.sizer))
            self.areaSize = PixelSize(width: Int(width) * scale, height: Int(height) * scale)
            self.render()
        }
        renderer.onResult = { [weak self] result in self?.show(result) }
        renderer.onError = { [weak self] error in self?.controller.toaster?.show(Messages.render(error)) }
        installCropGestures()
        installKeyboardCells()
        installSwap()
        installDragOut()
        installCheckerboard()
        // Every part of the document shows in the collage.
        controller.store.observe { [weak self] document, _ in self?.update(document) }
        controller.watchAdmissions { [weak self] in self.map { $0.update($0.controller.document) } }
        controller.watchTrials { [weak self] in self?.render() }
        update(controller.document)
    }

    var isIdle: Bool { renderer.isIdle }
    var isShowingDraft: Bool { renderer.showsDraft }
    var lastLatencyMilliseconds: Double { renderer.lastLatencyMilliseconds }

    private func update(_ document: CollageDocument) {
        // Photos on their way as the window opens (the command line) are no reason to invite some.
        let coming = !controller.isIdle && gtk_widget_get_mapped(stack) == 0
        gtk_stack_set_visible_child_name(stack.opaque, document.photos.isEmpty && !coming ? "empty" : "collage")
        render()
    }

    /// While photos are missing, looks every two seconds whether their files
    /// are back, and renders again when one is.
    private func watchMissing(_ result: RenderResult) {
        guard !result.failures.isEmpty, !watching else { return }
        watching = true
        MainLoop.after(milliseconds: 2000) { [weak self] in
            guard let self else { return }
            self.watching = false
            guard let current = self.lastResult, !current.failures.isEmpty else { return }
            let back = current.failures.values.contains { error in
                (error.reason == .missing || error.reason == .danglingLink) && AtomicFile.exists(error.path)
            }
            if back {
                self.render()
            } else {
                self.watchMissing(current)
            }
        }
    }

    private var watching = false

    func render() {
        var document = controller.document
        if let trial = controller.trialSettings { document.settings = trial }
        if let trial = controller.trialTitle { document.title = trial }
        if let live = liveCrop, let index = document.index(of: live.id) { document.photos[index].crop = live.crop }
        if let live = liveProportions {
            document.settings = document.settings.moving(split: live.path, shape: live.shape, to: live.weights)
        }
        guard !document.photos.isEmpty, !areaSize.isEmpty else { return }
        renderer.request(document, size: Compositor.size(of: document.settings.outputSize, fitting: areaSize))
    }

    private func show(_ result: RenderResult) {
        let texture = Texture(result.image)
        gtk_picture_set_paintable(picture.opaque, texture.paintable)
        self.texture = texture
        lastResult = result
        gtk_widget_queue_draw(sizer)
        controller.facts.learn(from: result, photos: controller.document.photos)
        // Say once per file why it is missing from the collage.
        let fresh = result.failures.values.filter { !reported.contains($0.path) }
        reported.formUnion(fresh.map(\.path))
        reported = reported.filter { path in result.failures.values.contains { $0.path == path } }
        if !fresh.isEmpty {
            let names = fresh.sorted { $0.path < $1.path }
            let first = names[0]
            controller.toaster?.show(names.count == 1
                ? tr("“%s” is left out of the collage: %s", first.fileName, Messages.reason(first.reason))
                : trn("“%s” and %s other photo are left out of the collage: %s",
                      "“%s” and %s other photos are left out of the collage: %s", names.count - 1,
                      first.fileName, String(names.count - 1), Messages.reason(first.reason)))
        }
        watchMissing(result)
        showTooSmall(result)
        placeKeyboardCells(result)
    }
}

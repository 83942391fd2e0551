// The camera page (SPEC §10): a header with Done, the live view (or, while
// starting, a spinner; on trouble, a message saying what is wrong with Try
// Again), and below it the burst button and the shutter. Space takes a photo
// and Escape leaves wherever the focus is on the page. Each shot is written
// by PhotoWriter into Pictures/TinyCollage and handed to `onPhoto`; the
// burst lives in CameraPage+Burst. Choosing the camera is
// CameraSourceChooser's, running it CameraPipeline's; putting the page in
// the window is MainWindow+Camera's. The widget owns this companion.

import CGst
import CGtk
import Dispatch
import CollageCore
import Foundation

@MainActor
final class CameraPage {
    let widget: Widget
    private let stack: Widget
    private let picture: Widget
    private let status: Widget
    private let retryButton: Widget
    private let problemBox: Widget
    let countdown: Widget
    let countdownCaption: Widget
    let shutter: Widget
    let burstButton: Widget
    private let settings: AppSettings
    private var pipeline: CameraPipeline?
    /// Bumped on every start and stop: answers that arrive later for an older start are dropped.
    private var generation = 0
    var burst: Burst?
    /// What the page shows instead of the live view, if anything.
    private(set) var problem: CameraProblem?

    /// A photo was written (its path); the window adds it to the collage.
    var onPhoto: (@MainActor (String) -> Void)?
    /// Something to tell in a toast (a shot that could not be saved).
    var onMessage: (@MainActor (String) -> Void)?
    /// Done or Escape.
    var onDone: (@MainActor () -> Void)?

    /// Where shots go: the XDG Pictures folder's TinyCollage folder.
    static var folder: String { FileChooser.picturesFolder() + "/TinyCollage" }

    init(settings: AppSettings) {
        self.settings = settings
        CameraStyle.install()
        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        name(widget, "cameraPage", label: tr("Take Photos"))

        let header = adw_header_bar_new()!
        adw_header_bar_set_title_widget(header.opaque, adw_window_title_new(tr("Take Photos"), nil))
        adw_header_bar_set_show_end_title_buttons(header.opaque, 0)
        let done = mnemonicButton(tr("_Done"))
        gtk_widget_set_tooltip_text(done, tr("Back to the collage (Escape)"))
        name(done, "buttonCameraDone", label: tr("Done"))
        adw_header_bar_pack_end(header.opaque, done)
        gtk_box_append(widget.cast(), header)

        picture = gtk_picture_new()!
        gtk_picture_set_content_fit(picture.opaque, GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(picture.opaque, 1)
        name(picture, "cameraView", label: tr("Live camera view"))

        let starting = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_valign(starting, GTK_ALIGN_CENTER)
        let spinner = gtk_spinner_new()!
        gtk_spinner_start(spinner.opaque)
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_box_append(starting.cast(), spinner)
        gtk_box_append(starting.cast(), gtk_label_new(tr("Starting the camera…")))
        name(starting, "cameraStarting", label: tr("Starting the camera…"))
        addClass(starting, "camera-starting")

        status = adw_status_page_new()!
        adw_status_page_set_icon_name(status.opaque, "camera-disabled-symbolic")
        retryButton = mnemonicButton(tr("_Try Again"))
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        addClass(retryButton, "pill")
        name(retryButton, "buttonCameraRetry", label: tr("Try Again"))
        problemBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(problemBox.cast(), retryButton)
        adw_status_page_set_child(status.opaque, problemBox)
        name(status, "cameraMessage", label: tr("Camera problem"))

        stack = gtk_stack_new()!
        addStackPage(stack, starting, name: "starting", label: tr("Starting the camera"))
        addStackPage(stack, picture, name: "live", label: tr("Live view"))
        addStackPage(stack, status, name: "problem", label: tr("Camera problem"))
        addClass(stack, "camera-view")

        countdown = gtk_label_new(nil)!
        addClass(countdown, "camera-countdown")
        name(countdown, "cameraCountdown", label: tr("Countdown"))
        countdownCaption = gtk_label_new(nil)!
        addClass(countdownCaption, "camera-countdown-caption")
        let counter = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_halign(counter, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(counter, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(counter, 0)
        gtk_box_append(counter.cast(), countdown)
        gtk_box_append(counter.cast(), countdownCaption)
        gtk_widget_set_visible(counter, 0)
        let overlay = gtk_overlay_new()!
        AccessibleTree.label(overlay, tr("Camera"))
        gtk_overlay_set_child(overlay.opaque, stack)
        gtk_overlay_add_overlay(overlay.opaque, counter)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_box_append(widget.cast(), overlay)

        burstButton = mnemonicButton(tr("_4 Photos, 3 s Apart"))
        gtk_widget_set_tooltip_text(burstButton, tr("Take 4 photos, one every 3 seconds, with a countdown"))
        addClass(burstButton, "pill")
        name(burstButton, "buttonBurst", label: tr("Take 4 photos, 3 seconds apart"))
        shutter = gtk_button_new()!
        let shutterContent = adw_button_content_new()!
        adw_button_content_set_icon_name(shutterContent.opaque, "camera-photo-symbolic")
        adw_button_content_set_label(shutterContent.opaque, tr("Take _Photo"))
        adw_button_content_set_use_underline(shutterContent.opaque, 1)
        gtk_button_set_child(shutter.cast(), shutterContent)
        gtk_widget_set_tooltip_text(shutter, tr("Take a photo (Space)"))
        addClass(shutter, "pill")
        addClass(shutter, "suggested-action")
        name(shutter, "buttonTakePhoto", label: tr("Take Photo"))
        let bar = gtk_center_box_new()!
        addClass(bar, "camera-controls")
        gtk_center_box_set_start_widget(bar.opaque, burstButton)
        gtk_center_box_set_center_widget(bar.opaque, shutter)
        gtk_box_append(widget.cast(), bar)

        // Kept as an overlay child's parent: the burst shows and hides it.
        countdownBox = counter
        Companion.attach(self, to: widget, key: "tinycollage-camera-page")
        Signals.plain(done.raw, "clicked") { [weak self] in self?.onDone?() }
        Signals.plain(shutter.raw, "clicked") { [weak self] in self?.takePhoto() }
        Signals.plain(burstButton.raw, "clicked") { [weak self] in self?.toggleBurst() }
        Signals.plain(retryButton.raw, "clicked") { [weak self] in self?.start() }
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.key(keys.raw) { [weak self] keyval, _, state in
            guard let self else { return false }
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard modifiers == 0 else { return false }
            switch Int32(keyval) {
            case GDK_KEY_space:
                self.takePhoto()
                return true
            case GDK_KEY_Escape:
                self.onDone?()
                return true
            default:
                return false
            }
        }
        gtk_widget_add_controller(widget, keys)
    }

    let countdownBox: Widget

    isolated deinit {
        pipeline?.stop()
    }

    /// Puts the keyboard on the shutter (Space and Escape need the focus on the page).
    func focus() {
        gtk_widget_grab_focus(problem == nil ? shutter : retryButton)
    }

    // MARK: Running the camera

    func start() {
        stop()
        generation += 1
        let current = generation
        problem = nil
        gtk_stack_set_visible_child_name(stack.opaque, "starting")
        setSensitive(true)
        let settings = settings
        Self.initializeGStreamer { [weak self] failure in
            guard let self, self.generation == current else { return }
            if let failure { return self.show(.failed(reason: failure)) }
            CameraSourceChooser.choose(settings: settings) { [weak self] result in
                guard let self, self.generation == current else {
                    if case let .success(opening) = result, let fd = opening.portalFD { close(fd) }
                    return
                }
                switch result {
                case let .failure(problem):
                    self.show(problem)
                case let .success(opening):
                    self.run(opening)
                }
            }
        }
    }

    private func run(_ opening: CameraOpening) {
        switch CameraPipeline.make(opening) {
        case let .failure(problem):
            show(problem)
        case let .success(pipeline):
            self.pipeline = pipeline
            pipeline.onFrame = { [weak self] texture in self?.showFrame(texture) }
            pipeline.onProblem = { [weak self] problem in self?.show(problem) }
            pipeline.start()
        }
    }

    /// Stops the camera and releases its pipeline; the page can start again.
    func stop() {
        generation += 1
        stopBurst()
        pipeline?.stop()
        pipeline = nil
    }

    private func showFrame(_ texture: OpaquePointer) {
        if problem == nil, string(gtk_stack_get_visible_child_name(stack.opaque)) != "live" {
            gtk_stack_set_visible_child_name(stack.opaque, "live")
        }
        gtk_picture_set_paintable(picture.opaque, texture)
        let scale = Int(gtk_widget_get_scale_factor(picture))
        pipeline?.fitView(width: Int(gtk_widget_get_width(picture)) * scale, height: Int(gtk_widget_get_height(picture)) * scale)
    }

    private func show(_ problem: CameraProblem) {
        stop()
        self.problem = problem
        printError("tinycollage: camera: \(problem.title): \(problem.details)")
        adw_status_page_set_title(status.opaque, problem.title)
        adw_status_page_set_description(status.opaque, takeString(g_markup_escape_text(problem.details, -1)))
        problem.title.withCString { tc_accessible_set_label(status, $0) }
        gtk_widget_set_name(problemBox, "cameraProblem-" + problem.kind)
        gtk_stack_set_visible_child_name(stack.opaque, "problem")
        setSensitive(false)
        if gtk_widget_get_mapped(widget) != 0 { gtk_widget_grab_focus(retryButton) }
    }

    private func setSensitive(_ on: Bool) {
        gtk_widget_set_sensitive(shutter, on ? 1 : 0)
        gtk_widget_set_sensitive(burstButton, on ? 1 : 0)
    }

    // MARK: Shots

    /// Takes one photo from the newest full-resolution frame.
    func takePhoto() {
        guard let pipeline, problem == nil else { return }
        flash()
        let folder = Self.folder, date = Date()
        let baseName = PhotoWriter.baseName(at: date)
        pipeline.newestStill(waiting: 5) { sample in
            let outcome: Result<String, PhotoWriter.Failure>
            if let sample {
                do throws(PhotoWriter.Failure) {
                    outcome = .success(try PhotoWriter.write(sample, into: folder, baseName: baseName, date: date))
                } catch {
                    outcome = .failure(error)
                }
            } else {
                outcome = .failure(.convert(tr("no picture came from the camera")))
            }
            MainLoop.post { [weak self] in self?.finishShot(outcome) }
        }
    }

    private func finishShot(_ outcome: Result<String, PhotoWriter.Failure>) {
        switch outcome {
        case let .success(path):
            onPhoto?(path)
        case let .failure(.convert(reason)):
            onMessage?(tr("The photo was not saved: %s", reason))
        case let .failure(.write(error)):
            onMessage?(tr("The photo was not saved: “%s” could not be written: %s",
                          FilePathText.displayText(error.path), Messages.reason(error.reason)))
        }
    }

    /// A short dip of the view, so a shot is seen to happen.
    private func flash() {
        gtk_widget_set_opacity(picture, 0.25)
        MainLoop.after(milliseconds: 120) { [weak self] in
            guard let self else { return }
            gtk_widget_set_opacity(self.picture, 1)
        }
    }

    // MARK: GStreamer, once

    private static var gstreamerFailure: String??

    /// gst_init reads (and, the first time, builds) the plugin registry: off the main thread.
    private static func initializeGStreamer(_ done: @escaping @MainActor (String?) -> Void) {
        if let known = gstreamerFailure { return done(known) }
        DispatchQueue.global(qos: .userInitiated).async {
            var error: UnsafeMutablePointer<GError>?
            let ok = gst_init_check(nil, nil, &error) != 0
            let message = ok ? nil : (error.flatMap { string($0.pointee.message) } ?? "gst_init failed")
            g_clear_error(&error)
            MainLoop.post {
                gstreamerFailure = .some(message)
                done(message)
            }
        }
    }
}

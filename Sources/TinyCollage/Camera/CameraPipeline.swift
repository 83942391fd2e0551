// One running camera: a GStreamer pipeline of the chosen source, decoded
// (MJPEG webcams, RTSP streams) and split in two. The view branch scales to
// the view's size in BGRA (FrameHandoff brings frames to the main loop); the still branch keeps the newest frame at the camera's full
// resolution, untouched, for a shot. Errors come through the bus watch on the
// main loop as CameraProblems. Starting and stopping run on a queue of their
// own, so a slow device never blocks the window; stop() releases everything
// (streaming threads end, the portal's descriptor is closed).
//
//   source ─ decodebin ─ tee ─┬─ queue ─ videoconvert ─ videoscale ─ BGRA ≤ view ─ appsink "camview" (drops old)
//                             └─ queue ─ appsink "camstill" (keeps only the newest full-size frame)

import CGst
import CollageRender
import Dispatch
import Foundation

/// A GStreamer element reference that may cross threads, given back when it goes.
/// Unchecked: the pointer is not Sendable, but GstObject's reference count and
/// the state and property calls made through it take the object's own lock.
final class ElementRef: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<GstElement>
    /// Takes over a reference the caller owns (gst_bin_get_by_name's).
    init(taking pointer: UnsafeMutablePointer<GstElement>) { self.pointer = pointer }
    /// Takes over a new element, floating or not (gst_parse_launch's): a
    /// floating one is sunk, so the one reference is ours either way.
    convenience init(sinking pointer: UnsafeMutablePointer<GstElement>) {
        if g_object_is_floating(pointer) != 0 { gst_object_ref_sink(UnsafeMutableRawPointer(pointer)) }
        self.init(taking: pointer)
    }
    deinit { gst_object_unref(UnsafeMutableRawPointer(pointer)) }
}

@MainActor
final class CameraPipeline {
    private let pipeline: ElementRef
    private let stillSink: ElementRef
    private let viewCaps: ElementRef
    private var viewSize = (width: 640, height: 480)
    private let handoff: FrameHandoff
    private let opening: CameraOpening
    private let control = DispatchQueue(label: "camera-control")
    private var busWatch: guint = 0
    private var stopped = false
    /// Whether a frame has reached the view (errors after that mean "stopped").
    private(set) var isStreaming = false
    var onFrame: (@MainActor (OpaquePointer) -> Void)?
    var onProblem: (@MainActor (CameraProblem) -> Void)?

    /// Names the tail's elements carry (their streaming threads are named after them).
    static let viewSinkName = "camview"
    static let stillSinkName = "camstill"
    static let viewCapsName = "camviewcaps"

    /// Frames no larger than the view's box, shape kept: drawn 1:1, GTK never scales them
    /// (its Cairo renderer's downscaling costs several times what videoscale does).
    private static func viewCaps(width: Int, height: Int) -> String {
        "video/x-raw,format=BGRA,width=[1,\(max(1, width))],height=[1,\(max(1, height))],pixel-aspect-ratio=1/1"
    }

    private static func description(source: String) -> String {
        // Not leaky: the app sinks drop old frames themselves and never block,
        // so the only wait left is each sink's clock — which is what paces a
        // source that is not live (a leaky queue would let it race ahead).
        let queue = "queue max-size-buffers=2 max-size-bytes=0 max-size-time=0"
        return source + " ! decodebin ! tee name=camtee "
            + "camtee. ! \(queue) name=camviewq ! videoconvert ! videoscale ! "
            + "capsfilter name=\(viewCapsName) caps=\"\(viewCaps(width: 640, height: 480))\" ! "
            + "appsink name=\(viewSinkName) max-buffers=1 drop=true "
            + "camtee. ! \(queue) name=camstillq ! appsink name=\(stillSinkName) caps=video/x-raw max-buffers=1 drop=true"
    }

    /// Builds the pipeline; a description GStreamer cannot parse is a problem, not a crash.
    static func make(_ opening: CameraOpening) -> Result<CameraPipeline, CameraProblem> {
        var error: UnsafeMutablePointer<GError>?
        let built = gst_parse_launch_full(description(source: opening.description), nil, GST_PARSE_FLAG_FATAL_ERRORS, &error)
        // Each reference is owned the moment it is had, so a half-built pipeline is let go whole.
        let pipeline = built.map(ElementRef.init(sinking:))
        guard let pipeline, error == nil else {
            let reason = error.flatMap { string($0.pointee.message) } ?? tr("it could not be understood")
            g_clear_error(&error)
            opening.portalFD.map { _ = close($0) }
            if let chosen = opening.chosen { return .failure(.badSource(description: chosen, reason: reason)) }
            return .failure(.failed(reason: reason))
        }
        let bin = UnsafeMutableRawPointer(pipeline.pointer).assumingMemoryBound(to: GstBin.self)
        let named = { (name: String) in gst_bin_get_by_name(bin, name).map(ElementRef.init(taking:)) }
        guard let view = named(viewSinkName), let still = named(stillSinkName), let caps = named(viewCapsName) else {
            opening.portalFD.map { _ = close($0) }
            return .failure(.badSource(description: opening.chosen ?? opening.description,
                                       reason: tr("it names an element “camview” or “camstill” of its own")))
        }
        return .success(CameraPipeline(pipeline: pipeline, view: view, still: still, caps: caps, opening: opening))
    }

    private init(pipeline: ElementRef, view: ElementRef, still: ElementRef, caps: ElementRef, opening: CameraOpening) {
        self.pipeline = pipeline
        stillSink = still
        viewCaps = caps
        self.opening = opening
        let owner = WeakOwner()
        handoff = FrameHandoff { sample in owner.pipeline?.show(sample) }
        owner.pipeline = self
        handoff.connect(to: view.pointer)
        watchBus(owner)
    }

    isolated deinit {
        stop()
    }

    /// How long a camera may take to send its first picture before the page says so.
    static let firstFrameTimeoutMilliseconds: UInt32 = 20_000

    func start() {
        MainLoop.after(milliseconds: Self.firstFrameTimeoutMilliseconds) { [weak self] in
            guard let self, !self.stopped, !self.isStreaming else { return }
            self.fail(.failed(reason: tr("no picture came from the camera within %s seconds",
                                         String(Self.firstFrameTimeoutMilliseconds / 1000))))
        }
        let pipeline = pipeline
        control.async {
            if gst_element_set_state(pipeline.pointer, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
                // The element that failed has posted its reason on the bus; this is the fallback.
                MainLoop.after(milliseconds: 500) { [weak self] in
                    guard let self, !self.stopped else { return }
                    self.fail(.failed(reason: tr("GStreamer could not start the pipeline")))
                }
            }
        }
    }

    /// Stops the camera and lets go of it; safe to call twice.
    func stop() {
        guard !stopped else { return }
        stopped = true
        handoff.close()
        if busWatch != 0 {
            g_source_remove(busWatch)
            busWatch = 0
        }
        let pipeline = pipeline, fd = opening.portalFD
        control.async {
            gst_element_set_state(pipeline.pointer, GST_STATE_NULL)
            withExtendedLifetime(pipeline) {}
            if let fd { close(fd) }
        }
    }

    /// Asks for view frames that fit `width`×`height` device pixels (the view's box).
    func fitView(width: Int, height: Int) {
        guard width > 0, height > 0, (width, height) != viewSize else { return }
        viewSize = (width, height)
        // capsfilter takes new caps while streaming and renegotiates upstream.
        gst_util_set_object_arg(UnsafeMutableRawPointer(viewCaps.pointer).assumingMemoryBound(to: GObject.self), "caps",
                                Self.viewCaps(width: width, height: height))
    }

    /// The newest full-resolution frame, waiting up to `seconds` for one; on a background thread.
    func newestStill(waiting seconds: Double, _ done: @escaping @Sendable (SampleRef?) -> Void) {
        let sink = stillSink
        DispatchQueue.global(qos: .userInitiated).async {
            let appSink = UnsafeMutableRawPointer(sink.pointer).assumingMemoryBound(to: GstAppSink.self)
            let sample = gst_app_sink_try_pull_sample(appSink, GstClockTime(seconds * 1e9))
            done(sample.map { SampleRef(taking: $0) })
        }
    }

    private func show(_ sample: SampleRef) {
        guard !stopped, let texture = FrameTexture.make(sample) else { return }
        isStreaming = true
        onFrame?(texture)
        g_object_unref(UnsafeMutableRawPointer(texture))
    }

    private func fail(_ problem: CameraProblem) {
        guard !stopped else { return }
        stop()
        onProblem?(problem)
    }

    // MARK: The bus

    /// What the streaming side and the bus reach the pipeline through: weakly.
    private final class WeakOwner {
        weak var pipeline: CameraPipeline?
    }

    private func watchBus(_ owner: WeakOwner) {
        let bus = gst_element_get_bus(pipeline.pointer)!
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        busWatch = gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, { _, message, data in
            let owner = Unmanaged<WeakOwner>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let message = message
            return MainActor.assumeIsolated {
                guard let message else { return 1 }
                owner.pipeline?.handle(message)
                return 1
            }
        }, Unmanaged.passRetained(owner).toOpaque(), { data in
            Unmanaged<WeakOwner>.fromOpaque(data!).release()
        })
    }

    private func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        switch message.pointee.type {
        case GST_MESSAGE_ERROR:
            var error: UnsafeMutablePointer<GError>?
            var debug: UnsafeMutablePointer<CChar>?
            gst_message_parse_error(message, &error, &debug)
            let text = error.flatMap { string($0.pointee.message) } ?? ""
            Log.warning("camera: \(text)" + (debug.map { " (\(String(cString: $0)))" } ?? ""))
            let problem = CameraProblem.from(domain: error?.pointee.domain ?? 0, code: error?.pointee.code ?? 0,
                                             message: text, streaming: isStreaming, chosen: opening.chosen)
            g_clear_error(&error)
            g_free(debug)
            fail(problem)
        case GST_MESSAGE_EOS:
            // A camera never ends by itself: it went away (or a chosen test source ran out).
            fail(isStreaming ? .stopped : .failed(reason: tr("the source sent no pictures")))
        default:
            break
        }
    }
}

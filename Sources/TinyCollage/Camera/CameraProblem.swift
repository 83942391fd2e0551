// Why the camera page shows no picture, in words a person can act on: the
// kinds of trouble (no camera, busy, refused, stopped mid-stream, a chosen
// source that cannot be used) and how a GStreamer error maps onto them. The
// page shows them; finding and running the camera is left to others.

import CGst

enum CameraProblem: Error, Equatable, Sendable {
    case noCamera
    case busy
    case refused
    /// It worked, then stopped: unplugged, or the stream ended.
    case stopped
    /// The source chosen with --camera-source or the camera-source setting.
    case badSource(description: String, reason: String)
    case failed(reason: String)

    /// The kind as a word, for the message's widget name ("cameraProblem-busy"),
    /// which tests and accessibility tools can find.
    var kind: String {
        switch self {
        case .noCamera: return "noCamera"
        case .busy: return "busy"
        case .refused: return "refused"
        case .stopped: return "stopped"
        case .badSource: return "badSource"
        case .failed: return "failed"
        }
    }

    var title: String {
        switch self {
        case .noCamera: return tr("No camera was found")
        case .busy: return tr("The camera is in use by another app")
        case .refused: return tr("TinyCollage may not use the camera")
        case .stopped: return tr("The camera stopped working")
        case .badSource: return tr("The chosen camera source cannot be used")
        case .failed: return tr("The camera could not be started")
        }
    }

    var details: String {
        switch self {
        case .noCamera:
            return tr("Connect a camera and try again. Your collage is untouched.")
        case .busy:
            return tr("Close the other app that uses the camera, then try again. Your collage is untouched.")
        case .refused:
            return tr("Camera access was refused. You can allow it in the system settings (Privacy), then try again.")
        case .stopped:
            return tr("Was it unplugged? Connect it again, then try again. The photos taken so far are kept.")
        case let .badSource(description, reason):
            return tr("“%s”: %s", description, reason)
        case let .failed(reason):
            return reason
        }
    }

    /// What a GStreamer error means to the person at the camera. `streaming`:
    /// frames had arrived before it; `chosen`: the source came from the
    /// person (option or setting) rather than from the automatic search.
    static func from(domain: GQuark, code: Int32, message: String, streaming: Bool, chosen: String?) -> CameraProblem {
        if domain == tc_gst_resource_error(), code == Int32(GST_RESOURCE_ERROR_BUSY.rawValue) { return .busy }
        if streaming { return .stopped }
        if let chosen { return .badSource(description: chosen, reason: message) }
        if domain == tc_gst_resource_error(), code == Int32(GST_RESOURCE_ERROR_NOT_FOUND.rawValue) { return .noCamera }
        if domain == tc_gst_resource_error(),
           code == Int32(GST_RESOURCE_ERROR_NOT_AUTHORIZED.rawValue) { return .refused }
        return .failed(reason: message)
    }
}

// Which camera to open, in order: the source the person chose (the
// --camera-source option, then the camera-source setting), the Camera portal
// with `pipewiresrc`, then `v4l2src` on the first /dev/video* node that
// captures video. Gives a gst-launch description of the source only; the
// pipeline around it is CameraPipeline's.

import CGst
import Dispatch
import Foundation

/// A source ready to be put into a pipeline.
struct CameraOpening: Sendable {
    var description: String
    /// The person's own description (option or setting), for messages about it.
    var chosen: String?
    /// The portal's PipeWire descriptor, closed when the pipeline is gone.
    var portalFD: Int32?
}

@MainActor
enum CameraSourceChooser {
    /// `--camera-source`, set by Application from the command line.
    static var commandLineSource: String?

    /// The source the person chose, if any: the option wins over the setting.
    static func chosenSource(settings: AppSettings) -> String? {
        for candidate in [commandLineSource, settings.string("camera-source", default: "")] {
            if let text = candidate?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty { return text }
        }
        return nil
    }

    static func choose(settings: AppSettings, _ done: @escaping @MainActor (Result<CameraOpening, CameraProblem>) -> Void) {
        if let chosen = chosenSource(settings: settings) {
            return done(.success(CameraOpening(description: chosen, chosen: chosen)))
        }
        CameraPortal.open { outcome in
            switch outcome {
            case let .remote(fd):
                done(.success(CameraOpening(description: "pipewiresrc fd=\(fd)", portalFD: fd)))
            case .refused:
                done(.failure(.refused))
            case let .failed(message):
                done(.failure(.failed(reason: message)))
            case .unavailable, .noCamera:
                // Without a portal (or one that sees no camera) the device nodes may still be there.
                DispatchQueue.global(qos: .userInitiated).async {
                    let device = V4L2.firstCaptureDevice()
                    MainLoop.post {
                        if let device {
                            done(.success(CameraOpening(description: "v4l2src device=\(device)")))
                        } else {
                            done(.failure(.noCamera))
                        }
                    }
                }
            }
        }
    }
}

enum V4L2 {
    /// The first /dev/videoN, by number, that captures video (a webcam also
    /// has metadata nodes, which do not).
    static func firstCaptureDevice(in folder: String = "/dev") -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let numbered = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("video"), let number = Int(name.dropFirst(5)) else { return nil }
            return (number, folder + "/" + name)
        }.sorted { $0.0 < $1.0 }
        for (_, path) in numbered {
            // Non-blocking, and closed at once: a busy camera still answers the query.
            let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else {
                // Not ours to open (permissions) or held exclusively: v4l2src will say so in words.
                if errno == EACCES || errno == EPERM || errno == EBUSY { return path }
                continue
            }
            defer { close(fd) }
            if tc_v4l2_is_capture(fd) != 0 { return path }
        }
        return nil
    }
}

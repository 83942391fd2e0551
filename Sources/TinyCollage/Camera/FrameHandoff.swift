// Frames from GStreamer's streaming thread to the main loop without ever
// blocking either: the app sink's thread leaves the newest frame in a slot
// (dropping the one still waiting there) and asks for one idle callback; the
// main loop takes whatever is newest and wraps its pixels, unconverted and
// uncopied, in a GdkTexture. Showing the texture is the page's business.

import CGst
import CGtk
import Foundation
import Synchronization

/// One reference to a GstSample, which may cross threads.
/// Unchecked: the pointer is not Sendable, but GstMiniObject reference counts
/// are atomic and a sample is never written after the sink hands it over.
final class SampleRef: @unchecked Sendable {
    let pointer: OpaquePointer
    /// Takes over a reference the caller owns.
    init(taking pointer: OpaquePointer) { self.pointer = pointer }
    deinit { gst_sample_unref(pointer) }

    /// Width, height and row stride of a raw video sample.
    var videoInfo: GstVideoInfo? {
        guard let caps = gst_sample_get_caps(pointer) else { return nil }
        var info = GstVideoInfo()
        return gst_video_info_from_caps(&info, caps) != 0 ? info : nil
    }
}

final class FrameHandoff: Sendable {
    private struct State {
        var newest: SampleRef?
        var idlePending = false
        var closed = false
        /// Frames replaced before the main loop got to them (stale, never shown).
        var dropped = 0
    }

    private let state = Mutex(State())
    private let deliver: @MainActor (SampleRef) -> Void

    /// Frames replaced before the main loop got to them (stale, never shown).
    var dropped: Int { state.withLock { $0.dropped } }

    init(deliver: @escaping @MainActor (SampleRef) -> Void) {
        self.deliver = deliver
    }

    /// From the streaming thread: keep `sample` as the newest frame.
    func offer(_ sample: SampleRef) {
        let schedule = state.withLock { state -> Bool in
            if state.closed { return false }
            if state.newest != nil { state.dropped += 1 }
            state.newest = sample
            defer { state.idlePending = true }
            return !state.idlePending
        }
        guard schedule else { return }
        // Below redraw priority: a busy main loop shows fewer frames, never older ones.
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            let handoff = Unmanaged<FrameHandoff>.fromOpaque(data!).takeUnretainedValue()
            if let sample = handoff.take() {
                MainActor.assumeIsolated { handoff.deliver(sample) }
            }
            return 0
        }, Unmanaged.passRetained(self).toOpaque(), { data in
            Unmanaged<FrameHandoff>.fromOpaque(data!).release()
        })
    }

    private func take() -> SampleRef? {
        state.withLock { state in
            state.idlePending = false
            let sample = state.closed ? nil : state.newest
            state.newest = nil
            return sample
        }
    }

    /// No more frames: the pipeline is going away.
    func close() {
        let last = state.withLock { state -> SampleRef? in
            state.closed = true
            defer { state.newest = nil }
            return state.newest
        }
        _ = last  // released outside the lock
    }

    /// The connection an app sink's streaming thread calls for each new frame.
    func connect(to sink: UnsafeMutablePointer<GstElement>) {
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, data in
            let handoff = Unmanaged<FrameHandoff>.fromOpaque(data!).takeUnretainedValue()
            if let sample = gst_app_sink_pull_sample(sink) { handoff.offer(SampleRef(taking: sample)) }
            return GST_FLOW_OK
        }
        gst_app_sink_set_callbacks(UnsafeMutableRawPointer(sink).assumingMemoryBound(to: GstAppSink.self), &callbacks,
                                   Unmanaged.passRetained(self).toOpaque(), { data in
                                       Unmanaged<FrameHandoff>.fromOpaque(data!).release()
                                   })
    }
}

/// A BGRA frame's pixels as a GdkTexture, sharing the buffer's memory: the
/// buffer stays mapped until GTK lets go of the texture.
enum FrameTexture {
    private final class Mapping {
        let sample: SampleRef
        var map = GstMapInfo()
        let buffer: UnsafeMutablePointer<GstBuffer>
        let ok: Bool

        init(_ sample: SampleRef, _ buffer: UnsafeMutablePointer<GstBuffer>) {
            self.sample = sample
            self.buffer = buffer
            ok = gst_buffer_map(buffer, &map, GST_MAP_READ) != 0
        }

        deinit { if ok { gst_buffer_unmap(buffer, &map) } }
    }

    /// A new texture reference, or nil for a frame that is not what the view branch makes.
    @MainActor
    static func make(_ sample: SampleRef) -> OpaquePointer? {
        guard let info = sample.videoInfo, info.finfo?.pointee.format == GST_VIDEO_FORMAT_BGRA,
              let buffer = gst_sample_get_buffer(sample.pointer) else { return nil }
        let mapping = Mapping(sample, buffer)
        let stride = Int(info.stride.0)
        guard mapping.ok, info.width > 0, info.height > 0,
              Int(mapping.map.size) >= stride * Int(info.height) else { return nil }
        let bytes = g_bytes_new_with_free_func(mapping.map.data, gsize(stride * Int(info.height)), { data in
            Unmanaged<Mapping>.fromOpaque(data!).release()
        }, Unmanaged.passRetained(mapping).toOpaque())
        // The view branch's alpha is always opaque, so straight and premultiplied are the same
        // bytes, and premultiplied BGRA is what Cairo draws without converting.
        let texture = gdk_memory_texture_new(info.width, info.height, GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride))
        g_bytes_unref(bytes)
        return texture
    }
}

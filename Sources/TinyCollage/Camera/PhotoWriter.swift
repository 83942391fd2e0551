// A shot as a file: the full-resolution frame converted to RGB (GStreamer's
// video converter, whatever raw format the camera sends), encoded as JPEG by
// gdk-pixbuf, with an EXIF block made by GStreamer's tag library (the date
// as DateTimeOriginal, the app as Software) placed after the JPEG's header,
// and written atomically (AtomicFile) under a name that never clashes
// (FreshName): "Photo 2026-11-30 14-05-09.jpg", then " (2)", " (3)"…. Runs off the main
// thread; which folder, and what happens to the file next, is the page's.

import CGst
import CGtk
import CollageCore
import CollageRender
import Foundation

enum PhotoWriter {
    enum Failure: Error, Sendable {
        case convert(String)
        case write(ExportError)
    }

    static let jpegQuality = 92

    /// Writes `sample` into `folder` (created if missing); returns the new file's path.
    static func write(_ sample: SampleRef, into folder: String, baseName: String, date: Date) throws(Failure) -> String {
        let jpeg = try encode(sample)
        let bytes = withEXIF(jpeg, exif: exifBlock(date: date))
        g_mkdir_with_parents(folder, 0o755)
        do throws(ExportError) {
            return try FreshName.first(of: FreshName.candidates(base: folder + "/" + baseName, extension: "jpg"),
                                       taken: { $0.reason == .exists }) { path throws(ExportError) in
                try AtomicFile.write(to: path, replacing: false) { fd throws(ExportError) in
                    let failed = bytes.withUnsafeBytes { AtomicFile.writeAll(fd, $0.baseAddress!, count: $0.count) }
                    if let failed { throw ExportError.fromErrno(failed, path: path) }
                }
            }
        } catch {
            throw .write(error)
        }
    }

    /// "Photo 2026-11-30 14-05-09": sorts by time, like saved collages.
    static func baseName(at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH-mm-ss"
        // TRANSLATORS: the file name of a photo taken with the camera; %s is its date and time.
        return tr("Photo %s", formatter.string(from: date))
    }

    // MARK: Encoding

    private static func encode(_ sample: SampleRef) throws(Failure) -> [UInt8] {
        guard var input = sample.videoInfo, input.width > 0, input.height > 0,
              let buffer = gst_sample_get_buffer(sample.pointer) else {
            throw .convert("the camera sent a frame of an unknown size")
        }
        // GStreamer's converter, synchronously on this thread: any raw format the camera sends.
        var output = GstVideoInfo()
        gst_video_info_set_format(&output, GST_VIDEO_FORMAT_RGB, guint(input.width), guint(input.height))
        // The converter changes pixels only: rate, shape and interlacing must match.
        output.fps_n = input.fps_n
        output.fps_d = input.fps_d
        output.par_n = input.par_n
        output.par_d = input.par_d
        output.interlace_mode = input.interlace_mode
        guard let converter = gst_video_converter_new(&input, &output, nil) else {
            throw .convert("the camera's pixel format cannot be converted")
        }
        defer { gst_video_converter_free(converter) }
        var rgb = [UInt8](repeating: 0, count: Int(output.size))
        var source = GstVideoFrame()
        guard gst_video_frame_map(&source, &input, buffer, GST_MAP_READ) != 0 else {
            throw .convert("the camera's frame could not be read")
        }
        defer { gst_video_frame_unmap(&source) }
        let converted = rgb.withUnsafeMutableBytes { bytes -> Bool in
            guard let target = gst_buffer_new_wrapped_full(GstMemoryFlags(rawValue: 0), bytes.baseAddress, gsize(bytes.count),
                                                           0, gsize(bytes.count), nil, nil) else { return false }
            defer { gst_buffer_unref(target) }
            var frame = GstVideoFrame()
            guard gst_video_frame_map(&frame, &output, target, GST_MAP_WRITE) != 0 else { return false }
            gst_video_converter_frame(converter, &source, &frame)
            gst_video_frame_unmap(&frame)
            return true
        }
        guard converted else { throw .convert("the converted frame could not be written") }
        let result = rgb.withUnsafeMutableBytes { bytes in
            Result { () throws(Failure) in try jpeg(bytes.baseAddress!.assumingMemoryBound(to: guchar.self), output) }
        }
        return try result.get()
    }

    private static func jpeg(_ data: UnsafeMutablePointer<guchar>, _ out: GstVideoInfo) throws(Failure) -> [UInt8] {
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = gdk_pixbuf_new_from_data(data, GDK_COLORSPACE_RGB, 0, 8, out.width, out.height, out.stride.0,
                                              nil, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        var keys: [UnsafeMutablePointer<CChar>?] = [strdup("quality"), nil]
        var values: [UnsafeMutablePointer<CChar>?] = [strdup(String(jpegQuality)), nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var encoded: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        guard gdk_pixbuf_save_to_bufferv(pixbuf, &encoded, &size, "jpeg", &keys, &values, &error) != 0, let encoded else {
            let message = error.flatMap { string($0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw .convert(message)
        }
        defer { g_free(encoded) }
        return Array(UnsafeRawBufferPointer(start: encoded, count: Int(size)))
    }

    // MARK: EXIF

    /// A TIFF-structured EXIF block (no "Exif" header) with the date and the app's name.
    static func exifBlock(date: Date) -> [UInt8] {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let tags = gst_tag_list_new_empty()!
        defer { gst_tag_list_unref(tags) }
        if let when = gst_date_time_new_local_time(Int32(parts.year ?? 1970), Int32(parts.month ?? 1), Int32(parts.day ?? 1),
                                                   Int32(parts.hour ?? 0), Int32(parts.minute ?? 0),
                                                   Double(parts.second ?? 0)) {
            var value = GValue()
            g_value_init(&value, tc_gst_date_time_type())
            g_value_take_boxed(&value, UnsafeRawPointer(when))
            gst_tag_list_add_value(tags, GST_TAG_MERGE_REPLACE, "datetime", &value)
            g_value_unset(&value)
        }
        var name = GValue()
        g_value_init(&name, tc_type_string())
        g_value_set_string(&name, AppInfo.name)
        gst_tag_list_add_value(tags, GST_TAG_MERGE_REPLACE, "application-name", &name)
        g_value_unset(&name)
        guard let buffer = gst_tag_list_to_exif_buffer_with_tiff_header(tags) else { return [] }
        defer { gst_buffer_unref(buffer) }
        var map = GstMapInfo()
        guard gst_buffer_map(buffer, &map, GST_MAP_READ) != 0 else { return [] }
        defer { gst_buffer_unmap(buffer, &map) }
        return Array(UnsafeBufferPointer(start: map.data, count: Int(map.size)))
    }

    /// The JPEG with an APP1 "Exif" segment after its JFIF header (or
    /// straight after the start marker when it has none).
    static func withEXIF(_ jpeg: [UInt8], exif: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + exif
        guard !exif.isEmpty, payload.count + 2 <= 0xFFFF, jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return jpeg }
        var at = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE0, jpeg.count > 6 {
            at = min(jpeg.count, 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])))
        }
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[..<at]) + segment + Array(jpeg[at...])
    }
}

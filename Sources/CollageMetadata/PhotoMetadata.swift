// Reads what a title suggestion needs from one photo's metadata — the day it
// was taken (EXIF DateTimeOriginal, or XMP's copy of it) and where (EXIF
// GPS) — through gexiv2 (Exiv2), never a parser of our own. This is the only
// place that parses the user's files for metadata: it takes a path or an
// open descriptor, so it can move into a sandboxed worker process (issue 10)
// without its callers changing. Looking places up is PlaceFinder's job.

internal import CMetadata
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public enum PhotoMetadata {
    public struct ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        /// strerror's words for why the file could not be opened or mapped.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The facts of the photo at `path`; a file whose metadata Exiv2 cannot
    /// read (no metadata, a format it does not know, damaged) has none. Only
    /// a file that cannot be opened is an error.
    public static func read(path: String) throws(ReadError) -> PhotoFacts {
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        return try read(fd: fd, path: path)
    }

    /// The facts of the open file `fd` (read from its start; the descriptor
    /// stays open). `path` only names it in errors.
    public static func read(fd: Int32, path: String = "") throws(ReadError) -> PhotoFacts {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
        // Folders, FIFOs and devices hold no photo; an empty file no metadata.
        guard info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return PhotoFacts() }
        // Read, not mapped: a file cut short while Exiv2 reads a mapping would
        // take the process down with SIGBUS; a short read is just a short file.
        let wanted = min(Int(info.st_size), readLimit)
        var bytes = [UInt8](repeating: 0, count: wanted)
        var count = 0
        while count < wanted {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, wanted - count, off_t(count)) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { throw ReadError(path: path, reason: String(cString: strerror(errno))) }
            if got == 0 { break }
            count += got
        }
        return bytes.withUnsafeBufferPointer { facts(bytes: $0.baseAddress!, count: count) }
    }

    /// Metadata sits at a photo's start (JPEG, PNG, WebP) or in its first
    /// boxes (HEIF); no more than this is read of a file, however large.
    public static let readLimit = 64 << 20

    private static func facts(bytes: UnsafePointer<UInt8>, count: Int) -> PhotoFacts {
        _ = initialized
        guard let metadata = gexiv2_metadata_new() else { return PhotoFacts() }
        // Exiv2 may keep pointing into the bytes until the metadata is freed.
        defer { g_object_unref(UnsafeMutableRawPointer(metadata)) }
        var error: UnsafeMutablePointer<GError>?
        guard gexiv2_metadata_open_buf(metadata, bytes, glong(count), &error) != 0 else {
            g_clear_error(&error)
            return PhotoFacts()
        }
        var facts = PhotoFacts()
        for tag in ["Exif.Photo.DateTimeOriginal", "Xmp.exif.DateTimeOriginal"] {
            if let text = string(metadata, tag), let day = CalendarDay(exif: text) {
                facts.taken = day
                break
            }
        }
        var latitude = 0.0, longitude = 0.0
        if gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, &error) != 0,
           gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, &error) != 0 {
            facts.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        g_clear_error(&error)
        return facts
    }

    private static func string(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, _ tag: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard gexiv2_metadata_try_has_tag(metadata, tag, &error) != 0,
              let value = gexiv2_metadata_try_get_tag_string(metadata, tag, &error) else { return nil }
        defer { g_free(value) }
        return String(validatingCString: value)
    }

    /// gexiv2 is set up once; Exiv2's warnings about odd files are not the
    /// user's business (a file it cannot read simply suggests nothing).
    private static let initialized: Bool = {
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        return gexiv2_initialize() != 0
    }()
}

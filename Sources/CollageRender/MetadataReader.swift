// Reads what a title suggestion needs from one photo's metadata — the day it
// was taken (EXIF DateTimeOriginal, or XMP's copy) and where (EXIF GPS) —
// through gexiv2, in a decoder worker only (DecodeWorker's `facts` request):
// Exiv2 is a large C++ parser of the user's files, and has thrown exceptions
// gexiv2 does not catch and spent minutes on XMP. Here it gets at most
// `readLimit` bytes, under the worker's limits and the request's deadline;
// what it throws stays in CMetadataGuard. Values are checked by the
// CollageCore types (a day that exists, a coordinate on the globe).

import CMetadataGuard
import CollageCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum MetadataReader {
    /// Metadata sits at a photo's start (JPEG: EXIF and XMP within its first
    /// segments; PNG and WebP: chunks before the pixels; HEIF: its first
    /// boxes), so no more than this of a file is read, however large. Exiv2
    /// takes about ten times an XMP packet's size in memory: 16 MB of file
    /// stays far inside a worker's address-space headroom.
    static let readLimit = 16 << 20

    /// The facts in the open file `fd` (read from its start with pread: a
    /// file cut short while Exiv2 read a mapping would be SIGBUS); none when
    /// Exiv2 cannot read it or throws.
    static func facts(fd: Int32) -> TitleFacts { read(fd: fd).facts }

    /// The facts, and what Exiv2 threw when it threw (for the tests: the
    /// exception was caught, not just absent).
    static func read(fd: Int32) -> (facts: TitleFacts, thrown: String?) {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return (TitleFacts(), nil) }
        let wanted = min(Int(info.st_size), readLimit)
        var bytes = [UInt8](repeating: 0, count: wanted)
        var count = 0
        while count < wanted {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, wanted - count, off_t(count)) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 { break }
            count += got
        }
        guard count > 0 else { return (TitleFacts(), nil) }
        var metadata = tc_photo_metadata()
        var why = [CChar](repeating: 0, count: 256)
        let result = bytes.withUnsafeBufferPointer { tc_metadata_read($0.baseAddress, count, &metadata, &why, 256) }
        if result == Int32(TC_METADATA_THREW) { return (TitleFacts(), String(cChars: why)) }
        guard result == Int32(TC_METADATA_READ) else { return (TitleFacts(), nil) }
        var facts = TitleFacts()
        let taken = withUnsafeBytes(of: metadata.taken) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        facts.taken = CalendarDay(exif: taken)
        if metadata.has_position != 0 {
            facts.coordinate = Coordinate(latitude: metadata.latitude, longitude: metadata.longitude)
        }
        return (facts, nil)
    }
}
